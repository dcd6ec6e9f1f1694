"""The observation is a function of the seat's view alone.

``from_view`` (the definition, reading a ``PlayerView``) and ``from_hand`` (the fast path
the environments use) agree on random positions; two true states that give a seat the
same view give it the same observation, so nothing hidden (others' cards, the stock
order) can leak into it.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.cards import KINDS
from scala40.engine.rules import Rules
from scala40.engine.state import Hand
from scala40.engine.views import PlayerView, resample
from scala40.rl.moves import Build, Moves
from scala40.rl.observation import ObservationEncoder

from .positions import examples, move_rules, random_positions


def swap_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """Another true state with the same view for ``seat``: unseen cards exchanged between
    the other players' hidden holdings and the unknown part of the stock."""
    other = hand.clone()
    me = hand.seats.index(seat)
    pool: list[int] = []
    for p in range(other.n):
        if p == me:
            continue
        for k in range(KINDS):
            pool += [k] * (other.hands[p][k] - other.known[p][k])
    unknown_stock = other.stock[other.bottom_known :]
    pool += unknown_stock
    rng.shuffle(pool)
    for p in range(other.n):
        if p == me:
            continue
        hidden = other.sizes[p] - sum(other.known[p])
        other.hands[p] = other.known[p][:]
        for _ in range(hidden):
            other.hands[p][pool.pop()] += 1
    other.stock[other.bottom_known :] = pool
    assert other.card_counts() == hand.card_counts()
    return other


def test_the_fast_path_is_the_view_s_observation() -> None:
    rules = Rules()
    enc = ObservationEncoder(rules)
    compared = 0
    for seed in range(3):
        for match in random_positions(rules, seed, 120):
            for seat in match.hand.seats:
                view = PlayerView.of_match(match, seat)
                fast = enc.from_hand(match.hand, seat, match.totals)
                assert np.array_equal(enc.from_view(view), fast)
                compared += 1
    assert compared > 1000


@examples(15)
@given(rules=move_rules(), seed=st.integers(0, 10**6))
def test_two_true_states_with_the_same_view_look_the_same(rules: Rules, seed: int) -> None:
    enc = ObservationEncoder(rules)
    rng = random.Random(seed)
    for n, match in enumerate(random_positions(rules, seed, 80)):
        if n % 7:
            continue
        hand = match.hand
        for seat in hand.seats:
            seen = enc.from_hand(hand, seat, match.totals)
            view = PlayerView.of(hand, seat)
            for world in (resample(view, rng), swap_hidden(hand, seat, rng)):
                assert PlayerView.of(world, seat) == view
                assert np.array_equal(enc.from_hand(world, seat, match.totals), seen)


def test_the_observation_changes_with_what_the_seat_knows() -> None:
    rules = Rules()
    enc = ObservationEncoder(rules)
    match = next(random_positions(rules, 5, 1))
    hand = match.hand
    seat = hand.seats[hand.current]
    obs = enc.from_hand(hand, seat)
    assert enc.view(obs, "hand").sum() == 13
    assert enc.view(obs, "hand_sizes")[0] == 13
    assert enc.view(obs, "phase")[0] == 1  # its own draw
    assert enc.view(obs, "pozzo_top")[hand.pozzo[-1]] == 1
    assert enc.view(obs, "stock_size")[0] == len(hand.stock)
    nxt = (seat + 1) % rules.players
    assert enc.view(enc.from_hand(hand, nxt), "phase")[3] == 1  # waiting


def test_an_opening_in_progress_shows_only_to_its_builder() -> None:
    rules = Rules()
    enc = ObservationEncoder(rules)
    moves = Moves(rules)
    for seed in range(40):
        for match in random_positions(rules, seed, 200):
            hand = match.hand
            mask = moves.mask(hand, None)
            picks = np.flatnonzero(mask[moves.layout.meld_base : moves.layout.lay_off_base])
            if hand.opened[hand.current] or not len(picks):
                continue
            build = moves.resolve(hand, None, moves.layout.meld(int(picks[0])))
            assert isinstance(build, Build)
            me = hand.seats[hand.current]
            mine = enc.from_hand(hand, me, (), build)
            assert enc.view(mine, "opening_pending").sum() >= 3
            assert enc.view(mine, "phase")[2] == 1
            other = hand.seats[(hand.current + 1) % hand.n]
            assert np.array_equal(enc.from_hand(hand, other, (), build), enc.from_hand(hand, other))
            return
    pytest.fail("no unopened player with a candidate meld in 40 random games")


def test_a_seat_out_of_the_hand_sees_only_public_facts() -> None:
    rules = Rules(players=3)
    match = next(random_positions(rules, 2, 1))
    hand = Hand.deal(rules, match.deck_for(1)[0], seats=(0, 2))  # seat 1 is eliminated
    enc = ObservationEncoder(rules)
    obs = enc.from_hand(hand, 1)
    assert not enc.view(obs, "hand").any()
    assert list(enc.view(obs, "in_hand")) == [0, 1, 1]  # itself, seat 2, seat 0
    assert list(enc.view(obs, "hand_sizes")) == [0, 13, 13]
