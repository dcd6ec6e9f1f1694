"""A table's actor stops even when one of its tasks does not end once cancelled.

``Node.halt`` had waited without a bound on a loop that swallowed its cancellation (a
Redis read, 2026-12-06), and the app's shutdown with it. ``TableActor.stop`` waited on its
own tasks (the actor's loop, the bots' turns, presence, the pause, store retries) in the
same unbounded way: one task that outlives its cancellation (a bot's program, a store call
that swallows it) would keep the table's connections open and the node's drain waiting.
The test gives the actor such a task and asks it to stop.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

from scala40.server.table import actor as actor_module
from scala40.server.table.actor import TableActor
from scala40.server.table.commands import Connect
from scala40.server.wire.outbox import Close, Outbox
from scala40.server.wire.refusals import CloseCode


async def _swallows_its_cancellation() -> None:
    try:
        await asyncio.sleep(3600)
    except asyncio.CancelledError:
        await asyncio.sleep(3600)


async def _stop_with_a_stuck_task(actor: TableActor) -> tuple[float, object, asyncio.Task[None]]:
    stuck = asyncio.get_running_loop().create_task(
        _swallows_its_cancellation(), name="table-stuck-turn"
    )
    actor.turns.tasks = lambda: [stuck]  # type: ignore[method-assign]
    outbox = Outbox()
    actor.submit(Connect(0, outbox))
    await asyncio.sleep(0)
    began = time.monotonic()
    await asyncio.wait_for(actor.stop(CloseCode.MOVED, "moved"), timeout=10.0)
    took = time.monotonic() - began
    last: object = None
    while True:
        try:
            item = await asyncio.wait_for(outbox.next(), 1.0)
        except TimeoutError:
            break
        last = item
        if isinstance(item, Close):
            break
    return took, last, stuck


async def _clean_up(stuck: asyncio.Task[None]) -> None:
    stuck.cancel()
    await asyncio.gather(stuck, return_exceptions=True)


def test_an_actor_stops_though_a_task_swallows_its_cancellation(
    client: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(actor_module, "STOP_WAIT", 0.5, raising=False)
    made = client.post("/api/tables", json={"seats": ["human", "bot:club"], "nickname": "Anna"})
    actor = client.app.state.tables.get(made.json()["table_id"])
    assert actor is not None
    with caplog.at_level(logging.WARNING, logger="scala40.server"):
        took, last, stuck = client.portal.call(_stop_with_a_stuck_task, actor)
        client.portal.call(_clean_up, stuck)
    assert took < 2.0, f"the actor's stop waited {took:.1f} s for a task that does not end"
    assert last == Close(CloseCode.MOVED, "moved"), "the page's connection was not closed"
    assert "table-stuck-turn" in caplog.text, "the task left behind is not named in the log"
