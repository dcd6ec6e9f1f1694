"""Bots thinking in worker processes play their turns like bots in a thread: the table moves
on through their seats, and a bot that remembers something within its turn keeps it."""

from __future__ import annotations

import pytest

from .conftest import MakeClient
from .helpers import create, play_until_my_turn, ws_url


def test_bots_in_worker_processes_play_their_turns(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    client = make_client(bot_processes=1)
    table = create(client, ["human", "bot:club", "bot:expert"])
    with client.websocket_connect(ws_url(table)) as ws:
        state = play_until_my_turn(ws, 0)
        start = state["v"]
        state = play_until_my_turn(ws, 4, start=state)
    stored = client.app.state.tables.store.stored_table(table["table_id"])
    movers = [seat for version, seat, _ in stored.actions if version > start]
    # Both bots moved in every round after the first look, through the worker.
    assert movers.count(1) >= 2 and movers.count(2) >= 2
    # Chosen by the bots in the worker: none failed there and fell back to any legal move.
    assert not [r for r in caplog.records if "playing any legal move" in r.getMessage()]
    seats = client.app.state.tables.actors[table["table_id"]].seats
    assert [s.bot is not None for s in seats] == [False, True, True]
