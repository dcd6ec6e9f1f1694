"""RULES.md §2 (card values) and §9 (scoring a hand). Keys: face_values,
lone_ace_counts_one, unopened_penalty, chiusura_in_mano_double (and the doubling of
go_out_without_discard = "double": doublings never stack)."""

from __future__ import annotations

import pytest

from scala40.engine.analysis import best_opening, counts_of
from scala40.engine.scoring import cards_penalty

from .helpers import (
    DRAW,
    cards,
    discard,
    lay,
    meld,
    meld_action,
    open_,
    play,
    position,
    refuse,
    rules,
)

P1 = "JK KS 4C"  # 25 + 10 + 4 = 39
P2 = "7S 7C AS"  # 7 + 7 + 11 = 25


def finish(how: str, *, opened1: bool, opened2: bool, p1=P1, p2=P2, **keys):
    """Player 0 goes out (``how``) in a 3-player hand; returns the penalties."""
    r = rules(players=3, **keys)
    if how == "ordinary":
        hand = position(
            ["9D", p1, p2],
            rules=r,
            table=["JH QH KH"],
            stock_top="10H",
            opened=[True, opened1, opened2],
        )
        play(hand, DRAW, lay("10H", 0), discard("9D"))
    elif how == "chiusura":
        hand = position(
            ["KH KD KC 2D 3D QH", p1, p2],
            rules=r,
            stock_top="4D",
            opened=[False, opened1, opened2],
        )
        play(hand, DRAW, open_("KH KD KC", "2D 3D 4D"), discard("QH"))
        assert hand.result.chiusura_in_mano
    elif how == "no_discard":
        hand = position(["8D 8C", p1, p2], rules=r, stock_top="8S", opened=[True, opened1, opened2])
        play(hand, DRAW, meld_action("8D 8C 8S"))
    else:
        raise ValueError(how)
    assert hand.result.winner == 0
    return hand.result.penalties


# §2 values ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("JK KS 4C", 39),  # the §9 example
        ("2H", 2),
        ("10D", 10),
        ("JC QC KC", 30),
        ("AH", 11),
        ("JK", 25),
        ("AH AD", 22),
    ],
)
def test_penalty_values(text, value):
    assert cards_penalty(cards(text), rules()) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [("JH", 11), ("QH", 12), ("KH", 13), ("AH", 14), ("JK", 14), ("JK KS 4C", 31), ("9H", 9)],
)
def test_penalty_values_face_values_high(text, value):
    assert cards_penalty(cards(text), rules(face_values="high")) == value


def test_table_values_face_values_high():
    high = rules(face_values="high")
    assert meld("AH AD AC", high).points(high) == 42  # three aces
    assert meld("JS QS KS", high).points(high) == 36
    assert meld("QS KS AS", high).points(high) == 39
    assert meld("AS 2S 3S", high).points(high) == 6  # the low ace stays 1
    assert meld("JS QS JK", high).points(high) == 36  # the joker is the K♠
    best = best_opening(counts_of(cards("AH AD AC")), high, leave=0)
    assert best is not None and best.points == 42 and best.opens
    best = best_opening(counts_of(cards("KH KD KC")), high, leave=0)
    assert best is not None and best.points == 39 and not best.opens


def test_face_values_high_opening_and_hand_end():
    high = rules(players=3, face_values="high")
    hand = position(["AH AD AC 9D 2C", "JK KS 4C", "QS JC"], rules=high, stock_top="8C")
    play(hand, DRAW, open_("AH AD AC"))  # 42 points
    assert hand.opened[0]
    pen = finish("ordinary", opened1=True, opened2=True, p2="QS JC", face_values="high")
    assert pen == (0, 14 + 13 + 4, 12 + 11)


def test_lone_ace_counts_one():
    lone = rules(lone_ace_counts_one=True)
    assert cards_penalty(cards("AS"), lone) == 1
    assert cards_penalty(cards("AS"), rules()) == 11
    assert cards_penalty(cards("AS 2C"), lone) == 13
    assert cards_penalty(cards("AS AH"), lone) == 22
    assert cards_penalty(cards("JK"), lone) == 25
    pen = finish("ordinary", opened1=True, opened2=True, p2="AS", lone_ace_counts_one=True)
    assert pen == (0, 39, 1)


# §9 hand scoring ----------------------------------------------------------------------


def test_the_winner_scores_zero_others_count_their_cards():
    assert finish("ordinary", opened1=True, opened2=True) == (0, 39, 25)


