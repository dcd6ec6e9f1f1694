"""The way to the end of a turn: the plays after which the player may discard.

A turn can get into a state where no discard is legal: the card taken from the pozzo is
not used yet, or a joker won by a swap is still to be laid again (RULES.md §4, §6). The
take-back always returns to the turn's start, and from there a discard is reachable: after
a draw from the stock at once, after a pozzo take by the line of plays the engine found
before it let the card be taken. A player who wandered off that line (say, won the wrong
joker) may still reach a discard from where they stand; this module finds how, so a
table can finish a turn for a bot that keeps laying down and taking back, and a helper
can show a player the way on.
"""

from __future__ import annotations

from scala40.engine.actions import Action, Discard, TakeBack
from scala40.engine.discard import legal_discards
from scala40.engine.legal import legal_actions
from scala40.engine.phases import Phase
from scala40.engine.pozzo import line_using
from scala40.engine.state import Deal


def way_to_discard(deal: Deal) -> list[Action] | None:
    """Plays (no take-back, no discard) from here after which the current player may
    discard, or has gone out; ``[]``: a discard is legal now; ``None``: none was found
    (the take-back is then the way: from the turn's start one always exists).

    Looked for in order of cost: one play; the line that uses the pozzo card
    (:func:`~scala40.engine.pozzo.line_using`, the search that let it be taken); any two
    plays. ``deal`` is not changed: the candidates are played on clones.
    """
    if deal.turn.phase != Phase.PLAY:
        return None
    if legal_discards(deal):
        return []
    after_one: list[tuple[Action, Deal]] = []
    for play in _plays(deal):
        after = deal.clone()
        after.apply(play)
        if _free(after):
            return [play]
        after_one.append((play, after))
    turn = deal.turn
    if turn.pozzo_card is not None and not turn.pozzo_used:
        line = line_using(deal, turn.pozzo_card, openings=not deal.opened[turn.player])
        if line is not None:
            return line
    for play, after in after_one:
        for second in _plays(after):
            again = after.clone()
            again.apply(second)
            if _free(again):
                return [play, second]
    return None


def _plays(deal: Deal) -> list[Action]:
    """The legal moves that lay cards down (what can free a discard), in the play phase."""
    return [a for a in legal_actions(deal) if not isinstance(a, TakeBack | Discard)]


def _free(deal: Deal) -> bool:
    """The turn may end here: a discard is legal, or the play went out."""
    return deal.over or bool(legal_discards(deal))


__all__ = ["way_to_discard"]
