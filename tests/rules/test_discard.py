"""RULES.md §4 discard restrictions and §13 "what fits" / "no legal discard".

Key: fit_discard_ban ("fisca", "unopened_only", "always", "never").
"""

from __future__ import annotations

import pytest

from scala40.engine.discard import legal_discards

from .helpers import (
    DRAW,
    cards,
    discard,
    lay,
    name,
    open_,
    play,
    position,
    refuse,
    rules,
    same,
)

TABLE = ["5S 6S 7S", "9H 9D 9C", "3D 4D JK=5D"]


def turn(mine: str, *, players: int = 3, opened: bool = False, draw: str = "KC", r=None, **kw):
    """Player 0 drew ``draw`` and must discard; the others hold a few cards."""
    others = ["2H 3H 4H", "10C JC QC", "2C 3C 4C", "6H 7H 8H", "10D JD QD"][: players - 1]
    rr = r if r is not None else rules(players=players)
    hand = position(
        [mine, *others],
        rules=rr,
        table=kw.pop("table", TABLE),
        opened=[opened] + [False] * (players - 1),
        stock_top=draw,
        **kw,
    )
    return play(hand, DRAW)


def kinds(text: str) -> list[int]:
    return sorted(cards(text))


# Before opening -----------------------------------------------------------------------


def test_unopened_may_not_discard_a_joker():
    hand = turn("JK 2C QH")
    refuse(hand, discard("JK"), "joker_discard", "not opened", "joker")
    hand.apply(discard("QH"))


@pytest.mark.parametrize(
    ("card", "meld"),
    [
        ("8S", "5♠ 6♠ 7♠"),  # extends a run
        ("4S", "5♠ 6♠ 7♠"),
        ("9S", "9♥ 9♦ 9♣"),  # the missing suit of a set
        ("5D", "3♦ 4♦ JK=5♦"),  # would free a joker
        ("2D", "3♦ 4♦ JK=5♦"),
    ],
)
@pytest.mark.parametrize("players", [2, 3])
def test_unopened_may_not_discard_a_card_that_fits(card, meld, players):
    hand = turn(f"{card} 2C QH", players=players)
    err = refuse(hand, discard(card), "discard_fits", "not opened", name(card), meld)
    assert "table" in err.reason
    hand.apply(discard("QH"))


def test_a_card_that_fits_nothing_is_a_free_discard():
    hand = turn("8D 2C QH")
    hand.apply(discard("8D"))
    assert hand.current == 1


# After opening: fit_discard_ban -------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "players", "banned"),
    [
        ("fisca", 3, True),
        ("fisca", 4, True),
        ("fisca", 2, False),
        ("unopened_only", 3, False),
        ("unopened_only", 2, False),
        ("always", 3, True),
        ("always", 2, True),
        ("never", 3, False),
        ("never", 2, False),
    ],
)
def test_opened_player_fit_ban_by_mode(mode, players, banned):
    r = rules(players=players, fit_discard_ban=mode)
    hand = turn("8S 2C QH", players=players, opened=True, r=r)
    if banned:
        err = refuse(hand, discard("8S"), "discard_fits", name("8S"), "5♠ 6♠ 7♠")
        assert "not opened" not in err.reason
        assert cards("8S")[0] not in legal_discards(hand)
    else:
        hand.apply(discard("8S"))
        assert hand.pozzo[-1] == cards("8S")[0]


@pytest.mark.parametrize("mode", ["fisca", "unopened_only", "always"])
@pytest.mark.parametrize("players", [2, 3])
def test_unopened_fit_ban_in_every_mode_but_never(mode, players):
    r = rules(players=players, fit_discard_ban=mode)
    hand = turn("8S 2C QH", players=players, r=r)
    refuse(hand, discard("8S"), "discard_fits", name("8S"))


@pytest.mark.parametrize("players", [2, 3])
def test_never_mode_lifts_the_fit_ban_but_not_the_unopened_joker_ban(players):
    r = rules(players=players, fit_discard_ban="never")
    hand = turn("8S JK QH", players=players, r=r)
    refuse(hand, discard("JK"), "joker_discard")
    hand.apply(discard("8S"))


