"""From cards picked in the hand to the meld a player means: the readings of a selection.

At a real table a player puts K♥ K♦ JK down and says "the joker is the K♣", or lays
5♠ JK 7♠ and the joker's place makes it the 6♠. On the screen the player only picks
cards; this module finds every way the engine accepts them as one meld (joker places in
a run, ace low or high, the suit a set's joker stands for), so the app can lay the first
and let the player cycle through the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from scala40.engine.actions import MeldSpec
from scala40.engine.cards import ACE, JOKER, kind_of, rank_of, suit_of
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import build_meld
from scala40.engine.rules import Rules

MAX_READINGS = 12


def _run_orders(naturals: list[int], jokers: int) -> list[list[int]]:
    """Naturals sorted by rank (ace low, and ace high), jokers placed in every way."""
    orders: list[list[int]] = []
    for ace_high in (False, True):
        ranked = sorted(
            naturals, key=lambda k: 14 if ace_high and rank_of(k) == ACE else rank_of(k)
        )
        # A joker may go into any of the len+1 gaps; several jokers into gaps with repetition.
        for gaps in combinations_with_replacement(range(len(ranked) + 1), jokers):
            order: list[int] = []
            for i in range(len(ranked) + 1):
                order.extend([JOKER] * gaps.count(i))
                if i < len(ranked):
                    order.append(ranked[i])
            if order not in orders:
                orders.append(order)
    return orders


def readings(cards: Sequence[int], rules: Rules) -> list[MeldSpec]:
    """Every valid meld the cards make (at most :data:`MAX_READINGS`), most natural first."""
    naturals = [k for k in cards if k != JOKER]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or not naturals:
        return []
    found: list[MeldSpec] = []

    def attempt(spec: MeldSpec) -> None:
        if spec in found or len(found) >= MAX_READINGS:
            return
        try:
            build_meld(spec.cards, spec.declared, rules)
        except IllegalAction:
            return
        found.append(spec)

    if len({rank_of(k) for k in naturals}) == 1:
        rank = rank_of(naturals[0])
        ordered = sorted(naturals, key=suit_of)
        missing = [s for s in range(4) if s not in {suit_of(k) for k in naturals}]
        for suits in combinations_with_replacement(missing, jokers):
            if len(set(suits)) != len(suits):
                continue
            declared: list[int | None] = [None] * len(ordered)
            declared += [kind_of(s, rank) for s in suits]
            attempt(MeldSpec((*ordered, *[JOKER] * jokers), tuple(declared)))
    if len({suit_of(k) for k in naturals}) == 1:
        for order in _run_orders(naturals, jokers):
            attempt(MeldSpec(tuple(order)))
    return found


def plain_order(cards: Sequence[int]) -> MeldSpec:
    """The cards as picked, sorted by rank with jokers last: what to show the engine when
    no reading is valid, so its refusal names the problem."""
    return MeldSpec(tuple(sorted(cards, key=lambda k: (k == JOKER, rank_of(k), suit_of(k)))))
