"""The going-out family (RULES.md §7): how many cards a play may leave in hand.

A play that leaves one card makes the next discard go out, and nobody may go out before
every player has completed one turn; a play that leaves none is "incartato" unless
``go_out_without_discard`` lets it go out, which then needs the turn's duties done (the
pozzo card used, a recovered joker laid again). The hand's melding actions and the
legal-action generator ask the same function, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40.engine.cards import JOKER
from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.position import Position


def leave_code(deal: Position, left: int, laid: Sequence[int]) -> Refusal | None:
    """Why the current player may not lay ``laid`` leaving ``left`` cards (``None``: may).

    Cheap when ``left`` > 1, the common case: the generator calls it for every play.
    """
    if left > 1:
        return None
    if left == 1:
        return None if deal.first_round_done else Refusal.FIRST_ROUND
    if not deal.rules.go_out_without_discard:
        return Refusal.INCARTATO
    if not deal.first_round_done:
        return Refusal.FIRST_ROUND
    taken = deal.turn.pozzo_card
    if taken is not None and not deal.turn.pozzo_used and taken not in laid:
        return Refusal.POZZO_UNUSED
    if deal.turn.jokers_owed - sum(1 for c in laid if c == JOKER) > 0:
        return Refusal.JOKER_UNUSED
    return None


def leave_refusal(deal: Position, left: int, laid: Sequence[int]) -> IllegalAction | None:
    """:func:`leave_code` with the reason worded for the player."""
    code = leave_code(deal, left, laid)
    if code is None:
        return None
    if code == Refusal.FIRST_ROUND:
        if left == 1:
            reason = (
                "that would leave you one card to go out with, and nobody may go out "
                "before every player has completed one full turn"
            )
        else:
            reason = "nobody may go out before every player has completed one full turn"
    elif code == Refusal.INCARTATO:
        reason = "you must keep a card to discard: laying down every card is not going out"
    elif code == Refusal.POZZO_UNUSED:
        reason = f"you must use the {deal.taken_name()} you took from the pozzo"
    else:
        reason = "you must lay the joker you recovered again before ending the turn"
    return IllegalAction(code, reason)


__all__ = ["leave_code", "leave_refusal"]
