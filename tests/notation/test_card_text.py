"""Card text: every way people write a card reads as the right kind, and formats back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER, KINDS, SPADES, kind_of
from scala40.engine.errors import Scala40Error
from scala40.notation import NotationError
from scala40.notation.cards import (
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_meld_card,
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("7H", kind_of(HEARTS, 7)),
        ("10H", kind_of(HEARTS, 10)),
        ("TH", kind_of(HEARTS, 10)),
        ("th", kind_of(HEARTS, 10)),
        ("QS", kind_of(SPADES, 12)),
        ("AS", kind_of(SPADES, 1)),
        ("as", kind_of(SPADES, 1)),
        ("kd", kind_of(DIAMONDS, 13)),
        ("2C", kind_of(CLUBS, 2)),
        ("7♥", kind_of(HEARTS, 7)),
        ("10♣", kind_of(CLUBS, 10)),
        ("A♠", kind_of(SPADES, 1)),
        ("J♦", kind_of(DIAMONDS, 11)),
        ("7♥\ufe0f", kind_of(HEARTS, 7)),
        ("Q♤", kind_of(SPADES, 12)),
        ("JK", JOKER),
        ("jk", JOKER),
        ("JOKER", JOKER),
        ("Joker", JOKER),
        ("  5D ", kind_of(DIAMONDS, 5)),
    ],
)
def test_accepted_spellings(text: str, kind: int) -> None:
    assert parse_card(text) == kind
    assert parse_meld_card(text) == (kind, None)


@pytest.mark.parametrize(
    ("text", "declared"),
    [
        ("JK=7D", kind_of(DIAMONDS, 7)),
        ("jk=10♣", kind_of(CLUBS, 10)),
        ("JOKER=KS", kind_of(SPADES, 13)),
    ],
)
def test_a_joker_may_name_what_it_stands_for(text: str, declared: int) -> None:
    assert parse_meld_card(text) == (JOKER, declared)


@pytest.mark.parametrize(
    "text", ["1X", "1H", "11H", "7", "H7", "7Z", "", "JK7", "10", "QQ", "7HH", "AH2"]
)
def test_a_bad_card_is_named_in_the_error(text: str) -> None:
    with pytest.raises(NotationError, match=f'not a card: "{text}"'):
        parse_card(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("JK=JK", 'a joker stands for a natural card: "JK=JK"'),
        ("7H=7D", 'only a joker carries a declared identity: "7H=7D"'),
        ("JK=1X", 'not a card: "JK=1X"'),
    ],
)
def test_bad_declarations(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_meld_card(text)


def test_a_card_in_hand_has_no_declared_identity() -> None:
    with pytest.raises(NotationError, match='a card in hand has no declared identity: "JK=7D"'):
        parse_card("JK=7D")


def test_notation_errors_are_library_errors() -> None:
    """Callers that catch the engine's errors (or ValueError) catch bad text too."""
    assert issubclass(NotationError, Scala40Error)
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize(
    ("kind", "declared", "ascii_text", "pretty"),
    [
        (kind_of(HEARTS, 7), None, "7H", "7♥"),
        (kind_of(CLUBS, 10), None, "10C", "10♣"),
        (kind_of(SPADES, 1), None, "AS", "A♠"),
        (kind_of(DIAMONDS, 12), None, "QD", "Q♦"),
        (JOKER, None, "JK", "JK"),
        (JOKER, kind_of(DIAMONDS, 7), "JK=7D", "JK=7♦"),
    ],
)
def test_canonical_and_pretty_forms(
    kind: int, declared: int | None, ascii_text: str, pretty: str
) -> None:
    assert format_card(kind, declared) == ascii_text
    assert format_card(kind, declared, pretty=True) == pretty


@pytest.mark.parametrize(
    ("kind", "declared"),
    [(KINDS, None), (-1, None), (kind_of(HEARTS, 7), kind_of(HEARTS, 8)), (JOKER, JOKER)],
)
def test_formatting_refuses_what_is_not_a_card(kind: int, declared: int | None) -> None:
    with pytest.raises(NotationError):
        format_card(kind, declared)


@given(st.integers(0, KINDS - 1), st.booleans())
def test_every_kind_round_trips(kind: int, pretty: bool) -> None:
    assert parse_card(format_card(kind, pretty=pretty)) == kind


@given(st.integers(0, 51), st.booleans(), st.data())
def test_declared_jokers_round_trip_in_any_case(
    declared: int, pretty: bool, data: st.DataObject
) -> None:
    text = format_card(JOKER, declared, pretty=pretty)
    mixed = "".join(
        c.lower() if data.draw(st.booleans(), label=f"lower {i}") else c for i, c in enumerate(text)
    )
    assert parse_meld_card(mixed) == (JOKER, declared)


@given(st.lists(st.integers(0, KINDS - 1), max_size=20), st.booleans())
def test_hands_round_trip(kinds: list[int], pretty: bool) -> None:
    assert parse_cards(format_cards(kinds, pretty=pretty)) == kinds


def test_hand_text_may_use_commas_or_a_list_of_tokens() -> None:
    expected = [kind_of(HEARTS, 7), kind_of(DIAMONDS, 7), JOKER]
    assert parse_cards("7H, 7D JK") == expected
    assert parse_cards(["7H 7D", "JK"]) == expected
    assert parse_cards("") == []


def test_a_bad_card_in_a_hand_is_named() -> None:
    with pytest.raises(NotationError, match='not a card: "1X"'):
        parse_cards("7H 1X JK")
