"""What one client address may ask of the server: a count of recent requests per address.

Creating a table costs the server memory and, with bots, CPU until the table ends; an
anonymous visitor may create a few a minute, not ten thousand. The window slides, so a
burst is refused only while it lasts.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class PerAddress:
    """At most ``limit`` events per address in any ``window`` seconds."""

    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        """Count one event for ``address`` if it is within the limit (``False``: refused)."""
        now = self.clock()
        recent = self._seen.setdefault(address, deque())
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        if len(recent) >= self.limit:
            return False
        recent.append(now)
        if len(self._seen) > 10_000:
            self._forget_quiet(now)
        return True

    def retry_after(self, address: str) -> float:
        """Seconds until ``address`` may try again (0 when it may now)."""
        recent = self._seen.get(address)
        if not recent or len(recent) < self.limit:
            return 0.0
        return max(0.0, self.window - (self.clock() - recent[0]))

    def _forget_quiet(self, now: float) -> None:
        """Drop addresses with nothing in the window, so the map cannot grow without end."""
        for address in [a for a, r in self._seen.items() if not r or now - r[-1] >= self.window]:
            del self._seen[address]
