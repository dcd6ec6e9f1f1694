"""RULES.md §11: the pozzo may be taken when any sequence of the turn's legal plays uses it.

A direct use (one lay-off, swap or new meld) is not the only way: a card from hand laid off
first can make room, a joker won by a swap can complete a new meld, and under
``open_from_pozzo = "any_use"`` an opening can come first. Each case is played through the
actions ``legal_actions`` offers, as a bot would.
"""

from __future__ import annotations

from scala40.engine.actions import Action, TakePozzo
from scala40.engine.legal import legal_actions
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

from .helpers import (
    POZZO,
    conserved,
    discard,
    lay,
    meld_action,
    open_,
    position,
    refuse,
    swap,
    table_texts,
)
from .helpers import rules as default_rules

OTHER = "2H 3H 9C"


def draw_step(
    mine: str, table: str, pozzo: str, *, rules: Rules | None = None, opened: bool = True
) -> Deal:
    """Two players; player 0 holds ``mine`` (opened or not) and is at the draw, with
    ``table`` its one meld and ``pozzo`` the top of the pozzo."""
    return position(
        [mine, OTHER],
        rules=rules or default_rules(players=2),
        table=[table],
        pozzo=pozzo,
        opened=[opened, not opened],
    )


def offered(deal: Deal, action: Action) -> bool:
    return action in legal_actions(deal)


def play_offered(deal: Deal, *actions: Action) -> None:
    """Apply each action, first checking the generator offered it."""
    for a in actions:
        assert offered(deal, a), f"{a} is not offered: {legal_actions(deal)}"
        deal.apply(a)


def test_a_lay_off_from_hand_makes_room_for_the_pozzo_card():
    hand = draw_step("8S 2D QD KC", "5S 6S 7S", "9S")
    assert hand.check(TakePozzo()) is None
    play_offered(hand, POZZO, lay("8S", 0), lay("9S", 0), discard("2D"))
    assert table_texts(hand) == ["5♠ 6♠ 7♠ 8♠ 9♠"]
    assert hand.current == 1 and conserved(hand)


def test_without_the_card_that_makes_room_the_take_is_refused():
    hand = draw_step("2D QD KC 4H", "5S 6S 7S", "9S")
    refuse(hand, POZZO, "pozzo_unusable", "9♠")
    assert not offered(hand, POZZO)


def test_a_sequence_that_leaves_nothing_to_discard_is_no_use():
    # 8♠ then 9♠ would lay down the whole hand: incartato, so the 9♠ stays in the pozzo.
    hand = draw_step("8S", "5S 6S 7S", "9S")
    refuse(hand, POZZO, "pozzo_unusable")


def test_a_joker_won_by_a_swap_melds_the_pozzo_card():
    hand = draw_step("9D 5C 2D QD", "8D JK=9D 10D", "6C")
    assert hand.check(TakePozzo()) is None
    play_offered(hand, POZZO, swap("9D", 0))
    spec = next(a for a in legal_actions(hand) if a == meld_action("5C 6C JK=7C"))
    play_offered(hand, spec, discard("2D"))
    assert "5♣ 6♣ JK=7♣" in table_texts(hand)
    assert hand.current == 1 and conserved(hand)


def test_any_use_opens_first_then_lays_the_card_off_after_a_bridge():
    r = default_rules(players=2, open_from_pozzo="any_use")
    hand = draw_step("KH KD KC QH QD QC 8S 2D 4C", "5S 6S 7S", "9S", rules=r, opened=False)
    assert hand.check(TakePozzo()) is None
    play_offered(
        hand,
        POZZO,
        open_("QH QD QC", "KH KD KC"),
        lay("8S", 0),
        lay("9S", 0),
        discard("2D"),
    )
    assert hand.opened[0] and hand.current == 1 and conserved(hand)


def test_under_opening_the_card_must_be_in_the_opening_itself():
    r = default_rules(players=2, open_from_pozzo="opening")
    hand = draw_step("KH KD KC QH QD QC 8S 2D 4C", "5S 6S 7S", "9S", rules=r, opened=False)
    refuse(hand, POZZO, "pozzo_needs_opening")


def test_an_opening_that_keeps_the_bridge_is_not_stranding():
    # After the take, opening with the kings and queens leaves 8♠ to bridge to the 9♠.
    r = default_rules(players=2, open_from_pozzo="any_use")
    hand = draw_step("KH KD KC QH QD QC 8S 2D 4C", "5S 6S 7S", "9S", rules=r, opened=False)
    hand.apply(POZZO)
    assert offered(hand, open_("QH QD QC", "KH KD KC"))
