"""RULES.md §12: the 30 rule keys, their defaults and values, and the presets."""

from __future__ import annotations

import pytest

from scala40.engine.errors import RulesError
from scala40.engine.rules import KEYS, PRESETS, Rules, parse_value

# key: (default, [(typed text, value), ...]) - every other value the table lists
TABLE = {
    "players": (4, [("2", 2), ("3", 3), ("5", 5), ("6", 6)]),
    "jokers": (None, [("2", 2), ("0", 0), ("6", 6)]),
    "decks": (2, [("3", 3)]),
    "no_joker_first_discard": (False, [("true", True)]),
    "first_pozzo_free": (False, [("true", True)]),
    "face_values": ("standard", [("high", "high")]),
    "lone_ace_counts_one": (False, [("true", True)]),
    "jokers_per_meld": (1, [("2", 2), ("any", "any")]),
    "min_naturals": (2, [("1", 1), ("3", 3)]),
    "two_natural_aces_in_run": (False, [("true", True)]),
    "max_run_length_5": (False, [("true", True)]),
    "complete_set_to_stock": (False, [("true", True)]),
    "fit_discard_ban": (
        "fisca",
        [("unopened_only", "unopened_only"), ("always", "always"), ("never", "never")],
    ),
    "opening_points": (40, [("51", 51), ("0", 0)]),
    "open_from_pozzo": ("no", [("opening", "opening"), ("any_use", "any_use"), ("keep", "keep")]),
    "keep_pozzo_card": (False, [("true", True)]),
    "open_without_jokers": ("no", [("fisca", "fisca"), ("strict", "strict")]),
    "keep_swapped_joker": (False, [("true", True)]),
    "go_out_without_discard": (False, [("true", True), ("double", "double")]),
    "stock_out": ("reshuffle", [("end_hand", "end_hand")]),
    "reshuffle_limit": (3, [("0", 0), ("10", 10), ("none", None)]),
    "unopened_penalty": ("count", [("flat100", "flat100"), ("double", "double")]),
    "chiusura_in_mano_double": (False, [("true", True)]),
    "elimination": (101, [("151", 151), ("201", 201), ("77", 77)]),
    "reentry": (False, [("true", True)]),
    "reentry_limit": (1, [("3", 3), ("any", "any")]),
    "single_hand": (False, [("true", True)]),
    "target_total": (None, [("1000", 1000)]),
    "fixed_hands": (None, [("5", 5)]),
    "partnerships": (False, [("true", True)]),
    "team_score": ("sum", [("worst", "worst")]),
}

OTHER = [(k, text, value) for k, (_, vals) in TABLE.items() for text, value in vals]


def test_exactly_the_thirty_one_keys():
    assert len(KEYS) == 31
    assert set(KEYS) == set(TABLE)


@pytest.mark.parametrize("key", list(TABLE))
def test_defaults_are_fisca(key):
    assert getattr(Rules(), key) == TABLE[key][0]
    assert Rules.build("fisca") == Rules()
    assert Rules().changes() == {}


@pytest.mark.parametrize(("key", "text", "value"), OTHER)
def test_every_value_typed_as_text(key, text, value):
    assert parse_value(key, text) == value
    r = Rules.build(None, {key: text})
    assert getattr(r, key) == value
    assert r.changes() == {key: value}


@pytest.mark.parametrize(("key", "text", "value"), OTHER)
def test_every_value_composes_with_the_house_preset(key, text, value):
    r = Rules.build("house", {key: text})
    assert getattr(r, key) == value
    for k, v in PRESETS["house"].items():
        if k != key:
            assert getattr(r, k) == v


def test_house_preset():
    house = Rules.build("house")
    assert house.changes() == {
        "fit_discard_ban": "unopened_only",
        "keep_swapped_joker": True,
        "open_from_pozzo": "any_use",
        "unopened_penalty": "flat100",
        "reentry": True,
    }
    assert house.reentry_limit == 1


def test_house_plus_elimination_201():
    r = Rules.build("house", {"elimination": "201"})
    assert r.elimination == 201 and r.reentry and r.unopened_penalty == "flat100"
    assert Rules.build(None, r.changes()) == r  # a record's changes rebuild the rules


def test_later_keys_override_the_preset():
    r = Rules.build("house", {"unopened_penalty": "count", "reentry": "false"})
    assert r.unopened_penalty == "count" and not r.reentry


@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("nonsense", "1"),
        ("players", "nine"),
        ("players", "9"),
        ("face_values", "low"),
        ("reentry", "maybe"),
        ("jokers_per_meld", "0"),
        ("min_naturals", "0"),
        ("decks", "4"),
        ("open_from_pozzo", "yes"),
    ],
)
def test_bad_keys_and_values_are_refused_by_name(key, text):
    with pytest.raises(RulesError) as info:
        Rules.build(None, {key: text})
    assert key in str(info.value)


def test_unknown_preset():
    with pytest.raises(RulesError) as info:
        Rules.build("casa")
    assert "house" in str(info.value)


def test_boolean_texts():
    for text in ("true", "yes", "on", "1", "TRUE"):
        assert parse_value("reentry", text) is True
    for text in ("false", "no", "off", "0"):
        assert parse_value("reentry", text) is False


def test_target_total_and_fixed_hands_exclude_each_other():
    with pytest.raises(RulesError):
        Rules.build(None, {"target_total": "1000", "fixed_hands": "5"})


def test_a_pack_holds_at_most_twenty_jokers():
    assert Rules.build(None, {"jokers": 20}).joker_count == 20
    for too_many in (21, 10**17):
        with pytest.raises(RulesError, match="jokers must be 0 to 20"):
            Rules.build(None, {"jokers": too_many})
