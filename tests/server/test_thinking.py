"""Bots thinking in worker processes play their turns like bots in a thread: the table moves
on through their seats, and a bot that remembers something within its turn keeps it."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from .conftest import MakeClient
from .helpers import create, play_until_my_turn, ws_url
from .program_harness import alive as running


def test_bots_in_worker_processes_play_their_turns(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    client = make_client(bot_processes=1)
    # The master plans a whole turn at its first move and plays the rest from what it
    # remembers: the worker hands the bot back after each move.
    table = create(client, ["human", "bot:master", "bot:expert"])
    store = client.app.state.tables.store
    with client.websocket_connect(ws_url(table)) as ws:
        state = play_until_my_turn(ws, 0)
        start = state["v"]

        def movers() -> list[int]:
            return [s for v, s, _ in store.stored_table(table["table_id"]).actions if v > start]

        # One move of this seat at a time (a turn may be several: draw, melds, discard)
        # until each bot has had two turns, or the match ended.
        for _ in range(80):
            if movers().count(1) >= 2 and movers().count(2) >= 2:
                break
            state = play_until_my_turn(ws, 1, start=state)
            if state["view"]["status"] != "playing":
                break
    moved = movers()
    # Both bots moved in every round after the first look, through the worker.
    assert moved.count(1) >= 2 and moved.count(2) >= 2
    # Chosen by the bots in the worker: none failed there and fell back to any legal move.
    assert not [r for r in caplog.records if "playing any legal move" in r.getMessage()]
    seats = client.app.state.tables.actors[table["table_id"]].seats
    assert [s.bot is not None for s in seats] == [False, True, True]


@pytest.mark.slow  # kills a server process
def test_the_workers_of_a_killed_server_leave_with_it(tmp_path: Path) -> None:
    """A server killed with SIGKILL cannot shut its pool down: its workers go by themselves."""
    script = tmp_path / "server.py"
    script.write_text(
        textwrap.dedent(
            """
            import asyncio, os, random, signal, sys
            from scala40.bots import make_bot
            from scala40.engine.match import Match
            from scala40.engine.rules import Rules
            from scala40.engine.views import PlayerView
            from scala40.server.table.bot_pool import BotPool

            async def main() -> None:
                pool = BotPool(1)
                match = Match(Rules.build("fisca", {"players": 2}), 7, 0)
                seat = match.current_seat
                view = PlayerView.of_match(match, seat)
                await pool.choose(make_bot("easy"), view, random.Random(1))
                with open(sys.argv[1], "w") as out:
                    out.write(" ".join(str(p) for p in pool.pool._processes))
                os.kill(os.getpid(), signal.SIGKILL)

            if __name__ == "__main__":  # a spawned worker imports this file again
                asyncio.run(main())
            """
        )
    )
    pids, errors = tmp_path / "workers.txt", tmp_path / "errors.txt"
    with errors.open("w") as err:
        # Files, not pipes: a worker left behind would hold a pipe open and hang the run.
        code = subprocess.call(
            [sys.executable, str(script), str(pids)],
            stdout=subprocess.DEVNULL,
            stderr=err,
            timeout=60,
        )
    assert code == -signal.SIGKILL, errors.read_text()
    workers = [int(pid) for pid in pids.read_text().split()]
    assert workers
    deadline = time.monotonic() + 10
    alive = workers
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [pid for pid in workers if running(pid)]
    assert not alive, f"workers of the killed server still run: {alive}"
