"""A score sheet as CSV (for a spreadsheet) and as a plain-text table (for a terminal).

Both show what a paper score sheet shows: one row per hand with what each player paid,
the running totals, who left the game or came back, and the result.
"""

from __future__ import annotations

import csv
import io

from scala40.scoresheet.sheet import HandLine, ScoreSheet, Standing


def notes(sheet: ScoreSheet, line: HandLine) -> str:
    """What happened in a hand besides the penalties, in words."""
    parts: list[str] = []
    if line.playoff and not sheet.rules.single_hand:
        parts.append("play-off")
    if line.went_out is None:
        parts.append("stock ran out")
    else:
        how = " (chiusura in mano)" if line.chiusura else ""
        parts.append(f"{sheet.name(line.went_out)} went out{how}")
    if line.doubled:
        parts.append("doubled")
    for unit in line.eliminated:
        parts.append(f"{sheet.unit_name(unit)} is out")
    for unit, total in line.reentered.items():
        parts.append(f"{sheet.unit_name(unit)} re-enters at {total}")
    return "; ".join(parts)


def result_text(sheet: ScoreSheet, standing: Standing) -> str:
    """Who won, who is tied, or how the game stands."""
    if standing.winner is not None:
        return f"{sheet.unit_name(standing.winner)} wins"
    if standing.playoff is not None:
        tied = ", ".join(sheet.unit_name(u) for u in standing.playoff)
        return f"tie between {tied}: single hands decide, first to go out wins"
    return "in play"


def to_csv(sheet: ScoreSheet) -> str:
    """Hand, dealer, each player's payment, notes; then totals and the result."""
    standing = sheet.standing()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["hand", "dealer", *sheet.players, "notes"])
    for line in standing.lines:
        cells = [
            str(line.penalties[s]) if s in line.penalties else "" for s in range(len(sheet.players))
        ]
        writer.writerow([line.number, sheet.name(line.dealer), *cells, notes(sheet, line)])
    if sheet.rules.partnerships:
        writer.writerow(
            [
                "team",
                "",
                *[sheet.unit_name(sheet.unit_of(s)) for s in range(len(sheet.players))],
                "",
            ]
        )
        totals = [str(standing.totals[sheet.unit_of(s)]) for s in range(len(sheet.players))]
    else:
        totals = [str(t) for t in standing.totals]
    writer.writerow(["total", "", *totals, result_text(sheet, standing)])
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


def table_text(sheet: ScoreSheet, standing: Standing | None = None) -> str:
    """The score sheet as a paper one looks: players as columns, one row per hand (what
    each paid, with who went out, left and came back), the totals row, then each player's
    (or team's) standing and the result."""
    standing = standing or sheet.standing()
    seats = range(len(sheet.players))
    rows = [["hand", "dealer", *sheet.players, "notes"]]
    for line in standing.lines:
        cells = [str(line.penalties[s]) if s in line.penalties else "-" for s in seats]
        rows.append([str(line.number), sheet.name(line.dealer), *cells, notes(sheet, line)])
    totals = [str(standing.totals[sheet.unit_of(s)]) for s in seats]
    rows.append(["total", "", *totals, ""])
    rule = ["-" * max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)] + [""]
    rows.insert(1, rule)
    rows.insert(len(rows) - 1, rule)
    lines = _columns(rows, {0, 1, len(rows[0]) - 1})
    lines.append("")
    for unit in range(sheet.units):
        lines.append("  " + unit_status(sheet, standing, unit))
    left = sheet.hands_left(standing)
    if left is not None and not standing.over:
        lines.append(f"  {left} of {sheet.rules.fixed_hands} hands left")
    lines.append("Result: " + result_text(sheet, standing))
    return "\n".join(lines)


def game_text(sheet: ScoreSheet) -> str:
    """The scoring rules the table agreed on, in one line (the head of a printed sheet)."""
    rules = sheet.rules
    if rules.single_hand:
        return "a single hand: whoever goes out wins"
    if rules.target_total is not None:
        end = f"play until someone reaches {rules.target_total}, the lowest total wins"
    elif rules.fixed_hands is not None:
        end = f"{rules.fixed_hands} hands, the lowest total wins"
    else:
        end = f"elimination at {rules.elimination}"
    parts = [end]
    if rules.partnerships:
        parts.append(f"partnerships ({rules.team_score} of the partners)")
    elif rules.reentry and rules.fixed_hands is None and rules.target_total is None:
        limit = str(rules.reentry_limit)
        times = {"any": "any number of times", "1": "once"}.get(limit, f"{limit} times")
        parts.append(f"re-entry {times}")
    parts.append(
        {
            "flat100": "not opened pays a flat 100",
            "double": "not opened pays the cards doubled",
        }.get(rules.unopened_penalty, "not opened pays the cards")
    )
    if rules.chiusura_in_mano_double:
        parts.append("chiusura in mano doubles")
    return "; ".join(parts)


def printable(
    sheet: ScoreSheet, sheet_id: str, created: str = "", finished: str | None = None
) -> str:
    """A sheet to print or paste: what, when and under which rules, then the table."""
    head = [f"Scala 40 score sheet {sheet_id}"]
    when = created[:16].replace("T", " ")
    if when:
        done = (finished or "")[:16].replace("T", " ")
        head.append(f"Started {when}" + (f", finished {done}" if done else ""))
    head.append("Players: " + ", ".join(sheet.players))
    head.append("Rules: " + game_text(sheet))
    return "\n".join([*head, "", table_text(sheet), ""])


def unit_status(sheet: ScoreSheet, standing: Standing, unit: int) -> str:
    """``Anna 87 (14 to 101), re-entered at 87`` and the like."""
    total = standing.totals[unit]
    parts = [f"{sheet.unit_name(unit)} {total}"]
    if standing.winner == unit:
        parts.append("winner")
    elif standing.eliminated[unit]:
        parts.append("out")
    else:
        distance = sheet.distance(standing, unit)
        if distance is not None:
            limit = sheet.rules.target_total or sheet.rules.elimination
            parts.append(f"{distance} to {limit}")
    if standing.reentered_at[unit]:
        parts.append("re-entered at " + ", ".join(str(t) for t in standing.reentered_at[unit]))
    return parts[0] + (f" ({', '.join(parts[1:])})" if parts[1:] else "")
