"""RULES.md §11: hidden information, reproducible shuffles, replay from the action log."""

from __future__ import annotations

import random
from dataclasses import fields

from scala40.engine.actions import Discard, DrawStock, TakeBack
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample

from .helpers import DRAW, POZZO, cards, discard, lay, play, position, rules, same


def test_a_view_shows_own_hand_counts_and_public_cards_only():
    hand = position(
        ["9C 2D QD", "2H 3H 9S 4C"],
        rules=rules(players=2),
        table=["5H 6H 7H"],
        pozzo="2S 8H",
        opened=[True, False],
    )
    play(hand, POZZO, lay("8H", 0), discard("9C"))
    view = PlayerView.of(hand, 1)
    assert list(view.hand) == same("2H 3H 9S 4C")
    assert view.hand_sizes == (2, 4)
    assert view.stock_size == len(hand.stock)
    assert [m.text() for m in view.table] == ["5♥ 6♥ 7♥ 8♥"]
    assert list(view.pozzo) == cards("2S 9C")
    names = {f.name for f in fields(PlayerView)}
    assert not names & {"hands", "stock", "shuffle_seed", "seed"}
    # what player 0 holds (2♦ Q♦) appears nowhere in player 1's view
    assert not set(cards("2D QD")) & {k for ks in view.known for k in ks}


def test_a_card_taken_from_the_pozzo_is_known_to_all():
    hand = position(
        ["9C 8D 8C 2D", "2H 3H 9S 4C"],
        rules=rules(players=2, keep_pozzo_card=True),
        table=["5H 6H 7H"],
        pozzo="2S 8H",
        opened=[True, False],
    )
    play(hand, POZZO, discard("9C"))
    assert PlayerView.of(hand, 1).known[0] == tuple(cards("8H"))


def test_resampled_worlds_keep_what_the_seat_sees_and_vary_the_rest():
    m = Match(rules(players=3), seed=11)
    play(m.deal, DRAW)
    view = PlayerView.of(m.deal, m.deal.seats[0])
    worlds = [resample(view, random.Random(i)) for i in range(5)]
    for w in worlds:
        assert w.hand_cards(0) == m.deal.hand_cards(0)
        assert w.sizes == m.deal.sizes and w.pozzo == m.deal.pozzo
        assert w.card_counts() == m.deal.card_counts()
    assert len({tuple(w.hand_cards(1)) for w in worlds}) > 1


def test_a_hand_replays_exactly_from_its_deal_and_actions():
    r = rules(players=2)
    m = Match(r, seed=5)
    deck, seed = m.deck_for(1)
    hand = Deal.deal(r, deck, m.deal.seats, seed)
    rng = random.Random(0)
    log = []
    while not hand.over and len(log) < 500:
        acts = legal_actions(hand)
        meld = [a for a in acts if not isinstance(a, Discard | DrawStock | TakeBack)]
        # only draw and discard at first, so the stock runs out and is reshuffled
        plain = [a for a in acts if isinstance(a, Discard | DrawStock)]
        a = rng.choice(meld if meld and len(log) > 180 and rng.random() < 0.5 else plain or acts)
        hand.apply(a)
        log.append(a)
    again = Deal.deal(r, deck, m.deal.seats, seed)
    for a in log:
        again.apply(a)
    assert again.hands == hand.hands and again.stock == hand.stock
    assert again.pozzo == hand.pozzo and again.table == hand.table
    assert again.result == hand.result and again.reshuffles == hand.reshuffles
    assert hand.reshuffles >= 1
