"""RULES.md §3 (melds) and §13's meld-text and joker lay-off decisions.

Keys: jokers_per_meld, min_naturals, two_natural_aces_in_run, max_run_length_5,
complete_set_to_stock.
"""

from __future__ import annotations

import pytest

from scala40.engine.cards import JOKER
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import HIGH, LOW, build_meld, fitting_kinds, lay_off, swap_joker

from .helpers import (
    DRAW,
    cards,
    conserved,
    lay,
    meld,
    meld_action,
    name,
    open_,
    play,
    position,
    refuse,
    rules,
    same,
    spec,
    table_texts,
)

FISCA = rules()


def build(text: str, r=FISCA):
    s = spec(text)
    return build_meld(s.cards, s.declared, r)


def refused_meld(text: str, r=FISCA, code: str = "invalid_meld") -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        build(text, r)
    assert info.value.code == code
    return info.value


# Runs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown", "points"),
    [
        ("AH 2H 3H", "A♥ 2♥ 3♥", 6),  # ace low counts 1
        ("QH KH AH", "Q♥ K♥ A♥", 31),  # ace high counts 11
        ("KH QH JH", "J♥ Q♥ K♥", 30),  # descending text is the same run
        ("3H 2H AH", "A♥ 2♥ 3♥", 6),
        ("5S 6S 7S 8S 9S 10S JS", "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠", 55),
    ],
)
def test_runs_ace_low_or_high_either_direction(text, shown, points):
    m = build(text)
    assert m.is_run
    assert m.text() == shown
    assert m.points(FISCA) == points


@pytest.mark.parametrize(
    "text",
    ["KS AS 2S", "QS KS AS 2S", "AS 2S KS", "KH AH 2H 3H"],
)
def test_no_wrap_around_the_ace(text):
    err = refused_meld(text)
    assert "K-A-2" in err.reason


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("5H 6H 8H", "consecutive"),
        ("5H 6H 7D", "neither"),
        ("5H 6H", "at least 3"),
        ("7H 7H 8H", "consecutive"),  # a repeated card is not consecutive
    ],
)
def test_not_runs(text, why):
    assert why in refused_meld(text).reason


def test_longest_run_is_fourteen_with_a_joker_as_the_other_ace():
    m = build("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    assert len(m) == 14
    assert m.text().endswith("K♥ JK=A♥")
    # nothing goes on a 14-card run
    assert fitting_kinds(m, FISCA) == set()
    with pytest.raises(IllegalAction):
        lay_off(m, JOKER, FISCA, LOW)
    with pytest.raises(IllegalAction):
        lay_off(m, JOKER, FISCA, HIGH)


def test_both_natural_aces_banned_by_default():
    err = refused_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert err.code == "invalid_meld"
    # laying the second natural ace off on a 13-card run is refused, and it does not "fit"
    run13 = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    with pytest.raises(IllegalAction) as info:
        lay_off(run13, cards("AH")[0], FISCA, HIGH)
    assert "both aces" in info.value.reason
    assert cards("AH")[0] not in fitting_kinds(run13, FISCA)
    # nor may the natural ace replace a joker standing for the other ace
    full = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    with pytest.raises(IllegalAction) as info:
        swap_joker(full, cards("AH")[0], FISCA)
    assert "both aces" in info.value.reason
    assert fitting_kinds(full, FISCA) == set()


TWO_ACES = rules(two_natural_aces_in_run=True)


def test_two_natural_aces_in_run_allows_the_lay_off_and_the_swap():
    run13 = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    (out,) = lay_off(run13, cards("AH")[0], TWO_ACES, HIGH)
    assert out.text() == "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"
    assert out.joker_count == 0
    full = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    assert swap_joker(full, cards("AH")[0], TWO_ACES).joker_count == 0
    assert fitting_kinds(full, TWO_ACES) == {cards("AH")[0]}


def test_two_natural_aces_in_run_allows_laying_the_whole_run():
    m = build("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", TWO_ACES)
    assert len(m) == 14 and m.joker_count == 0
    assert m.points(TWO_ACES) == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30 + 11


def test_both_natural_aces_refusal_names_the_aces():
    err = refused_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    # a player needs to know why: the two aces, not "not consecutive"
    assert "ace" in err.reason


# Sets ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [("9S 9H 9D", 27), ("9S 9H 9D 9C", 36), ("AS AH AD", 33), ("KS KH KD KC", 40)],
)
def test_sets_of_three_and_four(text, points):
    m = build(text)
    assert not m.is_run
    assert m.points(FISCA) == points


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("9S 9S 9H", "different suits"),  # two physical 9♠ are still one suit
        ("9S 9H 9D 9C 9S", "different suits"),
        ("9S 9H 9D 9C JK", "at most 4"),
        ("9S 9H 8D", "neither"),
    ],
)
def test_not_sets(text, why):
    assert why in refused_meld(text).reason


