"""The deal's public history of turns: what every view shows a player could remember."""

from __future__ import annotations

import random

from scala40.bots import make_bot
from scala40.engine.actions import Discard, DrawStock, Open, TakeBack, TakePozzo
from scala40.engine.cards import pack_list
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.turn import PastTurn
from scala40.engine.views import PlayerView, checking_world, resample

from .helpers import cards, spec


def _position() -> Deal:
    rules = Rules.build(None, {"players": "2"})
    return Deal.setup(
        rules,
        [cards("KH KD KC QS 2C 3D 4S 5H 9C 9D JH JD 7S"), cards("AH AD 6S 6C 8H 8D 10C")],
        pozzo=cards("5D 9S"),
        opened=[False, True],
        shuffle_seed=3,
    )


def _king_on_the_pozzo() -> Deal:
    """Player 0 may take the K♣ and open with it (``open_from_pozzo = "any_use"``)."""
    rules = Rules.build(None, {"players": "2", "open_from_pozzo": "any_use"})
    return Deal.setup(
        rules,
        [cards("KH KD QS QD QC 2C 3D 4S 5H 9C JH JD 7S"), cards("AH AD 6S 6C 8H 8D 10C")],
        pozzo=cards("KC"),
        shuffle_seed=3,
    )


def test_a_stock_draw_is_remembered_with_the_card_left_on_the_pozzo() -> None:
    hand = _position()
    hand.apply(DrawStock())
    assert hand.history == ()
    hand.apply(Discard(cards("2C")[0]))
    assert hand.history == (PastTurn(0, cards("9S")[0], False, False, cards("2C")[0]),)


def test_a_pozzo_take_is_remembered_as_taken() -> None:
    hand = _position()
    hand.apply(DrawStock())
    hand.apply(Discard(cards("8S")[0] if False else cards("2C")[0]))
    # Player 1 (opened) takes the 2♣? It cannot use it: it draws and throws the 10♣.
    hand.apply(DrawStock())
    hand.apply(Discard(cards("10C")[0]))
    assert hand.history[-1] == PastTurn(1, cards("2C")[0], False, True, cards("10C")[0])
    # Player 0 takes the 10♣? Not usable either; the record keeps what happened.
    assert [p.player for p in hand.history] == [0, 1]


def test_an_opening_from_the_pozzo_is_remembered_as_taken() -> None:
    hand = _king_on_the_pozzo()
    hand.apply(TakePozzo())
    hand.apply(Open((spec("KH KD KC"), spec("QS QD QC"))))
    hand.apply(Discard(cards("2C")[0]))
    assert hand.history == (PastTurn(0, cards("KC")[0], True, False, cards("2C")[0]),)


def test_a_take_back_leaves_no_trace_and_views_share_the_history() -> None:
    hand = _king_on_the_pozzo()
    hand.apply(TakePozzo())
    hand.apply(Open((spec("KH KD KC"), spec("QS QD QC"))))
    hand.apply(TakeBack())
    assert hand.history == ()
    hand.apply(Open((spec("KH KD KC"), spec("QS QD QC"))))
    hand.apply(Discard(cards("9C")[0]))
    for seat in (0, 1):
        view = PlayerView.of(hand, seat)
        assert view.history == hand.history
    assert PlayerView.public(hand).history == hand.history
    me = PlayerView.of(hand, 1)
    assert resample(me, random.Random(1)).history == hand.history
    assert checking_world(me).history == hand.history
    assert hand.clone().history == hand.history


def test_every_finished_turn_of_a_played_hand_is_in_the_history() -> None:
    rules = Rules.build(None, {"players": "3"})
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(1).shuffle(deck)
    hand = Deal.deal(rules, deck, shuffle_seed=1)
    bot = make_bot("club")
    rng = random.Random(2)
    discards = []
    while hand.result is None:
        action = bot.choose(PlayerView.of(hand, hand.seats[hand.current]), rng)
        if isinstance(action, Discard):
            discards.append((hand.current, action.card))
        hand.apply(action)
    # The turn that went out with its last discard is finished too.
    assert [(p.player, p.discard) for p in hand.history] == discards
