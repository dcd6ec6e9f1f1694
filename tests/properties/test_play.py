"""Random legal play under random rules: nothing is lost, nothing raises, everything ends."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.engine.actions import DrawStock
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.phases import Ending
from scala40.engine.rules import Rules

from .support import choose, deal, pack_of, play_hand, rules_strategy

PROPS = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_every_card_is_accounted_for_after_every_action(rules: Rules, seed: int) -> None:
    """pack_count() is the whole pack after every action of a random hand (RULES.md §1)."""
    hand = deal(rules, seed)
    pack = pack_of(rules)
    hand.pack_count().check("the hand")
    assert sum(pack) == rules.pack_size
    assert len(hand.stock) == rules.stock_size

    # A plain uniform policy here (no bias toward melding), for as long as the hand lasts.
    rng = random.Random(seed)
    for _ in range(4000):
        if hand.over:
            break
        action = choose(legal_actions(hand), rng, meld_bias=0.0)
        hand.apply(action)
        hand.pack_count().check("the hand", context=f"after {action}")
        assert hand.sizes == [sum(c) for c in hand.hands], f"sizes drift after {action}"
        assert all(c >= 0 for counts in hand.hands for c in counts)
        assert (
            len(hand.stock) + len(hand.pozzo) + sum(hand.sizes) + sum(len(m) for m in hand.table)
            == rules.pack_size
        )


@PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_random_legal_play_never_raises_and_the_hand_ends(rules: Rules, seed: int) -> None:
    """Every offered action applies, some action is always offered, and the hand ends."""
    hand = deal(rules, seed)
    play_hand(hand, random.Random(seed))
    result = hand.result
    assert hand.over and result is not None
    assert legal_actions(hand) == []
    assert isinstance(result.reason, Ending)
    if result.reason == Ending.STOCK_END:
        assert rules.stock_out == "end_hand"
    if result.reason in (Ending.STOCK_OUT, Ending.RESHUFFLE_LIMIT):
        assert rules.stock_out == "reshuffle"
    if result.reason == Ending.RESHUFFLE_LIMIT:
        assert rules.reshuffle_limit is not None and hand.reshuffles == rules.reshuffle_limit
    assert (result.winner is not None) == (result.reason == "went_out")
    assert len(result.penalties) == hand.n
    assert all(p >= 0 for p in result.penalties)
    if result.winner is not None:
        assert result.penalties[result.winner] == 0
        assert hand.sizes[result.winner] == 0
    assert [list(cards) for cards in result.hands] == [hand.hand_cards(p) for p in range(hand.n)]


MATCH_PROPS = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@MATCH_PROPS
@given(
    rules=rules_strategy(match_keys=True, elimination=51, players=st.integers(2, 4)),
    seed=st.integers(0, 2**32),
)
def test_a_whole_match_ends_with_a_winner(rules: Rules, seed: int) -> None:
    """Random play through a small match (elimination 51) always crowns one winner."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    steps_in_hand = 0
    while not match.over:
        assert match.hand_number <= 60, "the match does not end"
        assert steps_in_hand < 6000, "a hand of the match does not end"
        number = match.hand_number
        match.apply(choose(legal_actions(match.deal), rng))
        match.deal.pack_count().check("the hand")
        steps_in_hand = 0 if match.hand_number != number else steps_in_hand + 1
    winner = match.winner
    assert winner is not None and 0 <= winner < match.units
    assert match.history, "a match is at least one hand"
    assert [r.number for r in match.history] == list(range(1, len(match.history) + 1))
    plain = not (rules.single_hand or rules.target_total or rules.fixed_hands)
    if plain and match.playoff is None:
        # Elimination decided it: everybody else is out.
        assert [u for u in range(match.units) if not match.eliminated[u]] == [winner]
    try:
        match.apply(legal_actions(match.deal)[0] if legal_actions(match.deal) else DrawStock())
    except IllegalAction as err:
        assert err.code == "match_over"
    else:
        raise AssertionError("a finished match accepted an action")
