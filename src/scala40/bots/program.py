"""A bot that is another program: JSON lines over its standard input and output.

Why a protocol (in the spirit of UCI and GTP): a programmer should be able to write a
Scala 40 player in any language and pit it against the built-in bots, without importing
this package. docs/bot-protocol.md is the contract; this module is the host side.

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

import json
import logging
import os
import random
import select
import shlex
import shutil
import signal
import time
import weakref
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Protocol

from scala40.bots.base import PREFIX, Bot, world_of
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.program_process import CLOSE_WAIT_S, FILE_MB, ProgramProcess
from scala40.engine.actions import Action
from scala40.engine.legal import legal_actions
from scala40.engine.views import PlayerView
from scala40.notation.actions import format_action, parse_action
from scala40.notation.codec import JSONDict, action_from_dict, rules_changes
from scala40.notation.errors import NotationError
from scala40.notation.view import history_to_list, view_to_dict

logger = logging.getLogger(__name__)

PROTOCOL: Final = 1
"""The protocol version this host speaks; the program's ``ready`` must name it."""


DECISION_MS: Final = 5000.0
"""The default time a program has for one decision, from the request to the answer."""

GRACE_MS: Final = 500.0
"""Added to a thinking budget (``--think-ms``) to make the hard limit: pipes and the
scheduler take their share, and a program keeping to its budget must not be cut off."""

HANDSHAKE_MS: Final = 10_000.0
"""Time to start and answer ``hello``: interpreters take a while to start."""

MEMORY_MB: Final = 2048
"""The program's address-space limit. Not lower: a JavaScript engine reserves about a
gigabyte of address space before it runs a line."""

MAX_LINE_BYTES: Final = 1 << 20
"""The longest line a program may write; a longer one ends the program (too_much_output)."""

MAX_MESSAGES: Final = 100
"""Messages a program may send for one decision (logs, legal-move requests, the answer)."""

MAX_TIMEOUTS: Final = 3
"""Timeouts in a row after which the program is given up for the rest of the game: a
hung program would otherwise cost the full limit at every decision."""

MAX_NOTES: Final = 2000
"""Lines of a program's own output (``log`` messages, standard error) kept for its author
per game when asked (:attr:`ProgramBot.keep_notes`); later ones are counted, not kept."""

NAME_CHARS: Final = 40
"""The longest ``ready`` name shown; a longer one is cut."""

STDERR_TAIL: Final = 600
"""Characters of the program's standard error quoted when it crashes."""

__all__ = ["CLOSE_WAIT_S", "FILE_MB", "ProgramBot", "Reason", "Slots", "shown_name"]


class Reason(StrEnum):
    """Why a decision was taken by the built-in bot instead of the program."""

    HANDSHAKE = "handshake"
    """The program did not start, or did not answer ``hello`` with a fitting ``ready``."""
    BAD_JSON = "bad_json"
    """A line that is not JSON (or not UTF-8)."""
    BAD_MESSAGE = "bad_message"
    """JSON, but not a message the protocol knows at that point."""
    BAD_ACTION = "bad_action"
    """An ``action`` message whose action cannot be read as the notation."""
    ILLEGAL = "illegal"
    """A readable action the rules refuse now."""
    TIMEOUT = "timeout"
    """No answer within the decision's time limit."""
    CRASH = "crash"
    """The program exited (or closed its output) during the game."""
    TOO_MUCH_OUTPUT = "too_much_output"
    """A line over the size limit, or too many messages for one decision."""
    LIMIT = "limit"
    """The program was not running and the server runs as many programs as it may."""


FATAL: Final = frozenset({Reason.HANDSHAKE, Reason.CRASH, Reason.TOO_MUCH_OUTPUT})
"""Reasons after which the program is not asked again in this game."""


@dataclass(frozen=True, slots=True)
class Incident:
    """One misbehaviour of the program, as logged and reported."""

    reason: Reason
    detail: str
    decision: int
    """The decision it happened at (1 = the program's first), 0 outside a decision."""


class ProtocolError(Exception):
    """The program broke the protocol; the caller records it and falls back."""

    def __init__(self, reason: Reason, detail: str, *, fatal: bool | None = None) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail
        self.fatal = reason in FATAL if fatal is None else fatal


