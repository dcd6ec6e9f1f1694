"""RULES.md §5: opening (aprire), with every worked example, and the keys
opening_points, open_from_pozzo, open_without_jokers."""

from __future__ import annotations

import pytest

from scala40.engine.analysis import best_opening, counts_of

from .helpers import (
    DRAW,
    POZZO,
    cards,
    conserved,
    discard,
    lay,
    meld_action,
    name,
    open_,
    play,
    position,
    refuse,
    rules,
    same,
    spec,
    swap,
    table_texts,
)

# (melds as laid, points, opens?) - RULES.md §5 worked examples, one test each.
WORKED = [
    (("KH KD KC", "3S 4S 5S"), 42, True),
    (("KH KD KC",), 30, False),
    (("10H 10D 10C 10S",), 40, True),
    (("AH AD AC",), 33, False),
    (("AH AD AC AS",), 44, True),
    (("QH KH AH", "2C 3C 4C"), 40, True),
    (("QH KH AH", "AC 2C 3C"), 37, False),
    (("9C 10C JC QC",), 39, False),
    (("9C 10C JC QC KC",), 49, True),
    (("JS QS JK=KS", "5H 6H 7H"), 48, True),
    (("4H 4S 4C", "3D 4D 5D 6D 7D"), 37, False),
    (("KH QH JH", "7S 7D 7C"), 51, True),
    (("2D 3D 4D 5D 6D 7D 8D",), 35, False),
]
IDS = [" + ".join(m) for m, _, _ in WORKED]


def unopened_turn(hand_text: str, *, r=None, draw: str = "6C", **kw):
    """Player 0 (not opened) has drawn ``draw`` and is about to meld; 2 players."""
    hand = position(
        [hand_text, "2H 3H 9S"],
        rules=r if r is not None else rules(players=2),
        stock_top=draw,
        **kw,
    )
    return play(hand, DRAW)


@pytest.mark.parametrize(("melds", "points", "opens"), WORKED, ids=IDS)
def test_worked_example_as_an_open_action(melds, points, opens):
    laid = " ".join(melds)
    hand = unopened_turn(laid + " 10D")  # plus the drawn 6♣: two cards stay in hand
    action = open_(*melds)
    if opens:
        hand.apply(action)
        assert hand.opened[0]
        assert sum(m.points(hand.rules) for m in hand.table) == points
        assert hand.hand_cards(0) == same("10D 6C")
        assert conserved(hand)
    else:
        refuse(hand, action, "below_opening", "40", str(points))
        assert not hand.opened[0]


@pytest.mark.parametrize(("melds", "points", "opens"), WORKED, ids=IDS)
def test_worked_example_best_opening(melds, points, opens):
    laid = cards(" ".join(melds))
    best = best_opening(counts_of(laid), rules(), leave=0)
    assert best is not None
    assert best.points == points
    assert best.opens is opens


def test_a_meld_before_opening_is_refused():
    hand = unopened_turn("KH KD KC 3S 4S 5S 10D")
    refuse(hand, meld_action("KH KD KC"), "not_opened", "open")


def test_the_opening_is_one_action_not_two_melds():
    hand = unopened_turn("KH KD KC 3S 4S 5S 10D")
    refuse(hand, open_("KH KD KC"), "below_opening", "30")
    refuse(hand, meld_action("3S 4S 5S"), "not_opened")
    hand.apply(open_("KH KD KC", "3S 4S 5S"))
    assert hand.opened[0]


def test_lay_offs_do_not_count_and_are_not_allowed_before_opening():
    # 37 points of own melds + a 3♣ that fits the table: still no opening
    hand = unopened_turn("QH KH AH AC 2C 3C 4S 10D", table=["4S 5S 6S"])
    refuse(hand, open_("QH KH AH", "AC 2C 3C"), "below_opening", "37")
    refuse(hand, lay("4S", 0), "not_opened", "lay-off")


def test_after_opening_any_meld_lay_off_or_swap_is_allowed_the_same_turn():
    hand = unopened_turn(
        "KH KD KC 3S 4S 5S 2D 3D 4D 6S 7H 9C 10D", table=["5H 6H JK=7H"], draw="8H"
    )
    hand.apply(open_("KH KD KC", "3S 4S 5S"))
    hand.apply(meld_action("2D 3D 4D"))  # 9 points: fine now
    hand.apply(lay("6S", 2))  # onto the run just laid: a lay-off
    hand.apply(swap("7H", 0))
    hand.apply(lay("8H", 0))
    hand.apply(lay("JK", 0, "high"))  # the recovered joker laid again
    assert table_texts(hand) == [
        "5♥ 6♥ 7♥ 8♥ JK=9♥",
        "K♥ K♦ K♣",
        "3♠ 4♠ 5♠ 6♠",
        "2♦ 3♦ 4♦",
    ]
    assert hand.hand_cards(0) == same("9C 10D")


def test_cannot_open_twice():
    hand = unopened_turn("KH KD KC 3S 4S 5S QS QH QD 10D")
    hand.apply(open_("KH KD KC", "3S 4S 5S"))
    refuse(hand, open_("QS QH QD"), "already_opened")