def test_several_sets_of_one_rank_on_the_table():
    hand = position(
        ["9S 9H 9D 4C 5C 6C", "2D 3D"],
        table=["9H 9D 9C", "2S 3S 4S"],
        opened=[True, False],
        stock_top="KD",
    )
    play(hand, DRAW, meld_action("9S 9H 9D"))
    assert table_texts(hand) == ["9♥ 9♦ 9♣", "2♠ 3♠ 4♠", "9♥ 9♦ 9♠"]
    assert conserved(hand)


def test_a_fifth_card_cannot_join_a_complete_set():
    hand = position(
        ["9S 4C 5C", "2D 3D"], table=["9H 9D 9C 9S"], opened=[True, False], stock_top="KD"
    )
    play(hand, DRAW)
    refuse(hand, lay("9S", 0), "does_not_fit", "complete")


def test_a_set_takes_the_missing_suit_only():
    hand = position(
        ["9C 9H 4C 5C", "2D 3D"], table=["9H 9D 9S"], opened=[True, False], stock_top="KD"
    )
    play(hand, DRAW)
    refuse(hand, lay("9H", 0), "does_not_fit", name("9H"))
    hand.apply(lay("9C", 0))
    assert table_texts(hand) == ["9♥ 9♦ 9♣ 9♠"]


# Jokers -------------------------------------------------------------------------------


def test_joker_identity_by_position_in_a_run():
    # JK-7-8: the joker is the 6, not the 9 - the player chooses the end by placing it
    assert build("JK 7H 8H").text() == "JK=6♥ 7♥ 8♥"
    assert build("7H 8H JK").text() == "7♥ 8♥ JK=9♥"
    assert build("8H 7H JK").text() == "JK=6♥ 7♥ 8♥"  # descending: below the 7
    assert build("7H JK 9H").text() == "7♥ JK=8♥ 9♥"
    assert build("JK 7H 8H").points(FISCA) == 21


def test_joker_at_either_end_near_the_ace():
    assert build("JK 2H 3H").text() == "JK=A♥ 2♥ 3♥"
    assert build("QH KH JK").text() == "Q♥ K♥ JK=A♥"
    assert build("QH KH JK").points(FISCA) == 31


def test_declared_identity_contradicting_the_place_is_invalid():
    assert "place" in refused_meld("JK=9H 7H 8H").reason
    assert "place" in refused_meld("JK=7D 7H 8H").reason
    assert build("JK=6H 7H 8H").text() == "JK=6♥ 7♥ 8♥"


def test_joker_in_a_set_of_three_takes_the_declared_suit():
    m = build("7H 7D JK=7S")
    assert m.text() == "7♥ 7♦ JK=7♠"
    assert m.joker_identities() == cards("7S")
    m = build("7H 7D JK=7C")
    assert m.joker_identities() == cards("7C")
    assert m.points(FISCA) == 21


def test_set_of_three_joker_needs_a_declared_suit_in_play():
    err = refused_meld("7H 7D JK", code="declare_joker")
    assert "C or S" in err.reason
    # ... the referee accepts it undeclared
    s = spec("7H 7D JK")
    assert build_meld(s.cards, s.declared, FISCA, require_set_suits=False).points(FISCA) == 21


@pytest.mark.parametrize("bad", ["7H", "7D", "8S"])
def test_set_joker_cannot_be_a_present_suit_or_another_rank(bad):
    assert "missing suit" in refused_meld(f"7H 7D JK={bad}").reason


def test_joker_in_a_set_of_four_is_the_missing_suit():
    m = build("5H 5D 5C JK")
    assert m.joker_identities() == cards("5S")
    assert m.points(FISCA) == 20


def test_only_jokers_is_never_a_meld():
    assert "only jokers" in refused_meld("JK JK JK").reason
    anyr = rules(jokers_per_meld="any", min_naturals=1)
    assert "only jokers" in refused_meld("JK JK JK JK", anyr).reason


def test_one_joker_per_meld_by_default():
    assert "one joker" in refused_meld("JK 7H 8H JK").reason
    assert "one joker" in refused_meld("7H 7D JK=7C JK=7S").reason
    # a second joker cannot be laid off on a meld that holds one
    with pytest.raises(IllegalAction) as info:
        lay_off(meld("JK 7H 8H"), JOKER, FISCA, HIGH)
    assert "one joker" in info.value.reason
    with pytest.raises(IllegalAction):
        lay_off(meld("7H 7D JK=7C"), JOKER, FISCA)


