"""Dealt worlds: an opened player's few hidden cards follow what it threw and left.

A player keeps a card that goes with two of its cards, and once opened it takes one from
the pozzo; so the cards it threw or left say which cards it does not hold. The worlds a
search deals read that (the belief), and a search that did not would imagine opponents
holding exactly what their play shows they have not.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scala40.bots.reading import goes_with
from scala40.bots.worlds import READ_CARDS, READ_FROM, THREW_FIT, belief, deal_consistent
from scala40.engine.cards import JOKER, KINDS
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView

from .positions import club_play

HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3


def card(suit: int, rank: int) -> int:
    """The kind of a card by suit and rank (1 the ace ... 13 the king)."""
    return suit * 13 + rank - 1


def hand_of(*cards: int) -> list[int]:
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    return counts


def test_a_card_goes_with_two_of_its_rank_two_of_its_run_or_a_joker_and_one() -> None:
    seven = card(HEARTS, 7)
    assert goes_with(seven, hand_of(card(CLUBS, 7), card(SPADES, 7)))
    assert goes_with(seven, hand_of(card(HEARTS, 8), card(HEARTS, 9)))
    assert goes_with(seven, hand_of(card(HEARTS, 5), card(HEARTS, 6)))
    assert goes_with(seven, hand_of(card(HEARTS, 6), card(HEARTS, 8)))
    assert goes_with(seven, hand_of(JOKER, card(DIAMONDS, 7)))
    assert goes_with(seven, hand_of(JOKER, card(HEARTS, 9)))
    # Two of the same other suit make no set; a run does not mix suits; a gap of two is no run.
    assert not goes_with(seven, hand_of(card(CLUBS, 7), card(CLUBS, 7)))
    assert not goes_with(seven, hand_of(card(HEARTS, 8), card(CLUBS, 9)))
    assert not goes_with(seven, hand_of(card(HEARTS, 9), card(HEARTS, 10)))
    assert not goes_with(seven, hand_of(JOKER, card(HEARTS, 10)))
    # The ace is low and high, never both: A-2-3 and Q-K-A, not K-A-2.
    ace = card(SPADES, 1)
    assert goes_with(ace, hand_of(card(SPADES, 2), card(SPADES, 3)))
    assert goes_with(ace, hand_of(card(SPADES, 12), card(SPADES, 13)))
    assert not goes_with(ace, hand_of(card(SPADES, 13), card(SPADES, 2)))


def reading_positions(count: int) -> Iterator[PlayerView]:
    """Heads-up club-player positions at a play phase where the other player has opened,
    holds :data:`READ_FROM`-:data:`READ_CARDS` hidden cards and has thrown since."""
    rules = Rules.build(None, {"players": "2"})
    found = 0
    for _deal, view, _ in club_play(rules, 400, seed=5):
        other = 1 - view.me
        hidden = view.hand_sizes[other] - len(view.known[other])
        if (
            view.phase != DRAW
            and view.opened[other]
            and READ_FROM <= hidden <= READ_CARDS
            and any(p.player == other and p.opened for p in view.history[-2:])
        ):
            yield view
            found += 1
            if found == count:
                return


def test_worlds_seldom_deal_a_player_what_its_throws_go_with() -> None:
    """Uniform worlds often hand the other player two cards that go with a card it has
    just thrown or left; the believed worlds seldom do (a world is kept with the weight
    :func:`belief` gives it)."""
    against = {True: 0, False: 0}
    dealt = 0
    for number, view in enumerate(reading_positions(60)):
        for k in range(20):
            dealt += 1
            for read in (True, False):
                world = deal_consistent(view, random.Random(f"{number}:{k}"), read=read)
                against[read] += belief(view, world) < 1.0
    assert dealt == 60 * 20
    assert against[False] >= 60  # the uniform worlds contradict the play often enough to see
    assert against[True] * 2 <= against[False]


def test_a_world_holding_what_a_throw_goes_with_is_less_likely() -> None:
    """Two cards of a thrown card's rank put into the thrower's hand (from the stock, for
    two of its hidden cards) cost the world the weight of a throw that went with it."""
    view = next(reading_positions(1))
    other = 1 - view.me
    thrown = next(p.discard for p in reversed(view.history) if p.player == other)
    assert thrown < JOKER
    suit, r0 = divmod(thrown, 13)
    mates = [s * 13 + r0 for s in range(4) if s != suit]
    for seed in range(200):
        world = deal_consistent(view, random.Random(seed), read=False)
        hand = world.hands[other]
        in_stock = [m for m in mates if m in world.stock and not hand[m]]
        hidden = [k for k in range(KINDS) if hand[k] > view.known[other].count(k)]
        givable = [k for k in hidden if k not in mates]
        if belief(view, world) == 1.0 and len(in_stock) >= 2 and len(givable) >= 2:
            break
    else:
        raise AssertionError("no world to change found")
    for mate, given in zip(in_stock[:2], givable[:2], strict=True):
        world.stock[world.stock.index(mate)] = given
        hand[given] -= 1
        hand[mate] += 1
    assert goes_with(thrown, hand)
    assert belief(view, world) <= THREW_FIT
