"""RULES.md §6: the joker swap. Keys: keep_swapped_joker (and its meeting with
open_without_jokers = "strict")."""

from __future__ import annotations

import pytest

from scala40.engine.actions import TakeBack
from scala40.engine.discard import legal_discards

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
    swap,
    table_texts,
)

TWO = rules(players=2)
JK = cards("JK")[0]


def turn(mine: str, *, table=("5H 6H JK=7H",), opened=True, r=TWO, draw="KC"):
    hand = position(
        [mine, "2H 3H 9S"],
        rules=r,
        table=list(table),
        opened=[opened, False],
        stock_top=draw,
    )
    return play(hand, DRAW)


def test_swap_takes_the_joker_into_hand_and_the_meld_keeps_its_value():
    hand = turn("7H 8C 2D QD")
    before = hand.table[0].points(TWO)
    hand.apply(swap("7H", 0))
    assert table_texts(hand) == ["5♥ 6♥ 7♥"]
    assert hand.table[0].points(TWO) == before == 18
    assert hand.hand_cards(0) == same("JK 8C 2D QD KC")
    assert conserved(hand)


def test_either_copy_of_the_card_may_swap():
    # the other 7♥ is the card on nobody's table: both copies are the same card
    hand = turn("7H 7H 8C 2D")
    hand.apply(swap("7H", 0))
    assert hand.hand_cards(0).count(cards("7H")[0]) == 1


def test_no_swap_before_opening():
    hand = turn("7H 8C 2D QD", opened=False)
    refuse(hand, swap("7H", 0), "not_opened", "opening")


def test_swap_in_the_same_turn_as_opening():
    hand = turn("KH KD KC 3S 4S 5S 7H 2D 9C", opened=False)
    play(hand, open_("KH KD KC", "3S 4S 5S"), swap("7H", 0), lay("JK", 2, "high"))
    assert table_texts(hand) == ["5♥ 6♥ 7♥", "K♥ K♦ K♣", "3♠ 4♠ 5♠ JK=6♠"]
    hand.apply(discard("9C"))


def test_swap_needs_the_card_the_joker_stands_for():
    hand = turn("8H 6H 7D 2D")
    refuse(hand, swap("8H", 0), "no_joker_to_swap", name("8H"))
    refuse(hand, swap("7D", 0), "no_joker_to_swap", name("7D"))
    refuse(hand, swap("7C", 0), "not_in_hand", name("7C"))


def test_set_of_three_joker_is_swapped_by_its_declared_suit_only():
    hand = turn("7C 7S 2D QD", table=("7H 7D JK=7S",))
    refuse(hand, swap("7C", 0), "no_joker_to_swap")
    hand.apply(swap("7S", 0))
    assert table_texts(hand) == ["7♥ 7♦ 7♠"]


def test_set_of_four_joker_is_the_missing_suit():
    hand = turn("7S 7H 2D QD", table=("7H 7D 7C JK",))
    refuse(hand, swap("7H", 0), "no_joker_to_swap")
    hand.apply(swap("7S", 0))
    assert table_texts(hand) == ["7♥ 7♦ 7♣ 7♠"]


def test_recovered_joker_must_be_used_again_before_the_turn_ends():
    hand = turn("7H 8C 2D QD", table=("5H 6H JK=7H", "9S 10S JS"))
    hand.apply(swap("7H", 0))
    refuse(hand, discard("2D"), "joker_unused", "joker")
    refuse(hand, discard("JK"), "joker_unused")
    hand.apply(lay("JK", 1, "high"))
    assert table_texts(hand)[1] == "9♠ 10♠ J♠ JK=Q♠"
    hand.apply(discard("2D"))
    assert hand.current == 1


def test_recovered_joker_reused_in_a_new_meld():
    hand = turn("7H 8C 9C 2D QD")
    play(hand, swap("7H", 0), meld_action("8C 9C JK"), discard("2D"))
    assert table_texts(hand)[1] == "8♣ 9♣ JK=10♣"


def test_recovered_joker_is_never_the_discard_even_to_go_out():
    # swapping the 7♥ in leaves the joker as the last card but the drawn K♣
    hand = turn("7H", table=("5H 6H JK=7H", "KH KD KS"))
    play(hand, lay("KC", 1), swap("7H", 0))
    assert hand.hand_cards(0) == [JK]
    refuse(hand, discard("JK"), "joker_unused")
    hand.apply(TakeBack())
    assert hand.hand_cards(0) == same("7H KC")


