"""What a table could not store while the database was away, tried again until it is back.

A person whose move could not be saved is told so and plays it again; a bot, a stand-in or
the end of a match has nobody to try again for it. Without a second try the table would
stand still after a database blip until someone reconnected. So the actor hands such a
command here, and it comes back on the actor's queue after a pause that doubles with each
failure in a row (a short blip costs a fraction of a second, a long outage one try every
:data:`LONGEST` seconds) and starts afresh once something is stored.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from scala40.server.table.commands import Command

FIRST = 0.25
"""Seconds before the first try again."""
LONGEST = 2.0
"""The longest pause between tries: the table moves on within it of the database's return."""


class StoreRetry:
    """One table's pending try again (at most one: the newest command replaces it)."""

    def __init__(self, submit: Callable[[Command], None]) -> None:
        self.submit = submit
        self.failures = 0
        """Stores failed in a row (0 once one succeeds)."""
        self._task: asyncio.Task[None] | None = None

    def later(self, command: Command) -> float:
        """Put ``command`` back on the table's queue after the next pause; the pause."""
        pause: float = min(LONGEST, FIRST * 2.0 ** min(self.failures, 8)) * random.uniform(0.8, 1.0)
        self.failures += 1
        if self._task is not None:
            self._task.cancel()
        self._task = asyncio.get_running_loop().create_task(self._after(pause, command))
        return pause

    def stored(self) -> None:
        """Something was stored: the database is back, the next failure starts afresh."""
        self.failures = 0

    async def _after(self, pause: float, command: Command) -> None:
        await asyncio.sleep(pause)
        self.submit(command)

    def tasks(self) -> list[asyncio.Task[None] | None]:
        return [self._task]
