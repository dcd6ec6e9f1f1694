"""Action text and action dicts: every engine action has one line and one dict."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER, KINDS, SPADES, kind_of
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.notation import NotationError
from scala40.notation.actions import format_action, parse_action
from scala40.notation.codec import action_from_dict, action_to_dict

H, D, C, S = HEARTS, DIAMONDS, CLUBS, SPADES


def spec(*cards: int, declared: tuple[int | None, ...] = ()) -> MeldSpec:
    return MeldSpec(cards, declared)


EXAMPLES: list[tuple[str, Action]] = [
    ("draw", DrawStock()),
    ("pozzo", TakePozzo()),
    ("takeback", TakeBack()),
    (
        "open 7H 7D 7C | 3S 4S 5S",
        Open(
            (
                spec(kind_of(H, 7), kind_of(D, 7), kind_of(C, 7)),
                spec(kind_of(S, 3), kind_of(S, 4), kind_of(S, 5)),
            )
        ),
    ),
    ("meld 9H 10H JH", Meld(spec(kind_of(H, 9), kind_of(H, 10), kind_of(H, 11)))),
    (
        "meld JS QS JK=KS",
        Meld(spec(kind_of(S, 11), kind_of(S, 12), JOKER, declared=(None, None, kind_of(S, 13)))),
    ),
    ("layoff 8S 2", LayOff(kind_of(S, 8), 2)),
    ("layoff JK 2 low", LayOff(JOKER, 2, "low")),
    ("layoff AS 0 high", LayOff(kind_of(S, 1), 0, "high")),
    ("layoff JK=7D 1", LayOff(JOKER, 1, None, kind_of(D, 7))),
    ("swap 7D 1", SwapJoker(kind_of(D, 7), 1)),
    ("discard QS", Discard(kind_of(S, 12))),
    ("discard JK", Discard(JOKER)),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_examples(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("DRAW", DrawStock()),
        ("  Pozzo ", TakePozzo()),
        ("Layoff jk 2 LOW", LayOff(JOKER, 2, "low")),
        ("discard q♠", Discard(kind_of(S, 12))),
        ("open 7H 7D 7C|3S 4S 5S", parse_action("open 7H 7D 7C | 3S 4S 5S")),
        ("meld K♥ Q♥ J♥", Meld(spec(kind_of(H, 13), kind_of(H, 12), kind_of(H, 11)))),
        ("open", Open(())),
    ],
)
def test_lenient_reading(text: str, action: Action) -> None:
    assert parse_action(text) == action


def test_pretty_text_reads_back() -> None:
    action = LayOff(JOKER, 1, None, kind_of(D, 7))
    assert format_action(action, pretty=True) == "layoff JK=7♦ 1"
    assert parse_action(format_action(action, pretty=True)) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", 'not an action: ""'),
        ("fly away", 'not an action: "fly away"'),
        ("draw 7H", "draw takes nothing after it"),
        ("layoff 8S", "layoff needs a card"),
        ("layoff 8S x", "a table meld number"),
        ("layoff 8S -1", "a table meld number"),
        ("layoff 8S ²", "a table meld number"),
        ("layoff 8S 2 middle", "low or high, not middle"),
        ("layoff 7H=7D 1", "only a joker carries a declared identity"),
        ("discard", "discard needs a card"),
        ("discard 7H 8H", "discard needs a card"),
        ("discard JK=7D", "no declared identity"),
        ("discard 1X", 'not a card: "1X"'),
        ("swap 7D", "swap needs a card and a table meld number"),
        ("open 7H 7D 7C |", "none may be empty"),
        ("open | 7H 7D 7C", "none may be empty"),
        ("meld", "meld needs the cards"),
        ("meld 7H 7D 7C | 3S 4S 5S", "use open for several"),
        ("meld 7H 1X 7C", 'not a card: "1X"'),
    ],
)
def test_bad_text_is_named(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


@pytest.mark.parametrize(
    "action",
    [
        LayOff(kind_of(S, 8), -1),
        LayOff(kind_of(S, 8), 0, "middle"),
        LayOff(kind_of(S, 8), 0, None, kind_of(S, 9)),
        SwapJoker(kind_of(S, 8), -2),
        Meld(MeldSpec(())),
        Open((MeldSpec(()),)),
        Discard(KINDS),
    ],
)
def test_actions_without_text_are_refused(action: Action) -> None:
    with pytest.raises(NotationError):
        format_action(action)


# Property tests ---------------------------------------------------------------------------------

naturals = st.integers(0, 51)
cards = st.integers(0, KINDS - 1)
targets = st.integers(0, 40)


@st.composite
def meld_specs(draw: st.DrawFn) -> MeldSpec:
    kinds = draw(st.lists(cards, min_size=1, max_size=14))
    declared = tuple(draw(st.none() | naturals) if k == JOKER else None for k in kinds)
    return MeldSpec(tuple(kinds), declared)


@st.composite
def layoffs(draw: st.DrawFn) -> LayOff:
    card = draw(cards)
    declared = draw(st.none() | naturals) if card == JOKER else None
    return LayOff(card, draw(targets), draw(st.sampled_from([None, "low", "high"])), declared)


actions: st.SearchStrategy[Action] = st.one_of(
    st.just(DrawStock()),
    st.just(TakePozzo()),
    st.just(TakeBack()),
    st.builds(Open, st.lists(meld_specs(), max_size=4).map(tuple)),
    st.builds(Meld, meld_specs()),
    layoffs(),
    st.builds(SwapJoker, cards, targets),
    st.builds(Discard, cards),
)


@given(actions, st.booleans())
def test_action_text_round_trips(action: Action, pretty: bool) -> None:
    assert parse_action(format_action(action, pretty=pretty)) == action


@given(actions)
def test_action_dicts_round_trip_through_json(action: Action) -> None:
    data = json.loads(json.dumps(action_to_dict(action)))
    assert action_from_dict(data) == action
    assert data["type"] == format_action(action).split()[0]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fly"}, "not an action type"),
        ({"type": "draw", "card": "7H"}, "unknown fields in a draw action: card"),
        ({"type": "discard"}, "card must be card text"),
        ({"type": "swap", "card": "7D", "target": -1}, "target is a table meld number"),
        ({"type": "swap", "card": "7D", "target": True}, "target is a table meld number"),
        ({"type": "layoff", "card": "7D", "target": 0, "end": "mid"}, "low or high"),
        ({"type": "layoff", "card": "7D", "target": 0, "declared": "7C"}, "only a joker"),
        ({"type": "open", "melds": "7H 7D 7C"}, "lists its melds"),
        ({"type": "meld", "cards": ["7H", "1X"]}, 'not a card: "1X"'),
        ("draw", "must be an object"),
    ],
)
def test_bad_action_dicts_are_named(data: object, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        action_from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "changes", [{}, {"players": 2, "jokers_per_meld": "any", "min_naturals": 1}]
)
def test_every_legal_action_in_play_round_trips(changes: dict[str, object]) -> None:
    """The actions the engine actually generates (declared jokers, ends) all have text."""
    match = Match(Rules.build(None, changes), seed=11)
    rng = random.Random(11)
    for _ in range(600):
        if match.over:
            break
        options = legal_actions(match.deal)
        for action in options:
            assert parse_action(format_action(action)) == action
            assert action_from_dict(action_to_dict(action)) == action
        playable = [a for a in options if not isinstance(a, TakeBack)] or options
        match.apply(rng.choice(playable))


def test_an_action_in_words_names_a_stock_card_only_to_whom_may_know_it() -> None:
    from scala40.engine.actions import DrawStock
    from scala40.notation.actions import describe_action
    from scala40.notation.cards import parse_card

    assert describe_action(DrawStock()) == "draws from the stock"
    assert describe_action(DrawStock(), drawn=parse_card("7H")) == "draws 7♥ from the stock"
    assert describe_action(parse_action("discard QS")) == "discards Q♠"


@given(actions)
def test_an_action_prints_as_its_line_of_text(action: Action) -> None:
    assert str(action) == format_action(action)
    assert f"{action}" == format_action(action)


def test_actions_print_as_a_player_would_type_them() -> None:
    queen = kind_of(S, 12)
    assert str(Discard(queen)) == "discard QS"
    assert str(LayOff(JOKER, 2, "low", kind_of(D, 7))) == "layoff JK=7D 2 low"
    assert str(Open((spec(kind_of(H, 7), kind_of(D, 7), JOKER),))) == "open 7H 7D JK"
    assert [str(a) for a in (DrawStock(), TakePozzo(), TakeBack())] == ["draw", "pozzo", "takeback"]


def test_a_match_and_its_deal_print_what_the_table_shows() -> None:
    match = Match(Rules.build(None, {"players": "2"}), seed=7, first_dealer=0)
    assert repr(match) == "Match(2 players, hand 1 dealt by seat 0, seat 1 to play; totals [0, 0])"
    deal = match.deal
    top = format_action(Discard(deal.pozzo[-1])).split()[1]
    assert repr(deal) == (
        f"Deal(seat 1 to play, draw, 0 turns done; cards [13, 13], stock 81, pozzo {top}, 0 melds)"
    )
    assert "seed" not in repr(match)  # it names every deal
