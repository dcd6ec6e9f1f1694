"""Spectators: a watch link shows a table in play as anyone may see it — no player's cards —
and a spectator can do nothing at the table but look."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import create, join, until, ws_url


def _watch_url(made: dict[str, Any]) -> str:
    return f"/ws/{made['table_id']}?watch"


def _public(view: dict[str, Any]) -> None:
    """What makes a VIEW a spectator's: no hand, no moves, no hidden turn start."""
    assert view["spectator"] is True
    assert view["hand"] == []
    assert view["legal"] == {}
    assert view["my_turn"] is False
    start = view.get("turn_start")
    assert start is None or start.get("hand") is None


def test_a_spectator_follows_a_bot_match_to_its_end_seeing_only_public_facts(
    make_client: Any,
) -> None:
    # Nobody sits at Anna's seat: after the grace a stand-in plays it, and with nobody
    # there the bots play on (the pause is long), so the match runs to its end.
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    made = create(
        client,
        ["human", "bot:greedy"],
        rules={"preset": "fisca", "changes": {"fixed_hands": 1}},
    )
    with client.websocket_connect(_watch_url(made)) as watcher:
        states = 0
        summary = None
        while True:
            msg = watcher.receive_json()
            if msg["type"] == "hand_over":
                summary = msg["summary"]
            if msg["type"] != "state":
                continue
            states += 1
            _public(msg["view"])
            assert sum(p["cards"] for p in msg["view"]["players"]) > 0 or summary
            if msg["view"]["status"] == "over":
                break
    # The hand's end is public: the spectator reads who went out and the cards left.
    assert summary is not None and summary["match_over"] is True
    assert states > 10


def test_a_spectator_may_only_look_every_other_message_is_refused_and_changes_nothing(
    make_client: Any,
) -> None:
    client = make_client(rate_per_second=1000)
    made = create(client, ["human", "human"])
    bea = join(client, made["table_id"], "Bea")
    with (
        client.websocket_connect(ws_url(made)) as anna,
        client.websocket_connect(_watch_url(made)) as watcher,
    ):
        first = until(watcher, "state")
        _public(first["view"])
        version = first["v"]
        tries = [
            {"type": "action", "v": version, "action": {"type": "draw"}},
            {"type": "hint"},
            {"type": "chat", "phrase": "gg"},
            {"type": "rematch"},
            {"type": "entropy", "hand": 1, "data": "ab"},
        ]
        for message in tries:
            watcher.send_json(message)
            refused = until(watcher, "error")
            assert refused["code"] == "watching", refused
            assert message["type"] in refused["message"]
        watcher.send_json({"type": "sync"})
        again = until(watcher, "state")
        assert again["v"] == version
        # The players still play: Anna's own view holds her 13 or 14 cards.
        anna.send_json({"type": "sync"})
        mine = until(anna, "state")
        assert len(mine["view"]["hand"]) in (13, 14)
        assert bea["token"]


def test_players_chat_among_themselves_the_spectator_does_not_read_it(
    make_client: Any,
) -> None:
    client = make_client()
    made = create(client, ["human", "human"])
    bea = join(client, made["table_id"], "Bea")
    with (
        client.websocket_connect(ws_url(made)) as anna,
        client.websocket_connect(ws_url(made, bea["token"])) as bea_ws,
        client.websocket_connect(_watch_url(made)) as watcher,
    ):
        current = until(watcher, "state")["view"]["current"]
        until(bea_ws, "state")
        anna.send_json({"type": "chat", "phrase": "gg"})
        assert until(bea_ws, "chat")["phrase"] == "gg"
        # The next move reaches the watcher: had the chat been sent to it, it would come
        # first.
        mover = anna if current == 0 else bea_ws
        mover.send_json({"type": "action", "v": 0, "action": {"type": "draw"}})
        seen = watcher.receive_json()
        while seen["type"] == "state" and seen["v"] == 0:
            seen = watcher.receive_json()
        assert seen["type"] != "chat", seen


def test_a_table_turns_away_spectators_over_its_limit_and_the_lobby_counts_them(
    make_client: Any,
) -> None:
    client = make_client(watchers_per_table=1)
    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(_watch_url(made)) as first:
        until(first, "state")
        assert client.get(f"/api/tables/{made['table_id']}").json()["watchers"] == 1
        with (
            pytest.raises(WebSocketDisconnect) as caught,
            client.websocket_connect(_watch_url(made)) as second,
        ):
            second.receive_json()
        assert caught.value.code == 4429 and "1 spectators" in caught.value.reason
    # The first one left: the count falls back (the actor is told in order).
    for _ in range(50):
        if client.get(f"/api/tables/{made['table_id']}").json()["watchers"] == 0:
            break
    assert client.get(f"/api/tables/{made['table_id']}").json()["watchers"] == 0
