"""RULES.md §1 (cards and deal) and the keys players, jokers, decks,
no_joker_first_discard (first_pozzo_free is in test_turn.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from scala40.engine.cards import JOKER, pack_counts, pack_list
from scala40.engine.errors import RulesError
from scala40.engine.match import Match
from scala40.engine.state import Deal

from .helpers import rules


def test_the_pack_is_two_decks_and_four_jokers():
    counts = pack_counts(2, 4)
    assert sum(counts) == 108
    assert counts[JOKER] == 4
    assert set(counts[:52]) == {2}
    assert rules().pack_size == 108


@pytest.mark.parametrize(("players", "stock"), [(2, 81), (3, 68), (4, 55), (5, 42), (6, 29)])
def test_stock_sizes(players, stock):
    r = rules(players=players)
    assert r.stock_size == stock
    deck = pack_list(2, 4)
    hand = Deal.deal(r, deck)
    assert len(hand.stock) == stock
    assert len(hand.pozzo) == 1
    assert hand.sizes == [13] * players
    assert hand.pack_count().exact


def test_cards_are_dealt_one_at_a_time_then_the_pozzo_card_is_turned():
    r = rules(players=3)
    deck = pack_list(2, 4)  # top card last
    hand = Deal.deal(r, deck)
    for p in range(3):
        expected = [deck[-1 - p - 3 * i] for i in range(13)]
        assert hand.hand_cards(p) == sorted(expected)
    assert hand.pozzo == [deck[-40]]
    assert hand.stock == deck[:-40]
    assert hand.current == 0 and hand.phase == "draw"


def test_jokers_key_two_jokers_is_106_cards():
    r = rules(jokers=2)
    assert r.pack_size == 106 and r.joker_count == 2
    assert r.stock_size == 106 - 52 - 1
    hand = Deal.deal(r, pack_list(2, 2))
    assert sum(hand.card_counts()) == 106
    assert hand.card_counts()[JOKER] == 2


def test_decks_three_for_crowded_tables():
    r = rules(decks=3, players=8)
    assert r.pack_size == 156 + 6
    assert r.stock_size == 162 - 13 * 8 - 1
    hand = Deal.deal(r, pack_list(3, 6))
    assert hand.n == 8 and len(hand.stock) == r.stock_size
    assert hand.pack_count().exact
    assert rules(decks=3, jokers=4).pack_size == 160


@pytest.mark.parametrize("bad", [{"players": 7}, {"players": 1}, {"decks": 3, "players": 9}])
def test_player_limits(bad):
    with pytest.raises(RulesError):
        rules(**bad)


def test_the_deal_needs_the_whole_pack():
    deck = pack_list(2, 4)[:-1]
    with pytest.raises(ValueError):
        Deal.deal(rules(), deck)


def joker_turned_deck() -> list[int]:
    """A deck whose 53rd card from the top (4 players) is a joker."""
    deck = [k for k in pack_list(2, 4) if k != JOKER]
    deck.insert(len(deck) - 52, JOKER)
    deck[0:0] = [JOKER] * 3
    return deck


def test_a_turned_up_joker_starts_the_pozzo_by_default():
    hand = Deal.deal(rules(), joker_turned_deck())
    assert hand.pozzo == [JOKER]


def test_no_joker_first_discard_puts_it_back_in_the_stock():
    r = rules(no_joker_first_discard=True)
    hand = Deal.deal(r, joker_turned_deck(), shuffle_seed=7)
    assert hand.pozzo != [JOKER] and len(hand.pozzo) == 1
    assert len(hand.stock) == 55
    assert Counter(hand.stock)[JOKER] == 4
    assert hand.pack_count().exact


def test_first_dealer_is_random_and_the_seed_replays_it():
    dealers = {Match(rules(players=4), seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    assert Match(rules(), seed=9).dealer == Match(rules(), seed=9).dealer


def test_unseeded_matches_differ():
    a, b = Match(rules()), Match(rules())
    assert a.deal.stock != b.deal.stock
