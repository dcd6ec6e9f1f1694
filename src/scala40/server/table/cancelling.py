"""Cancel a group of tasks and wait for them, but not for ever.

A task cancelled inside a library's read may not end: redis-py read again on its
connection with the cancellation swallowed (a suite run of 2026-12-06), and whatever
awaited that task waited as long — a node's drain, a table's stop, the app's shutdown.
Whoever stops a group of tasks waits a bounded time, names in the log any task left
behind, and goes on: closing what the task waits on (a connection, a process) then lets it
end.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

log = logging.getLogger("scala40.server")


async def cancel_and_wait(
    tasks: Iterable[asyncio.Task[Any] | None], wait: float, owner: str
) -> set[asyncio.Task[Any]]:
    """Cancel every task, wait at most ``wait`` seconds for them to end, and return (and
    log, as ``owner``'s) those that did not. How a task ended is not looked at: a
    cancelled task's own exception was its own to report."""
    live = [task for task in tasks if task is not None]
    for task in live:
        task.cancel()
    if not live:
        return set()
    done, stuck = await asyncio.wait(live, timeout=wait)
    for task in done:
        if not task.cancelled():
            task.exception()  # retrieved, so asyncio does not report it again at exit
    for task in stuck:
        log.warning(
            "%s: %s did not end %.1f s after it was cancelled; going on without it",
            owner,
            task.get_name(),
            wait,
        )
    return stuck
