"""What ``scala40 bot-check`` found: one result per check, printed for a person or as JSON.

Why a failure carries the exchange: a program's author fixes a fault faster from the very
message the host sent and the very lines the program answered than from a count of
incidents (the arena's ``fallbacks``); so each failed check keeps the ``decide`` (or
``hello``) it failed on, every line the program wrote for it, the host's reason and a
sentence on why that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

SHOWN_LEGAL: Final = 8
"""Legal moves quoted in the text report (the JSON holds the whole message)."""

SHOWN_CHARS: Final = 300
"""Characters of one answered line quoted in the text report."""


class Outcome(StrEnum):
    """A check's verdict."""

    PASSED = "passed"
    FAILED = "failed"
    NOTED = "noted"
    """Passed, with advice (something optional the program left out)."""
    NOT_RUN = "not run"
    """Not tried: the program never got through its handshake."""


@dataclass(frozen=True, slots=True)
class Failure:
    """What went wrong in a failed check."""

    reason: str
    """The host's incident reason (``illegal``, ``timeout``, …; docs/bot-protocol.md)."""
    detail: str
    """The host's own words on it."""
    why: str
    """Why that is wrong, for the program's author."""
    sent: dict[str, Any] | None
    """The message the program failed to answer well (``decide`` or ``hello``)."""
    answered: tuple[str, ...]
    """Every line the program wrote for it, as read."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One check: a handshake fact, a set-up situation or a whole hand."""

    key: str
    group: str
    what: str
    outcome: Outcome
    decisions: int = 0
    slowest_ms: float = 0.0
    note: str = ""
    failure: Failure | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "group": self.group,
            "what": self.what,
            "outcome": self.outcome.value,
            "decisions": self.decisions,
            "slowest_ms": round(self.slowest_ms, 1),
        }
        if self.note:
            out["note"] = self.note
        if self.failure is not None:
            f = self.failure
            out["failure"] = {
                "reason": f.reason,
                "detail": f.detail,
                "why": f.why,
                "sent": f.sent,
                "answered": list(f.answered),
            }
        return out


@dataclass(slots=True)
class Report:
    """Every check of one program, in the order run."""

    command: str
    decision_ms: float
    name: str | None = None
    """The name the program gave in ``ready``."""
    checks: list[CheckResult] = field(default_factory=list)

    @property
    def failed(self) -> list[CheckResult]:
        return [c for c in self.checks if c.outcome is Outcome.FAILED]

    @property
    def passed(self) -> bool:
        """Whether every check passed (advice allowed): the command's exit status 0."""
        return not any(c.outcome in (Outcome.FAILED, Outcome.NOT_RUN) for c in self.checks)

    def as_json(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "name": self.name,
            "decision_ms": self.decision_ms,
            "passed": self.passed,
            "failed": [c.key for c in self.failed],
            "slowest_ms": round(max((c.slowest_ms for c in self.checks), default=0.0), 1),
            "checks": [c.as_json() for c in self.checks],
        }


def format_report(report: Report) -> str:
    """The report for a person: a line per check, the exchange under each failure."""
    lines = [f"bot-check {report.command}" + (f" ({report.name})" if report.name else "")]
    width = max((len(c.key) for c in report.checks), default=0)
    for c in report.checks:
        mark = c.outcome.value.upper() if c.outcome is Outcome.FAILED else c.outcome.value
        plural = "decision" if c.decisions == 1 else "decisions"
        timing = f" [{c.decisions} {plural}, slowest {c.slowest_ms:.0f} ms]" if c.decisions else ""
        lines.append(f"{mark:<8} {c.key:<{width}}  {c.what}{timing}")
        if c.note:
            lines.append(f"{'':<8} {'':<{width}}  note: {c.note}")
        if c.failure is not None:
            lines += _failure_lines(c.failure, 11 + width)
    slowest = max((c.slowest_ms for c in report.checks), default=0.0)
    failed = report.failed
    total = len(report.checks)
    summary = f"{total - len(failed)} of {total} checks passed"
    if failed:
        summary += f"; failed: {', '.join(c.key for c in failed)}"
    lines.append(f"{summary}. Slowest answer {slowest:.0f} ms (limit {report.decision_ms:g} ms).")
    return "\n".join(lines)


def _failure_lines(failure: Failure, indent: int) -> list[str]:
    pad = " " * indent
    out = [f"{pad}sent:     {describe_message(failure.sent)}"]
    if failure.answered:
        for i, line in enumerate(failure.answered):
            label = "answered:" if i == 0 else "         "
            shown = line if len(line) <= SHOWN_CHARS else line[:SHOWN_CHARS] + "…"
            out.append(f"{pad}{label} {shown}")
    else:
        out.append(f"{pad}answered: nothing")
    out.append(f"{pad}wrong:    {failure.reason}: {failure.detail}")
    out.append(f"{pad}why:      {failure.why}")
    return out


def describe_message(message: dict[str, Any] | None) -> str:
    """A host message in one line: a ``decide`` by what the seat sees and may do."""
    if message is None:
        return "nothing (the program was not started)"
    if message.get("type") != "decide":
        return json.dumps(message, separators=(",", ":"))[:SHOWN_CHARS]
    view = message.get("view", {})
    legal: Sequence[str] = message.get("legal", [])
    table = "; ".join(f"{m['id']}: {' '.join(m['cards'])}" for m in view.get("table", []))
    pozzo = view.get("pozzo") or []
    shown = ", ".join(legal[:SHOWN_LEGAL])
    if len(legal) > SHOWN_LEGAL:
        shown += f", … ({len(legal) - SHOWN_LEGAL} more)"
    changes = view.get("rules", {}).get("changes", {})
    rules = (
        ", ".join(f"{k} {json.dumps(v)}" for k, v in changes.items() if k != "players") or "FISCA"
    )
    return (
        f"decide {message.get('id')} ({rules}): phase {view.get('phase')},"
        f" hand {' '.join(view.get('hand', []))}, table [{table}],"
        f" pozzo top {pozzo[-1] if pozzo else 'none'}; legal: {shown}"
    )
