"""RULES.md §7 (going out, incartato, the first round, chiusura in mano) and the key
go_out_without_discard (true / "double")."""

from __future__ import annotations

from scala40.engine.actions import TakeBack

from .helpers import (
    DRAW,
    POZZO,
    conserved,
    discard,
    lay,
    meld_action,
    open_,
    play,
    position,
    refuse,
    rules,
    same,
    table_texts,
)

THREE = rules(players=3)
OTHERS = ["2H 3H 9S", "4C 5C 6C"]  # 14 and 15 points in hand


def turn(mine: str, *, r=THREE, draw: str = "JC", opened=False, table=(), **kw):
    op = [opened, False, False]
    hand = position([mine, *OTHERS], rules=r, stock_top=draw, opened=op, table=list(table), **kw)
    return play(hand, DRAW)


def test_going_out_by_discarding_the_last_card():
    hand = turn("9D", opened=True, table=["JH QH KH"], draw="10H")
    play(hand, lay("10H", 0), discard("9D"))
    assert hand.over and hand.phase == "over"
    res = hand.result
    assert res.winner == 0 and res.reason == "went_out" and not res.chiusura_in_mano
    assert res.penalties == (0, 14, 15)
    assert hand.pozzo[-1] == same("9D")[0]
    assert conserved(hand)


def test_nothing_happens_after_going_out():
    hand = turn("9D", opened=True, table=["JH QH KH"], draw="10H")
    play(hand, lay("10H", 0), discard("9D"))
    refuse(hand, DRAW, "hand_over", "over")
    refuse(hand, POZZO, "hand_over")


def test_incartato_three_cards_cannot_all_be_melded():
    # two cards 8♦ 8♣, draws the 8♠: laying all three leaves nothing to discard
    hand = turn("8D 8C", opened=True, draw="8S")
    refuse(hand, meld_action("8D 8C 8S"), "incartato", "discard")
    hand.apply(discard("8S"))
    assert not hand.over


def test_incartato_last_card_laid_off():
    hand = turn("10H", opened=True, table=["JH QH KH"], draw="9H")
    hand.apply(lay("10H", 0))
    refuse(hand, lay("9H", 0), "incartato")


def test_incartato_opening_the_whole_hand():
    hand = turn("KH KD KC 3S 4S", draw="5S")
    refuse(hand, open_("KH KD KC", "3S 4S 5S"), "incartato")


# The first round ----------------------------------------------------------------------


def test_nobody_goes_out_in_the_first_round():
    # the last player of the first round has not completed a turn yet
    hand = turn("QH", opened=True, table=["KH KD KS"], draw="KC", turns_done=2, current=0)
    refuse(hand, lay("KC", 0), "first_round", "full turn")


def test_going_out_allowed_once_every_player_has_played():
    hand = turn("QH", opened=True, table=["KH KD KS"], draw="KC", turns_done=3)
    play(hand, lay("KC", 0), discard("QH"))
    assert hand.result.winner == 0


def test_chiusura_in_mano_is_refused_in_the_first_round():
    hand = turn("KH KD KC 2D 3D QH", draw="4D", turns_done=0)
    refuse(hand, open_("KH KD KC", "2D 3D 4D"), "first_round")


# Chiusura in mano ---------------------------------------------------------------------


def test_chiusura_in_mano_below_40():
    hand = turn("KH KD KC 2D 3D QH", draw="4D")
    hand.apply(open_("KH KD KC", "2D 3D 4D"))  # 39 points, the whole hand but one card
    refuse(hand, lay("QH", 0), "chiusura_pending")
    hand.apply(discard("QH"))
    res = hand.result
    assert res.winner == 0 and res.chiusura_in_mano
    assert res.penalties == (0, 100, 100)


def test_chiusura_in_mano_below_40_must_go_out_or_take_back():
    hand = turn("KH KD KC 2D 3D QH", draw="4D")
    hand.apply(open_("KH KD KC", "2D 3D 4D"))
    hand.apply(TakeBack())
    assert not hand.opened[0] and len(hand.hand_cards(0)) == 7
    refuse(hand, open_("KH KD KC"), "below_opening")


def test_chiusura_in_mano_with_40_or_more():
    hand = turn("KH KD KC 3S 4S 5S QH", draw="2D")
    play(hand, open_("KH KD KC", "3S 4S 5S"))
    assert hand.hand_cards(0) == same("QH 2D")  # not the whole hand: an ordinary opening
    hand2 = turn("KH KD KC 3S 4S 5S", draw="QH")
    play(hand2, open_("KH KD KC", "3S 4S 5S"), discard("QH"))
    assert hand2.result.chiusura_in_mano
    assert hand2.result.penalties == (0, 100, 100)