def test_opening_must_keep_a_card_to_discard():
    # laying all cards and keeping nothing to discard is not an opening (incartato)
    hand = unopened_turn("KH KD KC 3S 4S", draw="5S")
    refuse(hand, open_("KH KD KC", "3S 4S 5S"), "incartato", "discard")


def test_opening_with_cards_not_held_names_the_card():
    hand = unopened_turn("KH KD 3S 4S 5S 10D")
    refuse(hand, open_("KH KD KC", "3S 4S 5S"), "not_in_hand", name("KC"))


def test_a_card_never_belongs_to_two_melds():
    hand = unopened_turn("KH KD KC QH JH 3S 4S 5S 10D")
    refuse(hand, open_("KH KD KC", "JH QH KH"), "not_in_hand", f"2 × {name('KH')}")


def test_joker_counts_as_the_card_it_replaces():
    hand = unopened_turn("JK 9C 10C JC 5D 6D")
    # JK=8♣ 9 10 J = 8+9+10+10 = 37, not enough; JK=Q♣ gives 39; with K♣ it would pass
    refuse(hand, open_("JK 9C 10C JC"), "below_opening", "37")
    refuse(hand, open_("9C 10C JC JK"), "below_opening", "39")


# opening_points -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("threshold", "melds", "ok"),
    [
        (51, ("KH QH JH", "7S 7D 7C"), True),
        (51, ("KH KD KC", "3S 4S 5S"), False),
        (30, ("KH KD KC",), True),
        (30, ("9S 9D 9C",), False),
        (0, ("2S 3S 4S",), True),
    ],
)
def test_opening_points_key(threshold, melds, ok):
    r = rules(players=2, opening_points=threshold)
    hand = unopened_turn(" ".join(melds) + " 10D", r=r)
    if ok:
        hand.apply(open_(*melds))
        assert hand.opened[0]
    else:
        refuse(hand, open_(*melds), "below_opening", str(threshold))
    best = best_opening(counts_of(cards(" ".join(melds))), r, leave=0)
    assert best is not None and best.opens is ok


# open_without_jokers ------------------------------------------------------------------


def test_open_without_jokers_off_lets_the_joker_count():
    hand = unopened_turn("JS QS JK 5H 6H 7H 10D")
    hand.apply(open_("JS QS JK=KS", "5H 6H 7H"))
    assert hand.opened[0]


def test_open_without_jokers_fisca_refuses_a_joker_the_opening_needs():
    r = rules(players=2, open_without_jokers="fisca")
    hand = unopened_turn("JS QS JK 5H 6H 7H 10D", r=r)
    refuse(hand, open_("JS QS JK=KS", "5H 6H 7H"), "joker_in_opening", "18")
    best = best_opening(counts_of(cards("JS QS JK 5H 6H 7H")), r, leave=0)
    assert best is not None and not best.opens


def test_open_without_jokers_fisca_allows_a_joker_once_the_rest_reaches_40():
    r = rules(players=2, open_without_jokers="fisca")
    hand = unopened_turn("10H 10D 10C 10S JK 7H 8H 2C", r=r)
    hand.apply(open_("10H 10D 10C 10S", "JK 7H 8H"))
    assert table_texts(hand)[1] == "JK=6♥ 7♥ 8♥"
    best = best_opening(counts_of(cards("10H 10D 10C 10S JK 7H 8H")), r, leave=0)
    assert best is not None and best.opens and best.points == 64  # JK=9♥ is worth most


def test_open_without_jokers_fisca_allows_jokers_after_the_opening_action():
    r = rules(players=2, open_without_jokers="fisca")
    hand = unopened_turn("KH KD KC 3S 4S 5S JK 7H 8H 2C", r=r)
    hand.apply(open_("KH KD KC", "3S 4S 5S"))
    hand.apply(meld_action("JK 7H 8H"))
    assert len(hand.table) == 3


def test_open_without_jokers_strict_no_joker_anywhere_in_the_opening_turn():
    r = rules(players=2, open_without_jokers="strict")
    hand = unopened_turn("10H 10D 10C 10S JK 7H 8H 9H 2C", r=r)
    refuse(hand, open_("10H 10D 10C 10S", "JK 7H 8H"), "joker_in_opening", "joker")
    hand.apply(open_("10H 10D 10C 10S"))
    refuse(hand, meld_action("JK 7H 8H"), "joker_in_opening")
    refuse(hand, lay("JK", 0), "joker_in_opening")
    hand.apply(meld_action("7H 8H 9H"))
    refuse(hand, lay("JK", 1, "high"), "joker_in_opening")
    assert hand.hand_cards(0) == same("JK 2C 6C")


def test_open_without_jokers_strict_allows_jokers_the_next_turn():
    r = rules(players=2, open_without_jokers="strict")
    hand = position(
        ["JK 7H 8H 2C 9S", "2H 3H 9D"],
        rules=r,
        table=["10H 10D 10C 10S"],
        opened=[True, False],
        stock_top="6C",
    )
    play(hand, DRAW, meld_action("JK 7H 8H"))
    assert table_texts(hand)[1] == "JK=6♥ 7♥ 8♥"


