"""RULES.md §4 (a turn: draw, meld, discard; the pozzo) and §11 (pozzo only when usable,
no pozzo after the stock, take back). Keys: keep_pozzo_card, first_pozzo_free."""

from __future__ import annotations

from scala40.engine.actions import TakeBack

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
    state_of,
    swap,
    table_texts,
)

TWO = rules(players=2)
BACK = TakeBack()


def opened_two(hand_text: str, *, table=("5H 6H 7H",), pozzo="2S 8H", r=TWO, **kw):
    """Two players; player 0 has opened and is to draw."""
    return position(
        [hand_text, "2H 3H 9S"], rules=r, table=list(table), pozzo=pozzo, opened=[True, False], **kw
    )


# Drawing ------------------------------------------------------------------------------


def test_draw_from_the_stock_takes_the_top_card():
    hand = opened_two("9C 2D QD", stock_top="4C KS")
    stock = len(hand.stock)
    hand.apply(DRAW)
    assert hand.hand_cards(0) == same("9C 2D QD KS")
    assert len(hand.stock) == stock - 1
    assert hand.phase == "play" and hand.turn.drew == "stock"


def test_draw_first_then_meld_and_discard():
    hand = opened_two("9C 2D QD")
    refuse(hand, discard("9C"), "draw_first", "draw")
    refuse(hand, lay("9C", 0), "draw_first")
    refuse(hand, BACK, "draw_first")


def test_one_draw_per_turn_and_no_pozzo_after_the_stock():
    hand = opened_two("9C 2D QD")
    hand.apply(DRAW)
    refuse(hand, DRAW, "already_drew")
    refuse(hand, POZZO, "already_drew", "already drawn")


def test_discard_ends_the_turn_and_passes_to_the_left():
    hand = opened_two("9C 2D QD", stock_top="KS")
    play(hand, DRAW, discard("9C"))
    assert hand.current == 1 and hand.phase == "draw"
    assert hand.pozzo[-1] == cards("9C")[0]
    assert hand.hand_cards(0) == same("2D QD KS")


def test_discard_of_a_card_not_held_names_it():
    hand = opened_two("9C 2D QD", stock_top="KS")
    hand.apply(DRAW)
    refuse(hand, discard("7D"), "not_in_hand", name("7D"))


# The pozzo ----------------------------------------------------------------------------


def test_only_the_top_card_of_the_pozzo_is_taken():
    hand = opened_two("9C 2D QD", pozzo="4H 8H")
    assert hand.turn.pozzo_card is None  # nothing taken yet this turn
    hand.apply(POZZO)
    assert cards("8H")[0] in hand.hand_cards(0)
    assert hand.pozzo[-1] == cards("4H")[0]
    assert hand.turn.pozzo_card == cards("8H")[0]


def test_unopened_player_may_not_take_the_pozzo():
    hand = position(["9C 2D QD 8D 8C", "2H 3H 9S"], rules=TWO, table=["5H 6H 7H"], pozzo="8S")
    refuse(hand, POZZO, "not_opened_pozzo", "opened")


def test_pozzo_card_must_be_used_this_turn():
    hand = opened_two("9C 2D QD")
    hand.apply(POZZO)
    refuse(hand, discard("9C"), "pozzo_unused", name("8H"))
    refuse(hand, discard("8H"), "pozzo_unused", name("8H"))
    play(hand, lay("8H", 0), discard("9C"))
    assert table_texts(hand) == ["5♥ 6♥ 7♥ 8♥"]
    assert hand.current == 1


def test_pozzo_card_used_in_a_new_meld():
    hand = opened_two("8D 8C 9C 2D", pozzo="2S 8S", table=())
    play(hand, POZZO, meld_action("8D 8C 8S"), discard("9C"))
    assert table_texts(hand) == ["8♦ 8♣ 8♠"]


def test_pozzo_taken_only_when_usable():
    hand = opened_two("9C 2D QD", pozzo="2S 8D")
    refuse(hand, POZZO, "pozzo_unusable", name("8D"))


def test_pozzo_not_usable_when_it_would_leave_nothing_to_discard():
    # two cards 8♦ 8♣ and the 8♠ on the pozzo: melding all three leaves no discard
    hand = opened_two("8D 8C", pozzo="2S 8S", table=())
    refuse(hand, POZZO, "pozzo_unusable", name("8S"))


def test_fisca_identical_copy_may_be_discarded():
    hand = opened_two("8H 9C 2D QD")
    play(hand, POZZO, lay("8H", 0), discard("8H"))
    assert hand.pozzo[-1] == cards("8H")[0]
    assert table_texts(hand) == ["5♥ 6♥ 7♥ 8♥"]


def test_pozzo_card_swapped_for_a_joker_counts_as_used():
    hand = opened_two("9C 2D QD 4C", table=("5H 6H JK=7H", "4D 5D 6D"), pozzo="2S 7H")
    play(hand, POZZO, swap("7H", 0), lay("JK", 1, "high"), discard("9C"))
    assert table_texts(hand) == ["5♥ 6♥ 7♥", "4♦ 5♦ 6♦ JK=7♦"]


