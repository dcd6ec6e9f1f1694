"""A bot that is another program: JSON lines over its standard input and output.

Why a protocol (in the spirit of UCI and GTP): a programmer should be able to write a
Scala 40 player in any language and pit it against the built-in bots, without importing
this package. docs/bot-protocol.md is the contract; this module is the host side over a
pipe (the conversation itself is :mod:`~scala40.bots.protocol`'s, shared with remote bots).

Why it is a :class:`~scala40.bots.base.Bot`: the host is handed one seat's
:class:`~scala40.engine.views.PlayerView` and nothing else, exactly like every built-in
bot, so the program cannot be given what the seat may not know; the VIEW it receives is
:func:`~scala40.notation.view.view_to_dict` of that view. The arena (and any other game
loop) drives it with ``choose`` and tells it when hands and matches end.

Why fall back instead of failing: a bot under development misbehaves (prints garbage,
answers an illegal move, hangs, crashes, eats memory); the game must still finish and
the misbehaviour must be visible. Each such incident is logged (``logging``), recorded
with its reason in :attr:`ProgramBot.incidents`, and the decision is taken by a built-in
bot instead; after a fatal incident (the program is gone or its stream can no longer be
trusted) the built-in bot plays the seat until the game ends. The program runs under an
address-space limit, and stopping it ends everything it started
(:mod:`~scala40.bots.program_process`), so no process outlives its game.

Why a program may be stopped and started again within a game (:meth:`ProgramBot.stop`): a
web table nobody is watching pauses, and a paused table's programs should cost nothing.
The next decision starts the program afresh: a new ``hello`` (its ``restarts`` counts the
starts before) and then the decision, whose view says where the match stands.

Why slots (:class:`Slots`): a server caps the programs running at once; a program that
would start past the cap does not, and the built-in bot takes that decision (``limit``).
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import signal
import time
import weakref
from collections.abc import Callable
from typing import Any

from scala40.bots.base import PREFIX, Bot
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.program_process import CLOSE_WAIT_S, FILE_MB, ProgramProcess
from scala40.bots.protocol import (
    DECISION_MS,
    GRACE_MS,
    HANDSHAKE_MS,
    MAX_LINE_BYTES,
    MAX_MESSAGES,
    MEMORY_MB,
    PROTOCOL,
    STDERR_TAIL,
    Incident,
    ProtocolBot,
    ProtocolError,
    Reason,
    Slots,
    logger,
    shown_name,
)

__all__ = [
    "CLOSE_WAIT_S",
    "DECISION_MS",
    "FILE_MB",
    "GRACE_MS",
    "HANDSHAKE_MS",
    "MAX_LINE_BYTES",
    "MAX_MESSAGES",
    "MEMORY_MB",
    "PROTOCOL",
    "Incident",
    "ProgramBot",
    "ProtocolError",
    "Reason",
    "Slots",
    "shown_name",
]


def parse_command(text: str) -> list[str]:
    """The program's argument list from a command line (shell quoting, no shell).

    Raises ``ValueError`` when there is no command or its program cannot be found, so a
    misspelt bot is reported before any game starts.

    >>> parse_command('python "my bot.py" --fast')
    ['python', 'my bot.py', '--fast']
    """
    try:
        argv = shlex.split(text)
    except ValueError as err:
        raise ValueError(f"cannot read the bot command {text!r}: {err}") from None
    if not argv:
        raise ValueError(f"{PREFIX} needs a command to run, e.g. {PREFIX}python bot.py")
    if shutil.which(argv[0]) is None:
        raise ValueError(f"bot command {text!r}: program {argv[0]!r} not found")
    return argv


def _end(process: ProgramProcess, slots: Slots | None) -> None:
    """Stop the program's whole tree and give its place back (once: a finalizer)."""
    try:
        process.stop()
    finally:
        if slots is not None:
            slots.give_back()
    if process.forced:
        logger.error("program keeper %d did not end in time and was killed", process.pid)


