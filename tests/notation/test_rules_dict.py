"""Rules as JSON: only the changed keys, plus a version, and back to the same rules."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.rules import Rules
from scala40.notation import NotationError
from scala40.notation.codec import (
    rules_changes,
    rules_from_changes,
    rules_from_dict,
    rules_to_dict,
)

TABLES = [
    Rules(),
    Rules.build("house"),
    Rules.build("house", {"elimination": "201"}),
    Rules.build(None, {"players": 6, "decks": 3, "jokers": 2, "go_out_without_discard": "double"}),
    Rules.build(None, {"jokers_per_meld": "any", "reentry": True, "reentry_limit": "any"}),
    Rules.build(None, {"target_total": 1000, "face_values": "high", "partnerships": True}),
]


@pytest.mark.parametrize("rules", TABLES)
def test_rules_round_trip_through_json(rules: Rules) -> None:
    data = json.loads(json.dumps(rules_to_dict(rules)))
    assert data["version"] == 1
    assert rules_from_dict(data) == rules
    assert rules_from_changes(json.loads(json.dumps(rules_changes(rules)))) == rules


def test_only_changed_keys_are_stored() -> None:
    assert rules_to_dict(Rules()) == {"version": 1, "changes": {}}
    assert rules_changes(Rules.build(None, {"opening_points": "51"})) == {"opening_points": 51}


@given(st.sampled_from(TABLES), st.integers(1, 500), st.booleans())
def test_composed_rules_round_trip(base: Rules, elimination: int, keep_swapped: bool) -> None:
    rules = base.with_changes(elimination=elimination, keep_swapped_joker=keep_swapped)
    assert rules_from_dict(rules_to_dict(rules)) == rules


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"version": 2, "changes": {}}, "unknown rules version 2"),
        ({"changes": {}}, "unknown rules version None"),
        ({"version": 1, "changes": {"colour": "red"}}, "unknown rule key 'colour'"),
        ({"version": 1, "changes": {"players": "many"}}, "rule players takes a number"),
        ({"version": 1, "changes": {}, "extra": 1}, "unknown fields in rules: extra"),
        ({"version": 1, "changes": []}, "rules must be an object of rule keys"),
    ],
)
def test_bad_rules_are_named(data: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        rules_from_dict(data)
