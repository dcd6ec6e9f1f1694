"""Game records: a seeded random match, written to JSON and replayed, is the same match."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields
from typing import Any

import pytest

from scala40.engine.actions import Discard, DrawStock, TakeBack
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.position import CACHE_SLOTS, Position
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation import NotationError
from scala40.notation.record import (
    RECORD_FORMAT,
    Recorder,
    dump_record,
    load_record,
    replay,
)


def hand_state(deal: Deal) -> dict[str, Any]:
    """Every slot of a hand but the cache of fitting cards (recomputed on demand)."""
    names = (f.name for f in fields(Position))  # its slots: fields, in both builds
    return {name: getattr(deal, name) for name in names if name not in CACHE_SLOTS}


def match_state(match: Match) -> dict[str, Any]:
    names = ("rules", "seed", "totals", "eliminated", "reentries", "history", "playoff")
    state = {name: getattr(match, name) for name in names}
    state.update(
        winner=match.winner,
        hand_number=match.hand_number,
        dealer=match.dealer,
        deal=hand_state(match.deal),
    )
    return state


def play(recorder: Recorder, rng: random.Random, limit: int = 20_000) -> None:
    """Random legal actions, mostly not taking back (which would make games crawl)."""
    for _ in range(limit):
        if recorder.match.over:
            return
        options = legal_actions(recorder.match.deal)
        forward = [a for a in options if not isinstance(a, TakeBack)]
        pick = forward if forward and rng.random() < 0.9 else options
        recorder.apply(rng.choice(pick))


TABLES = [
    ({}, 1),
    ({"players": 2}, 2),
    ({"players": 3, "reentry": True, "elimination": 60}, 3),
    ({"players": 4, "partnerships": True}, 4),
    ({"players": 2, "stock_out": "end_hand", "single_hand": True}, 5),
    ({"players": 3, "complete_set_to_stock": True, "max_run_length_5": True, "fixed_hands": 2}, 6),
    ({"players": 2, "jokers_per_meld": "any", "min_naturals": 1, "elimination": 60}, 7),
]


@pytest.mark.parametrize(("changes", "seed"), TABLES)
def test_a_recorded_match_replays_exactly(changes: dict[str, Any], seed: int) -> None:
    rules = Rules.build("house" if seed % 2 else None, changes)
    names = [f"P{i}" for i in range(rules.players)]
    recorder = Recorder(Match(rules, seed=seed), names)
    play(recorder, random.Random(seed))
    assert recorder.match.over
    text = dump_record(recorder.record())
    record = json.loads(text)
    assert record["format"] == RECORD_FORMAT
    assert record["version"] == 1
    assert record["seats"] == names
    assert record["rules"] == rules.changes()
    assert len(record["hands"]) == recorder.match.hand_number
    expected = match_state(recorder.match)
    assert match_state(replay(text)) == expected
    assert match_state(replay(record, from_decks=True)) == expected


def test_an_unfinished_match_replays_to_the_same_turn() -> None:
    rules = Rules.build(None, {"players": 3})
    recorder = Recorder(Match(rules, seed=99, first_dealer=2))
    play(recorder, random.Random(5), limit=250)
    assert not recorder.match.over
    record = recorder.record()
    assert record["first_dealer"] == 2
    assert record["seats"] == ["Seat 1", "Seat 2", "Seat 3"]
    assert match_state(replay(dump_record(record, indent=2))) == match_state(recorder.match)


def test_without_a_seed_the_recorded_decks_are_dealt() -> None:
    rules = Rules.build(None, {"players": 2})
    recorder = Recorder(Match(rules, seed=3))
    play(recorder, random.Random(3), limit=150)
    assert not recorder.match.over
    assert recorder.match.hand_number > 1
    record = recorder.record()
    record["seed"] = None
    replayed = replay(record)
    expected = match_state(recorder.match)
    got = match_state(replayed)
    del expected["seed"], got["seed"]
    assert got == expected
    # The next hand was dealt from the recording, and the replay can play on.
    replayed.apply(legal_actions(replayed.deal)[0])


def test_a_deck_the_seed_does_not_deal_is_caught() -> None:
    recorder = Recorder(Match(Rules(), seed=1))
    recorder.apply(DrawStock())
    record = recorder.record()
    deck = record["hands"][0]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    if deck[0] == deck[-1]:
        deck[1], deck[-1] = deck[-1], deck[1]
    with pytest.raises(NotationError, match="hand 1: the recorded deck is not the one the seed"):
        replay(record)


def test_an_illegal_action_is_named_with_its_hand_and_place() -> None:
    recorder = Recorder(Match(Rules(), seed=1))
    recorder.apply(DrawStock())
    record = recorder.record()
    record["hands"][0]["actions"].append("draw")
    with pytest.raises(
        NotationError, match=r"hand 1, action 2 \('draw'\): illegal: you have already"
    ):
        replay(record)
    record["hands"][0]["actions"][1] = "dance"
    with pytest.raises(NotationError, match=r"hand 1, action 2 \('dance'\): not an action"):
        replay(record)


def test_results_and_totals_are_checked_not_trusted() -> None:
    recorder = Recorder(Match(Rules.build(None, {"players": 2}), seed=2))
    play(recorder, random.Random(2))
    record = recorder.record()
    wrong = copy.deepcopy(record)
    wrong["totals"][0] += 1
    with pytest.raises(NotationError, match="the record's totals"):
        replay(wrong)
    wrong = copy.deepcopy(record)
    wrong["hands"][0]["result"]["penalties"][0] += 1
    with pytest.raises(NotationError, match="hand 1: the record says"):
        replay(wrong)


def test_a_deck_that_is_not_the_pack_is_refused() -> None:
    record = Recorder(Match(Rules(), seed=1)).record()
    record["hands"][0]["deck"][0] = "JK"
    with pytest.raises(NotationError, match="hand 1: the deck is not the whole pack"):
        replay(record, from_decks=True)
    record["hands"][0]["deck"][0] = "1X"
    with pytest.raises(NotationError, match='hand 1: not a card: "1X"'):
        replay(record)


def test_refused_actions_are_not_logged() -> None:
    recorder = Recorder(Match(Rules(), seed=1))
    with pytest.raises(IllegalAction):
        recorder.apply(Discard(0))
    assert recorder.record()["hands"][0]["actions"] == []


def test_a_recorder_needs_a_fresh_match_and_a_name_per_seat() -> None:
    match = Match(Rules(), seed=1)
    with pytest.raises(NotationError, match="4 seats, not 2 names"):
        Recorder(match, ["Anna", "Bruno"])
    match.apply(DrawStock())
    with pytest.raises(NotationError, match="fresh match"):
        Recorder(match)


def test_meta_is_kept_for_tools() -> None:
    record = Recorder(Match(Rules(), seed=1), meta={"event": "club night"}).record()
    assert record["meta"] == {"event": "club night"}
    assert load_record(dump_record(record))["meta"] == {"event": "club night"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess-pgn"}, "not a game record"),
        ({"version": 2}, "unknown record version 2"),
        ({"colour": "red"}, "unknown fields in the record: colour"),
        ({"seats": "Anna"}, "seats must be a list of names"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"hands": []}, "at least one hand"),
        ({"first_dealer": None}, "first_dealer must be a seat number"),
    ],
)
def test_malformed_records_are_named(change: dict[str, Any], message: str) -> None:
    record = Recorder(Match(Rules(), seed=1)).record()
    record.update(change)
    with pytest.raises(NotationError, match=message):
        replay(record)


def test_malformed_hands_are_named() -> None:
    record = Recorder(Match(Rules(), seed=1)).record()
    record["hands"][0]["number"] = 2
    with pytest.raises(NotationError, match=r"hands\[0\] must be hand number 1"):
        load_record(record)
    record["hands"][0]["number"] = 1
    record["hands"][0]["actions"] = "draw"
    with pytest.raises(NotationError, match=r"hands\[0\].actions must be a list"):
        load_record(record)
    with pytest.raises(NotationError, match="a record is JSON"):
        load_record("{not json")


def test_the_record_must_seat_the_rules_players() -> None:
    record = Recorder(Match(Rules(), seed=1)).record()
    record["seats"] = ["Anna", "Bruno"]
    with pytest.raises(NotationError, match="the rules seat 4 players, the record names 2"):
        replay(record)
