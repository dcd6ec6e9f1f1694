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


def table_text(sheet: ScoreSheet, standing: Standing | None = None) -> str:
    """The score sheet as aligned text: hands, totals, distance to the limit, status."""
    standing = standing or sheet.standing()
    seats = range(len(sheet.players))
    widths = [max(5, len(sheet.players[s])) for s in seats]
    rows = [
        "hand " + " ".join(f"{sheet.players[s]:>{w}}" for s, w in zip(seats, widths, strict=True))
    ]
    for line in standing.lines:
        cells = [
            f"{line.penalties[s]:>{w}}" if s in line.penalties else f"{'-':>{w}}"
            for s, w in zip(seats, widths, strict=True)
        ]
        rows.append(f"{line.number:>4} " + " ".join(cells) + f"  {notes(sheet, line)}")
    rows.append("")
    for unit in range(sheet.units):
        rows.append("  " + unit_status(sheet, standing, unit))
    left = sheet.hands_left(standing)
    if left is not None and not standing.over:
        rows.append(f"  {left} of {sheet.rules.fixed_hands} hands left")
    rows.append("Result: " + result_text(sheet, standing))
    return "\n".join(rows)


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