class ProgramBot(ProtocolBot):
    """A seat played by an outside program over the bot protocol (docs/bot-protocol.md).

    The program is started at the seat's first decision (so building the bot to check a
    bot list starts nothing) and ended by :meth:`close`; a game loop calls :meth:`close`
    when its game ends (a finalizer kills the program should the bot be dropped first).
    :meth:`stop` ends it for a while: the next decision starts it again.
    """

    memory_mb: int
    """The program's address-space limit, MiB (told in ``hello``)."""

    def __init__(
        self,
        command: str,
        *,
        fallback: Callable[[], Bot] = HeuristicBot,
        decision_ms: float | None = None,
        memory_mb: int = MEMORY_MB,
        handshake_ms: float = HANDSHAKE_MS,
        slots: Slots | None = None,
    ) -> None:
        self.command = command.strip()
        self.argv = parse_command(self.command)
        super().__init__(
            PREFIX + self.command,
            fallback=fallback,
            decision_ms=decision_ms,
            handshake_ms=handshake_ms,
        )
        self.memory_mb = memory_mb
        self.slots = slots
        self.transcript: list[tuple[str, str, float]] | None = None
        """When a list, every line sent and read is appended as ``("host", line, t)`` or
        ``("program", line, t)`` (``t``: ``time.monotonic()`` when it was written or read):
        ``scala40 bot-check`` quotes the exchange that went wrong to the program's author,
        and times the program's own part of a decision. ``None`` (the default) keeps
        nothing, as a long game would otherwise hold every VIEW it sent."""
        self._proc: ProgramProcess | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._buffer = b""

    @property
    def running(self) -> bool:
        """Whether the program is started and not stopped since."""
        return self._proc is not None

    def stop(self) -> None:
        """End the program and everything it started (input closed; after a short wait
        the rest killed); the next decision starts it again. Idempotent."""
        super().stop()

    # The pipe -----------------------------------------------------------------------------

    def _open(self) -> None:
        if self.slots is not None:
            refused = self.slots.take()
            if refused is not None:
                raise ProtocolError(Reason.LIMIT, refused, fatal=False)
        try:
            proc = ProgramProcess(self.argv, self.memory_mb, "program")
        except OSError as err:
            if self.slots is not None:
                self.slots.give_back()
            raise ProtocolError(Reason.HANDSHAKE, f"cannot start {self.command!r}: {err}") from None
        self._proc = proc
        self._finalizer = weakref.finalize(self, _end, proc, self.slots)

    def _drop(self) -> None:
        proc = self._proc
        if self._finalizer is not None:
            self._finalizer()
            self._finalizer = None
        self._proc = None
        self._buffer = b""
        if proc is not None:
            self._note_stderr(proc)  # its last lines, read to the end of the pipe

    def _after_decision(self) -> None:
        self._note_stderr()

    def _note_stderr(self, proc: ProgramProcess | None = None) -> None:
        """Note the standard error lines written since the last look."""
        proc = proc or self._proc
        if not self.keep_notes or proc is None:
            return
        text, lost = proc.new_stderr()
        if lost:
            self._note(f"stderr: ({lost} bytes not kept)")
        for line in text.splitlines():
            self._note("stderr: " + line)

    def _crashed(self, what: str) -> ProtocolError:
        """The program's end, with its exit status and the tail of its standard error."""
        proc = self._proc
        assert proc is not None
        status = proc.status(1.0)
        tail = proc.last_words(STDERR_TAIL)
        if status is None:
            how = "closed its output"
        elif status < 0:
            how = f"was killed by {signal.Signals(-status).name}"
        else:
            how = f"exited with status {status}"
        detail = f"the program {how} {what}"
        if tail:
            detail += f"; its last words: {tail[-STDERR_TAIL:]}"
        return ProtocolError(Reason.CRASH, detail)

    def _send_text(self, text: str, deadline: float, *, fatal: bool) -> None:
        proc = self._proc
        assert proc is not None
        if self.transcript is not None:
            self.transcript.append(("host", text, time.monotonic()))
        data = (text + "\n").encode()
        fd = proc.stdin
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        while data:
            left = deadline - time.monotonic()
            if left <= 0 or not poller.poll(left * 1000):
                # Half a line may be in the pipe: the stream cannot be trusted after this.
                raise ProtocolError(Reason.TIMEOUT, "the program stopped reading", fatal=fatal)
            try:
                sent = os.write(fd, data)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise self._crashed("before reading its input") from None
            data = data[sent:]

    def _read_line(self, deadline: float, limit_ms: float) -> str:
        """The next non-empty line, by ``deadline`` (a :class:`ProtocolError` otherwise);
        ``limit_ms`` is the limit that set the deadline, named when it passes."""
        proc = self._proc
        assert proc is not None
        fd = proc.stdout
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                raw, self._buffer = self._buffer[:end], self._buffer[end + 1 :]
                if end > MAX_LINE_BYTES:
                    raise ProtocolError(Reason.TOO_MUCH_OUTPUT, f"a line of {end} bytes")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    if self.transcript is not None:
                        seen = raw.decode("utf-8", "replace")
                        self.transcript.append(("program", seen, time.monotonic()))
                    raise ProtocolError(Reason.BAD_JSON, "a line that is not UTF-8") from None
                if text.strip():
                    if self.transcript is not None:
                        self.transcript.append(("program", text, time.monotonic()))
                    return text
                continue
            if len(self._buffer) > MAX_LINE_BYTES:
                raise ProtocolError(
                    Reason.TOO_MUCH_OUTPUT, f"a line over {MAX_LINE_BYTES} bytes and counting"
                )
            left = deadline - time.monotonic()
            if left <= 0 or not poller.poll(left * 1000):
                raise ProtocolError(Reason.TIMEOUT, f"no answer within {limit_ms:g} ms")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise self._crashed("during the game")
            self._buffer += chunk
