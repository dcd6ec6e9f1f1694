"""A store whose commit reached the database but whose answer was lost (PostgreSQL stopped
``-m immediate`` mid-commit: the row is durable, the client is told the connection failed)
does not stall the table: the next try at that version finds the move stored and plays it,
instead of failing on the stored row again and again until the table is rebuilt (found by the
fault harness: a table stood still 10.9 s after a PostgreSQL restart, until its node was
killed; issue 32)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from scala40.engine.actions import DrawStock
from scala40.engine.legal import legal_actions
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation.actions import format_action
from scala40.server.table.commands import Act, Connect
from scala40.server.wire.outbox import Outbox

from .helpers import Shelf, kinds, live_actor
from .test_hand_pause import BRUNO, drain, settle


class LostAnswer(Shelf):
    """A store that keeps every action; its first commit is kept but answered with a
    dropped connection, after which the database is away for one read (it is restarting);
    a second row for a stored version fails as UNIQUE would."""

    def __init__(self) -> None:
        self.rows: dict[int, tuple[int, str]] = {}
        self.lost = 1
        self.away = 0
        self.store = SimpleNamespace(action_at=self.action_at)  # type: ignore[assignment]

    async def append(self, table_id: str, version: int, seat: int, text: str) -> None:
        if version in self.rows:
            raise IntegrityError("INSERT INTO actions", {}, ValueError("uq_actions_table_version"))
        self.rows[version] = (seat, text)
        if self.lost > 0:
            self.lost -= 1
            self.away = 1
            raise OperationalError("COMMIT", {}, ConnectionError("server closed the connection"))

    def action_at(self, table_id: str, version: int) -> tuple[int, str] | None:
        if self.away > 0:
            self.away -= 1
            raise OperationalError("SELECT", {}, ConnectionError("connection refused"))
        return self.rows.get(version)

    async def run(self, fn: Any, *args: Any) -> Any:
        return fn(*args)


def _table(pozzo: str = "") -> tuple[Any, LostAnswer]:
    rules = Rules.build("fisca", {"players": 2, "single_hand": True})
    hands = [kinds("5D 5C 5S 9H"), kinds(BRUNO)]
    deal = Deal.setup(rules, hands, pozzo=kinds(pozzo), opened=[True, False], current=0)
    actor = live_actor(deal, ["human", "human"])
    store = LostAnswer()
    actor.db = store
    return actor, store


def test_a_move_stored_though_its_commit_failed_is_played_when_it_is_made_again() -> None:
    async def test() -> None:
        actor, store = _table()
        actor.start()
        anna = Outbox()
        actor.submit(Connect(0, anna))
        await settle()
        drain(anna)
        actor.submit(Act(0, 0, DrawStock(), anna))
        await settle()
        told = drain(anna)
        assert [m["code"] for m in told if m["type"] == "error"] == ["server_error"]
        assert actor.version == 0 and store.rows[1] == (0, "draw")
        actor.submit(Act(0, 0, DrawStock(), anna))  # Anna plays it again
        await settle()
        told = drain(anna)
        assert not [m for m in told if m["type"] == "error"], told
        assert [m["v"] for m in told if m["type"] == "state"][-1] == 1
        assert actor.version == 1 and sum(actor.match.deal.hands[0]) == 5
        await actor.stop()

    asyncio.run(test())


def test_another_move_at_a_version_already_stored_is_refused_and_the_stored_one_played() -> None:
    async def test() -> None:
        actor, store = _table(pozzo="5H")
        actor.start()
        anna = Outbox()
        actor.submit(Connect(0, anna))
        await settle()
        actor.submit(Act(0, 0, DrawStock(), anna))
        await settle()
        drain(anna)
        taken = next(a for a in legal_actions(actor.match.deal) if not isinstance(a, DrawStock))
        actor.submit(Act(0, 0, taken, anna))  # Anna, told it failed, takes the pozzo instead
        await settle()
        told = drain(anna)
        assert [m["code"] for m in told if m["type"] == "error"] == ["stale_version"], told
        states = [m for m in told if m["type"] == "state"]
        assert states[-1]["v"] == 1 and states[-1]["event"]["seat"] == 0
        assert actor.version == 1
        assert store.rows == {1: (0, format_action(DrawStock()))}
        await actor.stop()

    asyncio.run(test())
