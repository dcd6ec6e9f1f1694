"""The reads with two forms (:mod:`scala40.engine.native`) answer alike in both: a hand's
bit sets (the kinds held once, twice, three times) by the pure build's one ``bytes`` pass,
the compiled build's loop, or from a tuple rather than a list (which both builds read the
``bytes`` way); and a count's kinds spelled out, by ``bytes`` or by a loop."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.engine.analysis import (
    doubles,
    held_levels,
    held_levels_by_loop,
    presence,
    triples,
)
from scala40.engine.cards import KINDS
from scala40.engine.views import spread, spread_by_loop

hands = st.lists(st.integers(min_value=0, max_value=3), min_size=KINDS, max_size=KINDS)


@settings(deadline=None)  # a loaded CI machine is no measure of these reads' speed
@given(hands)
def test_every_way_of_reading_a_hand_s_bits_agrees(counts: list[int]) -> None:
    expected = tuple(sum(1 << k for k in range(52) if counts[k] >= least) for least in (1, 2, 3))
    assert held_levels_by_loop(counts) == expected
    assert held_levels(counts) == expected
    assert held_levels(tuple(counts)) == expected
    assert (presence(counts), doubles(counts), triples(counts)) == expected
    assert (presence(tuple(counts)), doubles(tuple(counts)), triples(tuple(counts))) == expected


@settings(deadline=None)
@given(st.lists(st.integers(min_value=-2, max_value=3), min_size=KINDS, max_size=KINDS))
def test_both_ways_of_spelling_out_counts_agree(counts: list[int]) -> None:
    expected = tuple(k for k in range(KINDS) for _ in range(max(counts[k], 0)))
    assert spread_by_loop(counts) == expected
    assert spread(counts) == expected
