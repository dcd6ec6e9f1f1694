"""The pause after a hand: the table waits while its people read the hand's summary.

When a hand ends and the match goes on, the next hand is dealt at once, but a person
reading the summary is not at the table: their turn timer would run, and the bots would
play on behind the dialog. So the table pauses: the turn timer and every bot (stand-ins
too) wait until each person *connected when the hand ended* has closed the summary
(``summary_closed``), or ``summary_seconds`` have passed. A person who leaves meanwhile is
no longer waited for; one who comes in meanwhile was not shown the summary, so is not
waited for either. Bots and spectators are never waited for.

The pause is kept in memory only: the stored actions stay the truth and hold nothing of
it, so a table rebuilt after a restart (or taken over by another node) has no pause and
plays on, its timer starting afresh. At worst a reader is interrupted; the table never
freezes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scala40.notation.codec import JSONDict
from scala40.server.table.commands import Command, PauseOver


@dataclass(frozen=True, slots=True)
class Waiting:
    """A pause in course: after hand ``hand``, until ``until`` (Unix seconds)."""

    hand: int
    until: float


class HandPause:
    """Whether the table waits for its people to close a hand's summary, and for whom."""

    def __init__(self, seconds: float, submit: Callable[[Command], None]) -> None:
        self.seconds = seconds
        """The longest pause (``Settings.summary_seconds``); 0 means no pause at all."""
        self.submit = submit
        self.now: Waiting | None = None
        self.waiting: list[int] = []
        """The seats still reading the summary, in seat order."""
        self._timer: asyncio.Task[None] | None = None

    @property
    def on(self) -> bool:
        return self.now is not None

    def begin(self, hand: int, readers: Iterable[int]) -> bool:
        """Hand ``hand`` just ended with ``readers`` (the seats of the connected persons)
        shown its summary: pause until they close it; ``False`` when nobody is waited for."""
        self.end()
        seats = sorted(set(readers))
        if not seats or self.seconds <= 0:
            return False
        self.now = Waiting(hand, time.time() + self.seconds)
        self.waiting = seats

        async def alarm() -> None:
            await asyncio.sleep(self.seconds)
            self.submit(PauseOver(hand))

        self._timer = asyncio.get_running_loop().create_task(alarm())
        return True

    def closed(self, seat: int, hand: int) -> bool:
        """``seat`` closed hand ``hand``'s summary; ``True`` when nobody is waited for any
        more and the pause ended. A seat not waited for, or another hand's summary (the
        pause ended meanwhile), changes nothing."""
        if self.now is None or hand != self.now.hand or seat not in self.waiting:
            return False
        return self._drop(seat)

    def done(self, seat: int) -> bool:
        """``seat``'s person reads the summary no more (they left, or made a move): not
        waited for; ``True`` when the pause ended."""
        if self.now is None or seat not in self.waiting:
            return False
        return self._drop(seat)

    def time_up(self, cmd: PauseOver) -> bool:
        """The longest pause has passed; ``True`` when it was this pause's (it ends)."""
        if self.now is None or cmd.hand != self.now.hand:
            return False
        self.end()
        return True

    def _drop(self, seat: int) -> bool:
        self.waiting.remove(seat)
        if self.waiting:
            return False
        self.end()
        return True

    def end(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.now = None
        self.waiting = []

    def json(self) -> JSONDict | None:
        """The VIEW's ``pause``: the hand whose summary is read, until when (Unix seconds,
        like ``turn_deadline``) and the seats waited for; ``None`` when the table plays."""
        if self.now is None:
            return None
        return {"hand": self.now.hand, "until": self.now.until, "waiting": list(self.waiting)}

    def tasks(self) -> list[asyncio.Task[None] | None]:
        return [self._timer]
