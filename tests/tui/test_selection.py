"""Picked cards to melds: every reading the engine accepts, jokers placed or suited."""

from __future__ import annotations

from scala40.engine.rules import Rules
from scala40.notation.cards import parse_cards
from scala40.notation.melds import format_meld
from scala40.tui.selection import plain_order, readings


def texts(cards: str, rules: Rules | None = None) -> list[str]:
    return [format_meld(m) for m in readings(parse_cards(cards), rules or Rules())]


def test_a_run_is_laid_in_order_whatever_the_picking_order() -> None:
    assert texts("7S 5S 6S") == ["5S 6S 7S"]
    assert texts("AS KS QS") == ["QS KS AS"]
    assert texts("3S AS 2S") == ["AS 2S 3S"]


def test_a_joker_fills_the_gap_or_goes_at_either_end() -> None:
    assert texts("5S JK 7S") == ["5S JK=6S 7S"]
    # Both ends, the most points first (as the web table lists them).
    assert texts("JK 2S 3S") == ["2S 3S JK=4S", "JK=AS 2S 3S"]
    assert texts("9C JK 8C") == ["8C 9C JK=10C", "JK=7C 8C 9C"]


def test_a_set_joker_may_stand_for_each_missing_suit() -> None:
    assert texts("KH JK KD") == ["KH KD JK=KC", "KH KD JK=KS"]


def test_no_reading_for_cards_that_make_no_meld() -> None:
    assert texts("5S 6S 8S") == []
    assert texts("5S 5S 5H") == []
    assert texts("JK JK 5S") == []
    assert texts("5S 6S") == []
    assert format_meld(plain_order(parse_cards("JK 8S 6S"))) == "6S 8S JK"


def test_two_jokers_only_where_the_rules_allow() -> None:
    two = Rules.build(None, {"jokers_per_meld": 2})
    assert texts("5S JK JK 8S") == []
    assert "5S JK=6S JK=7S 8S" in texts("5S JK JK 8S", two)
