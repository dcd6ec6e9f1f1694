"""Positions: any start of a turn, from JSON, with errors that name the problem."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scala40.engine.actions import DrawStock, LayOff, TakeBack, TakePozzo
from scala40.engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER, SPADES, kind_of
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation import NotationError
from scala40.notation.actions import parse_action
from scala40.notation.melds import parse_table_meld
from scala40.notation.position import POSITION_FORMAT, dump_position, load_position

H, D, C, S = HEARTS, DIAMONDS, CLUBS, SPADES

PUZZLE: dict[str, Any] = {
    "rules": {"players": 2},
    "hands": [["7H", "8H", "9H", "QS", "JK"], "KD KC 2S"],
    "table": ["JS QS JK=KS", "5H 5D 5C"],
    "pozzo": ["9C", "4D"],
    "opened": [True, False],
    "current": 0,
}


def position_state(deal: Deal) -> dict[str, Any]:
    names = (
        "rules", "seats", "n", "hands", "sizes", "stock", "pozzo", "table", "opened",
        "current", "phase", "turns_done", "first_free", "shuffle_seed",
    )  # fmt: skip
    return {name: getattr(deal, name) for name in names}


def test_a_puzzle_position_loads() -> None:
    hand = load_position(PUZZLE)
    assert hand.rules == Rules.build(None, {"players": 2})
    assert hand.hand_cards(0) == sorted(
        [kind_of(H, 7), kind_of(H, 8), kind_of(H, 9), kind_of(S, 12), JOKER]
    )
    assert hand.hand_cards(1) == sorted([kind_of(D, 13), kind_of(C, 13), kind_of(S, 2)])
    assert hand.table == [parse_table_meld("JS QS JK=KS"), parse_table_meld("5H 5D 5C")]
    assert hand.pozzo == [kind_of(C, 9), kind_of(D, 4)]
    assert hand.opened == [True, False]
    assert hand.current == 0
    assert hand.phase == DRAW
    assert hand.turns_done == 2  # the first round is done unless the position says not
    assert len(hand.stock) == 108 - 5 - 3 - 6 - 2
    assert hand.card_counts() == [2] * 52 + [4]
    # The position plays on: player 0 has opened and may lay 7♥ 8♥ 9♥ or the joker.
    hand.apply(DrawStock())
    options = legal_actions(hand)
    assert parse_action("meld 7H 8H 9H") in options
    assert LayOff(JOKER, 1) in options


def test_the_unplaced_cards_are_shuffled_by_the_seed() -> None:
    a = load_position({**PUZZLE, "shuffle_seed": 1})
    b = load_position({**PUZZLE, "shuffle_seed": 1})
    c = load_position({**PUZZLE, "shuffle_seed": 2})
    assert a.stock == b.stock != c.stock
    assert sorted(a.stock) == sorted(c.stock)


def test_positions_round_trip_through_json() -> None:
    hand = load_position({**PUZZLE, "turns_done": 1, "seats": [3, 1], "shuffle_seed": 5})
    data = json.loads(json.dumps(dump_position(hand)))
    assert data["format"] == POSITION_FORMAT
    assert data["version"] == 1
    assert data["table"] == ["JS QS JK=KS", "5H 5D 5C"]
    assert position_state(load_position(data)) == position_state(hand)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_start_of_turn_in_play_round_trips(seed: int) -> None:
    """Dump the position at each turn of a random match; loading it gives the same game."""
    rules = Rules.build(None, {"players": 3})
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    turns = 0
    for _ in range(1500):
        if match.over:
            break
        hand = match.deal
        if hand.phase == DRAW:
            turns += 1
            loaded = load_position(json.dumps(dump_position(hand)))
            assert position_state(loaded) == position_state(hand)
            assert legal_actions(loaded) == legal_actions(hand)
        options = legal_actions(hand)
        forward = [a for a in options if not isinstance(a, TakeBack)] or options
        match.apply(rng.choice(forward))
    assert turns > 50


def test_a_stockless_dump_reshuffles_the_rest() -> None:
    hand = load_position(PUZZLE)
    data = dump_position(hand, stock=False)
    assert "stock" not in data
    again = load_position(data)
    assert sorted(again.stock) == sorted(hand.stock)


def test_the_pozzo_rules_apply_to_a_loaded_position() -> None:
    hand = load_position({**PUZZLE, "pozzo": ["9C", "6H"]})
    assert TakePozzo() in legal_actions(hand)  # the 6♥ extends 7♥ 8♥ 9♥ in hand


def test_only_the_start_of_a_turn_is_a_position() -> None:
    hand = load_position(PUZZLE)
    hand.apply(DrawStock())
    with pytest.raises(NotationError, match="start of a turn: this hand is in the play phase"):
        dump_position(hand)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"hands": [["7H", "7H", "7H"], []]},
            r"too many 7H: the pack holds 2 copies of 7H, the position has 3 \(in hands\[0\]\)",
        ),
        (
            {"hands": [["7H"], ["7H"]], "pozzo": ["7H"]},
            r"too many 7H: .* \(in hands\[0\], hands\[1\], pozzo\)",
        ),
        (
            {"hands": [["JK", "JK", "JK"], ["JK"]], "table": ["JS QS JK=KS"]},
            r"too many JK: the pack holds 4 jokers, the position has 5",
        ),
        ({"hands": [["7H", "1X"], []]}, r'hands\[0\]: not a card: "1X"'),
        ({"hands": ["7H 7D", "QQ"]}, r'hands\[1\]: not a card: "QQ"'),
        ({"hands": [["JK=7D"], []]}, r"hands\[0\]: a card in hand has no declared identity"),
        ({"hands": [[]]}, "at least 2 players"),
        ({"hands": [7, []]}, r"hands\[0\] must be card text"),
        ({"table": ["KH AH 2H"]}, r'table\[0\]: not a meld: "KH AH 2H"'),
        ({"table": ["7H 7D JK"]}, r"table\[0\]: .*say which suit the joker stands for"),
        ({"pozzo": ["1X"]}, r'pozzo: not a card: "1X"'),
        ({"stock": ["2H"]}, "the position loses cards of the pack"),
        ({"opened": [True]}, "opened must list true or false for each of the 2 players"),
        ({"current": 2}, "current must be a player number 0 to 1"),
        ({"turns_done": -1}, "turns_done must be 0 or more"),
        ({"seats": [0]}, "seats must list a seat number for each of the 2 players"),
        ({"shuffle_seed": "x"}, "shuffle_seed must be a whole number"),
        ({"rules": {"colour": "red"}}, "unknown rule key 'colour'"),
        ({"hand": []}, "unknown fields in the position: hand"),
        ({"format": "scala40-record"}, "not a position"),
        ({"version": 9}, "unknown position version 9"),
    ],
)
def test_bad_positions_are_named(change: dict[str, Any], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_position({**PUZZLE, **change})


def test_a_position_is_json() -> None:
    with pytest.raises(NotationError, match="a position is JSON"):
        load_position("{hands:")
    with pytest.raises(NotationError, match="a position is a JSON object"):
        load_position("[]")
