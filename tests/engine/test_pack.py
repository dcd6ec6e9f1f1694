"""The pack check (RULES.md §1): cards that are not the pack are refused by name.

One function, :func:`scala40.engine.pack.count_pack`, counts every deck, position and
state against the pack; these tests are what a player sees when it says no.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scala40.engine.cards import HEARTS, JOKER, SPADES, kind_of, pack_list
from scala40.engine.errors import PackError, Scala40Error
from scala40.engine.pack import check_pack, count_pack
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

SEVEN_H = kind_of(HEARTS, 7)
KING_S = kind_of(SPADES, 13)


def _deal_error(deck: Sequence[object], rules: Rules | None = None) -> PackError:
    with pytest.raises(PackError) as info:
        Deal.deal(rules or Rules(), deck)  # type: ignore[arg-type]
    return info.value


def test_the_whole_pack_deals() -> None:
    hand = Deal.deal(Rules(), pack_list(2, 4))
    assert hand.pack_count().exact
    assert hand.pack_count().problem("the hand") is None


def test_a_deck_with_one_card_too_many_names_it() -> None:
    err = _deal_error([*pack_list(2, 4), SEVEN_H])
    assert str(err) == (
        "the deck must be the whole pack for these rules: "
        "too many 7♥: the pack holds 2 copies of 7♥, the deck has 3"
    )
    assert err.over == (SEVEN_H,) and err.missing == ()
    # Still the ValueError callers caught before, and the library's own error.
    assert isinstance(err, ValueError) and isinstance(err, Scala40Error)


def test_a_deck_missing_a_card_names_it() -> None:
    deck = pack_list(2, 4)
    deck.remove(KING_S)
    err = _deal_error(deck)
    assert str(err).endswith("the deck loses cards of the pack: K♠")
    assert err.missing == (KING_S,) and err.over == ()


def test_a_deck_with_a_card_swapped_names_both() -> None:
    deck = pack_list(2, 4)
    deck[deck.index(KING_S)] = JOKER
    message = str(_deal_error(deck))
    assert "too many JK: the pack holds 4 jokers, the deck has 5" in message
    assert "the deck loses cards of the pack: K♠" in message


def test_a_deck_missing_both_copies_says_how_many() -> None:
    deck = [k for k in pack_list(2, 4) if k != SEVEN_H]
    assert str(_deal_error(deck)).endswith("loses cards of the pack: 7♥ ×2")


@pytest.mark.parametrize("stray", [99, -1, True, "7H", None])
def test_a_deck_with_something_that_is_no_card_names_it(stray: object) -> None:
    deck: list[object] = [*pack_list(2, 4)]
    deck[0] = stray
    err = _deal_error(deck)
    assert f"not a card kind: {stray!r}" in str(err)
    assert err.foreign == (stray,)


def test_a_pack_without_jokers_says_so() -> None:
    err = _deal_error([*pack_list(2, 0), JOKER], Rules(jokers=0))
    assert "too many JK: the pack holds no jokers, the deck has 1" in str(err)
    count = count_pack(Rules(jokers=1), [JOKER, JOKER])
    assert "the pack holds 1 joker, the cards has 2" in str(count.problem("the cards"))


def _deal_hands() -> tuple[list[list[int]], list[int], list[int]]:
    """Two hands, a pozzo and a stock that are exactly the pack."""
    deck = pack_list(2, 4)
    hands = [deck[:13], deck[13:26]]
    return hands, [deck[26]], deck[27:]


def test_a_position_with_an_extra_seven_of_hearts_names_it_and_where() -> None:
    stock = pack_list(2, 4)
    stock.remove(SEVEN_H)  # one 7♥ left in the stock
    stock.remove(KING_S)
    hands = [[SEVEN_H, KING_S], [SEVEN_H]]
    with pytest.raises(PackError) as info:
        Deal.setup(Rules(), hands, stock=stock)
    assert str(info.value) == (
        "too many 7♥: the pack holds 2 copies of 7♥, the position has 3 "
        "(in hands[0], hands[1], stock)"
    )
    assert info.value.over == (SEVEN_H,) and info.value.missing == ()
    # With no stock given the rest of the pack becomes the stock; the extra still shows.
    hands = [[SEVEN_H, SEVEN_H, KING_S], [SEVEN_H]]
    with pytest.raises(PackError, match=r"too many 7♥: .* has 3 \(in hands\[0\], hands\[1\]\)$"):
        Deal.setup(Rules(), hands)


def test_a_position_that_loses_a_card_names_it() -> None:
    hands, pozzo, stock = _deal_hands()
    stock.remove(KING_S)
    with pytest.raises(ValueError, match="the position loses cards of the pack: K♠"):
        Deal.setup(Rules(), hands, pozzo=pozzo, stock=stock)


def test_a_position_with_no_card_is_refused() -> None:
    hands, pozzo, stock = _deal_hands()
    with pytest.raises(PackError, match="not a card kind: 53"):
        Deal.setup(Rules(), hands, pozzo=[*pozzo, 53], stock=stock)


def test_the_conservation_check_names_the_zones_of_a_copied_card() -> None:
    hand = Deal.deal(Rules(), pack_list(2, 4))
    top = hand.pozzo[-1]
    hand.pozzo.append(top)  # a card copied: the state no longer holds the pack
    count = hand.pack_count()
    assert not count.exact and count.over == (top,)
    with pytest.raises(PackError, match=r"too many .*, the hand has 3 \(in .*pozzo"):
        count.check("the hand")
    hand.pozzo.pop()
    hand.stock.pop()  # a card lost
    with pytest.raises(PackError, match="the hand loses cards of the pack"):
        hand.pack_count().check("the hand")


def test_part_of_the_pack_passes_when_missing_cards_are_allowed() -> None:
    part = check_pack(Rules(), [SEVEN_H, SEVEN_H], holder="the melds", whole=False)
    assert not part.exact and part.over == ()
    assert len(part.left()) == 106 and part.left().count(SEVEN_H) == 0
    with pytest.raises(PackError, match="too many 7♥"):
        check_pack(Rules(), [SEVEN_H] * 3, holder="the melds", whole=False)
