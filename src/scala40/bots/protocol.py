"""The bot protocol's conversation, whatever carries it: one protocol, two transports.

Why a base class apart from the pipe: a program may run on the server's machine (a pipe to
its standard input and output, :mod:`~scala40.bots.program`) or elsewhere, connected over a
WebSocket as a bot account (:mod:`~scala40.bots.remote`). Both must hear the same ``hello``,
``decide``, ``legal``, ``hand_over`` and ``match_over`` and be held to the same answers,
limits and fallbacks (docs/bot-protocol.md), so the messages are built and read here, once;
a transport says only how a line is opened, sent, received and dropped.

Why fall back instead of failing: a bot under development misbehaves (prints garbage,
answers an illegal move, hangs, crashes, goes away); the game must still finish and the
misbehaviour must be visible. Each such incident is logged (``logging``), recorded with
its reason in :attr:`ProtocolBot.incidents`, and the decision is taken by a built-in bot
instead; after a fatal incident the built-in bot plays the seat until the game ends.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Protocol

from scala40.bots.base import Bot, world_of
from scala40.bots.heuristic import HeuristicBot
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
    AWAY = "away"
    """A remote bot was not connected (its socket dropped and it did not come back within
    the grace), so the seat's built-in bot took the decision; it plays again once back."""
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


class Slots(Protocol):
    """Room for one more running program (a server's cap; see the module's docstring)."""

    def take(self) -> str | None:
        """Hold a place for a program about to start: ``None``, or why there is none (a
        sentence naming the limit)."""

    def give_back(self) -> None:
        """The program that held a place has stopped."""


class ProtocolBot:
    """A seat played over the bot protocol (docs/bot-protocol.md), whatever carries it.

    The line is opened at the seat's first decision (so building the bot starts nothing)
    and dropped by :meth:`close`; :meth:`stop` drops it for a while: the next decision
    opens it again with a fresh ``hello``. A transport supplies :meth:`_open`,
    :meth:`_send_text`, :meth:`_read_line`, :meth:`_drop` and :attr:`running`.
    """

    memory_mb: int | None = None
    """The address-space limit told in ``hello`` (``None``: not the host's to set)."""

    def __init__(
        self,
        name: str,
        *,
        fallback: Callable[[], Bot] = HeuristicBot,
        decision_ms: float | None = None,
        handshake_ms: float = HANDSHAKE_MS,
    ) -> None:
        self.name = name
        self.program_name: str | None = None
        """The name the program gave in ``ready`` (:func:`shown_name`), to show it by:
        its author's name for it rather than the command that runs it."""
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
        """Whether the line to the program is open (started and not stopped since)."""
        raise NotImplementedError

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
                if not self.running:
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
                self._after_decision()
                return action
            self._after_decision()
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
        self._tell(hand_over_message(hand, winner, penalties, totals))

    def match_over(self, winners: Sequence[int], totals: Mapping[int, int]) -> None:
        """Tell the program the game is over (a lone hand in the arena is a game too)."""
        self._tell(match_over_message(winners, totals))

    def stop(self) -> None:
        """Drop the line (the transport's :meth:`_drop`); the next decision opens it again
        with a fresh ``hello``. Idempotent."""
        self._drop()
        if self._notes_left_out:
            self.notes.append(f"({self._notes_left_out} more lines left out)")
            self._notes_left_out = 0

    def close(self) -> None:
        """End the program at the end of its game (:meth:`stop`); idempotent."""
        self.stop()

    # The transport ------------------------------------------------------------------------

    def _open(self) -> None:
        """Open the line before ``hello`` (:class:`ProtocolError` when it cannot be)."""
        raise NotImplementedError

    def _send_text(self, text: str, deadline: float, *, fatal: bool) -> None:
        """Send one line (``text`` without its newline) by ``deadline``."""
        raise NotImplementedError

    def _read_line(self, deadline: float, limit_ms: float) -> str:
        """The next non-empty line, by ``deadline`` (a :class:`ProtocolError` otherwise);
        ``limit_ms`` is the limit that set the deadline, named when it passes."""
        raise NotImplementedError

    def _drop(self) -> None:
        """Close the line (idempotent)."""
        raise NotImplementedError

    def _after_decision(self) -> None:
        """Called after every decision (a pipe reads its program's standard error)."""

    # The conversation ---------------------------------------------------------------------

    def _send(self, message: JSONDict, deadline: float, *, fatal: bool) -> None:
        self._send_text(json.dumps(message, separators=(",", ":")), deadline, fatal=fatal)

    def _start(self, view: PlayerView, rng: random.Random) -> None:
        self._open()
        restarts = self.starts
        self.starts += 1
        deadline = time.monotonic() + self.handshake_ms / 1000
        hello = hello_message(
            view,
            seed=rng.getrandbits(32),
            restarts=restarts,
            limits={
                "decision_ms": self.decision_ms,
                "think_ms": self._think_ms,
                "memory_mb": self.memory_mb,
                "line_bytes": MAX_LINE_BYTES,
                "messages": MAX_MESSAGES,
            },
        )
        self._send(hello, deadline, fatal=True)
        try:
            line = self._read_line(deadline, self.handshake_ms)
        except ProtocolError as err:
            # The one limit that applies here is named: the decision's limit is not yet running.
            if err.reason is Reason.TIMEOUT:
                detail = f"no ready within {self.handshake_ms:g} ms of the start"
            elif err.reason is Reason.AWAY:
                raise
            else:
                detail = f"no ready: {err.detail}"
            raise ProtocolError(Reason.HANDSHAKE, detail) from None
        self.program_name = read_ready(line)

    def _ask(self, view: PlayerView) -> Action:
        world = world_of(view)
        legal = [format_action(a) for a in legal_actions(world)]
        self._sequence += 1
        ask_id = self._sequence
        deadline = time.monotonic() + self.decision_ms / 1000
        self._send(decide_message(ask_id, view, legal), deadline, fatal=True)
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
            action = read_action(message.get("action"))
            refused = world.check(action)
            if refused is not None:
                raise ProtocolError(
                    Reason.ILLEGAL, f"{format_action(action)!r} refused: {refused.reason}"
                )
            return action
        raise ProtocolError(
            Reason.TOO_MUCH_OUTPUT, f"more than {MAX_MESSAGES} messages for one decision"
        )

    def _tell(self, message: JSONDict) -> None:
        """Send an announcement that needs no answer (a program that fails here is dropped)."""
        if not self.running or self._gone:
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


