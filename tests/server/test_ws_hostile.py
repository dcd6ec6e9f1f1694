"""Hostile WebSocket frames: each gets one error, the socket stays open (a ping after it is
answered), and the table does not move. A lone surrogate never kills the sender."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.server.http.socket import _drain
from scala40.server.wire.outbox import Outbox

from .conftest import MakeClient, TestClient
from .helpers import create, join, until, ws_url
from .hostile import WS_BYTES, WS_TEXT

CODES = {"bad_json", "bad_message", "bad_action", "not_your_turn", "too_big"}
FRAME = st.one_of(WS_TEXT.map(lambda t: ("text", t)), WS_BYTES.map(lambda b: ("bytes", b)))


def refused_and_still_open(ws: Any, kind: str, frame: str | bytes, v: int) -> None:
    if kind == "text":
        assert isinstance(frame, str)
        ws.send_text(frame)
    else:
        assert isinstance(frame, bytes)
        ws.send_bytes(frame)
    answer = ws.receive_json()
    assert answer["type"] == "error", (frame[:80], answer)
    assert answer["code"] in CODES, answer
    assert answer["v"] == v
    answer["message"].encode("utf-8")
    ws.send_text('{"type":"ping"}')
    assert ws.receive_json() == {"type": "pong"}


@settings(
    max_examples=5,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(frames=st.lists(FRAME, min_size=15, max_size=30))
def test_hostile_frames_are_refused_one_by_one_and_the_socket_lives_on(
    make_client: MakeClient, frames: list[tuple[str, str | bytes]]
) -> None:
    client: TestClient = make_client(rate_per_second=10_000)
    made = create(client, ["human", "human"])
    join(client, made["table_id"], "Bea")
    with client.websocket_connect(ws_url(made)) as ws:
        start = until(ws, "state")
        for kind, frame in frames:
            refused_and_still_open(ws, kind, frame, start["v"])
        ws.send_text('{"type":"sync"}')
        after = until(ws, "state")
    assert after["v"] == start["v"]
    assert after["view"]["hand"] == start["view"]["hand"]


def test_the_frames_that_once_closed_the_socket(client: TestClient) -> None:
    made = create(client, ["human", "human"])
    with client.websocket_connect(ws_url(made)) as ws:
        v = until(ws, "state")["v"]
        for frame in [
            "[" * 4000,
            "[" * 2000 + "]" * 2000,
            '{"type":"action","v":0,"action":{"type":"discard","card":"\\ud800"}}',
            '{"type":"action","v":0,"action":{"type":"discard","card":"\ud800"}}',
            '{"type":"ping","n":' + "9" * 4000 + "}",
        ]:
            refused_and_still_open(ws, "text", frame, v)
        refused_and_still_open(ws, "bytes", '{"type":"ping"}'.encode("utf-16"), v)


class EncodingSocket:
    """Stands in for a real transport, which encodes text frames as UTF-8 to send them."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        text.encode("utf-8")
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_the_sender_escapes_a_lone_surrogate_rather_than_dying() -> None:
    async def scenario() -> EncodingSocket:
        socket = EncodingSocket()
        outbox = Outbox()
        outbox.put({"type": "error", "code": "bad_action", "message": "not a card: \ud800"})
        outbox.put({"type": "pong"})
        outbox.close(4000, "bye")
        await asyncio.wait_for(_drain(socket, outbox), 5)  # type: ignore[arg-type]
        return socket

    socket = asyncio.run(scenario())
    assert len(socket.sent) == 2
    assert json.loads(socket.sent[0])["message"] == "not a card: \ud800"
    assert "\\ud800" in socket.sent[0]
    assert socket.sent[1] == '{"type":"pong"}'
    assert socket.closed == (4000, "bye")