KEEP = rules(players=2, keep_swapped_joker=True)


def test_keep_swapped_joker_may_stay_in_hand():
    hand = turn("7H 8C 2D QD", r=KEEP)
    play(hand, swap("7H", 0), discard("2D"))
    assert JK in hand.hand_cards(0)
    assert hand.current == 1


def test_keep_swapped_joker_is_not_that_turns_discard():
    hand = turn("7H 8C 2D QD", r=KEEP)
    hand.apply(swap("7H", 0))
    refuse(hand, discard("JK"), "swapped_joker_discard", "swap")
    assert JK not in legal_discards(hand)
    hand.apply(discard("2D"))
    assert JK in hand.hand_cards(0)


def test_keep_swapped_joker_a_joker_held_before_may_go():
    hand = turn("7H 8C 2D QD JK", r=KEEP)
    hand.apply(swap("7H", 0))
    assert hand.hand_cards(0).count(JK) == 2
    hand.apply(discard("JK"))
    assert hand.pozzo[-1] == JK and hand.hand_cards(0).count(JK) == 1


def test_keep_swapped_joker_is_discarded_later_like_any_joker():
    hand = turn("7H 8C 2D QD", r=KEEP)
    play(hand, swap("7H", 0), discard("2D"))
    play(hand, DRAW, discard("2H"))  # the other player
    play(hand, DRAW, discard("JK"))
    assert hand.pozzo[-1] == JK


@pytest.mark.parametrize("keep", [False, True])
def test_strict_opening_turn_and_the_swap(keep):
    r = rules(players=2, open_without_jokers="strict", keep_swapped_joker=keep)
    hand = turn("KH KD KC 3S 4S 5S 7H 2D 9C", opened=False, r=r)
    hand.apply(open_("KH KD KC", "3S 4S 5S"))
    if keep:
        hand.apply(swap("7H", 0))
        refuse(hand, lay("JK", 2, "high"), "joker_in_opening")
        hand.apply(discard("9C"))
        assert JK in hand.hand_cards(0)
    else:
        # the recovered joker could not be laid again this turn, so no swap
        refuse(hand, swap("7H", 0), "joker_in_opening", "joker")


def test_house_preset_keeps_swapped_jokers():
    r = rules("house", elimination=201).with_changes(players=2)
    hand = turn("7H 8C 2D QD", r=r)
    play(hand, swap("7H", 0), discard("2D"))
    assert JK in hand.hand_cards(0)


def dead_end(r):
    """Opened; the table holds only 7♥ 7♦ 7♣ JK=7♠ and the pozzo shows the 7♠: swapping it
    in recovers a joker that no meld can take and the hand cannot meld."""
    return position(
        ["2D QD 9C", "2H 3H 9S"],
        rules=r,
        table=["7H 7D 7C JK"],
        pozzo="4S 7S",
        opened=[True, False],
    )


def test_no_dead_end_after_taking_a_pozzo_card_for_a_swap():
    hand = dead_end(TWO)
    if hand.check(POZZO) is not None:
        refuse(hand, POZZO, hand.check(POZZO).code, name("7S"))
        return
    hand.apply(POZZO)
    assert turn_can_end(hand, 4), "took the 7♠ but no sequence of actions ends the turn"


def turn_can_end(hand, depth: int) -> bool:
    """Whether some sequence of at most ``depth`` melding actions reaches a legal discard."""
    from scala40.engine.actions import Discard
    from scala40.engine.legal import legal_actions

    actions = legal_actions(hand)
    if any(isinstance(a, Discard) for a in actions):
        return True
    for a in actions if depth else ():
        probe = hand.clone()
        probe.apply(a)
        if probe.over or turn_can_end(probe, depth - 1):
            return True
    return False


def test_keep_swapped_joker_pozzo_card_used_by_a_swap():
    hand = dead_end(KEEP)
    play(hand, POZZO, swap("7S", 0), discard("2D"))
    assert hand.current == 1 and JK in hand.hand_cards(0)
