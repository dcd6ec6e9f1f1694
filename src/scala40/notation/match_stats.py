"""What each seat did in a recorded match: the figures a player's page sums up.

Why from the record: the record is the truth a finished match leaves (the server stores
it, anyone can download it), so the figures can be computed again at any time, and a
seat's opening turn needs the order of play, which only a replay through the engine
gives (who is to move is the engine's to say).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scala40.engine.actions import DrawStock, Open, TakePozzo
from scala40.notation.actions import parse_action
from scala40.notation.record import load_record, start_match


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """One seat's match: hands dealt to it, penalty points it paid, hands in which it
    opened and the sum of its own turn numbers at those openings (1 = its first turn)."""

    hands: int = 0
    penalty: int = 0
    went_out: int = 0
    opened: int = 0
    opening_turns: int = 0


def seat_figures(record: str | Mapping[str, Any]) -> list[SeatFigures]:
    """Each seat's :class:`SeatFigures` in a recorded match (seat order), by replaying its
    actions: a draw starts a seat's turn, an opening is counted at the turn it is made. A
    hand the record leaves unfinished (a match closed in play) is not counted."""
    rec = load_record(record)
    match = start_match(rec)
    players = len(rec["seats"])
    hands = [0] * players
    penalty = [0] * players
    went_out = [0] * players
    opened = [0] * players
    opening_turns = [0] * players
    for entry in rec["hands"]:
        turns = [0] * players
        dealt = match.deal.seats
        ended = len(match.history)
        for text in entry["actions"]:
            action = parse_action(text)
            seat = match.current_seat
            if isinstance(action, DrawStock | TakePozzo):
                turns[seat] += 1
            elif isinstance(action, Open):
                opened[seat] += 1
                opening_turns[seat] += turns[seat]
            match.apply(action)
        if len(match.history) == ended:
            break  # a match left in its last hand (a rated table closed): that hand is unscored
        for seat in dealt:
            hands[seat] += 1
        record_of_hand = match.history[-1]
        for seat, paid in record_of_hand.penalties.items():
            penalty[seat] += paid
        result = record_of_hand.result
        if result.winner is not None:
            went_out[record_of_hand.seats[result.winner]] += 1
    return [
        SeatFigures(hands[s], penalty[s], went_out[s], opened[s], opening_turns[s])
        for s in range(players)
    ]