def test_jokers_per_meld_two_with_min_naturals():
    two = rules(jokers_per_meld=2)
    assert build("JK 7H 8H JK", two).text() == "JK=6♥ 7♥ 8♥ JK=9♥"
    assert build("7H 7D JK=7C JK=7S", two).points(two) == 28
    assert "at most 2 jokers" in refused_meld("JK 7H 8H JK JK", two).reason
    # min_naturals defaults to 2: one natural with two jokers is not enough
    assert "2 natural" in refused_meld("JK 7H JK", two).reason
    (m,) = lay_off(build("JK 7H 8H", two), JOKER, two, HIGH)
    assert m.text() == "JK=6♥ 7♥ 8♥ JK=9♥"


def test_jokers_per_meld_any_with_min_naturals():
    anyr = rules(jokers_per_meld="any")
    assert build("JK 7H 8H JK JK", anyr).joker_count == 3
    assert "2 natural" in refused_meld("JK 7H JK JK", anyr).reason
    one = rules(jokers_per_meld="any", min_naturals=1)
    assert build("7H JK JK", one).text() == "7♥ JK=8♥ JK=9♥"
    three = rules(jokers_per_meld="any", min_naturals=3)
    assert "3 natural" in refused_meld("JK 7H 8H JK", three).reason
    assert build("JK 7H 8H 9H", three).joker_count == 1


def test_min_naturals_does_not_matter_with_one_joker_per_meld():
    r = rules(min_naturals=3)
    assert build("JK 7H 8H", r).joker_count == 1


def test_jokers_per_meld_two_on_the_table():
    two = rules(jokers_per_meld=2, players=2)
    hand = position(
        ["JK 4C 5C 6C", "2D 3D"],
        rules=two,
        table=[meld("JK 7H 8H", two)],
        opened=[True, False],
        stock_top="KD",
    )
    play(hand, DRAW, lay("JK", 0, HIGH))
    assert table_texts(hand) == ["JK=6♥ 7♥ 8♥ JK=9♥"]
    hand2 = position(
        ["JK 4C 5C 6C", "2D 3D"], table=["JK 7H 8H"], opened=[True, False], stock_top="KD"
    )
    play(hand2, DRAW)
    refuse(hand2, lay("JK", 0, HIGH), "invalid_meld", "one joker")


# Laying off ---------------------------------------------------------------------------


def test_lay_off_extends_a_run_at_either_end():
    hand = position(
        ["4H 9H KC KD", "2D 3D"], table=["5H 6H 7H 8H"], opened=[True, False], stock_top="QS"
    )
    play(hand, DRAW, lay("4H", 0), lay("9H", 0))
    assert table_texts(hand) == ["4♥ 5♥ 6♥ 7♥ 8♥ 9♥"]
    assert hand.hand_cards(0) == same("KC KD QS")


def test_lay_off_a_card_that_does_not_fit_names_it():
    hand = position(
        ["10H 9D KC KD", "2D 3D"], table=["5H 6H 7H 8H"], opened=[True, False], stock_top="QS"
    )
    play(hand, DRAW)
    refuse(hand, lay("10H", 0), "does_not_fit", name("10H"))
    refuse(hand, lay("9D", 0), "does_not_fit", name("9D"))
    refuse(hand, lay("KC", 5), "no_such_meld")


def test_ace_on_a_two_to_king_run_needs_an_end():
    hand = position(
        ["AH KC KD", "2D 3D"],
        table=["2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"],
        opened=[True, False],
        stock_top="QS",
    )
    play(hand, DRAW)
    refuse(hand, lay("AH", 0), "choose_end", name("AH"))
    hand.apply(lay("AH", 0, HIGH))
    assert table_texts(hand)[0].endswith("K♥ A♥")


def test_joker_lay_off_needs_an_end_except_where_only_one_is_open():
    hand = position(
        ["JK KC KD QC", "2D 3D"],
        table=["5H 6H 7H", "QS KS AS", "9H 9D 9C"],
        opened=[True, False],
        stock_top="QS",
    )
    play(hand, DRAW)
    refuse(hand, lay("JK", 0), "choose_end")
    refuse(hand, lay("JK", 1, HIGH), "no_room")
    hand.apply(lay("JK", 1))  # on Q-K-A it can only be the J
    assert table_texts(hand)[1] == "JK=J♠ Q♠ K♠ A♠"


def test_joker_laid_off_on_a_natural_set_of_three_is_the_missing_suit():
    hand = position(
        ["JK KC KD QC", "2D 3D"], table=["9H 9D 9C"], opened=[True, False], stock_top="QS"
    )
    play(hand, DRAW, lay("JK", 0))
    assert table_texts(hand) == ["9♥ 9♦ 9♣ JK=9♠"]