def test_chiusura_in_mano_in_several_new_melds_the_same_turn():
    hand = turn("KH KD KC 3S 4S 5S 2D 3D 4D", draw="QH")
    play(hand, open_("KH KD KC", "3S 4S 5S"), meld_action("2D 3D 4D"), discard("QH"))
    assert hand.result.chiusura_in_mano
    assert hand.result.penalties == (0, 100, 100)


def test_opening_then_lay_offs_is_not_a_chiusura_in_mano():
    hand = turn("KH KD KC 3S 4S 5S 6S", draw="QH")
    play(hand, open_("KH KD KC", "3S 4S 5S"), lay("6S", 1), discard("QH"))
    assert hand.result.winner == 0 and not hand.result.chiusura_in_mano
    assert hand.result.penalties == (0, 14, 15)


def test_opened_player_laying_everything_is_not_a_chiusura():
    hand = turn("KH KD KC", opened=True, table=["2C 3C 4C"], draw="QH")
    play(hand, meld_action("KH KD KC"), discard("QH"))
    assert hand.result.winner == 0 and not hand.result.chiusura_in_mano
    assert hand.result.penalties == (0, 14, 15)


# go_out_without_discard ---------------------------------------------------------------


def test_go_out_without_discard_melding_the_whole_hand_goes_out():
    r = rules(players=3, go_out_without_discard=True)
    hand = turn("8D 8C", opened=True, draw="8S", r=r)
    hand.apply(meld_action("8D 8C 8S"))
    assert hand.over and hand.result.winner == 0
    assert hand.result.penalties == (0, 14, 15)
    assert not hand.result.doubled


def test_go_out_without_discard_by_lay_off():
    r = rules(players=3, go_out_without_discard=True)
    hand = turn("10H", opened=True, table=["JH QH KH"], draw="9H", r=r)
    play(hand, lay("10H", 0), lay("9H", 0))
    assert hand.result.winner == 0


def test_go_out_without_discard_still_respects_the_first_round():
    r = rules(players=3, go_out_without_discard=True)
    hand = turn("8D 8C", opened=True, draw="8S", r=r, turns_done=1)
    refuse(hand, meld_action("8D 8C 8S"), "first_round")


def test_go_out_without_discard_double_doubles_what_the_others_pay():
    r = rules(players=3, go_out_without_discard="double")
    hand = turn("8D 8C", opened=True, draw="8S", r=r)
    hand.apply(meld_action("8D 8C 8S"))
    assert hand.result.doubled
    assert hand.result.penalties == (0, 28, 30)


def test_go_out_without_discard_double_only_when_no_discard():
    r = rules(players=3, go_out_without_discard="double")
    hand = turn("8D 8C 9H", opened=True, draw="8S", r=r)
    play(hand, meld_action("8D 8C 8S"), discard("9H"))
    assert hand.result.winner == 0 and not hand.result.doubled
    assert hand.result.penalties == (0, 14, 15)


def test_go_out_without_discard_chiusura_in_mano_whole_hand():
    r = rules(players=3, go_out_without_discard="double")
    hand = turn("KH KD KC 2D 3D", draw="4D", r=r)
    hand.apply(open_("KH KD KC", "2D 3D 4D"))
    res = hand.result
    assert res.winner == 0 and res.chiusura_in_mano
    # the flat 100 of the unopened is never doubled
    assert res.penalties == (0, 100, 100)
    assert table_texts(hand) == ["K♥ K♦ K♣", "2♦ 3♦ 4♦"]


def test_go_out_without_discard_opening_then_the_last_meld_is_a_chiusura_in_mano():
    # Issue 30's position: the same melds score alike whether the last one ends with a
    # discard or, under go_out_without_discard, with nothing left to discard.
    r = rules(
        players=3,
        go_out_without_discard=True,
        chiusura_in_mano_double=True,
        unopened_penalty="flat100",
    )

    def deal():
        return play(
            position(
                ["KH KD KC 3S 4S 5S 2D 3D", *OTHERS],
                rules=r,
                stock_top="4D",
                opened=[False, True, False],
            ),
            DRAW,
        )

    melded = play(deal(), open_("KH KD KC", "3S 4S 5S"), meld_action("2D 3D 4D"))
    whole = play(deal(), open_("KH KD KC", "3S 4S 5S", "2D 3D 4D"))
    for hand in (melded, whole):
        assert hand.result.winner == 0 and hand.result.chiusura_in_mano
        assert hand.result.penalties == (0, 28, 100)
