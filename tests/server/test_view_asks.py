"""The VIEW carries the engine's answers, so the page keeps no meld rule of its own.

Issue 25: the page re-derived the meld rules in JavaScript and answered wrongly under
house keys. Now ``legal.melds`` lists every meld the engine accepts from the hand of the
seat to move (each joker-identity option with its points), each table meld carries its
points and ends, and ``rules.limits`` the rule limits resolved by :class:`Rules`. These
tests hold those fields to the engine's own checks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scala40.engine.actions import DrawStock
from scala40.engine.cards import pack_list
from scala40.engine.errors import IllegalAction
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.notation.cards import parse_card
from scala40.notation.codec import table_meld_from_dict
from scala40.notation.errors import NotationError
from scala40.notation.melds import parse_table_meld
from scala40.server.table.summaries import full_state
from scala40.tableview.view import legal_json

from .helpers import actor_at, kinds

BRUNO = "2C 5H 9S KH QH 3C 7C 8C 4D AD JD 6H 9H"

HOUSE_CASES = [
    # (rule changes, Anna's hand, the selection, whether the engine accepts it)
    (
        {"two_natural_aces_in_run": True},
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 5D",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        True,
    ),
    ({"max_run_length_5": True}, "3H 4H 5H 6H 7H 8H 2D 9C KS QS 3D", "3H 4H 5H 6H 7H 8H", False),
    ({"jokers_per_meld": "any"}, "5H JK JK 2D 9C KS QS 3D 7C 4C", "5H JK JK", False),
]


def _selection(entry: dict[str, Any]) -> tuple[str, ...]:
    """The cards of a ``legal.melds`` entry as picked from the hand (a joker is "JK")."""
    return tuple(sorted("JK" if c.startswith("JK") else c for c in entry["cards"]))


def _engine_accepts(changes: dict[str, object], text: str) -> bool:
    try:
        parse_table_meld(text, Rules.build("fisca", {"players": 2, **changes}))
    except (NotationError, IllegalAction):
        return False
    return True


@pytest.mark.parametrize(("changes", "anna", "selection", "accepted"), HOUSE_CASES)
def test_the_melds_listed_are_the_engines_answer_under_house_keys(
    changes: dict[str, object], anna: str, selection: str, accepted: bool
) -> None:
    assert _engine_accepts(changes, selection) is accepted
    rules = Rules.build("fisca", {"players": 2, **changes})
    deal = Deal.setup(rules, [kinds(anna), kinds(BRUNO)], pozzo=[parse_card("8D")])
    actor = actor_at(deal)
    for phase in ("draw", "play"):
        view = actor.view_json(0)
        assert view["phase"] == phase
        listed = {_selection(e) for e in view["legal"]["melds"]}
        assert (tuple(sorted(selection.split())) in listed) is accepted
        assert view["rules"]["limits"]["max_run"] == rules.max_run
        assert view["rules"]["limits"]["max_jokers"] == rules.max_jokers
        assert "melds" not in actor.view_json(1)["legal"]
        if phase == "draw":
            deal.apply(DrawStock())


@pytest.mark.parametrize(
    "changes",
    [{}, *(c for c, *_ in HOUSE_CASES), {"face_values": "high"}, {"jokers_per_meld": 2}],
)
def test_every_meld_listed_is_one_the_engine_accepts_with_its_points(
    changes: dict[str, object],
) -> None:
    rules = Rules.build("fisca", {"players": 2, **changes})
    for seed in range(40):
        deck = pack_list(2, 4)
        random.Random(seed).shuffle(deck)
        deal = Deal.deal(rules, deck, None, seed)
        deal.apply(DrawStock())
        listed = legal_json(PlayerView.of(deal, deal.seats[deal.turn.player]), deal)["melds"]
        for entry in listed:
            meld = table_meld_from_dict({"cards": entry["cards"]}, rules)
            assert entry["points"] == meld.points(rules), entry


def test_a_table_meld_carries_its_points_and_ends() -> None:
    rules = Rules.build("fisca", {"players": 2, "face_values": "high"})
    run = table_meld_from_dict({"cards": ["QS", "KS", "JK=AS"]}, rules)
    group = table_meld_from_dict({"cards": ["AH", "AD", "AC"]}, rules)
    deal = Deal.setup(
        rules, [kinds("2H 5D 9C"), kinds("2C 5H 9S")], table=[run, group], opened=[True, True]
    )
    table = actor_at(deal).view_json(1)["table"]
    assert table[0] == {
        "id": 0,
        "kind": "run",
        "cards": ["QS", "KS", "JK=AS"],
        "points": run.points(rules),
        "suit": "S",
        "lo": 12,
        "hi": 14,
    }
    assert table[1]["points"] == group.points(rules) == 42
    assert table[1]["rank"] == 1
    # The replay's states show the same melds, points included.
    assert full_state(deal, [0, 0])["table"] == table
