"""Malformed actions get a clear refusal that names the problem, and change nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scala40.compiled import Build, installed_build
from scala40.engine.actions import (
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakePozzo,
)
from scala40.engine.errors import IllegalAction
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation import parse_hand


def _state(match: Match) -> tuple[object, ...]:
    h = match.deal
    return (
        [c[:] for c in h.hands],
        h.stock[:],
        h.pozzo[:],
        list(h.table),
        h.phase,
        h.current,
    )


@pytest.mark.parametrize(
    ("action", "code", "words"),
    [
        (Discard(-5), "bad_card", "-5"),
        (Discard(99), "bad_card", "99"),
        (LayOff(-1, 0), "bad_card", "-1"),
        (LayOff(5, 0, "middle"), "bad_action", "middle"),
        (SwapJoker(500, 0), "bad_card", "500"),
        (Meld(MeldSpec((1, 2, 60))), "bad_card", "60"),
    ],
)
def test_malformed_actions_are_refused_by_name(action: object, code: str, words: str) -> None:
    match = Match(Rules(), seed=11)
    match.apply(DrawStock())
    before = _state(match)
    with pytest.raises(IllegalAction) as err:
        match.apply(action)  # type: ignore[arg-type]
    assert err.value.code == code
    assert words in err.value.reason
    assert _state(match) == before


@pytest.mark.parametrize(
    ("make", "code", "words"),
    [
        (lambda: LayOff(5, "x"), "no_such_meld", "'x'"),  # type: ignore[arg-type]
        (lambda: Open(("7H 7D 7C",)), "bad_action", "7H 7D 7C"),  # type: ignore[arg-type]
        (lambda: "draw", "unknown_action", "draw"),
    ],
)
def test_ill_typed_actions_are_refused_and_change_nothing(
    make: Callable[[], object], code: str, words: str
) -> None:
    """Values of the wrong Python type (what mypy --strict rejects in a typed caller; the
    notation checks types before it builds an action). The pure build refuses them by name
    when applied; the compiled build checks every declared type, so the action cannot even
    be built, or the call is refused, with a TypeError naming the type it expected."""
    match = Match(Rules(), seed=11)
    match.apply(DrawStock())
    before = _state(match)
    if installed_build() is Build.COMPILED:
        with pytest.raises(TypeError, match="object expected; got str"):
            match.apply(make())  # type: ignore[arg-type]
    else:
        with pytest.raises(IllegalAction) as err:
            match.apply(make())  # type: ignore[arg-type]
        assert err.value.code == code
        assert words in err.value.reason
    assert _state(match) == before


def test_a_bool_for_a_card_is_refused() -> None:
    """``True`` is an ``int`` to Python and to mypy. The pure build keeps it and refuses it
    as no card; the compiled build stores the declared ``int``, 1 (the 2 of hearts), which
    the hand does not hold here: refused either way, and nothing changes."""
    match = Match(Rules(), seed=11)
    match.apply(DrawStock())
    assert match.deal.hands[match.deal.current][1] == 0
    before = _state(match)
    with pytest.raises(IllegalAction) as err:
        match.apply(Discard(True))
    if installed_build() is Build.COMPILED:
        assert err.value.code == "not_in_hand"
    else:
        assert err.value.code == "bad_card" and "True" in err.value.reason
    assert _state(match) == before


def test_acting_after_the_match_is_over_is_refused() -> None:
    match = Match(Rules(single_hand=True, players=2), seed=3)
    match.winner = 0  # a finished match, however it finished
    with pytest.raises(IllegalAction) as err:
        match.apply(DrawStock())
    assert err.value.code == "match_over"


def test_a_position_with_an_empty_pozzo_offers_only_the_stock() -> None:
    from scala40.engine.legal import legal_actions
    from scala40.engine.state import Deal

    hand = Deal.setup(Rules.build(None, {"players": 2}), [list(range(13)), list(range(13, 26))])
    assert hand.pozzo == []
    assert legal_actions(hand) == [DrawStock()]  # was an IndexError
    with pytest.raises(IllegalAction) as refused:
        hand.apply(TakePozzo())
    assert refused.value.code == "pozzo_empty" and "empty" in refused.value.reason
    assert hand.phase == "draw" and hand.pozzo == []


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ({"current": 5}, "current must be a player 0 to 1"),
        ({"current": -1}, "current must be a player 0 to 1"),
        ({"opened": [True]}, "opened must say for each of the 2 players"),
        ({"seats": [0, 0]}, "seats must be distinct"),
        ({"seats": [0]}, "seats must name a seat for each"),
        ({"known": [[], [], []]}, "known lists 3 players"),
        ({"turns_done": -1}, "turns_done must be 0 or more"),
        ({"reshuffles": -2}, "reshuffles must be 0 or more"),
    ],
)
def test_a_position_whose_players_do_not_add_up_is_refused_by_name(
    keys: dict[str, object], words: str
) -> None:
    rules = Rules.build(None, {"players": 2})
    hands = [parse_hand("2H 3H 4H"), parse_hand("5C 6C 7C")]
    with pytest.raises(ValueError, match=words):
        Deal.setup(rules, hands, **keys)  # type: ignore[arg-type]


def test_a_position_with_one_player_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 2 players"):
        Deal.setup(Rules.build(None, {"players": 2}), [parse_hand("2H 3H 4H")])
