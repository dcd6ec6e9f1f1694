"""The standing of a score sheet as one JSON object: what a screen needs to draw the sheet.

The web page and any other client read totals, distances, eliminations, re-entries and
the result from here, never computing scores themselves.
"""

from __future__ import annotations

from typing import Any

from scala40.scoresheet.export import notes, result_text
from scala40.scoresheet.sheet import ScoreSheet


def limit_of(sheet: ScoreSheet) -> dict[str, Any]:
    """How the game ends: ``elimination``/``target`` at a total, ``fixed`` hands, ``single``."""
    rules = sheet.rules
    if rules.single_hand:
        return {"kind": "single", "value": None}
    if rules.target_total is not None:
        return {"kind": "target", "value": rules.target_total}
    if rules.fixed_hands is not None:
        return {"kind": "fixed", "value": rules.fixed_hands}
    return {"kind": "elimination", "value": rules.elimination}


def standing_json(sheet: ScoreSheet) -> dict[str, Any]:
    """Units (players or teams) with totals and status, hand lines, the next hand, result."""
    standing = sheet.standing()
    players = len(sheet.players)
    units = []
    for unit in range(sheet.units):
        units.append(
            {
                "name": sheet.unit_name(unit),
                "seats": [s for s in range(players) if sheet.unit_of(s) == unit],
                "total": standing.totals[unit],
                "eliminated": standing.eliminated[unit],
                "reentries": standing.reentries[unit],
                "reentered_at": list(standing.reentered_at[unit]),
                "reentries_left": sheet.reentries_left(standing, unit),
                "distance": sheet.distance(standing, unit),
                "winner": standing.winner == unit,
            }
        )
    lines = []
    for line in standing.lines:
        lines.append(
            {
                "number": line.number,
                "dealer": line.dealer,
                "went_out": line.went_out,
                "seats": list(line.seats),
                "penalties": [line.penalties.get(s) for s in range(players)],
                "counted": [line.counted.get(s) for s in range(players)],
                "totals": [line.totals[u] for u in range(sheet.units)],
                "eliminated": list(line.eliminated),
                "reentered": {str(u): t for u, t in line.reentered.items()},
                "playoff": line.playoff,
                "chiusura": line.chiusura,
                "doubled": line.doubled,
                "notes": notes(sheet, line),
            }
        )
    rules = sheet.rules
    return {
        "units": units,
        "lines": lines,
        "next": {
            "number": len(standing.lines) + 1,
            "seats": list(standing.next_seats),
            "dealer": standing.next_dealer,
            "playoff": None if standing.playoff is None else list(standing.playoff),
            "counted": standing.playoff is None and not rules.single_hand,
        },
        "limit": limit_of(sheet),
        "hands_left": sheet.hands_left(standing),
        "flags": {
            "flat_unopened": rules.unopened_penalty == "flat100",
            "unopened_penalty": rules.unopened_penalty,
            "chiusura_double": rules.chiusura_in_mano_double,
            "double_out": rules.go_out_without_discard == "double",
        },
        "winner": standing.winner,
        "over": standing.over,
        "result": result_text(sheet, standing),
    }
