"""A score sheet as CSV (for a spreadsheet) and as a plain-text table (for a terminal).

Both show what a paper score sheet shows: one row per hand with what each player paid,
the running totals, who left the game or came back, and the result. Every word is the
catalogue's (:mod:`scala40.words`) in the language of the ``words`` given, English unless
a caller says: the web API's CSV and notes stay English, the terminal passes its player's.
"""

from __future__ import annotations

import csv
import io

from scala40.scoresheet.sheet import HandLine, ScoreSheet, Standing, words_of
from scala40.words import Words


def notes(sheet: ScoreSheet, line: HandLine, words: Words | None = None) -> str:
    """What happened in a hand besides the penalties, in words (the score page's own)."""
    w = words or words_of()
    parts: list[str] = []
    if line.playoff and not sheet.rules.single_hand:
        parts.append(w("score.note.playoff"))
    if line.went_out is None:
        parts.append(w("score.note.stockOut"))
    else:
        how = "score.note.chiusura" if line.chiusura else "score.note.wentOut"
        parts.append(w(how, name=sheet.name(line.went_out)))
    if line.doubled:
        parts.append(w("score.note.doubled"))
    for unit in line.eliminated:
        parts.append(w("score.note.out", name=sheet.unit_name(unit)))
    for unit, total in line.reentered.items():
        parts.append(w("score.note.reenters", name=sheet.unit_name(unit), n=total))
    return "; ".join(parts)


def result_text(sheet: ScoreSheet, standing: Standing, words: Words | None = None) -> str:
    """Who won, who is tied, or how the game stands."""
    w = words or words_of()
    if standing.winner is not None:
        return w("term.score.result.wins", name=sheet.unit_name(standing.winner))
    if standing.playoff is not None:
        tied = ", ".join(sheet.unit_name(u) for u in standing.playoff)
        return w("term.score.result.tie", names=tied)
    return w("term.score.result.playing")


def _heading(sheet: ScoreSheet, w: Words) -> list[str]:
    """The head row of a sheet: hand, dealer, one column per player, notes."""
    return [
        w("term.score.col.hand"),
        w("term.score.col.dealer"),
        *sheet.players,
        w("term.score.col.notes"),
    ]


def to_csv(sheet: ScoreSheet, words: Words | None = None) -> str:
    """Hand, dealer, each player's payment, notes; then totals and the result."""
    w = words or words_of()
    standing = sheet.standing()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_heading(sheet, w))
    for line in standing.lines:
        cells = [
            str(line.penalties[s]) if s in line.penalties else "" for s in range(len(sheet.players))
        ]
        writer.writerow([line.number, sheet.name(line.dealer), *cells, notes(sheet, line, w)])
    if sheet.rules.partnerships:
        writer.writerow(
            [
                w("term.score.col.team"),
                "",
                *[sheet.unit_name(sheet.unit_of(s)) for s in range(len(sheet.players))],
                "",
            ]
        )
        totals = [str(standing.totals[sheet.unit_of(s)]) for s in range(len(sheet.players))]
    else:
        totals = [str(t) for t in standing.totals]
    writer.writerow([w("term.score.col.total"), "", *totals, result_text(sheet, standing, w)])
    return out.getvalue()


def _columns(rows: list[list[str]], left: set[int]) -> list[str]:
    """Rows of cells as aligned text: columns in ``left`` flush left, the rest (numbers)
    flush right, so each player's points line up down the sheet."""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(w) if c in left else cell.rjust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def hands_left_text(sheet: ScoreSheet, standing: Standing, words: Words | None = None) -> str:
    """``3 of 10 hands left`` under ``fixed_hands`` while the game goes on, else nothing."""
    left = sheet.hands_left(standing)
    if left is None or standing.over:
        return ""
    w = words or words_of()
    return w.count("score.result.handsLeft", left, of=sheet.rules.fixed_hands)


