"""A VIEW holds a whole PlayerView but the deal's history of turns (a client saw them
happen): view_from_json(view_to_json(v)) gives v back without it."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.engine.cards import JOKER
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation.view import view_from_json
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.storage.store import SeatRow, TableRow
from scala40.tableview.view import (
    SeatFacts,
    TableFacts,
    legal_json,
    seat_view_json,
    view_to_json,
)

from .helpers import card_kinds, strings

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
            if seat in match.deal.seats:
                view = PlayerView.of_match(match, seat)
            else:
                view = PlayerView.public_of_match(match, seat)
            data = json.loads(json.dumps(view_to_json(view, facts)))
            # The deal's history of turns is not sent: a client saw them happen.
            assert view_from_json(data) == replace(view, history=())
        match.apply(bot.choose(PlayerView.of_match(match, match.current_seat), rng))


@settings(
    max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(changes=RULES, seed=st.integers(0, 2**32))
def test_a_seat_view_made_from_the_public_view_is_the_seat_view(
    changes: dict[str, object], seed: int
) -> None:
    """A broadcast writes the public VIEW once and each playing seat's from it: at every
    step, for every seat, exactly the VIEW written from the seat's own PlayerView."""
    rules = _rules(changes)
    match = Match(rules, seed)
    bot = make_bot("easy")
    rng = random.Random(seed)
    names = [SeatFacts(f"P{i}", "human") for i in range(rules.players)]
    facts = TableFacts("t1", "playing", "fisca", names, extra={"fair": {"n": 1}})
    watching = TableFacts("t1", "playing", "fisca", names, spectator=True, extra=facts.extra)
    compared = 0
    for _ in range(150):
        if match.over:
            break
        public = view_to_json(PlayerView.public_of_match(match), watching)
        for seat in match.deal.seats:
            view = PlayerView.of_match(match, seat)
            legal = legal_json(view) if view.my_turn else None
            made = seat_view_json(public, view, legal)
            assert json.dumps(made, sort_keys=True) == json.dumps(
                view_to_json(view, facts, legal), sort_keys=True
            )
            compared += 1
        match.apply(bot.choose(PlayerView.of_match(match, match.current_seat), rng))
    assert compared > 10


def _public_kinds(match: Match) -> set[int]:
    """Kinds the whole table may see: melds, pozzo, publicly known and bottom stock cards."""
    hand = match.deal
    out = {JOKER, *hand.pozzo, *hand.stock[: hand.bottom_known]}
    for meld in hand.table:
        out.update(meld.cards())
        out.update(meld.slots)
    for counts in hand.known:
        out.update(k for k, c in enumerate(counts) if c)
    return out


def test_an_eliminated_seat_is_shown_the_table_and_no_players_card() -> None:
    """The table actor's VIEW for a seat out of the hand, at every step of a match."""
    changes = {"players": 3, "elimination": 30}
    row = TableRow("t1", datetime.now(UTC), "fisca", changes, 11, 0, None, "playing")
    seats = [SeatRow(s, "bot:greedy", f"Bot {s}", None) for s in range(3)]
    actor = TableActor(row, seats, db=None, settings=Settings())  # type: ignore[arg-type]
    match = actor.match
    bot = make_bot("greedy")
    rng = random.Random(3)
    watched = 0
    for _ in range(3000):
        if match.over:
            break
        for seat in range(3):
            if seat in match.deal.seats:
                continue
            data = json.loads(json.dumps(actor.view_json(seat)))
            assert data["hand"] == [] and data["spectator"] and not data["my_turn"]
            assert data["legal"] == {}
            assert data["turn_start"] is None or data["turn_start"]["hand"] is None
            named = {k for text in strings(data) for k in card_kinds(text)}
            assert named <= _public_kinds(match), sorted(named - _public_kinds(match))
            public = PlayerView.public_of_match(match, seat)
            assert view_from_json(data) == replace(public, history=())
            watched += 1
        match.apply(bot.choose(PlayerView.of_match(match, match.current_seat), rng))
    assert watched > 20, "no seat sat a hand out: the test checked nothing"