def test_unopened_count_by_default():
    assert finish("ordinary", opened1=False, opened2=True) == (0, 39, 25)


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("count", (0, 39, 25)), ("flat100", (0, 100, 25)), ("double", (0, 78, 25))],
)
def test_unopened_penalty_after_an_ordinary_going_out(mode, expected):
    assert finish("ordinary", opened1=False, opened2=True, unopened_penalty=mode) == expected


def test_after_chiusura_in_mano_unopened_pay_a_flat_100_and_opened_count():
    assert finish("chiusura", opened1=False, opened2=True) == (0, 100, 25)
    assert finish("chiusura", opened1=False, opened2=False) == (0, 100, 100)


@pytest.mark.parametrize("mode", ["count", "flat100", "double"])
def test_chiusura_flat_100_whatever_unopened_penalty(mode):
    assert finish("chiusura", opened1=False, opened2=True, unopened_penalty=mode)[1] == 100


def test_chiusura_in_mano_double_doubles_the_opened_only():
    pen = finish("chiusura", opened1=False, opened2=True, chiusura_in_mano_double=True)
    assert pen == (0, 100, 50)


def test_chiusura_in_mano_double_not_after_an_ordinary_going_out():
    pen = finish("ordinary", opened1=True, opened2=True, chiusura_in_mano_double=True)
    assert pen == (0, 39, 25)


def test_double_penalties_never_stack():
    # unopened "double" and a doubling going out: ×2, not ×4
    pen = finish(
        "no_discard",
        opened1=False,
        opened2=True,
        unopened_penalty="double",
        go_out_without_discard="double",
    )
    assert pen == (0, 78, 50)


def test_flat_100_is_never_doubled():
    pen = finish(
        "no_discard",
        opened1=False,
        opened2=True,
        unopened_penalty="flat100",
        go_out_without_discard="double",
    )
    assert pen == (0, 100, 50)


def test_melds_never_laid_count_in_hand():
    # player 1 holds a complete set and run he never laid: they count too
    pen = finish("ordinary", opened1=False, opened2=True, p1="5S 5H 5D 2C 3C 4C")
    assert pen == (0, 15 + 9, 25)


def test_house_preset_flat100_for_unopened():
    r = rules("house", elimination=201)
    assert r.unopened_penalty == "flat100"
    hand = position(
        ["9D", P1, P2],
        rules=r.with_changes(players=3),
        table=["JH QH KH"],
        stock_top="10H",
        opened=[True, False, True],
    )
    play(hand, DRAW, lay("10H", 0), discard("9D"))
    assert hand.result.penalties == (0, 100, 25)


def test_refused_actions_after_scoring():
    hand = position(["9D", P1, P2], table=["JH QH KH"], stock_top="10H", opened=[True] * 3)
    play(hand, DRAW, lay("10H", 0), discard("9D"))
    refuse(hand, DRAW, "hand_over")


def test_chiusura_double_and_going_out_without_discard_do_not_stack():
    r = rules(players=3, chiusura_in_mano_double=True, go_out_without_discard="double")
    hand = position(
        ["KH KD KC 2D 3D", P1, P2], rules=r, stock_top="4D", opened=[False, True, False]
    )
    play(hand, DRAW, open_("KH KD KC", "2D 3D 4D"))  # the whole hand, no discard
    res = hand.result
    assert res.chiusura_in_mano and res.doubled
    assert res.penalties == (0, 78, 100)


def test_a_charge_applied_to_typed_points_is_what_the_cards_would_pay():
    """The score sheet charges typed points with charge_of; the engine charges cards with
    hand_penalties: for every flag and rule value they agree (KH alone counts 10)."""
    import itertools

    from scala40.engine.cards import KINDS
    from scala40.engine.rules import Rules
    from scala40.engine.scoring import Charge, charge_of, charged, count_penalty, hand_penalties

    king = [0] * KINDS
    king[12] = 1  # K♥
    for unopened, double_chiusura, opened, chiusura, doubled, someone_out in itertools.product(
        ("count", "flat100", "double"), (True, False), *[(True, False)] * 4
    ):
        rules = Rules.build(
            None,
            {
                "players": 2,
                "unopened_penalty": unopened,
                "chiusura_in_mano_double": double_chiusura,
            },
        )
        winner = 1 if someone_out else None
        [paid, _] = hand_penalties([king, king], [opened, True], winner, chiusura, doubled, rules)
        charge = charge_of(
            opened=opened,
            went_out=False,
            someone_out=someone_out,
            chiusura=chiusura,
            doubled=doubled,
            rules=rules,
        )
        assert charged(charge, count_penalty(king, rules)) == paid
        if charge is Charge.FLAT:
            assert paid == 100  # never doubled
