"""The action encoding: every legal engine move is reachable, every masked id is legal.

Positions come from random legal games (``positions.py``); for each one the test asks the
engine for all its legal actions and replays, for each, the ids the encoding gives for it
through the masks, checking the move reached is exactly the engine's.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.actions import Action, Discard, DrawStock, LayOff, Open, SwapJoker
from scala40.engine.analysis import candidate_melds
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.phases import PLAY
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.rl.encoding import (
    CANCEL_OPENING,
    DRAW_STOCK,
    LAY_OPENING,
    MAX_CANDIDATES,
    ActionLayout,
)
from scala40.rl.moves import Build, Moves, meldable_bits

from .positions import examples, move_rules, random_positions


def reach(moves: Moves, deal: Deal, ids: list[int]) -> Action | Build | None:
    """Play ``ids`` through the masks (each must be legal when played); the final result."""
    build: Build | None = None
    result: Action | Build | None = None
    for i in ids:
        assert moves.mask(deal, build)[i], f"{moves.layout.describe(i)} is masked out"
        result = moves.resolve(deal, build, i)
        if isinstance(result, Build):
            build = result
    return result


def check_position(moves: Moves, deal: Deal) -> int:
    """Completeness and soundness at one position; the number of engine actions checked."""
    legal = legal_actions(deal)
    mask = moves.mask(deal, None)
    # Soundness: every id in the mask is a legal move (or a legal building step).
    for i in np.flatnonzero(mask):
        result = moves.resolve(deal, None, int(i))
        if not isinstance(result, Build):
            assert result is not None
            assert deal.check(result) is None, moves.layout.describe(int(i))
    # Completeness: every legal engine action is reached by its ids.
    bounded = len(candidate_melds(deal.hands[deal.current], deal.rules)) <= MAX_CANDIDATES
    direct: set[int] = set()
    checked = 0
    for action in legal:
        if isinstance(action, Open) and not bounded:
            continue
        ids = moves.encode(deal, action)
        assert reach(moves, deal, ids) == action, (action, ids)
        checked += 1
        if len(ids) == 1:
            direct.add(ids[0])
    # Exactness: outside the opening build, the mask is the legal actions, no more.
    if deal.phase != PLAY or deal.opened[deal.current]:
        assert direct == {int(i) for i in np.flatnonzero(mask)}
    return checked


def test_every_legal_move_is_reachable_under_fisca_rules() -> None:
    rules = Rules()
    moves = Moves(rules)
    checked = 0
    kinds: set[type] = set()
    for seed in range(4):
        for match in random_positions(rules, seed, 150):
            checked += check_position(moves, match.deal)
            kinds.update(type(a) for a in legal_actions(match.deal))
    assert checked > 2000
    # The positions did exercise openings, lay-offs and swaps, not only draws and discards.
    assert {Open, LayOff, SwapJoker, Discard, DrawStock} <= kinds


@examples(25)
@given(rules=move_rules(), seed=st.integers(0, 10**6))
def test_every_legal_move_is_reachable_under_variants(rules: Rules, seed: int) -> None:
    moves = Moves(rules)
    for match in random_positions(rules, seed, 60):
        check_position(moves, match.deal)


def test_layout_ids_read_back() -> None:
    layout = ActionLayout.for_rules(Rules())
    assert layout.table_slots == 36
    assert layout.size == 4146
    assert layout.split(layout.discard(52)) == ("discard", 52, -1, False)
    assert layout.split(layout.lay_off(35, 13, high=True)) == ("lay_off", 13, 35, True)
    assert layout.split(layout.lay_off(3, 52, high=True)) == ("lay_off", 52, 3, True)
    assert layout.split(layout.lay_off(0, 7)) == ("lay_off", 7, 0, False)
    assert layout.split(layout.swap(2, 51)) == ("swap", 51, 2, False)
    assert layout.split(layout.meld(127)) == ("meld", 127, -1, False)
    assert layout.describe(layout.lay_off(1, 0, high=True)) == "lay off A♥ on meld 1 high"
    with pytest.raises(ValueError, match="outside"):
        layout.split(layout.size)


def test_an_illegal_id_is_refused_by_name_and_changes_nothing() -> None:
    rules = Rules()
    moves = Moves(rules)
    match = next(random_positions(rules, 1, 1))
    hand = match.deal
    before = (hand.hands[hand.current][:], hand.phase, len(hand.stock))
    with pytest.raises(IllegalAction, match=r"discard .* is not legal now"):
        moves.resolve(hand, None, moves.layout.discard(hand.hand_cards(hand.current)[0]))
    with pytest.raises(IllegalAction, match="outside"):
        moves.resolve(hand, None, moves.size)
    assert (hand.hands[hand.current], hand.phase, len(hand.stock)) == before
    assert moves.resolve(hand, None, DRAW_STOCK) == DrawStock()


def test_an_opening_is_composed_meld_by_meld_and_can_be_dropped() -> None:
    rules = Rules()
    moves = Moves(rules)
    for seed in range(40):
        for match in random_positions(rules, seed, 200):
            hand = match.deal
            opens = [a for a in legal_actions(hand) if isinstance(a, Open) and len(a.melds) >= 2]
            if not opens:
                continue
            ids = moves.encode(hand, opens[0])
            build = reach(moves, hand, ids[:1])
            assert isinstance(build, Build) and len(build.specs) == 1
            # Half an opening is not layable unless it opens on its own; dropping it is.
            assert moves.mask(hand, build)[CANCEL_OPENING]
            assert moves.resolve(hand, build, CANCEL_OPENING) is None
            assert ids[-1] == LAY_OPENING
            assert reach(moves, hand, ids) == opens[0]
            return
    pytest.fail("no position with a two-meld opening in 40 random games")


def test_lay_offs_address_every_table_meld() -> None:
    # No table can hold more melds than pack size // 3: the bound never hides a meld.
    for decks, jokers in ((2, None), (3, 6), (2, 0)):
        rules = Rules(decks=decks, jokers=jokers, players=2)
        assert ActionLayout.for_rules(rules).table_slots * 3 <= rules.pack_size
        assert (ActionLayout.for_rules(rules).table_slots + 1) * 3 > rules.pack_size


@examples(200)
@given(
    cards=st.lists(st.integers(0, 52), min_size=3, max_size=18),
    rules=st.sampled_from(
        [Rules(), Rules(two_natural_aces_in_run=True), Rules(max_run_length_5=True)]
    ),
)
def test_the_meld_screen_never_hides_a_candidate(cards: list[int], rules: Rules) -> None:
    counts = [0] * 53
    for k in cards:
        if counts[k] < 2:
            counts[k] += 1
    mj = min(counts[52], rules.max_jokers)
    bits = meldable_bits(counts, mj)
    full = candidate_melds(counts, rules)
    for c in full:
        assert all(bits >> k & 1 for k in c.naturals), c
    # The memoized list, built from the meldable cards only, is the analysis' own list.
    assert [c.spec() for c in Moves(rules).candidates(counts)] == [c.spec() for c in full]
