"""A selection of cards names why it is no meld exactly when the engine lists no meld of it.

The page of the seat to move offers the melds of ``legal.melds`` (the engine's candidate
melds) and, for any other selection, the engine's :func:`selection_refusal`: the two must
agree on every selection, under every house key, or the page would refuse a meld the
engine lists or offer one it refuses.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.analysis import candidate_melds
from scala40.engine.cards import JOKER, KINDS, pack_list
from scala40.engine.melds import selection_refusal
from scala40.engine.rules import Rules

from .support import examples, rules_strategy


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    return counts


@examples(300)
@given(rules=rules_strategy(), data=st.data())
def test_a_selection_is_refused_exactly_when_no_listed_meld_lays_it(
    rules: Rules, data: st.DataObject
) -> None:
    pack = sorted(set(pack_list(rules.decks, rules.joker_count)))
    size = data.draw(st.integers(3, 8), label="size")
    picked = data.draw(st.lists(st.sampled_from(pack), min_size=size, max_size=size))
    # Runs and sets are rare among random cards: half the time, take one suit's neighbours.
    if data.draw(st.booleans(), label="near a run"):
        first = data.draw(st.sampled_from([c for c in pack if c != JOKER]), label="first")
        picked = [first + i for i in range(size) if (first % 13) + i < 13]
        picked += data.draw(st.lists(st.just(JOKER), max_size=2), label="jokers")
    if len(picked) < 3:
        return
    picked = data.draw(st.permutations(picked), label="as picked")  # a selection has no order
    wanted = Counter(picked)
    listed = any(Counter(c.meld.cards()) == wanted for c in candidate_melds(_counts(picked), rules))
    refused = selection_refusal(picked, rules)
    assert (refused is None) == listed, (sorted(picked), refused)
