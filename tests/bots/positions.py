"""Positions for bot tests: club-player hands move by move, and twin deals.

A twin deal is the same position with a hidden card of the next player exchanged with the
stock: what the seat sees is the same, so a bot (or its reading) must not change.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scala40.bots import make_bot
from scala40.engine.actions import Action
from scala40.engine.cards import KINDS, pack_list
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView


def club_play(rules: Rules, hands: int, seed: int) -> Iterator[tuple[Deal, PlayerView, Action]]:
    """Every decision of ``hands`` club-player hands: the true hand (do not change it), the
    current seat's view and the club player's action, which is applied after the yield."""
    club = make_bot("club")
    for number in range(hands):
        rng = random.Random(f"{seed}:{number}")
        deck = pack_list(rules.decks, rules.joker_count)
        rng.shuffle(deck)
        hand = Deal.deal(rules, deck, shuffle_seed=number)
        while hand.result is None:
            view = PlayerView.of(hand, hand.seats[hand.current])
            action = club.choose(view, rng)
            yield hand, view, action
            hand.apply(action)


def twin(deal: Deal, seat: int) -> Deal:
    """The same position with a hidden card of the player after ``seat`` and a stock card
    exchanged, and the stock reversed: everything ``seat`` cannot see differs."""
    out = deal.clone()
    me = deal.seats.index(seat)
    other = (me + 1) % deal.n
    counts = out.hands[other]
    hidden = [k for k in range(KINDS) if counts[k] > out.known[other][k]]
    for i, card in enumerate(out.stock):
        swap = next((k for k in hidden if k != card), None)
        if swap is not None:
            counts[swap] -= 1
            counts[card] += 1
            out.stock[i] = swap
            break
    out.stock.reverse()
    return out
