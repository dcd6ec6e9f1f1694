"""RULES.md §12: the 31 rule keys, their defaults and values, and the presets."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import pytest

import scala40
from scala40.engine.errors import RulesError
from scala40.engine.rules import (
    ANY,
    CHOICES,
    KEYS,
    NUMBER_RANGES,
    PRESETS,
    NumberRange,
    Rules,
    parse_value,
)

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


# Each key's values are declared once: a Literal type, or a NumberRange ------------------------

HINTS = get_type_hints(Rules)


def test_every_key_is_a_boolean_a_choice_or_a_number_range():
    for key in KEYS:
        kinds = [HINTS[key] is bool, key in CHOICES, key in NUMBER_RANGES]
        assert kinds.count(True) == 1, key


@pytest.mark.parametrize("key", list(CHOICES))
def test_the_choices_are_the_literal_of_the_field(key):
    assert get_origin(HINTS[key]) is Literal
    assert CHOICES[key] == get_args(HINTS[key])
    assert getattr(Rules(), key) in CHOICES[key]


@pytest.mark.parametrize("key", list(CHOICES))
def test_a_literal_key_refuses_a_value_outside_its_literal(key):
    with pytest.raises(RulesError, match=f"rule {key} takes one of .*, not 'bogus'"):
        Rules(**{key: "bogus"})
    with pytest.raises(RulesError, match=f"rule {key} takes one of .*, not 'bogus'"):
        parse_value(key, "bogus")
    for value in CHOICES[key]:
        assert getattr(Rules(**{key: value}), key) == value
        typed = str(value).lower() if isinstance(value, bool) else str(value)
        assert parse_value(key, typed) == value


@pytest.mark.parametrize("key", list(NUMBER_RANGES))
def test_a_number_key_type_says_what_its_range_says(key):
    """The field admits None exactly when the range takes none, "any" when it takes any."""
    span = NUMBER_RANGES[key]
    args = set(get_args(HINTS[key])) or {HINTS[key]}
    assert int in args
    assert (type(None) in args) == span.none_ok
    assert (Literal["any"] in args) == span.any_ok


@pytest.mark.parametrize("key", list(NUMBER_RANGES))
def test_a_number_key_takes_its_declared_range_and_nothing_else(key):
    span = NUMBER_RANGES[key]
    decks = 3 if key == "players" else 2
    top = span.top(decks)
    base = {"decks": decks, "players": 2}
    for good in (span.low, top if top is not None else span.low + 1000):
        assert getattr(Rules.build(None, {**base, key: str(good)}), key) == good
    bad = [span.low - 1] + ([top + 1] if top is not None else [])
    bad += [] if span.none_ok else [None]
    bad += [] if span.any_ok else [ANY]
    for value in bad:
        with pytest.raises(RulesError) as info:
            Rules(**{**base, key: value})
        message = str(info.value)
        assert message == f"{key} must be {span.words(decks)}, not {value!r}"
        assert str(span.low) in message
    if span.none_ok:
        assert parse_value(key, "none") is None
    if span.any_ok:
        assert parse_value(key, "any") == ANY
    with pytest.raises(RulesError, match=f"rule {key} takes a number"):
        parse_value(key, "many")


def test_the_players_top_depends_on_the_decks():
    assert Rules(players=8, decks=3).players == 8
    with pytest.raises(RulesError, match="players must be 2 to 6 with 2 decks, not 7"):
        Rules(players=7)
    with pytest.raises(RulesError, match="decks must be 2 or 3, not 4"):
        Rules(players=7, decks=4)


def test_a_changed_range_is_what_rules_check(monkeypatch):
    monkeypatch.setitem(NUMBER_RANGES, "opening_points", NumberRange(30, 60))
    assert Rules(opening_points=60).opening_points == 60
    with pytest.raises(RulesError, match="opening_points must be 30 to 60, not 61"):
        Rules.build(None, {"opening_points": "61"})


def test_mypy_refuses_a_compared_text_that_is_no_value_of_the_key(tmp_path, monkeypatch):
    """The Literal types let mypy catch a misspelt rule value where the engine compares one."""
    api = pytest.importorskip("mypy.api")
    where = Path(scala40.__file__).parent.parent
    if where.name != "site-packages":  # an installed wheel mypy finds itself (py.typed)
        monkeypatch.setenv("MYPYPATH", str(where))
    code = (
        "from scala40.engine.rules import Rules\n"
        "def good(r: Rules) -> bool:\n"
        "    return r.stock_out == 'end_hand' and r.go_out_without_discard == 'double'\n"
        "def bad(r: Rules) -> bool:\n"
        "    return r.fit_discard_ban == 'unopened'\n"
    )
    out, _, status = api.run(
        ["--strict", "--cache-dir", str(tmp_path), "--no-error-summary", "-c", code]
    )
    assert status == 1
    assert out.count("error") == 1
    assert "<string>:5: error: Non-overlapping equality check" in out
