"""A VIEW holds a whole PlayerView: view_from_json(view_to_json(v)) gives v back."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.server.viewjson import (
    SeatFacts,
    TableFacts,
    spectator_view,
    view_from_json,
    view_to_json,
)

RULES = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "open_from_pozzo": st.sampled_from(["no", "opening", "any_use", "keep"]),
        "complete_set_to_stock": st.booleans(),
        "jokers_per_meld": st.sampled_from([1, 2, "any"]),
        "partnerships": st.booleans(),
        "elimination": st.sampled_from([30, 101]),
    }
)


def _rules(changes: dict[str, object]) -> Rules:
    if changes["partnerships"] and changes["players"] not in (4, 6):
        changes = {**changes, "partnerships": False}
    return Rules.build(None, changes)


@settings(
    max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(changes=RULES, seed=st.integers(0, 2**32))
def test_every_seat_view_survives_json_at_every_step(changes: dict[str, object], seed: int) -> None:
    rules = _rules(changes)
    match = Match(rules, seed)
    bot = make_bot("greedy")
    rng = random.Random(seed)
    names = [SeatFacts(f"P{i}", "human") for i in range(rules.players)]
    facts = TableFacts("t1", "playing", "fisca", names)
    for _ in range(120):
        if match.over:
            break
        for seat in range(rules.players):
            if seat in match.hand.seats:
                view = match.view(seat)
            else:
                view = spectator_view(match.view(match.hand.seats[0]), seat)
            data = json.loads(json.dumps(view_to_json(view, facts)))
            assert view_from_json(data) == view
        match.apply(bot.choose(match.view(match.current_seat), rng))


def test_an_eliminated_seat_sees_no_hand() -> None:
    match = Match(Rules(players=3), 5)
    view = spectator_view(match.view(0), 2)
    assert view.hand == () and not view.my_turn
    assert view.turn_start is None or view.turn_start.hand is None
