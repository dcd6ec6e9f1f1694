"""Whatever a client sends, it gets one answer and the table does not move out of turn."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import TestClient
from .helpers import create, join, until, ws_url

CARDS = st.sampled_from(["7H", "10S", "JK", "JK=7D", "AS", "ZZ", "", "7", "QX", "KH"])
ACTION = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw", "pozzo", "discard", "open", "meld", "layoff", "swap", "x"])},
    optional={
        "card": st.one_of(CARDS, st.integers(), st.none()),
        "target": st.one_of(st.integers(-2, 5), st.text(max_size=3)),
        "melds": st.lists(st.lists(CARDS, max_size=4), max_size=3),
        "cards": st.one_of(st.lists(CARDS, max_size=5), st.text(max_size=5)),
        "end": st.sampled_from(["low", "high", "middle"]),
    },
)
MESSAGE = st.one_of(
    st.text(max_size=40).map(lambda t: ("raw", t)),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["action", "sync", "hint", "ping", "dance", 7])},
        optional={
            "v": st.one_of(st.integers(-3, 5), st.booleans(), st.text(max_size=3)),
            "action": st.one_of(ACTION, st.integers(), st.text(max_size=5)),
        },
    ).map(lambda m: ("json", m)),
    st.lists(st.integers(), max_size=3).map(lambda m: ("json", m)),
)
CODES = {
    "bad_json",
    "bad_message",
    "bad_action",
    "not_your_turn",
}


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(messages=st.lists(MESSAGE, min_size=20, max_size=40))
def test_any_message_from_the_waiting_seat_gets_one_answer_and_changes_nothing(
    make_client: Any, messages: list[tuple[str, Any]]
) -> None:
    client: TestClient = make_client(rate_per_second=10_000)
    made = create(client, ["human", "human"])
    bea = join(client, made["table_id"], "Bea")
    with client.websocket_connect(ws_url(made)) as ws:
        current = until(ws, "state")["view"]["current"]
    token = bea["token"] if current == 0 else made["token"]
    with client.websocket_connect(ws_url(made, token)) as ws:
        start = until(ws, "state")
        for kind, body in messages:
            ws.send_text(body if kind == "raw" else json.dumps(body))
            answer = ws.receive_json()
            if answer["type"] == "error":
                assert answer["code"] in CODES, answer
                assert answer["v"] == start["v"]
            else:
                assert answer["type"] in {"state", "pong", "hint"}, answer
                if answer["type"] == "state":
                    assert answer["v"] == start["v"]
                    assert answer["view"]["hand"] == start["view"]["hand"]
                if answer["type"] == "hint":
                    assert answer["action"] is None
