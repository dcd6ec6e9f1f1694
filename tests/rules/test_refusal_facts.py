"""A refusal's facts: which rule of the code's family was broken and its specifics, as
values, so a page in another language can word the whole reason (the cards, the points)."""

from __future__ import annotations

from typing import Any

import pytest

from scala40.engine.errors import PROBLEMS, IllegalAction, Problem, Refusal
from scala40.engine.melds import build_meld
from scala40.engine.opening import opening_refusal
from scala40.notation.codec import facts_to_dict

from .helpers import DRAW, meld, open_, play, position, refuse, rules, spec

FISCA = rules()


def _refused(text: str, r: Any = FISCA) -> dict[str, Any]:
    s = spec(text)
    with pytest.raises(IllegalAction) as info:
        build_meld(s.cards, s.declared, r)
    assert info.value.code == Refusal.INVALID_MELD
    return facts_to_dict(info.value.facts)


MELDS = [
    ("7H 8H", FISCA, {"problem": "too_few", "cards": ["7H", "8H"]}),
    ("JK JK JK", FISCA, {"problem": "only_jokers"}),
    ("JK 7H JK", FISCA, {"problem": "too_many_jokers", "allowed": 1}),
    (
        "JK JK 7H",
        rules(jokers_per_meld=2, min_naturals=2),
        {"problem": "few_naturals", "need": 2, "cards": ["JK", "JK", "7H"]},
    ),
    ("3H 4H 5H 6H 7H 8H", rules(max_run_length_5=True), {"problem": "run_too_long", "allowed": 5}),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", FISCA, {"problem": "two_aces"}),
    ("7H 7D 7C 7S JK", FISCA, {"problem": "set_too_big"}),
    ("7H 7H 7C", FISCA, {"problem": "set_suits", "cards": ["7H", "7H", "7C"]}),
    ("7H 7H 8H", FISCA, {"problem": "run_gap"}),
    ("7H 8D 9C", FISCA, {"problem": "neither", "cards": ["7H", "8D", "9C"]}),
    ("7H 7D JK=8C", FISCA, {"problem": "joker_in_set", "card": "8C"}),
    ("QH KH AH 2H", FISCA, {"problem": "run_wrap", "cards": ["QH", "KH", "AH", "2H"]}),
    ("7H 8H JK=10H", FISCA, {"problem": "joker_in_run", "card": "10H"}),
]


@pytest.mark.parametrize(("text", "r", "expected"), MELDS, ids=[m[2]["problem"] for m in MELDS])
def test_each_invalid_meld_names_its_problem_and_cards(
    text: str, r: Any, expected: dict[str, Any]
) -> None:
    facts = _refused(text, r)
    assert {k: facts.get(k) for k in expected} == expected


def test_every_meld_problem_is_reached_by_a_meld() -> None:
    assert {m[2]["problem"] for m in MELDS} == {p.value for p in PROBLEMS[Refusal.INVALID_MELD]}


def test_an_opening_below_the_threshold_says_how_many_points_it_makes_and_needs() -> None:
    refused = opening_refusal([meld("KS KH KC")], FISCA)
    assert refused is not None and refused.code == Refusal.BELOW_OPENING
    assert refused.facts == {"need": 40, "points": 30}


def test_a_joker_before_the_plain_melds_reach_the_threshold_says_both_numbers() -> None:
    house = rules(open_without_jokers="fisca")
    refused = opening_refusal([meld("KS KH JK=KC"), meld("3S 4S 5S")], house)
    assert refused is not None and refused.code == Refusal.JOKER_IN_OPENING
    assert refused.facts == {"problem": Problem.PLAIN_FIRST, "need": 40, "points": 12}


def test_a_card_not_held_is_named_with_how_many_copies_were_asked() -> None:
    hand = position(["7H 8H 9H KC", "2D 3D"], stock_top="QS")
    play(hand, DRAW)
    err = refuse(hand, open_("KS KH KC"), "not_in_hand")
    assert facts_to_dict(err.facts) == {"card": "KS"}
    err = refuse(hand, open_("7H 8H 9H", "7H 7D 7C"), "not_in_hand")
    assert facts_to_dict(err.facts) == {"problem": "copies", "card": "7H", "copies": 2}
