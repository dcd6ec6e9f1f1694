"""What nobody would try again is tried again by the table: the end of a match that the
database could not store while it was away is stored once it is back, and the table is then
retired as any finished table (its players see the match over throughout)."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

from sqlalchemy.exc import OperationalError

from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.server.table.actor import TableActor
from scala40.server.table.commands import Act, Connect
from scala40.server.wire.outbox import Outbox

from .helpers import Shelf, kinds, live_actor
from .test_hand_pause import BRUNO, next_move


class AwayAtTheEnd(Shelf):
    """A store that keeps moves but is away for the first ``down`` tries to store the
    match's end (as PostgreSQL restarting would be)."""

    def __init__(self, down: int) -> None:
        self.down = down
        self.finished: list[tuple[Any, ...]] = []
        self.store = SimpleNamespace(mark_over=self.mark_over)  # type: ignore[assignment]

    def mark_over(self, *args: Any) -> None:
        self.finished.append(args)

    async def run(self, fn: Any, *args: Any) -> Any:
        if fn == self.mark_over and self.down > 0:
            self.down -= 1
            raise OperationalError("UPDATE tables", {}, ConnectionError("server closed"))
        return fn(*args)


def test_a_matchs_end_that_could_not_be_stored_is_stored_once_the_database_is_back() -> None:
    async def test() -> None:
        rules = Rules.build("fisca", {"players": 2, "single_hand": True})
        deal = Deal.setup(rules, [kinds("5D 5C 5S"), kinds(BRUNO)], opened=[True, False], current=0)
        actor = live_actor(deal, ["human", "human"])
        store = AwayAtTheEnd(down=2)
        actor.db = store  # type: ignore[assignment]
        over: list[TableActor] = []
        actor.on_over = over.append
        actor.start()
        anna = Outbox()
        actor.submit(Connect(0, anna))
        end = time.monotonic() + 5.0
        while not actor.match.over:
            assert time.monotonic() < end, "the hand did not end"
            actor.submit(Act(0, actor.version, next_move(actor.match.deal), anna))
            await asyncio.sleep(0.02)
        assert actor.status == "over"  # the players see the match over at once
        while not over:
            assert time.monotonic() < end, "the match's end was never stored"
            await asyncio.sleep(0.02)
        assert len(store.finished) == 1, "stored once, after two failures"
        assert store.down == 0
        await actor.stop()

    asyncio.run(test())
