"""A turn that took the pozzo can always be finished: from wherever the player's plays have
led, ``way_to_discard`` finds the plays to a legal discard, or none and the take-back is
there, after which it always finds them.

The positions are the pozzo-take tests' (runs with jokers on the table, cards near them);
the player takes the card, then wanders: a few random plays of any kind, which often win
the wrong joker or spend the card that would have made room.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.actions import Action, Discard, TakeBack, TakePozzo
from scala40.engine.discard import legal_discards
from scala40.engine.legal import legal_actions
from scala40.engine.state import Deal
from scala40.engine.turn_end import way_to_discard

from .support import examples
from .test_pozzo_take import positions


def _follow(deal: Deal, line: list[Action]) -> Deal:
    """``deal`` after ``line``, each play checked legal on the way."""
    after = deal.clone()
    for play in line:
        assert after.check(play) is None, (play, after.check(play))
        after.apply(play)
    return after


def _ends(deal: Deal) -> bool:
    return deal.over or bool(legal_discards(deal))


@examples(150)
@given(deal=positions(), seed=st.integers(0, 2**32), steps=st.integers(0, 4))
def test_a_turn_after_a_pozzo_take_can_always_end(deal: Deal, seed: int, steps: int) -> None:
    if deal.check(TakePozzo()) is not None:
        return
    deal.apply(TakePozzo())
    line = way_to_discard(deal)
    assert line is not None, "the card was offered, so a line to a discard exists"
    assert _ends(_follow(deal, line))
    rng = random.Random(seed)
    for _ in range(steps):
        plays = [a for a in legal_actions(deal) if not isinstance(a, Discard | TakeBack)]
        if not plays:
            break
        deal.apply(rng.choice(plays))
        if deal.over:
            return  # a play went out (``go_out_without_discard``): the turn has ended
    line = way_to_discard(deal)
    if line is None:
        assert TakeBack() in legal_actions(deal), "no way on, and no way back"
        deal.apply(TakeBack())
        line = way_to_discard(deal)
        assert line is not None, "back at the turn's start, the line is there again"
    assert _ends(_follow(deal, line))
    assert (line == []) == bool(legal_discards(deal))
