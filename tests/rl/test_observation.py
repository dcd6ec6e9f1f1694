"""The observation is a function of the seat's view alone.

``from_view`` (the definition, reading a ``PlayerView``) and ``from_hand`` (the fast path
the environments use) agree on random positions -- every phase, after pozzo takes and
take-backs, with an opening in progress, and for seats out of the hand, whose view is
``PlayerView.public``; ``list_from_hand`` (the list OpenSpiel's Python callers get) is
``from_hand``'s array entry by entry; two true states that give a seat the same view give
it the same observation, so nothing hidden (others' cards, the stock order) can leak into
it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from scala40.engine.actions import Action, LayOff, Meld, Open, SwapJoker, TakeBack, TakePozzo
from scala40.engine.cards import KINDS, pack_list
from scala40.engine.legal import legal_actions
from scala40.engine.phases import PLAY, Drew
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample
from scala40.rl.moves import Build, Moves
from scala40.rl.observation import ObservationEncoder

from .positions import examples, move_rules, random_positions


def swap_hidden(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """Another true state with the same view for ``seat``: unseen cards exchanged between
    the other players' hidden holdings and the unknown part of the stock."""
    other = deal.clone()
    me = deal.seats.index(seat)
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
    assert other.card_counts() == deal.card_counts()
    return other


def test_the_fast_path_is_the_view_s_observation() -> None:
    rules = Rules()
    enc = ObservationEncoder(rules)
    compared = 0
    for seed in range(3):
        for match in random_positions(rules, seed, 120):
            for seat in match.deal.seats:
                view = PlayerView.of_match(match, seat)
                fast = enc.from_hand(match.deal, seat, match.totals)
                assert np.array_equal(enc.from_view(view), fast)
                compared += 1
    assert compared > 1000


def whole_hand(rules: Rules, seed: int) -> Iterator[tuple[Deal, Action | None]]:
    """Every position of one random hand to its end (phase ``over`` included), with the
    action that led there: pozzo takes and take-backs (played often here) included. Some
    seats may sit the hand out, as eliminated seats do."""
    rng = random.Random(seed)
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    seats = tuple(range(rules.players))
    if rules.players > 2 and rng.random() < 0.4:
        seats = tuple(sorted(rng.sample(seats, rng.randint(2, rules.players - 1))))
    hand = Deal.deal(rules, deck, seats=seats, shuffle_seed=seed)
    action: Action | None = None
    for _ in range(1500):
        yield hand, action
        if hand.over:
            return
        actions = legal_actions(hand)
        melding = [a for a in actions if isinstance(a, Open | Meld | LayOff | SwapJoker)]
        backs = [a for a in actions if isinstance(a, TakeBack)]
        plain = [a for a in actions if not isinstance(a, TakeBack)] or actions
        roll = rng.random()
        if backs and roll < 0.25:
            action = backs[0]
        elif melding and roll < 0.7:
            action = rng.choice(melding)
        else:
            action = rng.choice(plain)
        hand.apply(action)


def _compare_every_seat(
    enc: ObservationEncoder, moves: Moves, deal: Deal, scores: tuple[int, ...]
) -> int:
    """``from_hand`` against ``from_view`` for every table seat, players and watchers,
    with the current player's opening in progress when it has one to start."""
    build = None
    if deal.phase == PLAY and not deal.opened[deal.current]:
        mask = moves.mask(deal, None)
        picks = np.flatnonzero(mask[moves.layout.meld_base : moves.layout.lay_off_base])
        if len(picks):
            made = moves.resolve(deal, None, moves.layout.meld(int(picks[0])))
            assert isinstance(made, Build)
            build = made
    compared = 0
    for seat in range(deal.rules.players):
        if seat in deal.seats:
            view = PlayerView.of(deal, seat)
            mine = build if deal.seats[deal.current] == seat else None
        else:
            view = PlayerView.public(deal, seat)
            mine = None
        view = replace(view, scores=scores)  # as PlayerView.of_match attaches match totals
        fast = enc.from_hand(deal, seat, scores, mine)
        slow = enc.from_view(view, mine)
        assert np.array_equal(fast, slow), (seat, deal.phase, np.flatnonzero(fast != slow))
        # The list pyspiel callers get: the same floats, entry by entry.
        assert enc.list_from_hand(deal, seat, scores, mine) == fast.tolist()
        compared += 1
    return compared


@examples(25)
@given(rules=move_rules(), seed=st.integers(0, 10**6))
def test_the_fast_path_is_the_view_s_observation_in_every_kind_of_position(
    rules: Rules, seed: int
) -> None:
    """Under varied rules, at every step of whole hands: every phase (the end included),
    after pozzo takes and take-backs, with an opening in progress, with match scores, and
    for seats out of the hand (whose view is the public one)."""
    enc = ObservationEncoder(rules)
    moves = Moves(rules)
    rng = random.Random(seed)
    for hand, action in whole_hand(rules, seed):
        scores = tuple(rng.choice((0, 0, 35, 120, 250)) for _ in range(rules.units))
        _compare_every_seat(enc, moves, hand, scores)
        event(f"phase {hand.phase}")
        if isinstance(action, TakePozzo | TakeBack):
            event(f"after {type(action).__name__}")


def test_the_fast_path_checks_reach_every_kind_of_position() -> None:
    """The walk above does reach what it claims (so its comparisons mean something)."""
    seen: set[str] = set()
    for seed in range(8):
        rules = Rules(players=4 if seed % 2 else 2)
        enc = ObservationEncoder(rules)
        moves = Moves(rules)
        for hand, action in whole_hand(rules, seed):
            _compare_every_seat(enc, moves, hand, (0,) * rules.units)
            seen.add(str(hand.phase))
            if isinstance(action, TakePozzo | TakeBack):
                seen.add(type(action).__name__)
            if len(hand.seats) < rules.players:
                seen.add("watcher")
            if hand.phase == PLAY and hand.turn.drew == Drew.POZZO and not hand.turn.pozzo_used:
                seen.add("pozzo card to use")
    wanted = {"draw", "play", "over", "TakePozzo", "TakeBack", "watcher", "pozzo card to use"}
    assert wanted <= seen, wanted - seen


@examples(15)
@given(rules=move_rules(), seed=st.integers(0, 10**6))
def test_two_true_states_with_the_same_view_look_the_same(rules: Rules, seed: int) -> None:
    enc = ObservationEncoder(rules)
    rng = random.Random(seed)
    for n, match in enumerate(random_positions(rules, seed, 80)):
        if n % 7:
            continue
        hand = match.deal
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
    hand = match.deal
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
            hand = match.deal
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
    hand = Deal.deal(rules, match.deck_for(1)[0], seats=(0, 2))  # seat 1 is eliminated
    enc = ObservationEncoder(rules)
    obs = enc.from_hand(hand, 1)
    assert not enc.view(obs, "hand").any()
    assert list(enc.view(obs, "in_hand")) == [0, 1, 1]  # itself, seat 2, seat 0
    assert list(enc.view(obs, "hand_sizes")) == [0, 13, 13]
