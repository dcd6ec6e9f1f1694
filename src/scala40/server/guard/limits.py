"""What a client may ask of the server: recent requests per address, and token buckets.

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


class TokenBucket:
    """A burst of ``burst`` events, then ``rate`` a second: a socket's messages, a seat's
    chat. The bucket refills with time, so a client that slows down is served again."""

    def __init__(
        self, rate: float, burst: float | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.clock = clock
        self.tokens = self.burst
        self.stamp = clock()

    def allow(self) -> bool:
        """Take one token if there is one (``False``: refused, nothing taken)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next event may go."""
        return max(0.0, (1 - self.tokens) / self.rate)