def table_text(
    sheet: ScoreSheet, standing: Standing | None = None, words: Words | None = None
) -> str:
    """The score sheet as a paper one looks: players as columns, one row per hand (what
    each paid, with who went out, left and came back), the totals row, then each player's
    (or team's) standing and the result."""
    w = words or words_of()
    standing = standing or sheet.standing()
    seats = range(len(sheet.players))
    rows = [_heading(sheet, w)]
    for line in standing.lines:
        cells = [str(line.penalties[s]) if s in line.penalties else "-" for s in seats]
        rows.append([str(line.number), sheet.name(line.dealer), *cells, notes(sheet, line, w)])
    totals = [str(standing.totals[sheet.unit_of(s)]) for s in seats]
    rows.append([w("term.score.col.total"), "", *totals, ""])
    rule = ["-" * max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)] + [""]
    rows.insert(1, rule)
    rows.insert(len(rows) - 1, rule)
    lines = _columns(rows, {0, 1, len(rows[0]) - 1})
    lines.append("")
    for unit in range(sheet.units):
        lines.append("  " + unit_status(sheet, standing, unit, w))
    left = hands_left_text(sheet, standing, w)
    if left:
        lines.append("  " + left)
    lines.append(w("term.score.result", result=result_text(sheet, standing, w)))
    return "\n".join(lines)


def _game_end(sheet: ScoreSheet, w: Words) -> str:
    """How the game ends, for the head of a printed sheet."""
    rules = sheet.rules
    if rules.target_total is not None:
        return w("term.score.game.target", n=rules.target_total)
    if rules.fixed_hands is not None:
        return w("term.score.game.fixed", n=rules.fixed_hands)
    return w("term.score.game.elimination", n=rules.elimination)


def _reentry(sheet: ScoreSheet, w: Words) -> str:
    """How often an eliminated player may re-enter, said as the table says it."""
    limit = str(sheet.rules.reentry_limit)
    if limit == "any":
        return w("term.score.game.reentryAny")
    if limit == "1":
        return w("term.score.game.reentryOnce")
    return w("term.score.game.reentryTimes", n=limit)


UNOPENED_KEYS = {
    "count": "term.score.game.unopenedCount",
    "flat100": "term.score.game.unopenedFlat",
    "double": "term.score.game.unopenedDouble",
}
"""What a player who had not opened pays, by the rule's value."""


def game_text(sheet: ScoreSheet, words: Words | None = None) -> str:
    """The scoring rules the table agreed on, in one line (the head of a printed sheet)."""
    w = words or words_of()
    rules = sheet.rules
    if rules.single_hand:
        return w("term.score.game.single")
    parts = [_game_end(sheet, w)]
    if rules.partnerships:
        team = (
            "term.score.game.teamWorst"
            if rules.team_score == "worst"
            else "term.score.game.teamSum"
        )
        parts.append(w(team))
    elif rules.reentry and rules.fixed_hands is None and rules.target_total is None:
        parts.append(_reentry(sheet, w))
    parts.append(w(UNOPENED_KEYS[rules.unopened_penalty]))
    if rules.chiusura_in_mano_double:
        parts.append(w("term.score.game.chiusuraDouble"))
    return "; ".join(parts)


def _date(stamp: str) -> str:
    """A stored time as a sheet shows it: ``2025-03-01 20:15``."""
    return stamp[:16].replace("T", " ")


def printable(
    sheet: ScoreSheet,
    sheet_id: str,
    created: str = "",
    finished: str | None = None,
    words: Words | None = None,
) -> str:
    """A sheet to print or paste: what, when and under which rules, then the table."""
    w = words or words_of()
    head = [w("term.score.print.title", id=sheet_id)]
    when, done = _date(created), _date(finished or "")
    if when and done:
        head.append(w("score.sheet.finished", date=when, end=done))
    elif when:
        head.append(w("score.sheet.started", date=when))
    head.append(w("term.score.print.players", names=", ".join(sheet.players)))
    head.append(w("term.score.print.rules", rules=game_text(sheet, w)))
    return "\n".join([*head, "", table_text(sheet, words=w), ""])


def unit_status(
    sheet: ScoreSheet, standing: Standing, unit: int, words: Words | None = None
) -> str:
    """``Anna 87 (14 to 101), re-entered at 87`` and the like."""
    w = words or words_of()
    total = standing.totals[unit]
    parts = [f"{sheet.unit_name(unit)} {total}"]
    if standing.winner == unit:
        parts.append(w("score.unit.winner"))
    elif standing.eliminated[unit]:
        parts.append(w("score.unit.out"))
    else:
        distance = sheet.distance(standing, unit)
        if distance is not None:
            limit = sheet.rules.target_total or sheet.rules.elimination
            parts.append(w.count("term.score.unit.toLimit", distance, limit=limit))
    if standing.reentered_at[unit]:
        at = ", ".join(str(t) for t in standing.reentered_at[unit])
        parts.append(w("score.unit.reentered", at=at))
    return parts[0] + (f" ({', '.join(parts[1:])})" if parts[1:] else "")
