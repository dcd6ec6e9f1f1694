"""Putting a program through ``scala40 bot-check``: the handshake, each set-up situation,
then a few whole hands against the club bot.

Why the host's own :class:`~scala40.bots.program.ProgramBot` judges: bot-check must find
exactly what the arena and the web table would hold against the program (same limits,
same reading of answers, same rules check), not a second opinion that could drift from
them. Each situation runs a fresh program (a fault in one cannot hide the others, and
each ``hello`` carries that situation's rules); the program plays its turn from the
position until it discards, at most :data:`MAX_DECISIONS` decisions, and the check fails
at its first incident, keeping the exchange (:attr:`ProgramBot.transcript`).
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Final

from scala40.botcheck.report import CheckResult, Failure, Outcome, Report
from scala40.botcheck.situations import SITUATIONS, Situation
from scala40.bots import make_bot, program
from scala40.bots.program import DECISION_MS, HANDSHAKE_MS, Incident, ProgramBot, Reason
from scala40.engine.cards import pack_list
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

MAX_DECISIONS: Final = 20
"""Decisions a situation's turn may take: a turn is the draw, a few plays and the
discard, so a program still playing after this many is not ending it (laying and taking
back the same meld, say) and the check fails (``no_end``)."""

MAX_TURN_ACTIONS: Final = 200
"""In a whole hand, actions one turn may take (the arena's bound): past it the program
is taking back forever and the check fails."""

MAX_TURNS: Final = 1000
"""Turns after which a whole hand is given up (reshuffles can make a hand endless)."""

HANDS: Final = 3
"""Whole hands played by default."""

WHY: Final = {
    Reason.HANDSHAKE: "the program must answer hello with"
    ' {"type": "ready", "protocol": 1} within the handshake limit',
    Reason.BAD_JSON: "every line the program writes must be one JSON object",
    Reason.BAD_MESSAGE: "while deciding, only log, legal and one action (with this"
    " decision's id, or none) may be sent",
    Reason.BAD_ACTION: "an action is text in the action grammar or its object form"
    " (docs/bot-protocol.md, Actions)",
    Reason.ILLEGAL: "the answer must be a move the rules allow now; the decide message's"
    " legal list holds every one",
    Reason.TIMEOUT: "each decision must be answered within limits.decision_ms",
    Reason.CRASH: "the program must keep running until its input is closed",
    Reason.TOO_MUCH_OUTPUT: "lines are at most limits.line_bytes and messages per decision at"
    " most limits.messages",
    Reason.LIMIT: "the host could not start the program",
}
"""Why each kind of incident is wrong, in the protocol's terms."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How to run the program."""

    command: str
    decision_ms: float = DECISION_MS
    handshake_ms: float = HANDSHAKE_MS
    hands: int = HANDS
    seed: int = 1


def run_checks(settings: Settings, progress: Callable[[str], None] | None = None) -> Report:
    """Every check of the program (``ValueError`` when its command cannot be found)."""
    with _quiet():
        return _run(settings, progress)


@contextmanager
def _quiet() -> Iterator[None]:
    """Keep the host's incident warnings off the terminal: the report says each of them,
    with more (its errors, such as a keeper that would not end, still show)."""
    host = logging.getLogger(program.__name__)
    level = host.level
    host.setLevel(logging.ERROR)
    try:
        yield
    finally:
        host.setLevel(level)


def _run(settings: Settings, progress: Callable[[str], None] | None) -> Report:
    report = Report(settings.command, settings.decision_ms)
    first = _situation(settings, SITUATIONS[0], report)
    if not _handshake(report, first):
        report.checks += [_not_run(s.key, s.topic.value, s.what) for s in SITUATIONS]
        report.checks += [
            _not_run(f"hand-{i + 1}", "whole hand", "") for i in range(settings.hands)
        ]
        return report
    report.checks.append(replace(first, note=""))
    for situation in SITUATIONS[1:]:
        if progress is not None:
            progress(situation.key)
        report.checks.append(_situation(settings, situation, report))
    for i in range(settings.hands):
        if progress is not None:
            progress(f"hand-{i + 1}")
        report.checks.append(_whole_hand(settings, i, report))
    return report


def _not_run(key: str, group: str, what: str) -> CheckResult:
    return CheckResult(key, group, what or "a whole hand against the club bot", Outcome.NOT_RUN)


def _new_bot(settings: Settings) -> ProgramBot:
    bot = ProgramBot(
        settings.command, decision_ms=settings.decision_ms, handshake_ms=settings.handshake_ms
    )
    bot.transcript = []
    return bot


def _handshake(report: Report, first: CheckResult) -> bool:
    """Record the handshake checks from the first situation's start; ``False`` when the
    program never got through it (the first check is then the handshake's failure)."""
    failure = first.failure
    if failure is not None and failure.reason == Reason.HANDSHAKE.value:
        report.checks.append(
            CheckResult("handshake", "handshake", "ready in time", Outcome.FAILED, failure=failure)
        )
        return False
    what = "answers hello with ready for protocol 1 in time"
    report.checks.append(
        CheckResult("handshake", "handshake", what, Outcome.PASSED, note=first.note)
    )
    if report.name is None:
        advice = (
            'ready carries no "name": reports and tables show the command instead'
            " (docs/bot-protocol.md, ready)"
        )
        report.checks.append(
            CheckResult("name", "handshake", "ready names the program", Outcome.NOTED, note=advice)
        )
    else:
        what = f"ready names the program: {report.name!r}"
        report.checks.append(CheckResult("name", "handshake", what, Outcome.PASSED))
    return True


class _Asker:
    """One program's decisions with their timing and, on an incident, the exchange."""

    def __init__(self, bot: ProgramBot) -> None:
        self.bot = bot
        self.decisions = 0
        self.slowest_ms = 0.0
        self.start_ms = 0.0

    def ask(self, view: PlayerView, rng: random.Random) -> tuple[Any, Failure | None]:
        bot = self.bot
        assert bot.transcript is not None
        bot.transcript.clear()
        incidents = len(bot.incidents)
        starting = bot.start_seconds
        action = bot.choose(view, rng)
        self.start_ms += (bot.start_seconds - starting) * 1000
        self.decisions += 1
        self.slowest_ms = max(self.slowest_ms, self._program_ms())
        if len(bot.incidents) > incidents:
            return action, self._failure(bot.incidents[incidents])
        return action, None

    def _program_ms(self) -> float:
        """The program's part of the decision just asked: from the ``decide`` written to
        the last line read (the host's own preparation of the message left out), or to now
        when the program answered nothing in time."""
        assert self.bot.transcript is not None
        sent = [
            t
            for who, line, t in self.bot.transcript
            if who == "host" and line.startswith('{"type":"decide"')
        ]
        if not sent:
            return 0.0
        read = [t for who, _, t in self.bot.transcript if who == "program" and t >= sent[-1]]
        return ((read[-1] if read else time.monotonic()) - sent[-1]) * 1000

    def _failure(self, incident: Incident) -> Failure:
        sent, answered = self.exchange()
        return Failure(incident.reason.value, incident.detail, WHY[incident.reason], sent, answered)

    def exchange(self) -> tuple[dict[str, Any] | None, tuple[str, ...]]:
        """The last ``hello`` or ``decide`` sent and every line the program wrote after it."""
        assert self.bot.transcript is not None
        sent: dict[str, Any] | None = None
        answered: list[str] = []
        for who, line, _ in self.bot.transcript:
            if who == "host":
                message = json.loads(line)
                if message.get("type") in ("hello", "decide"):
                    sent, answered = message, []
            else:
                answered.append(line)
        return sent, tuple(answered)


def _situation(settings: Settings, situation: Situation, report: Report) -> CheckResult:
    """Play the program's turn from the situation's position."""
    deal = situation.deal()
    bot = _new_bot(settings)
    asker = _Asker(bot)
    rng = random.Random(settings.seed)
    failure: Failure | None = None
    try:
        turn = deal.turns_done
        while not deal.over and deal.turns_done == turn and asker.decisions < MAX_DECISIONS:
            action, failure = asker.ask(PlayerView.of(deal, deal.seats[deal.current]), rng)
            if failure is not None:
                break
            deal.apply(action)
    finally:
        bot.close()
    if report.name is None:
        report.name = bot.program_name
    if failure is None and not deal.over and deal.turns_done == turn:
        failure = Failure(
            "no_end",
            f"the turn did not end within {MAX_DECISIONS} decisions",
            "a turn must end with a discard; laying a meld and taking it back again and"
            " again never ends it",
            *asker.exchange(),
        )
    note = f"ready after {asker.start_ms:.0f} ms" if situation is SITUATIONS[0] else ""
    if failure is not None and failure.reason == Reason.ILLEGAL.value and situation.tempting:
        failure = _with_situation(failure, situation)
    outcome = Outcome.PASSED if failure is None else Outcome.FAILED
    return CheckResult(
        situation.key,
        situation.topic.value,
        situation.what,
        outcome,
        asker.decisions,
        asker.slowest_ms,
        note,
        failure,
    )


def _with_situation(failure: Failure, situation: Situation) -> Failure:
    """An illegal answer in a set-up situation: say what the situation was about."""
    why = f"{failure.why} (this situation: {situation.why_refused})"
    return Failure(failure.reason, failure.detail, why, failure.sent, failure.answered)


def _whole_hand(settings: Settings, index: int, report: Report) -> CheckResult:
    """A whole hand, two players, the program at seat 0 against the club bot."""
    rules = Rules.build(None, {"players": 2})
    rng = random.Random(f"bot-check {settings.seed} {index}")
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    deal = Deal.deal(rules, deck, None, rng.getrandbits(63))
    bot = _new_bot(settings)
    club = make_bot("club")
    asker = _Asker(bot)
    failure: Failure | None = None
    what = f"a whole hand against the club bot (deal {index + 1})"
    try:
        acts, turn = 0, -1
        while not deal.over and deal.turns_done < MAX_TURNS:
            seat = deal.seats[deal.current]
            view = PlayerView.of(deal, seat)
            if seat != 0:
                deal.apply(club.choose(view, rng))
                continue
            acts = acts + 1 if deal.turns_done == turn else 1
            turn = deal.turns_done
            if acts > MAX_TURN_ACTIONS:
                failure = Failure(
                    "no_end",
                    f"no end to the turn after {MAX_TURN_ACTIONS} actions",
                    "a turn must end with a discard; laying a meld and taking it back again"
                    " and again never ends it",
                    *asker.exchange(),
                )
                break
            action, failure = asker.ask(view, rng)
            if failure is not None:
                break
            deal.apply(action)
        result = deal.result
        if failure is None and result is not None:
            paid = {deal.seats[q]: p for q, p in enumerate(result.penalties)}
            winner = None if result.winner is None else deal.seats[result.winner]
            bot.hand_over(1, winner, paid, paid)
            bot.match_over(
                [winner] if winner is not None else [min(paid, key=paid.__getitem__)], paid
            )
            if len(bot.incidents) > 0:
                incident = bot.incidents[0]
                failure = Failure(
                    incident.reason.value, incident.detail, WHY[incident.reason], None, ()
                )
    finally:
        bot.close()
    if report.name is None:
        report.name = bot.program_name
    outcome = Outcome.PASSED if failure is None else Outcome.FAILED
    return CheckResult(
        f"hand-{index + 1}",
        "whole hand",
        what,
        outcome,
        asker.decisions,
        asker.slowest_ms,
        "",
        failure,
    )
