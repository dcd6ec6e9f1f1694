"""A drain ends even when one of the node's loops does not.

Seen in a suite run (2026-12-06): the app's shutdown waited for ever on the node's beat
loop. It had been cancelled inside a Redis pipeline's read, and redis-py read again on the
connection instead of ending: the loop stayed pending with its cancellation swallowed, and
``Node.halt``, which awaited every cancelled loop, with it. The test makes such a loop (it
catches its cancellation and waits again) and asks the drain to end.
"""

from __future__ import annotations

import asyncio
import logging
import time
from types import SimpleNamespace

import pytest

from scala40.server.cluster import node as node_module
from scala40.server.cluster.node import Node


async def _swallows_its_cancellation() -> None:
    """A loop that, cancelled, waits again (as the beat loop did inside redis-py)."""
    try:
        await asyncio.sleep(3600)
    except asyncio.CancelledError:
        await asyncio.sleep(3600)


async def _ends_when_cancelled() -> None:
    await asyncio.sleep(3600)


def test_a_drain_ends_though_a_loop_swallows_its_cancellation(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(node_module, "HALT_WAIT", 0.5, raising=False)

    async def drain() -> float:
        stuck = asyncio.create_task(_swallows_its_cancellation(), name="node-_beat")
        fine = asyncio.create_task(_ends_when_cancelled(), name="node-_renew")
        node = SimpleNamespace(name="n1", tasks=[stuck, fine])
        await asyncio.sleep(0)  # both loops are running
        began = time.monotonic()
        await asyncio.wait_for(Node.halt(node), timeout=10.0)  # type: ignore[arg-type]
        took = time.monotonic() - began
        assert node.tasks == []
        assert fine.cancelled()
        stuck.cancel()  # the test's own clean-up of the loop left behind
        await asyncio.gather(stuck, return_exceptions=True)
        return took

    with caplog.at_level(logging.WARNING, logger="scala40.server"):
        took = asyncio.run(drain())
    assert took < 2.0, f"the drain waited {took:.1f} s for a loop that does not end"
    assert "node-_beat" in caplog.text, "the loop left behind is not named in the log"
