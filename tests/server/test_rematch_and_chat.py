"""Rematch (same seats, one click each, a new token to each seat's socket alone, the old
token opening a missed seat once, all surviving a restart) and table chat (phrases as
codes, short checked text, a per-seat pace, nothing stored)."""

from __future__ import annotations

import time
from typing import Any

from .helpers import create, join, until, wait_over, ws_url

ONE_HAND = {"preset": "fisca", "changes": {"fixed_hands": 1}}


def _finished(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A finished one-hand match of Anna, Bea and a bot (stand-ins played for both)."""
    made = create(
        client,
        ["human", "human", "bot:greedy"],
        rules=ONE_HAND,
        turn_seconds=90,
        bot_pace="slow",
    )
    bea = join(client, made["table_id"], "Bea")
    wait_over(client, made["table_id"])
    return made, bea


def _state_with(ws: Any, test: Any) -> dict[str, Any]:
    for _ in range(20):
        msg = until(ws, "state")
        if test(msg):
            return msg
    raise AssertionError("no such state")


def test_a_rematch_is_made_when_every_human_asks_and_each_gets_their_own_token(
    make_client: Any,
) -> None:
    client = make_client(grace_seconds=0.05, bots_pause_seconds=600.0)
    made, bea = _finished(client)
    old_id = made["table_id"]
    with (
        client.websocket_connect(ws_url(made)) as anna_ws,
        client.websocket_connect(ws_url(made, bea["token"])) as bea_ws,
    ):
        first = until(anna_ws, "state")
        assert first["view"]["status"] == "over"
        assert first["rematch"] == {"asked": [], "table_id": None}
        until(bea_ws, "state")
        anna_ws.send_json({"type": "rematch"})
        seen = _state_with(bea_ws, lambda m: m["rematch"]["asked"] == [0])
        assert seen["rematch"]["table_id"] is None
        assert client.get(f"/api/tables/{old_id}/rematch").status_code == 404
        bea_ws.send_json({"type": "rematch"})
        mine = until(anna_ws, "rematch")
        hers = until(bea_ws, "rematch")
        assert (mine["seat"], hers["seat"]) == (0, 1)
        assert mine["table_id"] == hers["table_id"] != old_id
        assert mine["token"] != hers["token"]
        # Each token went to its own seat's socket only.
        after = _state_with(bea_ws, lambda m: m["rematch"]["table_id"] is not None)
        assert mine["token"] not in str(after)
        assert after["rematch"] == {"asked": [0, 1], "table_id": mine["table_id"]}
    new_id = mine["table_id"]
    old = client.get(f"/api/tables/{old_id}").json()
    new = client.get(f"/api/tables/{new_id}").json()
    assert new["status"] == "playing"
    assert [(s["kind"], s["name"]) for s in new["seats"]] == [
        (s["kind"], s["name"]) for s in old["seats"]
    ]
    assert new["rules_facts"] == old["rules_facts"]
    assert (new["turn_seconds"], new["bot_pace"]) == (90, "slow")
    assert client.get(f"/api/tables/{old_id}/rematch").json() == {"table_id": new_id}
    with client.websocket_connect(f"/ws/{new_id}?token={hers['token']}") as ws:
        view = until(ws, "state")["view"]
        assert view["seat"] == 1
        assert view["players"][1]["name"] == "Bea"
    # The old tokens hold no seat at the new table.
    with client.websocket_connect(f"/ws/{new_id}?token={made['token']}") as ws:
        msg = ws.receive()
        assert msg["type"] == "websocket.close"
        assert msg["code"] == 4401


def test_a_rematch_is_asked_only_once_the_match_is_over(make_client: Any) -> None:
    client = make_client()
    made = create(client, ["human", "bot:greedy"])
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        assert "rematch" not in state
        ws.send_json({"type": "rematch"})
        err = until(ws, "error")
        assert err["code"] == "rematch_refused"
        assert "over" in err["message"]


def test_a_player_who_left_before_the_rematch_claims_the_seat_once_even_after_a_restart(
    make_client: Any,
) -> None:
    client = make_client(grace_seconds=0.05, bots_pause_seconds=600.0)
    made, bea = _finished(client)
    old_id = made["table_id"]
    # With Anna there, Bea asks and leaves; Anna asks: the rematch is made while Bea is
    # away, and she misses its socket message.
    with client.websocket_connect(ws_url(made)) as anna_ws:
        until(anna_ws, "state")
        with client.websocket_connect(ws_url(made, bea["token"])) as bea_ws:
            until(bea_ws, "state")
            bea_ws.send_json({"type": "rematch"})
            _state_with(bea_ws, lambda m: m["rematch"]["asked"] == [1])
        _state_with(anna_ws, lambda m: m["rematch"]["asked"] == [1])
        anna_ws.send_json({"type": "rematch"})
        mine = until(anna_ws, "rematch")
    new_id = mine["table_id"]
    url = f"/api/tables/{old_id}/rematch"
    wrong = client.post(url, json={"token": "x" * 43})
    assert wrong.status_code == 403
    assert wrong.json()["error"]["code"] == "bad_claim"
    client.__exit__(None, None, None)

    again = make_client(grace_seconds=30.0)  # the same database: a restart
    assert again.get(f"/api/tables/{new_id}").json()["status"] == "playing"
    assert again.get(url).json() == {"table_id": new_id}
    claimed = again.post(url, json={"token": bea["token"]})
    assert claimed.status_code == 200, claimed.text
    body = claimed.json()
    assert (body["table_id"], body["seat"]) == (new_id, 1)
    twice = again.post(url, json={"token": bea["token"]})
    assert twice.status_code == 403
    assert twice.json()["error"]["code"] == "bad_claim"
    with again.websocket_connect(f"/ws/{new_id}?token={body['token']}") as ws:
        assert until(ws, "state")["view"]["seat"] == 1
    with again.websocket_connect(f"/ws/{new_id}?token={mine['token']}") as ws:
        assert until(ws, "state")["view"]["seat"] == 0
    none = again.get(f"/api/tables/{new_id}/rematch")
    assert none.status_code == 404
    assert none.json()["error"]["code"] == "no_rematch"


def test_a_player_who_leaves_without_asking_does_not_hold_the_rematch_back(
    make_client: Any,
) -> None:
    client = make_client(grace_seconds=0.05, bots_pause_seconds=600.0)
    made, bea = _finished(client)
    old_id = made["table_id"]
    with client.websocket_connect(ws_url(made)) as anna_ws:
        until(anna_ws, "state")
        with client.websocket_connect(ws_url(made, bea["token"])) as bea_ws:
            until(bea_ws, "state")
            anna_ws.send_json({"type": "rematch"})
            waiting = _state_with(anna_ws, lambda m: m["rematch"]["asked"] == [0])
            assert waiting["rematch"]["table_id"] is None  # Bea is here and has not asked
        # Bea closes her page without a word: Anna's rematch is made now.
        mine = until(anna_ws, "rematch")
    new_id = mine["table_id"]
    # Bea's seat is kept for her: her old token opens it, once.
    claimed = client.post(f"/api/tables/{old_id}/rematch", json={"token": bea["token"]})
    assert claimed.status_code == 200, claimed.text
    assert (claimed.json()["table_id"], claimed.json()["seat"]) == (new_id, 1)


def test_nobody_left_at_the_table_means_no_rematch(make_client: Any) -> None:
    client = make_client(grace_seconds=0.05, bots_pause_seconds=600.0)
    made, bea = _finished(client)
    old_id = made["table_id"]
    with client.websocket_connect(ws_url(made, bea["token"])) as bea_ws:
        until(bea_ws, "state")
        with client.websocket_connect(ws_url(made)) as anna_ws:
            until(anna_ws, "state")
            anna_ws.send_json({"type": "rematch"})
            _state_with(anna_ws, lambda m: m["rematch"]["asked"] == [0])
        _state_with(bea_ws, lambda m: m["rematch"]["asked"] == [0])
    # Anna asked and left, then Bea left without asking: nobody would play it.
    time.sleep(0.2)
    answer = client.get(f"/api/tables/{old_id}/rematch")
    assert answer.status_code == 404, answer.text


def _two_at_a_table(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    made = create(client, ["human", "human"])
    return made, join(client, made["table_id"], "Bea")


def test_chat_phrases_and_text_reach_every_seat_with_the_sender(make_client: Any) -> None:
    client = make_client()
    made, bea = _two_at_a_table(client)
    actions = client.get(f"/api/tables/{made['table_id']}").json()
    with (
        client.websocket_connect(ws_url(made)) as anna_ws,
        client.websocket_connect(ws_url(made, bea["token"])) as bea_ws,
    ):
        v = until(anna_ws, "state")["v"]
        anna_ws.send_json({"type": "chat", "phrase": "gg"})
        assert until(bea_ws, "chat") == {"type": "chat", "seat": 0, "phrase": "gg"}
        assert until(anna_ws, "chat") == {"type": "chat", "seat": 0, "phrase": "gg"}
        bea_ws.send_json({"type": "chat", "text": "  <b>ciao</b> a tutti 👋  "})
        said = {"type": "chat", "seat": 1, "text": "<b>ciao</b> a tutti 👋"}
        assert until(anna_ws, "chat") == said  # as typed: the page shows it as text
        assert until(bea_ws, "chat") == said
        anna_ws.send_json({"type": "sync"})
        assert until(anna_ws, "state")["v"] == v  # chat is not a move
    assert client.get(f"/api/tables/{made['table_id']}").json() == actions


def test_chat_refuses_unknown_phrases_overlong_text_and_control_characters(
    make_client: Any,
) -> None:
    client = make_client()
    made, _bea = _two_at_a_table(client)
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        cases = [
            ({"phrase": "insult"}, "chat_unknown_phrase", "unknown chat phrase"),
            ({"text": "x" * 121}, "chat_too_long", "at most 120 characters"),
            ({"text": "one\nline"}, "chat_control", "control characters"),
            ({"text": "abc\u202edef"}, "chat_control", "U+202E"),
            ({"text": "   "}, "chat_empty", "empty"),
            ({"text": 7}, "bad_message", "string"),
            ({"phrase": "gg", "text": "hi"}, "bad_message", "either"),
        ]
        for body, code, words in cases:
            ws.send_json({"type": "chat", **body})
            err = until(ws, "error")
            assert err["code"] == code, body
            assert words in err["message"], err
        ws.send_json({"type": "chat", "text": "y" * 120})
        assert until(ws, "chat")["text"] == "y" * 120


def test_chat_is_paced_per_seat_a_burst_of_three_then_one_a_second(make_client: Any) -> None:
    client = make_client()
    made, _bea = _two_at_a_table(client)
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        for _ in range(4):
            ws.send_json({"type": "chat", "phrase": "thumbs"})
        got = [ws.receive_json() for _ in range(4)]
        assert [m["type"] for m in got[:3]] == ["chat"] * 3
        assert got[3]["type"] == "error"
        assert got[3]["code"] == "chat_limited"
        assert "at most 3 chat messages in a row, then 1 a second" in got[3]["message"]
    # A new connection of the same seat does not refill the allowance.
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        ws.send_json({"type": "chat", "phrase": "wow"})
        assert ws.receive_json()["code"] == "chat_limited"
        time.sleep(1.1)
        ws.send_json({"type": "chat", "phrase": "smile"})
        assert until(ws, "chat")["phrase"] == "smile"