def shown_name(name: object) -> str | None:
    """The ``ready`` name as reports and tables show it: printable characters only (no
    control codes to rewrite a terminal), at most :data:`NAME_CHARS`; ``None`` when there
    is nothing left (the program is then shown by its command).

    >>> shown_name(" simple.py "), shown_name(""), shown_name(None)
    ('simple.py', None, None)
    """
    if not isinstance(name, str):
        return None
    text = "".join(c for c in name if c.isprintable()).strip()[:NAME_CHARS].strip()
    return text or None


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


class Slots(Protocol):
    """Room for one more running program (a server's cap; see the module's docstring)."""

    def take(self) -> str | None:
        """Hold a place for a program about to start: ``None``, or why there is none (a
        sentence naming the limit)."""

    def give_back(self) -> None:
        """The program that held a place has stopped."""


def _end(process: ProgramProcess, slots: Slots | None) -> None:
    """Stop the program's whole tree and give its place back (once: a finalizer)."""
    try:
        process.stop()
    finally:
        if slots is not None:
            slots.give_back()
    if process.forced:
        logger.error("program keeper %d did not end in time and was killed", process.pid)


class ProgramBot:
    """A seat played by an outside program over the bot protocol (docs/bot-protocol.md).

    The program is started at the seat's first decision (so building the bot to check a
    bot list starts nothing) and ended by :meth:`close`; a game loop calls :meth:`close`
    when its game ends (a finalizer kills the program should the bot be dropped first).
    :meth:`stop` ends it for a while: the next decision starts it again.
    """

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
        self.name = PREFIX + self.command
        self.program_name: str | None = None
        """The name the program gave in ``ready`` (:func:`shown_name`), to show it by:
        its author's name for it rather than the command that runs it."""
        self.memory_mb = memory_mb
        self.handshake_ms = handshake_ms
        self._decision_ms = decision_ms
        self._think_ms: float | None = None
        self._fallback_factory = fallback
        self._fallback: Bot | None = None
        self.incidents: list[Incident] = []
        self.decisions = 0
        """Decisions asked of this seat (the program's and the fallback's)."""
        self.fallback_decisions = 0
        """Decisions the built-in bot took instead of the program."""
        self.slots = slots
        self.starts = 0
        """Times the program was started in this game (a stop and a later decision start
        it again)."""
        self.keep_notes = False
        """Keep what the program says for its author (:attr:`notes`): the arena's
        ``--verbose``. Off by default: nobody would read it."""
        self.notes: list[str] = []
        """The program's ``log`` messages (``log: …``) and standard error lines
        (``stderr: …``), in the order the host saw them, when :attr:`keep_notes`."""
        self._notes_left_out = 0
        self.start_seconds = 0.0
        """Seconds spent starting the program and waiting for its ``ready``, over the game:
        a game loop timing :meth:`choose` takes them out, so an interpreter's start is not
        counted as thinking."""
        self.transcript: list[tuple[str, str, float]] | None = None
        """When a list, every line sent and read is appended as ``("host", line, t)`` or
        ``("program", line, t)`` (``t``: ``time.monotonic()`` when it was written or read):
        ``scala40 bot-check`` quotes the exchange that went wrong to the program's author,
        and times the program's own part of a decision. ``None`` (the default) keeps
        nothing, as a long game would otherwise hold every VIEW it sent."""
        self._proc: ProgramProcess | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._buffer = b""
        self._gone = False
        self._timeouts = 0
        self._sequence = 0

    # Settings -----------------------------------------------------------------------------

    @property
    def think_ms(self) -> float | None:
        """A thinking budget per decision, told to the program in ``hello``.

        Setting it (the arena's ``--think-ms``) also sets the hard limit to the budget
        plus :data:`GRACE_MS`, unless the bot was built with its own ``decision_ms``.
        """
        return self._think_ms

    @think_ms.setter
    def think_ms(self, value: float | None) -> None:
        self._think_ms = value

    @property
    def decision_ms(self) -> float:
        """The hard time limit of one decision, in milliseconds."""
        if self._decision_ms is not None:
            return self._decision_ms
        if self._think_ms is not None:
            return self._think_ms + GRACE_MS
        return DECISION_MS

    @property
    def running(self) -> bool:
        """Whether the program is started and not stopped since."""
        return self._proc is not None

    @property
    def gone(self) -> bool:
        """Whether the program has been given up for the rest of the game."""
        return self._gone

    def fallback_reasons(self) -> dict[str, int]:
        """How many incidents of each reason (for the arena's report)."""
        return dict(Counter(i.reason.value for i in self.incidents))

    # Playing ------------------------------------------------------------------------------

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The program's action for ``view``, or the built-in bot's when the program fails."""
        self.decisions += 1
        if not self._gone:
            try:
                if self._proc is None:
                    began = time.perf_counter()
                    try:
                        self._start(view, rng)
                    finally:
                        self.start_seconds += time.perf_counter() - began
                action = self._ask(view)
            except ProtocolError as err:
                self._record(err)
            else:
                self._timeouts = 0
                self._note_stderr()
                return action
            self._note_stderr()
        self.fallback_decisions += 1
        if self._fallback is None:
            self._fallback = self._fallback_factory()
        return self._fallback.choose(view, rng)

    def hand_over(
        self,
        hand: int,
        winner: int | None,
        penalties: Mapping[int, int],
        totals: Mapping[int, int],
    ) -> None:
        """Tell the program a hand ended: who went out, what each seat paid, the totals."""
        self._tell(
            {
                "type": "hand_over",
                "hand": hand,
                "winner": winner,
                "penalties": {str(s): p for s, p in sorted(penalties.items())},
                "totals": {str(s): t for s, t in sorted(totals.items())},
            }
        )

    def match_over(self, winners: Sequence[int], totals: Mapping[int, int]) -> None:
        """Tell the program the game is over (a lone hand in the arena is a game too)."""
        self._tell(
            {
                "type": "match_over",
                "winners": list(winners),
                "totals": {str(s): t for s, t in sorted(totals.items())},
            }
        )

    def stop(self) -> None:
        """End the program and everything it started (input closed; after a short wait
        the rest killed); the next decision starts it again. Idempotent."""
        proc = self._proc
        if self._finalizer is not None:
            self._finalizer()
            self._finalizer = None
        self._proc = None
        self._buffer = b""
        if proc is not None:
            self._note_stderr(proc)  # its last lines, read to the end of the pipe
        if self._notes_left_out:
            self.notes.append(f"({self._notes_left_out} more lines left out)")
            self._notes_left_out = 0

    def close(self) -> None:
        """End the program at the end of its game (:meth:`stop`); idempotent."""
        self.stop()

    # The conversation ---------------------------------------------------------------------

    def _start(self, view: PlayerView, rng: random.Random) -> None:
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
        restarts = self.starts
        self.starts += 1
        deadline = time.monotonic() + self.handshake_ms / 1000
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "seat": view.seat,
            "players": view.rules.players,
            "rules": {
                "changes": rules_changes(view.rules),
                "opening_points": view.rules.opening_points,
            },
            "seed": rng.getrandbits(32),
            "restarts": restarts,
            "limits": {
                "decision_ms": self.decision_ms,
                "think_ms": self._think_ms,
                "memory_mb": self.memory_mb,
                "line_bytes": MAX_LINE_BYTES,
                "messages": MAX_MESSAGES,
            },
        }
        self._send(hello, deadline, fatal=True)
        try:
            line = self._read_line(deadline, self.handshake_ms)
        except ProtocolError as err:
            # The one limit that applies here is named: the decision's limit is not yet running.
            if err.reason is Reason.TIMEOUT:
                detail = f"no ready within {self.handshake_ms:g} ms of the start"
            else:
                detail = f"no ready: {err.detail}"
            raise ProtocolError(Reason.HANDSHAKE, detail) from None
        try:
            ready = json.loads(line)
        except ValueError:
            raise ProtocolError(Reason.HANDSHAKE, f"ready is not JSON: {line[:80]!r}") from None
        if not isinstance(ready, dict) or ready.get("type") != "ready":
            raise ProtocolError(Reason.HANDSHAKE, f"expected ready, got {line[:80]!r}")
        if ready.get("protocol") != PROTOCOL:
            raise ProtocolError(
                Reason.HANDSHAKE,
                f"the program speaks protocol {ready.get('protocol')!r}, this host {PROTOCOL}",
            )
        self.program_name = shown_name(ready.get("name"))

    def _ask(self, view: PlayerView) -> Action:
        world = world_of(view)
        legal = [format_action(a) for a in legal_actions(world)]
        self._sequence += 1
        ask_id = self._sequence
        deadline = time.monotonic() + self.decision_ms / 1000
        self._send(
            {
                "type": "decide",
                "id": ask_id,
                "view": view_to_dict(view),
                "history": history_to_list(view),
                "legal": legal,
            },
            deadline,
            fatal=True,
        )
        for _ in range(MAX_MESSAGES):
            line = self._read_line(deadline, self.decision_ms)
            try:
                message = json.loads(line)
            except ValueError:
                raise ProtocolError(Reason.BAD_JSON, f"not JSON: {line[:80]!r}") from None
            if not isinstance(message, dict):
                raise ProtocolError(Reason.BAD_MESSAGE, f"not a JSON object: {line[:80]!r}")
            said = message.get("id")
            if said is not None and said != ask_id:
                if isinstance(said, int) and not isinstance(said, bool) and said < ask_id:
                    logger.debug("%s: late message for decision %d dropped", self.name, said)
                    continue
                raise ProtocolError(Reason.BAD_MESSAGE, f"id {said!r} is not this decision's")
            kind = message.get("type")
            if kind == "log":
                said = str(message.get("message"))[:200]
                logger.info("%s says: %s", self.name, said)
                self._note("log: " + said)
                continue
            if kind == "legal":
                self._send({"type": "legal", "id": ask_id, "legal": legal}, deadline, fatal=True)
                continue
            if kind != "action":
                raise ProtocolError(Reason.BAD_MESSAGE, f"unexpected message {line[:80]!r}")
            action = self._read_action(message.get("action"))
            refused = world.check(action)
            if refused is not None:
                raise ProtocolError(
                    Reason.ILLEGAL, f"{format_action(action)!r} refused: {refused.reason}"
                )
            return action
        raise ProtocolError(
            Reason.TOO_MUCH_OUTPUT, f"more than {MAX_MESSAGES} messages for one decision"
        )

    @staticmethod
    def _read_action(data: object) -> Action:
        """The action of an ``action`` message: notation text or the action's dict."""
        try:
            if isinstance(data, str):
                return parse_action(data)
            if isinstance(data, dict):
                return action_from_dict(data)
        except NotationError as err:
            raise ProtocolError(Reason.BAD_ACTION, str(err)) from None
        raise ProtocolError(Reason.BAD_ACTION, f"an action is text or an object, not {data!r}")

    def _tell(self, message: JSONDict) -> None:
        """Send an announcement that needs no answer (a program that fails here is dropped)."""
        if self._proc is None or self._gone:
            return
        try:
            self._send(message, time.monotonic() + self.decision_ms / 1000, fatal=True)
        except ProtocolError as err:
            self._record(err)

    def _note(self, line: str) -> None:
        if not self.keep_notes:
            return
        if len(self.notes) < MAX_NOTES:
            self.notes.append(line)
        else:
            self._notes_left_out += 1

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

    def _record(self, err: ProtocolError) -> None:
        fatal = err.fatal
        if err.reason is Reason.TIMEOUT and not fatal:
            self._timeouts += 1
            if self._timeouts >= MAX_TIMEOUTS:
                fatal = True
        self.incidents.append(Incident(err.reason, err.detail, self._sequence))
        logger.warning(
            "%s: %s (%s); %s",
            self.name,
            err.reason.value,
            err.detail,
            "a built-in bot plays the seat for the rest of the game"
            if fatal
            else "a built-in bot takes this decision",
        )
        if fatal:
            self._gone = True
            self.close()

    # Pipes --------------------------------------------------------------------------------

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

    def _send(self, message: JSONDict, deadline: float, *, fatal: bool) -> None:
        proc = self._proc
        assert proc is not None
        text = json.dumps(message, separators=(",", ":"))
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
