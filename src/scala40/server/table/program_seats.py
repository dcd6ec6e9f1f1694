"""Protocol bots at the web table: programs the server's admin registers with
``scala40 serve --bot NAME=COMMAND``, offered in the lobby beside the built-in levels.

Why a seat of its own kind: a program is a :class:`~scala40.bots.program.ProgramBot`, so it
sees one seat's view only and falls back to a built-in bot on any failure, exactly as in the
arena; but its calls block on a pipe (up to its time limit), so they must not run on the
event loop, and it is told when hands and the match end (``hand_over``, ``match_over``) in
the order the table lived them. Each program seat therefore has one worker thread of its
own: decisions, news and the final close queue there, one at a time.

Why a program rests (:meth:`ProgramSeat.rest`): a table nobody is connected to pauses its
bots, and its programs are then stopped with their whole process tree, so a table left
open costs no process; the seat's next move starts the program again (a fresh ``hello``,
docs/bot-protocol.md). Each start takes a place under the server's cap
(program_limits.py), given back when the program stops.

Why a log of its own (:meth:`ProgramSeat.log`): a program's author needs to see what the
program said at a real table — its ``log`` messages and its standard error — but only
the table's creator may read it (it may tell the program's view of its hand), and a
table may live for hours: the seat keeps the last :data:`LOG_LINES` lines, each cut to
:data:`LOG_CHARS` characters, so its memory is bounded whatever the program writes.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Final, TypeVar

from scala40.bots import ALIASES, LEVELS
from scala40.bots.program import MEMORY_MB, ProgramBot, Slots, parse_command
from scala40.bots.protocol import ProtocolBot
from scala40.bots.remote import RemoteBot

T = TypeVar("T")

LOG_LINES: Final = 200
"""Lines of a program seat's log kept for the table's creator (the latest)."""

LOG_CHARS: Final = 500
"""Characters kept of one line of that log."""

NAME_TEXT: Final = re.compile(r"[a-z][a-z0-9_-]{0,23}")
"""A registered program's name: what a seat kind says after ``bot:`` and the lobby shows."""


def parse_bot_option(text: str) -> tuple[str, str]:
    """``NAME=COMMAND`` of ``--bot`` as (name, command); ``ValueError`` naming the problem
    (a bad name, a built-in level's name or old name, a command that cannot be run)."""
    name, sep, command = text.partition("=")
    name = name.strip().lower()
    if not sep or not command.strip():
        raise ValueError(f"--bot takes NAME=COMMAND, not {text!r}")
    if NAME_TEXT.fullmatch(name) is None:
        raise ValueError(f"bot name {name!r}: a letter, then up to 23 letters, digits, '-' or '_'")
    if name in LEVELS or name in ALIASES:
        raise ValueError(f"bot name {name!r} is a built-in level's: choose another")
    parse_command(command)  # the program must exist now, not at the first game
    return name, command.strip()


@dataclass(frozen=True, slots=True)
class Programs:
    """The registered programs and the limits each runs under."""

    commands: Mapping[str, str]
    decision_ms: float
    memory_mb: int = MEMORY_MB

    def seat(self, name: str, slots: Slots | None = None) -> ProgramSeat:
        """A seat played by the program ``name`` (``slots``: the server's cap, if any)."""
        bot = ProgramBot(
            self.commands[name],
            decision_ms=self.decision_ms,
            memory_mb=self.memory_mb,
            slots=slots,
        )
        return ProgramSeat(bot)


class ProgramSeat:
    """One seat played by a program: its bot and the thread its calls run on, in order.

    The program may be a remote bot (:class:`~scala40.bots.remote.RemoteBot`): the same
    protocol over its socket, its calls blocking on the socket's queue as a pipe's do.
    ``on_close`` is told once the seat is closed (a remote bot's table stops counting)."""

    def __init__(self, bot: ProtocolBot, on_close: Callable[[], None] | None = None) -> None:
        self.bot = bot
        bot.keep_notes = True
        self._log: deque[str] = deque(maxlen=LOG_LINES)
        self._log_dropped = 0
        self._log_lock = threading.Lock()
        """The log is filled on the seat's thread and read on the event loop's."""
        self._on_close = on_close
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="program-seat")
        self._closed = False
        self._resting = True
        """Nothing was asked of the program since it was last stopped (or ever)."""

    async def run(self, call: Callable[[], T]) -> T:
        """Run ``call`` on this seat's thread, after everything queued before it."""
        self._resting = False
        return await asyncio.get_running_loop().run_in_executor(self._worker, self._noting(call))

    def _noting(self, call: Callable[[], T]) -> Callable[[], T]:
        """``call``, then what the program said meanwhile moved into the seat's log."""

        def noted() -> T:
            try:
                return call()
            finally:
                self._take_notes()

        return noted

    def _take_notes(self) -> None:
        """Move the bot's notes into the bounded log (on the seat's thread)."""
        notes = self.bot.notes
        taken = len(notes)
        with self._log_lock:
            for line in notes[:taken]:
                if len(self._log) == LOG_LINES:
                    self._log_dropped += 1
                self._log.append(line if len(line) <= LOG_CHARS else line[:LOG_CHARS] + "…")
        del notes[:taken]

    def log(self) -> tuple[list[str], int]:
        """The program's latest ``log`` messages and standard error lines (``log: …``,
        ``stderr: …``), oldest first, and how many earlier lines were let go."""
        with self._log_lock:
            return list(self._log), self._log_dropped

    def rest(self) -> None:
        """The table paused: stop the program (after what is queued) until the seat's
        next move starts it again. Cheap when it is stopped already."""
        if self._closed or self._resting:
            return
        self._resting = True
        self._worker.submit(self._noting(self.bot.stop))

    def hand_over(
        self, hand: int, winner: int | None, penalties: Mapping[int, int], totals: Mapping[int, int]
    ) -> None:
        if not self._closed:
            news = (hand, winner, dict(penalties), dict(totals))
            self._worker.submit(self._noting(lambda: self.bot.hand_over(*news)))

    def match_over(self, winners: Sequence[int], totals: Mapping[int, int]) -> None:
        """The match ended: tell the program, then end it."""
        if not self._closed:
            self._worker.submit(self.bot.match_over, list(winners), dict(totals))
            self.close()

    def close(self) -> None:
        """End the program after what is queued; idempotent."""
        if self._closed:
            return
        self._closed = True
        self._worker.submit(self._noting(self.bot.close))
        self._worker.shutdown(wait=False)
        if self._on_close is not None:
            self._on_close()

    @property
    def remote(self) -> bool:
        """A remote bot account plays here: it is shown by its account's name, not by
        the name its program gives in ``ready``."""
        return isinstance(self.bot, RemoteBot)
