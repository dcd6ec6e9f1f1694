"""A hand (and a match) is a log of actions that replays to the identical state (RULES.md §11)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.engine.actions import Action
from scala40.engine.cards import pack_list
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

from .support import choose, diff, examples, fingerprint, match_fingerprint, rules_strategy

PROPS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@PROPS
@given(
    rules=rules_strategy(),
    deck_seed=st.integers(0, 2**32),
    shuffle_seed=st.integers(0, 2**63 - 1),
    play_seed=st.integers(0, 2**32),
)
def test_a_hand_replays_from_deck_seed_and_actions(
    rules: Rules, deck_seed: int, shuffle_seed: int, play_seed: int
) -> None:
    """Same deck, shuffle_seed and actions give the same state at every step, to the end."""
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(deck_seed).shuffle(deck)
    kept = list(deck)
    original = Deal.deal(rules, deck, shuffle_seed=shuffle_seed)
    assert deck == kept, "dealing must not consume the caller's deck"
    rng = random.Random(play_seed)
    actions: list[Action] = []
    trail = [fingerprint(original)]
    while not original.over:
        assert len(actions) < 6000
        action = choose(legal_actions(original), rng)
        original.apply(action)
        actions.append(action)
        trail.append(fingerprint(original))

    replay = Deal.deal(rules, list(deck), shuffle_seed=shuffle_seed)
    assert fingerprint(replay) == trail[0]
    for i, action in enumerate(actions):
        replay.apply(action)
        now = fingerprint(replay)
        assert now == trail[i + 1], f"step {i} ({action}) differs in {diff(now, trail[i + 1])}"
    assert replay.result == original.result


@examples(12)
@given(
    rules=rules_strategy(match_keys=True, elimination=51, players=st.integers(2, 3)),
    seed=st.integers(0, 2**64 - 1),
    play_seed=st.integers(0, 2**32),
)
def test_a_match_replays_from_its_seed_and_actions(rules: Rules, seed: int, play_seed: int) -> None:
    """Match(rules, seed) and the same actions give the same match at every step."""
    original = Match(rules, seed=seed)
    rng = random.Random(play_seed)
    actions: list[Action] = []
    trail = [match_fingerprint(original)]
    while not original.over and len(actions) < 3000:
        action = choose(legal_actions(original.deal), rng)
        original.apply(action)
        actions.append(action)
        trail.append(match_fingerprint(original))

    replay = Match(rules, seed=seed)
    assert match_fingerprint(replay) == trail[0]
    for i, action in enumerate(actions):
        replay.apply(action)
        now = match_fingerprint(replay)
        if now != trail[i + 1]:
            bad = [k for k in now if now[k] != trail[i + 1][k]]
            raise AssertionError(f"step {i} ({action}) differs in {bad}")
    assert replay.history == original.history
    assert replay.winner == original.winner


def test_the_same_seed_deals_the_same_decks_and_different_seeds_differ() -> None:
    rules = Rules()
    a, b, c = Match(rules, seed=7), Match(rules, seed=7), Match(rules, seed=8)
    assert [a.deck_for(i) for i in range(1, 4)] == [b.deck_for(i) for i in range(1, 4)]
    assert a.deck_for(1) != c.deck_for(1)
    assert a.deck_for(1) != a.deck_for(2)
    assert fingerprint(a.deal) == fingerprint(b.deal)