# The messages, built and read in one place ------------------------------------------------


def hello_message(view: PlayerView, *, seed: int, restarts: int, limits: JSONDict) -> JSONDict:
    """``hello``: the protocol, the seat, the rules, a seed, the starts before and the limits."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "seat": view.seat,
        "players": view.rules.players,
        "rules": {
            "changes": rules_changes(view.rules),
            "opening_points": view.rules.opening_points,
        },
        "seed": seed,
        "restarts": restarts,
        "limits": limits,
    }


def read_ready(line: str) -> str | None:
    """The shown name of a ``ready`` line (:class:`ProtocolError` ``handshake`` when the
    line is no fitting ``ready``)."""
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
    return shown_name(ready.get("name"))


def decide_message(ask_id: int, view: PlayerView, legal: list[str]) -> JSONDict:
    """``decide``: the seat's VIEW (and nothing the seat may not know), its history, the
    legal moves."""
    return {
        "type": "decide",
        "id": ask_id,
        "view": view_to_dict(view),
        "history": history_to_list(view),
        "legal": legal,
    }


def hand_over_message(
    hand: int, winner: int | None, penalties: Mapping[int, int], totals: Mapping[int, int]
) -> JSONDict:
    return {
        "type": "hand_over",
        "hand": hand,
        "winner": winner,
        "penalties": {str(s): p for s, p in sorted(penalties.items())},
        "totals": {str(s): t for s, t in sorted(totals.items())},
    }


def match_over_message(winners: Sequence[int], totals: Mapping[int, int]) -> JSONDict:
    return {
        "type": "match_over",
        "winners": list(winners),
        "totals": {str(s): t for s, t in sorted(totals.items())},
    }


def read_action(data: object) -> Action:
    """The action of an ``action`` message: notation text or the action's dict."""
    try:
        if isinstance(data, str):
            return parse_action(data)
        if isinstance(data, dict):
            return action_from_dict(data)
    except NotationError as err:
        raise ProtocolError(Reason.BAD_ACTION, str(err)) from None
    raise ProtocolError(Reason.BAD_ACTION, f"an action is text or an object, not {data!r}")
