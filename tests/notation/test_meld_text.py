"""Meld text: table order, descending runs, jokers placed or declared, and table melds."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scala40.engine.actions import MeldSpec
from scala40.engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER, KINDS, SPADES, kind_of
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import TableMeld, build_meld, check_meld_shape
from scala40.engine.rules import Rules
from scala40.notation import NotationError
from scala40.notation.codec import table_meld_from_dict, table_meld_to_dict
from scala40.notation.melds import format_meld, parse_hand, parse_meld, parse_table_meld

H, D, C, S = HEARTS, DIAMONDS, CLUBS, SPADES

LOOSE = Rules.build(None, {"jokers_per_meld": "any", "min_naturals": 1})
"""Rules that let a meld hold many jokers, to exercise every joker placement."""


def test_cards_in_table_order() -> None:
    assert parse_meld("JS QS JK") == MeldSpec((kind_of(S, 11), kind_of(S, 12), JOKER))
    assert parse_meld("KH QH JH").cards == (kind_of(H, 13), kind_of(H, 12), kind_of(H, 11))


def test_a_declared_joker_keeps_its_identity() -> None:
    spec = parse_meld("7H 7D JK=7C")
    assert spec.cards == (kind_of(H, 7), kind_of(D, 7), JOKER)
    assert spec.declared == (None, None, kind_of(C, 7))


def test_a_descending_run_is_the_same_run() -> None:
    assert parse_table_meld("KH QH JH") == parse_table_meld("JH QH KH") == TableMeld.run(H, 11, 13)


@pytest.mark.parametrize(
    ("text", "joker_rank"),
    [("JK 8S 9S", 7), ("9S 8S JK", 7), ("8S 9S JK", 10), ("JK 9S 8S", 10), ("QS KS JK", 14)],
)
def test_a_jokers_place_fixes_its_identity(text: str, joker_rank: int) -> None:
    meld = parse_table_meld(text)
    assert meld.joker_identities() == [kind_of(S, joker_rank)]


def test_a_declaration_that_contradicts_the_place_is_invalid() -> None:
    with pytest.raises(NotationError, match='not a meld: "JK=9S 8S 9S"'):
        parse_table_meld("JK=9S 8S 9S")
    assert parse_table_meld("JK=7S 8S 9S") == parse_table_meld("JK 8S 9S")


def test_a_set_joker_must_name_its_suit_on_the_table_unless_told_otherwise() -> None:
    with pytest.raises(NotationError, match="say which suit"):
        parse_table_meld("7H 7D JK")
    assert parse_table_meld("7H 7D JK", require_set_suits=False).kind == "set"
    assert parse_table_meld("7H 7D JK=7S").joker_identities() == [kind_of(S, 7)]


def test_table_melds_name_every_jokers_identity() -> None:
    meld = build_meld([kind_of(S, 11), kind_of(S, 12), JOKER])
    assert format_meld(meld) == "JS QS JK=KS"
    assert format_meld(meld, pretty=True) == "J♠ Q♠ JK=K♠"
    assert format_meld(parse_meld("JS QS JK")) == "JS QS JK"


def test_rules_judge_a_table_meld() -> None:
    with pytest.raises(NotationError, match="at most one joker"):
        parse_table_meld("5H JK JK 8H")
    assert len(parse_table_meld("5H JK JK 8H", LOOSE)) == 4


@pytest.mark.parametrize("text", ["", "   ", []])
def test_a_meld_needs_cards(text: str | list[str]) -> None:
    with pytest.raises(NotationError, match="a meld needs cards"):
        parse_meld(text)


def test_a_bad_card_in_a_meld_is_named() -> None:
    with pytest.raises(NotationError, match='not a card: "1X"'):
        parse_meld("7H 1X 9H")


def test_a_hand_is_cards_without_declarations() -> None:
    assert parse_hand("7H 7D JK") == [kind_of(H, 7), kind_of(D, 7), JOKER]
    with pytest.raises(NotationError, match="JK=7D"):
        parse_hand("7H JK=7D")


# Property tests ------------------------------------------------------------------------------


@st.composite
def table_melds(draw: st.DrawFn) -> TableMeld:
    """Any meld that may lie on the table under LOOSE rules."""
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        lo = draw(st.integers(1, 12))
        hi = draw(st.integers(lo + 2, 14))
        ranks = list(range(lo, hi + 1))
        jokers = draw(st.lists(st.sampled_from(ranks), unique=True, max_size=len(ranks) - 1))
        meld = TableMeld.run(suit, lo, hi, jokers)
    else:
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.integers(0, 3), unique=True, min_size=3, max_size=4))
        jokers = draw(st.lists(st.sampled_from(suits), unique=True, max_size=len(suits) - 1))
        meld = TableMeld.set_of(rank, suits, jokers)
    try:
        check_meld_shape(meld, LOOSE, new=True)
    except IllegalAction:
        assume(False)
    return meld


@given(table_melds(), st.booleans())
def test_table_meld_text_rebuilds_the_same_meld(meld: TableMeld, pretty: bool) -> None:
    assert parse_table_meld(format_meld(meld, pretty=pretty), LOOSE) == meld


@given(table_melds())
def test_table_meld_dicts_round_trip_through_json(meld: TableMeld) -> None:
    data = json.loads(json.dumps(table_meld_to_dict(meld)))
    assert data["kind"] == meld.kind
    assert table_meld_from_dict(data, LOOSE) == meld


@st.composite
def meld_specs(draw: st.DrawFn) -> MeldSpec:
    """Any cards with any declarations, valid melds or not: parsing must not judge."""
    cards = draw(st.lists(st.integers(0, KINDS - 1), min_size=1, max_size=15))
    declared = tuple(draw(st.none() | st.integers(0, 51)) if c == JOKER else None for c in cards)
    return MeldSpec(tuple(cards), declared)


@given(meld_specs(), st.booleans())
def test_meld_text_round_trips(spec: MeldSpec, pretty: bool) -> None:
    assert parse_meld(format_meld(spec, pretty=pretty)) == spec


def test_a_table_meld_dict_must_say_the_right_kind() -> None:
    with pytest.raises(NotationError, match="is a set, not a run"):
        table_meld_from_dict({"kind": "run", "cards": ["7H", "7D", "7C"]})
    with pytest.raises(NotationError):
        table_meld_from_dict({"kind": "set", "cards": "7H 7D 7C"})
