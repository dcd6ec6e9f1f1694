"""A hand's SUMMARY (docs/protocol.md): the moment every hand is shown.

Built from the true state only when the rules show the cards to everyone, at the end of a
hand; the server's table and the local table send the same.
"""

from __future__ import annotations

from scala40.engine.match import HandRecord, Match
from scala40.notation.codec import JSONDict
from scala40.notation.view import cards


def summary_json(record: HandRecord, match: Match) -> JSONDict:
    """SUMMARY of docs/protocol.md for a hand that just ended (every hand shown)."""
    result = record.result
    return {
        "hand": record.number,
        "winner": None if result.winner is None else record.seats[result.winner],
        "reason": result.reason,
        "chiusura_in_mano": result.chiusura_in_mano,
        "hands": {str(record.seats[p]): cards(h) for p, h in enumerate(result.hands)},
        "penalties": {str(s): p for s, p in sorted(record.penalties.items())},
        "totals": {str(u): t for u, t in sorted(record.totals.items())},
        "eliminated": list(record.eliminated),
        "reentered": {str(u): t for u, t in sorted(record.reentered.items())},
        "match_over": match.over and match.history[-1] is record,
        "match_winner": match.winner if match.over and match.history[-1] is record else None,
    }