def test_keep_pozzo_card_may_stay_in_hand_but_is_not_the_discard():
    r = rules(players=2, keep_pozzo_card=True)
    hand = opened_two("9C 2D QD", r=r)
    hand.apply(POZZO)
    refuse(hand, discard("8H"), "pozzo_discard", name("8H"), "discard")
    hand.apply(discard("9C"))
    assert hand.hand_cards(0) == same("2D QD 8H")


def test_keep_pozzo_card_identical_copy_may_be_discarded():
    r = rules(players=2, keep_pozzo_card=True)
    hand = opened_two("8H 9C 2D", r=r)
    play(hand, POZZO, discard("8H"))
    assert hand.hand_cards(0) == same("8H 9C 2D")


def test_keep_pozzo_card_still_only_a_usable_card_and_only_once_opened():
    # engine reading of §11: even when the card may be kept, it must be usable to be taken
    r = rules(players=2, keep_pozzo_card=True)
    refuse(opened_two("9C 2D QD", r=r, pozzo="2S 8D"), POZZO, "pozzo_unusable")
    unopened = position(["9C 2D QD", "2H 3H 9S"], rules=r, table=["5H 6H 7H"], pozzo="8H")
    refuse(unopened, POZZO, "not_opened_pozzo")


FREE = rules(players=2, first_pozzo_free=True)


def first_turn(r=FREE):
    return position(["5C 9C 2D QD", "2H 3H 4C"], rules=r, pozzo="8H", turns_done=0)


def test_first_pozzo_free_first_player_keeps_the_turned_up_card():
    hand = first_turn()
    hand.apply(POZZO)
    refuse(hand, discard("8H"), "pozzo_discard", name("8H"))
    hand.apply(discard("9C"))
    assert hand.hand_cards(0) == same("5C 2D QD 8H")
    assert not hand.opened[0]


def test_first_pozzo_free_only_the_first_player_and_only_the_first_card():
    hand = first_turn()
    play(hand, DRAW, discard("9C"))
    refuse(hand, POZZO, "not_opened_pozzo")


def test_without_first_pozzo_free_the_first_player_cannot_take_it():
    refuse(first_turn(TWO), POZZO, "not_opened_pozzo")


# Take back (§11) ----------------------------------------------------------------------


def test_take_back_restores_everything_laid_this_turn_but_the_draw():
    hand = position(
        ["KH KD KC 3S 4S 5S 6S 9C 2D", "2H 3H 9S"],
        rules=TWO,
        table=["5H 6H 7H"],
        stock_top="8H",
    )
    hand.apply(DRAW)
    before = state_of(hand)
    play(hand, open_("KH KD KC", "3S 4S 5S"), lay("6S", 2), lay("8H", 0))
    assert hand.opened[0]
    hand.apply(BACK)
    # the same position again; only what everyone saw is remembered (known cards)
    assert state_of(hand)[:-1] == before[:-1]
    assert hand.known[0][cards("KH")[0]] == 1
    assert hand.hand_cards(0) == same("KH KD KC 3S 4S 5S 6S 9C 2D 8H")
    assert not hand.opened[0] and hand.phase == "play"
    refuse(hand, DRAW, "already_drew")
    # and the turn's melding starts again
    play(hand, open_("KH KD KC", "3S 4S 5S 6S"), discard("9C"))
    assert hand.current == 1


def test_take_back_with_nothing_laid_is_refused():
    hand = opened_two("9C 2D QD")
    hand.apply(DRAW)
    refuse(hand, BACK, "nothing_to_take_back", "nothing")


def test_take_back_gets_out_of_a_pozzo_corner():
    # the 8♥ from the pozzo could go with 8♦ 8♣; the player used the 8♣ elsewhere
    hand = opened_two("8D 8C 7C 9C 2D QD", table=(), pozzo="2S 8H")
    play(hand, POZZO, meld_action("7C 8C 9C"))
    refuse(hand, discard("2D"), "pozzo_unused", name("8H"))
    play(hand, BACK, meld_action("8H 8D 8C"), discard("2D"))
    assert table_texts(hand) == ["8♥ 8♦ 8♣"]


def test_take_back_returns_a_swapped_joker_to_its_meld():
    hand = opened_two("7H 9C 2D", table=("5H 6H JK=7H",))
    hand.apply(DRAW)
    hand.apply(swap("7H", 0))
    assert cards("JK")[0] in hand.hand_cards(0)
    hand.apply(BACK)
    assert table_texts(hand) == ["5♥ 6♥ JK=7♥"]
    assert cards("JK")[0] not in hand.hand_cards(0)
    assert hand.turn.jokers_owed == 0
    assert conserved(hand)


def test_take_back_after_complete_set_to_stock_returns_the_set():
    r = rules(players=2, complete_set_to_stock=True)
    hand = opened_two("9S 9C 2D QD", r=r, table=("9H 9D 9C",))
    hand.apply(DRAW)
    stock = hand.stock[:]
    hand.apply(lay("9S", 0))
    assert table_texts(hand) == []
    hand.apply(BACK)
    assert table_texts(hand) == ["9♥ 9♦ 9♣"]
    assert hand.stock == stock
    assert conserved(hand)