def test_house_preset_is_unopened_only():
    r = rules("house", players=3)
    assert r.fit_discard_ban == "unopened_only"
    turn("8S 2C QH", opened=True, r=r).apply(discard("8S"))
    refuse(turn("8S 2C QH", r=r), discard("8S"), "discard_fits")


# Jokers and going out -----------------------------------------------------------------


@pytest.mark.parametrize("mode", ["fisca", "always"])
def test_opened_player_may_discard_a_joker_it_never_fits(mode):
    r = rules(players=3, fit_discard_ban=mode)
    hand = turn("JK 2C QH", opened=True, r=r)
    hand.apply(discard("JK"))
    assert hand.pozzo[-1] == cards("JK")[0]


@pytest.mark.parametrize(("mode", "players"), [("fisca", 3), ("always", 2), ("always", 3)])
def test_the_discard_that_goes_out_is_allowed_even_if_it_fits(mode, players):
    r = rules(players=players, fit_discard_ban=mode)
    hand = turn("8S", players=players, opened=True, draw="9S", r=r)
    hand.apply(lay("9S", 1))
    hand.apply(discard("8S"))  # fits 5♠ 6♠ 7♠, but it is the last card
    assert hand.over and hand.result.winner == 0


def test_the_same_fitting_card_is_refused_when_it_does_not_go_out():
    hand = turn("8S 10H", opened=True, draw="9S")
    hand.apply(lay("9S", 1))
    refuse(hand, discard("8S"), "discard_fits", name("8S"))


def test_unopened_going_out_discard_may_fit():
    # a chiusura in mano (39 points, below 40): the last card fits the table
    hand = turn("KH KD KC 2C 3C 8S", draw="4C")
    hand.apply(open_("KH KD KC", "2C 3C 4C"))
    hand.apply(discard("8S"))
    assert hand.over and hand.result.winner == 0 and hand.result.chiusura_in_mano


# No legal discard: the bans lift ------------------------------------------------------


def test_all_cards_barred_any_natural_may_go():
    hand = turn("8S 9S", draw="4S")
    assert set(legal_discards(hand)) == set(kinds("8S 9S 4S"))
    hand.apply(discard("9S"))


def test_all_barred_joker_only_when_nothing_else():
    hand = turn("8S JK", draw="4S")
    assert set(legal_discards(hand)) == set(kinds("8S 4S"))
    refuse(hand, discard("JK"), "joker_discard")
    hand.apply(discard("8S"))


def test_ban_holds_while_some_card_is_free():
    hand = turn("8S JK", draw="QH")
    assert legal_discards(hand) == kinds("QH")


# What fits (§13) ----------------------------------------------------------------------


def test_extension_past_fourteen_does_not_fit():
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"
    hand = turn("AH 2C QH", table=[full])
    hand.apply(discard("AH"))


def test_second_natural_ace_does_not_fit_by_default():
    run13 = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    hand = turn("AH 2C QH", table=[run13])
    hand.apply(discard("AH"))
    r = rules(players=3, two_natural_aces_in_run=True)
    hand = turn("AH 2C QH", table=[run13], r=r)
    refuse(hand, discard("AH"), "discard_fits", name("AH"))


def test_max_run_length_5_every_extension_fits():
    r = rules(players=3, max_run_length_5=True)
    hand = turn("8S 2C QH", table=["3S 4S 5S 6S 7S"], r=r)
    refuse(hand, discard("8S"), "discard_fits", name("8S"))


def test_joker_on_the_table_standing_for_the_card_makes_it_fit():
    hand = turn("5D 2C QH", table=["3D 4D JK=5D"])
    refuse(hand, discard("5D"), "discard_fits", name("5D"))


def test_the_two_copies_are_interchangeable_for_fitting():
    # the table holds one 9♣ in a set; the other physical 9♣ does not fit it
    hand = turn("9C 2C QH", table=["9H 9D 9C"])
    hand.apply(discard("9C"))
    assert same("9C") == [hand.pozzo[-1]]


def test_a_hand_of_only_jokers_may_discard_one():
    hand = turn("JK JK", draw="JK")
    assert legal_discards(hand) == kinds("JK")
    hand.apply(discard("JK"))
    assert hand.hand_cards(0) == kinds("JK JK")