# open_from_pozzo ----------------------------------------------------------------------


def pozzo_turn(hand_text: str, top: str, mode: str, **kw):
    r = rules(players=2, open_from_pozzo=mode)
    return position([hand_text, "2H 3H 9S"], rules=r, pozzo="8S " + top, **kw)


def test_open_from_pozzo_no_an_unopened_player_never_takes_the_pozzo():
    hand = pozzo_turn("KH KD 3S 4S 5S 9C 2D", "KC", "no")
    refuse(hand, POZZO, "not_opened_pozzo", "opened")


def test_open_from_pozzo_opening_card_used_in_the_opening():
    hand = pozzo_turn("KH KD 3S 4S 5S 9C 2D", "KC", "opening")
    play(hand, POZZO, open_("KH KD KC", "3S 4S 5S"), discard("9C"))
    assert hand.opened[0] and hand.current == 1
    assert table_texts(hand) == ["K♥ K♦ K♣", "3♠ 4♠ 5♠"]


def test_open_from_pozzo_opening_refuses_an_opening_without_the_card():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "6S", "opening")
    hand.apply(POZZO)  # it could open with 3-4-5-6♠ ...
    refuse(hand, open_("KH KD KC", "3S 4S 5S"), "pozzo_in_opening", name("6S"))
    refuse(hand, discard("9C"), "pozzo_unused", name("6S"))
    hand.apply(open_("KH KD KC", "3S 4S 5S 6S"))
    hand.apply(discard("9C"))


def test_open_from_pozzo_opening_take_refused_when_no_opening_uses_it():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "8H", "opening")
    refuse(hand, POZZO, "pozzo_needs_opening", name("8H"))


def test_open_from_pozzo_opening_take_refused_below_40():
    hand = pozzo_turn("KH KD 3S 4S 9C 2D", "KC", "opening")
    refuse(hand, POZZO, "pozzo_needs_opening", name("KC"))


def test_open_from_pozzo_any_use_card_may_be_laid_off_after_opening():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "6S", "any_use")
    play(hand, POZZO, open_("KH KD KC", "3S 4S 5S"))
    refuse(hand, discard("9C"), "pozzo_unused", name("6S"))
    play(hand, lay("6S", 1), discard("9C"))
    assert table_texts(hand) == ["K♥ K♦ K♣", "3♠ 4♠ 5♠ 6♠"]


def test_open_from_pozzo_any_use_on_a_table_meld():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "9H", "any_use", table=["6H 7H 8H"])
    play(hand, POZZO, open_("KH KD KC", "3S 4S 5S"), lay("9H", 0), discard("9C"))
    assert table_texts(hand)[0] == "6♥ 7♥ 8♥ 9♥"


def test_open_from_pozzo_any_use_take_refused_when_card_is_useless():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "8H", "any_use")
    refuse(hand, POZZO, "pozzo_needs_opening", name("8H"))


def test_open_from_pozzo_any_use_must_still_open():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "6S", "any_use")
    hand.apply(POZZO)
    refuse(hand, discard("9C"), "pozzo_unused")


def test_open_from_pozzo_keep_card_may_stay_in_hand():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "8H", "keep")
    play(hand, POZZO, open_("KH KD KC", "3S 4S 5S"))
    refuse(hand, discard("8H"), "pozzo_discard", name("8H"))
    hand.apply(discard("9C"))
    assert hand.hand_cards(0) == same("2D 8H")


def test_open_from_pozzo_keep_must_open_this_turn():
    hand = pozzo_turn("KH KD KC 3S 4S 5S 9C 2D", "8H", "keep")
    hand.apply(POZZO)
    refuse(hand, discard("9C"), "must_open", "open")


def test_open_from_pozzo_keep_take_refused_without_an_opening():
    hand = pozzo_turn("KH KD 3S 4S 5S 9C 2D", "8H", "keep")
    refuse(hand, POZZO, "pozzo_needs_opening", name("8H"))


@pytest.mark.parametrize("mode", ["opening", "any_use", "keep"])
def test_open_from_pozzo_opened_players_take_as_usual(mode):
    hand = pozzo_turn("5C 9C 2D QD", "8H", mode, table=["5H 6H 7H"], opened=[True, False])
    play(hand, POZZO, lay("8H", 0), discard("9C"))
    assert table_texts(hand) == ["5♥ 6♥ 7♥ 8♥"]


def test_house_preset_uses_open_from_pozzo_any_use():
    r = rules("house", elimination=201)
    hand = position(
        ["KH KD KC 3S 4S 5S 9C 2D", "2H 3H 9S"], rules=r.with_changes(players=2), pozzo="6S"
    )
    play(hand, POZZO, open_("KH KD KC", "3S 4S 5S"), lay("6S", 1), discard("9C"))
    assert hand.opened[0]


def test_spec_joker_text_round_trip():
    # sanity of the test helper: the declared K♠ is kept for the joker
    s = spec("JS QS JK=KS")
    assert s.declared == (None, None, cards("KS")[0])
