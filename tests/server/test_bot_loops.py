"""A bot caught in a loop (it lays cards down and takes them back, for ever) cannot keep a
table spinning: after a turn's worth of moves the table ends the bot's turn for it, and
the match goes on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40.bots.base import TURN_MOVES, world_of
from scala40.engine.actions import Action, Discard, DrawStock, TakeBack, TakePozzo
from scala40.engine.legal import legal_actions
from scala40.engine.views import PlayerView
from scala40.server.table import seats

from .conftest import MakeClient
from .helpers import create


class Looper:
    """Lays down whatever it can, then takes it back; draws from the stock; discards only
    when nothing else is legal."""

    name = "looper"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        actions = legal_actions(world_of(view))
        for kinds in ((TakeBack,), (DrawStock,)):
            found = [a for a in actions if isinstance(a, kinds)]
            if found:
                return found[0]
        plays = [a for a in actions if not isinstance(a, Discard | TakePozzo)]
        return (plays or actions)[0]


def test_a_looping_bot_has_its_turn_ended_and_the_match_goes_on(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    made_bots = seats.make_bot
    monkeypatch.setattr(
        seats, "make_bot", lambda level: Looper() if level == "easy" else made_bots(level)
    )
    # Nobody sits at the human seat: a stand-in plays it (greedy), the looper the other.
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    # Any one meld opens, so the looper soon has something to lay down and take back; but a
    # deal may give it no meld before the stand-in goes out (seen once in a CI run), so the
    # test plays new tables until one has the looper's turn ended, up to a few.
    changes = {"opening_points": 0, "single_hand": True, "stock_out": "end_hand"}
    for _ in range(TABLES):
        caplog.clear()
        made = create(client, ["human", "bot:easy"], rules={"changes": changes})
        table_id = made["table_id"]
        longest = _play_out(client, table_id)
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["over"]
        if [r for r in caplog.records if "ending its turn" in r.getMessage()]:
            break
    else:
        pytest.fail(f"the looper laid nothing down at {TABLES} tables: the test checked nothing")
    assert longest >= TURN_MOVES


TABLES = 5
"""Tables played at most until one deal lets the looper lay something down."""


def _play_out(client: Any, table_id: str) -> int:
    """Watch the table to the end of its match; the looper's longest run of moves."""
    longest = run = 0  # the looper's moves in a row
    with client.websocket_connect(f"/ws/{table_id}?watch=1") as watcher:
        while True:
            msg = watcher.receive_json()
            if msg["type"] != "state":
                continue
            event: dict[str, Any] = msg.get("event") or {}
            run = run + 1 if event.get("seat") == 1 else 0
            longest = max(longest, run)
            # Its turn stops a move or two past the bound (the take-back, the discard).
            assert run <= TURN_MOVES + 3, "the looper's turn goes on and on"
            if msg["view"]["status"] == "over":
                return longest
