"""A table's actor that stops (its node lost the table, or the server stops) closes every
connection that reached it, the ones it had not taken in yet included, so that each page
reconnects to wherever the table is played now instead of staying attached to a table that
no longer moves."""

from __future__ import annotations

import asyncio
from typing import Any

from scala40.server.table.actor import TableActor
from scala40.server.table.commands import Command, Connect, Watch
from scala40.server.wire.outbox import Close, Item, Outbox
from scala40.server.wire.refusals import CloseCode

MOVED = "the table moved to another server node"


async def _first_items(actor: TableActor, made: list[tuple[Command, Outbox]]) -> list[Item]:
    """Stop ``actor`` with ``made[0]``'s connection still queued, then send it ``made[1:]``
    (connections reaching it after it stopped); the first item each outbox gets (a
    :class:`Close` when it is closed), or ``None`` after a second of nothing."""
    queued, *late = made
    actor.submit(queued[0])  # a socket arrived: the actor has not taken it in yet
    await actor.stop(CloseCode.MOVED, MOVED)
    for command, _ in late:
        actor.submit(command)

    async def first(outbox: Outbox) -> Item:
        try:
            return await asyncio.wait_for(outbox.next(), 1.0)
        except TimeoutError:
            return None

    return [await first(outbox) for _, outbox in made]


def _connections() -> list[tuple[Command, Outbox]]:
    made: list[tuple[Command, Outbox]] = []
    for make in (
        lambda o: Connect(0, o),
        lambda o: Connect(0, o),
        lambda o: Watch(o, on=True),
    ):
        outbox = Outbox()
        made.append((make(outbox), outbox))
    return made


def test_a_stopped_actor_closes_the_connections_queued_or_arriving_with_1012(client: Any) -> None:
    made = client.post("/api/tables", json={"seats": ["human", "bot:club"], "nickname": "Anna"})
    actor = client.app.state.tables.get(made.json()["table_id"])
    assert actor is not None
    firsts = client.portal.call(_first_items, actor, _connections())
    assert firsts == [Close(CloseCode.MOVED, MOVED)] * 3, (
        "a connection to a stopped table was left open: its page would wait forever"
    )