def test_cards_never_move_between_melds():
    # a table meld is never split to feed another: 8♥ of the run stays there
    hand = position(
        ["8D 8C KC KD", "2D 3D"], table=["5H 6H 7H 8H"], opened=[True, False], stock_top="QS"
    )
    play(hand, DRAW)
    with pytest.raises(IllegalAction):
        hand.apply(meld_action("8H 8D 8C"))
    assert table_texts(hand) == ["5♥ 6♥ 7♥ 8♥"]


# max_run_length_5 ---------------------------------------------------------------------

FIVE = rules(max_run_length_5=True, players=2)


def test_max_run_length_5_new_runs_at_most_five():
    assert build("3H 4H 5H 6H 7H", FIVE).hi == 7
    assert "at most 5" in refused_meld("3H 4H 5H 6H 7H 8H", FIVE).reason


def test_max_run_length_5_extending_past_five_splits_the_run():
    hand = position(
        ["8H 9C KC KD", "2D 3D"],
        rules=FIVE,
        table=[meld("3H 4H 5H 6H 7H", FIVE), meld("9H 9D 9S", FIVE)],
        opened=[True, False],
        stock_top="QS",
    )
    play(hand, DRAW, lay("8H", 0))
    texts = table_texts(hand)
    assert "3♥ 4♥ 5♥" in texts and "6♥ 7♥ 8♥" in texts
    assert "9♥ 9♦ 9♠" in texts
    assert len(texts) == 3
    assert conserved(hand)


def test_max_run_length_5_split_keeps_the_joker_identity():
    (low, high) = lay_off(meld("JK 4H 5H 6H 7H", FIVE), cards("8H")[0], FIVE)
    assert low.text() == "JK=3♥ 4♥ 5♥"
    assert high.text() == "6♥ 7♥ 8♥"


def test_max_run_length_5_every_extension_fits():
    run5 = meld("3H 4H 5H 6H 7H", FIVE)
    assert fitting_kinds(run5, FIVE) == set(cards("2H 8H"))


# complete_set_to_stock ----------------------------------------------------------------

TO_STOCK = rules(complete_set_to_stock=True, players=2)


def test_complete_set_to_stock_by_lay_off():
    hand = position(
        ["9S KC KD QC", "2D 3D"],
        rules=TO_STOCK,
        table=["9H 9D 9C", "4S 5S 6S"],
        opened=[True, False],
        stock_top="QS",
    )
    play(hand, DRAW)
    under = len(hand.stock)
    hand.apply(lay("9S", 0))
    assert table_texts(hand) == ["4♠ 5♠ 6♠"]
    assert len(hand.stock) == under + 4
    assert sorted(hand.stock[:4]) == same("9H 9D 9C 9S")  # at the bottom
    assert conserved(hand)


def test_complete_set_to_stock_when_laid_as_four():
    hand = position(
        ["9S 9H 9D 9C KC KD QC", "2D 3D"],
        rules=TO_STOCK,
        table=["4S 5S 6S"],
        opened=[True, False],
        stock_top="QS",
    )
    play(hand, DRAW, meld_action("9S 9H 9D 9C"))
    assert table_texts(hand) == ["4♠ 5♠ 6♠"]
    assert sorted(hand.stock[:4]) == same("9H 9D 9C 9S")


def test_complete_set_stays_on_the_table_by_default():
    hand = position(
        ["9S KC KD QC", "2D 3D"], table=["9H 9D 9C"], opened=[True, False], stock_top="QS"
    )
    play(hand, DRAW, lay("9S", 0))
    assert table_texts(hand) == ["9♥ 9♦ 9♣ 9♠"]


def test_a_set_joker_must_be_declared_in_an_opening():
    hand = position(["KH KD JK 3S 4S 5S 9C 2D", "2H 3H"], stock_top="6C")
    play(hand, DRAW)
    refuse(hand, open_("KH KD JK", "3S 4S 5S"), "declare_joker", "C or S")
    hand.apply(open_("KH KD JK=KC", "3S 4S 5S"))
    assert table_texts(hand)[0] == "K♥ K♦ JK=K♣"


def test_a_joker_laid_off_on_a_set_takes_a_declared_missing_suit():
    hand = position(
        ["JK 9C 2D QD", "2H 3H"], stock_top="6C", table=["5H 5D 5C"], opened=[True, False]
    )
    play(hand, DRAW)
    refuse(hand, lay("JK", 0, declared="5H"), "does_not_fit", name("5H"))
    hand.apply(lay("JK", 0, declared="5S"))
    assert table_texts(hand) == ["5♥ 5♦ 5♣ JK=5♠"]


def test_a_joker_lay_off_declaration_contradicting_its_place_is_refused():
    hand = position(
        ["JK 9C 2D QD", "2H 3H"], stock_top="6C", table=["5H 6H 7H"], opened=[True, False]
    )
    play(hand, DRAW)
    refuse(hand, lay("JK", 0, HIGH, declared="4H"), ("invalid_meld", "does_not_fit"), name("4H"))
