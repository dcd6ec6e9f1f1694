"""Taking the pozzo never strands a player in a turn that cannot end."""

from __future__ import annotations

from scala40.engine.actions import TakePozzo
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation import parse_card, parse_hand, parse_table_meld


def test_a_swap_that_strict_rules_forbid_in_the_opening_turn_is_no_use() -> None:
    # The A♦ could only free the joker, which open_without_jokers=strict forbids in the
    # turn one opens: so the card has no use and may not be taken.
    rules = Rules.build(
        None, {"players": 2, "open_from_pozzo": "any_use", "open_without_jokers": "strict"}
    )
    hand = Deal.setup(
        rules,
        [
            parse_hand("KD KC KS 3S 4S 5S 7H 9H 2C 4C 6C 8C 10D"),
            parse_hand("2H 3H 5H 6H 8H 10H JH QH 2D 3D 4D 5D 6D"),
        ],
        table=[parse_table_meld("AH JK=AD AC", rules)],
        pozzo=[parse_card("AD")],
    )
    err = hand.check(TakePozzo())
    assert err is not None and err.code == "pozzo_needs_opening"
    assert "A♦" in err.reason


def test_the_same_card_is_taken_when_the_swap_is_allowed() -> None:
    # Without the strict rule the joker freed by the A♦ can go on the new run 3♠4♠5♠.
    rules = Rules.build(None, {"players": 2, "open_from_pozzo": "any_use"})
    hand = Deal.setup(
        rules,
        [
            parse_hand("KD KC KS 3S 4S 5S 7H 9H 2C 4C 6C 8C 10D"),
            parse_hand("2H 3H 5H 6H 8H 10H JH QH 2D 3D 4D 5D 6D"),
        ],
        table=[parse_table_meld("AH JK=AD AC", rules)],
        pozzo=[parse_card("AD")],
    )
    assert hand.check(TakePozzo()) is None
