"""The table's WebSocket: tokens, refusals by code that change nothing, reconnects, hints."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import create, join, play_until_my_turn, until, ws_url


def _closed_with(client: Any, url: str) -> tuple[int, str]:
    with pytest.raises(WebSocketDisconnect) as caught, client.websocket_connect(url) as ws:
        ws.receive_json()
    return caught.value.code, caught.value.reason


def test_a_socket_needs_the_token_of_a_seat_at_that_table(client: Any) -> None:
    made = create(client, ["human", "bot:random"])
    other = create(client, ["human", "bot:random"])
    code, reason = _closed_with(client, f"/ws/{made['table_id']}")
    assert code == 4401 and "token" in reason
    assert _closed_with(client, ws_url(made, "forged"))[0] == 4401
    assert _closed_with(client, ws_url(made, other["token"]))[0] == 4401
    code, reason = _closed_with(client, f"/ws/nothing?token={made['token']}")
    assert code == 4404 and "no such table" in reason


def _errors(ws: Any, messages: list[Any]) -> list[str]:
    codes = []
    for m in messages:
        if isinstance(m, str):
            ws.send_text(m)
        else:
            ws.send_json(m)
        codes.append(until(ws, "error")["code"])
    return codes


def test_bad_messages_get_their_error_code_and_change_nothing(make_client: Any) -> None:
    client = make_client(rate_per_second=1000)
    made = create(client, ["human", "human"])
    with client.websocket_connect(ws_url(made)) as anna:
        first = until(anna, "state")
        assert first["v"] == 0 and first["view"]["status"] == "waiting"
        assert _errors(anna, [{"type": "action", "v": 0, "action": {"type": "draw"}}]) == [
            "not_started"
        ]
        bea_token = join(client, made["table_id"], "Bea")["token"]
        with client.websocket_connect(ws_url(made, bea_token)) as bea:
            state = until(bea, "state")
            assert state["view"]["status"] == "playing"
            current = state["view"]["current"]
            mover, waiter = (anna, bea) if current == 0 else (bea, anna)
            mover.send_json({"type": "sync"})
            hand = until(mover, "state")["view"]["hand"]
            draw = {"type": "action", "v": 0, "action": {"type": "draw"}}
            codes = _errors(
                mover,
                [
                    "{not json",
                    "[1, 2]",
                    {"type": "dance"},
                    {"type": "action", "action": {"type": "draw"}},
                    {"type": "action", "v": 0, "action": {"type": "fly"}},
                    {"type": "action", "v": 0, "action": {"type": "discard", "card": "ZZ"}},
                    {"type": "action", "v": 7, "action": {"type": "draw"}},
                    {"type": "action", "v": 0, "action": {"type": "discard", "card": hand[0]}},
                    {"type": "action", "v": 0, "action": {"type": "draw"}, "pad": "x" * 5000},
                ],
            )
            assert codes[:6] == [
                "bad_json",
                "bad_message",
                "bad_message",
                "bad_message",
                "bad_action",
                "bad_action",
            ]
            assert codes[6] == "stale_version"
            assert codes[7] not in {"bad_action", "bad_message", "stale_version"}  # the engine's
            assert codes[8] == "too_big"
            turn = _errors(waiter, [draw])[0]
            assert turn == "not_your_turn"
            mover.send_json({"type": "sync"})
            after = until(mover, "state")
            assert after["v"] == 0 and after["view"]["hand"] == hand
            assert after["view"]["phase"] == "draw"
            mover.send_json(draw)
            moved = until(mover, "state")
            assert moved["v"] == 1 and moved["event"] == {"seat": current, "type": "draw"}
            assert len(moved["view"]["hand"]) == 14
            seen = until(waiter, "state")
            while seen["v"] < 1:
                seen = until(waiter, "state")
            assert seen["event"] == {"seat": current, "type": "draw"}
            assert seen["view"]["players"][current]["cards"] == 14


def test_a_flood_is_rate_limited(client: Any) -> None:
    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        for _ in range(60):
            ws.send_json({"type": "ping"})
        ws.send_json({"type": "sync"})
        kinds = []
        while True:
            msg = ws.receive_json()
            if msg["type"] == "error":
                assert msg["code"] == "rate_limited"
                break
            kinds.append(msg["type"])
        assert "pong" in kinds and len(kinds) < 60


def test_a_new_connection_replaces_the_old_and_gets_the_view_back(client: Any) -> None:
    made = create(client, ["human", "human"])
    bea = join(client, made["table_id"], "Bea")
    with client.websocket_connect(ws_url(made)) as phone:
        before = until(phone, "state")
        with client.websocket_connect(ws_url(made)) as laptop:
            again = until(laptop, "state")
            assert again["v"] == before["v"]
            assert again["view"]["hand"] == before["view"]["hand"]
            with pytest.raises(WebSocketDisconnect) as caught:
                for _ in range(10):
                    phone.receive_json()
            assert caught.value.code == 4000
        with client.websocket_connect(ws_url(made, bea["token"])) as b:
            view = until(b, "state")["view"]
            assert view["players"][0]["connected"] is False
            assert view["players"][1]["connected"] is True


def test_hints_on_your_turn_only(client: Any) -> None:
    made = create(client, ["human", "human"])
    bea = join(client, made["table_id"], "Bea")
    tokens = {0: made["token"], 1: bea["token"]}
    with client.websocket_connect(ws_url(made)) as ws:
        current = until(ws, "state")["view"]["current"]
    with client.websocket_connect(ws_url(made, tokens[current])) as mover:
        until(mover, "state")
        mover.send_json({"type": "hint"})
        hint = until(mover, "hint")
        assert hint["action"]["type"] in {"draw", "pozzo"} and hint["text"]
    with client.websocket_connect(ws_url(made, tokens[1 - current])) as waiter:
        until(waiter, "state")
        waiter.send_json({"type": "hint"})
        assert until(waiter, "hint")["action"] is None


def test_a_bot_plays_a_dropped_seat_until_its_player_returns(make_client: Any) -> None:
    client = make_client(grace_seconds=0.1, bot_pause=0.02)
    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        while not state["view"]["my_turn"]:
            state = until(ws, "state")
        left_at = state["v"]
    time.sleep(0.8)  # the grace period passes; only a stand-in can move this seat now
    with client.websocket_connect(ws_url(made)) as ws:
        back = until(ws, "state")
        assert back["v"] > left_at + 1
        assert back["event"] == {"type": "human_back", "seat": 0}
        assert back["view"]["players"][0]["stand_in"] is False


def test_the_turn_timer_lets_a_bot_finish_a_slow_turn(make_client: Any) -> None:
    client = make_client(bot_pause=0.0)
    made = create(client, ["human", "bot:random"], turn_seconds=1)
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        while not state["view"]["my_turn"]:
            state = until(ws, "state")
        assert state["view"]["turn_deadline"] > time.time() - 1
        timeout = state
        while timeout.get("event") != {"type": "timeout", "seat": 0}:
            timeout = until(ws, "state")
        later = until(ws, "state")
        while later["view"]["current"] == 0 and later["view"]["status"] == "playing":
            later = until(ws, "state")
        assert later["v"] > timeout["v"]


def test_a_connection_that_stops_reading_is_cut_off() -> None:
    from scala40.server.wire.outbox import Close, Outbox
    from scala40.server.wire.refusals import CloseCode

    box = Outbox(limit=3)
    for n in range(6):
        box.put({"type": "state", "v": n})
    waiting = [box.queue.get_nowait() for _ in range(box.queue.qsize())]
    assert waiting[:3] == [{"type": "state", "v": n} for n in range(3)]
    assert waiting[3:] == [
        Close(CloseCode.BEHIND, "too many messages waiting: reconnect to resync")
    ]


def test_a_stand_in_that_was_thinking_does_not_stall_the_table(make_client: Any) -> None:
    client = make_client(grace_seconds=0.05, bot_pause=0.4)
    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        while not state["view"]["my_turn"]:
            state = until(ws, "state")
    time.sleep(0.15)  # the stand-in took the seat and is pausing before its move
    with client.websocket_connect(ws_url(made)) as ws:
        back = until(ws, "state")
        assert back["event"] == {"type": "human_back", "seat": 0}
        assert back["v"] == state["v"]
        mine = play_until_my_turn(ws, 0, start=back)
        for action in ({"type": "draw"}, {"type": "discard", "card": None}):
            if action["type"] == "discard":
                action["card"] = mine["view"]["legal"]["discard"][0]
            ws.send_json({"type": "action", "v": mine["v"], "action": action})
            mine = until(ws, "state")
        moved_on = mine["v"]
        for _ in range(50):  # the bot seat must move: ask until it has
            ws.send_json({"type": "sync"})
            now = until(ws, "state")
            if now["v"] > moved_on:
                break
            time.sleep(0.1)
        assert now["v"] > moved_on


def test_a_refusal_carries_its_facts_so_a_page_can_word_the_whole_reason(client: Any) -> None:
    made = create(client, ["human", "human"])
    bea = join(client, made["table_id"], "Bea")
    with (
        client.websocket_connect(ws_url(made)) as anna,
        client.websocket_connect(ws_url(made, bea["token"])) as bea_ws,
    ):
        state = until(anna, "state")
        current = state["view"]["current"]
        mover, waiter = (anna, bea_ws) if current == 0 else (bea_ws, anna)
        draw = {"type": "action", "v": 0, "action": {"type": "draw"}}
        waiter.send_json(draw)
        turn = until(waiter, "error")
        assert turn["code"] == "not_your_turn" and turn["facts"] == {"seat": current}
        mover.send_json(draw)
        moved = until(mover, "state")
        while moved["v"] < 1:
            moved = until(mover, "state")
        hand = moved["view"]["hand"]
        # Three cards of distinct ranks and not all of one suit are neither a run nor a
        # set: the refusal names that rule and the cards.
        triple = next(
            [a, b, c]
            for a, b, c in itertools.combinations([x for x in hand if x != "JK"], 3)
            if len({a[:-1], b[:-1], c[:-1]}) == 3 and len({a[-1], b[-1], c[-1]}) > 1
        )
        mover.send_json({"type": "action", "v": 1, "action": {"type": "open", "melds": [triple]}})
        refused = until(mover, "error")
        assert refused["code"] == "invalid_meld", refused
        assert refused["facts"] == {"problem": "neither", "cards": triple}
