"""Rewards at the end of a hand or of a match (the ``reward=`` option of the environments).

``"hand"``: when a hand ends, each seat that played it gets
``(mean penalty of the hand's players - its own penalty) / 100`` -- zero-sum, positive
for a seat that paid less than the table's average (going out pays nothing, so it earns
the most).
``"match"``: when the match ends, the winning seats share ``+1`` each and the others pay
the same total, so rewards sum to zero; nothing is given before.
"""

from __future__ import annotations

from typing import Final

from scala40.engine.match import HandRecord, Match

REWARDS: Final = ("hand", "match")


def hand_rewards(record: HandRecord, players: int) -> list[float]:
    """Per table seat: the zero-sum reward of one finished hand."""
    out = [0.0] * players
    pays = record.penalties
    if not pays:
        return out
    mean = sum(pays.values()) / len(pays)
    for seat, pay in pays.items():
        out[seat] = (mean - pay) / 100.0
    return out


def match_rewards(match: Match) -> list[float]:
    """Per table seat: +1 for each winning seat, the losers paying as much in all."""
    players = match.rules.players
    out = [0.0] * players
    if match.winner is None:
        return out
    won = [s for s in range(players) if match.team_of(s) == match.winner]
    lost = [s for s in range(players) if s not in won]
    for s in won:
        out[s] = 1.0
    for s in lost:
        out[s] = -len(won) / len(lost)
    return out
