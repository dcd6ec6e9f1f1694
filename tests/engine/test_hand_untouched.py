"""A seat may change who plays it only where no hand is half played: the match says when."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_a_hand_is_untouched_exactly_until_its_first_move(seed: int, players: int) -> None:
    match = Match(Rules.build("fisca", {"players": players}), seed, 0)
    rng = random.Random(seed)
    moves_in_hand = 0
    hands_seen = 0
    for _ in range(3000):
        if match.over:
            assert not match.hand_untouched
            break
        assert match.hand_untouched == (moves_in_hand == 0)
        before = len(match.history)
        match.apply(rng.choice(legal_actions(match.deal)))
        moves_in_hand += 1
        if len(match.history) > before:
            moves_in_hand = 0  # the next hand is dealt and nobody has moved in it
            hands_seen += 1
    assert hands_seen >= 1
