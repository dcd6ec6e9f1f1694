"""The hand solver is exact: it matches an independent brute force on small hands.

``brute.py`` enumerates every sub-multiset of the hand, lets ``build_meld`` judge each
layout, and searches every family of disjoint melds. ``solve`` / ``best_opening`` /
``least_penalty`` must reach the same optimum (points, then penalty laid; or the
reverse for the penalty objective) under the same constraints, and what they return
must itself be a valid family drawn from the hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.engine.analysis import (
    Solution,
    best_opening,
    candidate_melds,
    counts_of,
    least_penalty,
    meld_spec,
    solve,
)
from scala40.engine.cards import JOKER
from scala40.engine.melds import build_meld
from scala40.engine.rules import Rules

from .brute import best, hand_penalty, meld_value, options

pytestmark = pytest.mark.slow

RULESETS = {
    "default": Rules(),
    "two_jokers_per_meld": Rules(jokers_per_meld=2),
    "max_run_length_5": Rules(max_run_length_5=True),
    "any_jokers_one_natural": Rules(jokers_per_meld="any", min_naturals=1),
    "high_faces": Rules(face_values="high"),
}

EXACT = settings(
    max_examples=450,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.large_base_example,
    ],
)


@st.composite
def small_hands(draw: st.DrawFn) -> list[int]:
    """6 to 9 cards of a two-deck pack with 0 to 2 jokers, clustered so melds are common."""
    size = draw(st.integers(6, 9))
    jokers = draw(st.integers(0, 2))
    cards: list[int] = []

    def add(proposed: list[int]) -> None:
        for c in proposed:
            if len(cards) < size - jokers and cards.count(c) < 2:
                cards.append(c)

    while len(cards) < size - jokers:
        shape = draw(st.sampled_from(["run", "set", "loose"]))
        rank = draw(st.integers(1, 13))
        before = len(cards)
        if shape == "run":
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(1, 5))
            top = min(13, rank + length - 1)
            add([suit * 13 + r - 1 for r in range(rank, top + 1)])
            if top == 13 and draw(st.booleans()):
                add([suit * 13])  # the ace above the king
        elif shape == "set":
            suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
            add([s * 13 + rank - 1 for s in suits])
        else:
            add([draw(st.integers(0, 51))])
        if len(cards) == before:
            add([draw(st.sampled_from([k for k in range(52) if cards.count(k) < 2]))])
    return sorted(cards + [JOKER] * jokers)


def check_solution(sol: Solution, hand: list[int], rules: Rules) -> None:
    """The solver's answer is a real family of disjoint melds from the hand."""
    used: Counter[int] = Counter()
    points = penalty = 0
    for meld in sol.melds:
        spec = meld_spec(meld)
        rebuilt = build_meld(spec.cards, spec.declared, rules)
        assert rebuilt == meld, f"{meld.text()} does not rebuild"
        used.update(spec.cards)
        points += meld_value(meld, rules.face_values)
        penalty += sum(hand_penalty(c, rules.face_values) for c in spec.cards)
    have = Counter(hand)
    assert all(have[k] >= n for k, n in used.items()), f"uses cards not held: {used - have}"
    assert sol.points == points
    assert sol.penalty_removed == penalty
    assert sol.cards_left == len(hand) - sum(used.values())


def compare(hand: list[int], rules: Rules, **constraints: Any) -> None:
    objective = constraints.get("objective", "points")
    want = best(hand, rules, **{k: v for k, v in constraints.items() if k != "jokers"})
    got = solve(counts_of(hand), rules, **constraints)
    if want is None:
        assert got is None, f"solver found {got} where nothing is allowed"
        return
    assert got is not None, f"solver found nothing; brute force: {_family(want)}"
    check_solution(got, hand, rules)
    pair = (got.points, got.penalty_removed)
    if objective == "penalty":
        pair = (got.penalty_removed, got.points)
        expected = (want.penalty, want.points)
    else:
        expected = (want.points, want.penalty)
    assert pair == expected, (
        f"solver {[m.text() for m in got.melds]} {pair} vs brute force {_family(want)} {expected}"
    )
    _check_constraints(got, hand, rules, constraints)


def _family(b: Any) -> list[str]:
    return [o.meld.text() for o in b.family]


def _check_constraints(
    sol: Solution, hand: list[int], rules: Rules, constraints: dict[str, Any]
) -> None:
    assert sol.cards_left >= constraints.get("leave", 0)
    must = constraints.get("must_use")
    if must is not None:
        assert any(must in meld_spec(m).cards for m in sol.melds)
    after = constraints.get("jokers_after")
    if after is not None and any(m.jokers for m in sol.melds):
        plain = sum(meld_value(m, rules.face_values) for m in sol.melds if not m.jokers)
        assert plain >= after


rulesets = st.sampled_from(sorted(RULESETS))


@EXACT
@given(hand=small_hands(), name=rulesets)
def test_most_points_matches_brute_force(hand: list[int], name: str) -> None:
    compare(hand, RULESETS[name])


@EXACT
@given(hand=small_hands(), name=rulesets, leave=st.integers(0, 3))
def test_least_penalty_matches_brute_force(hand: list[int], name: str, leave: int) -> None:
    compare(hand, RULESETS[name], objective="penalty", leave=leave)
    if leave == 0:
        got = least_penalty(counts_of(hand), RULESETS[name])
        want = best(hand, RULESETS[name], objective="penalty")
        assert want is not None
        assert (got.penalty_removed, got.points) == (want.penalty, want.points)


@EXACT
@given(hand=small_hands(), name=rulesets, data=st.data())
def test_constrained_solutions_match_brute_force(
    hand: list[int], name: str, data: st.DataObject
) -> None:
    rules = RULESETS[name]
    constraints: dict[str, Any] = data.draw(
        st.fixed_dictionaries(
            {},
            optional={
                "leave": st.integers(0, 2),
                "must_use": st.sampled_from(sorted(set(hand))),
                "jokers_after": st.just(40),
                "objective": st.sampled_from(["points", "penalty"]),
            },
        )
    )
    compare(hand, rules, **constraints)


@EXACT
@given(
    hand=small_hands(),
    name=rulesets,
    mode=st.sampled_from(["no", "fisca", "strict"]),
    must=st.booleans(),
    leave=st.integers(0, 2),
)
def test_best_opening_matches_brute_force(
    hand: list[int], name: str, mode: str, must: bool, leave: int
) -> None:
    rules = RULESETS[name].with_changes(open_without_jokers=mode)
    must_use = hand[len(hand) // 2] if must else None
    want = best(
        hand,
        rules,
        leave=leave,
        must_use=must_use,
        use_jokers=mode != "strict",
        jokers_after=rules.opening_points if mode == "fisca" else None,
    )
    got = best_opening(counts_of(hand), rules, must_use=must_use, leave=leave)
    if want is None:
        assert got is None
        return
    assert got is not None
    check_solution(got.solution, hand, rules)
    assert (got.points, got.solution.penalty_removed) == (want.points, want.penalty)
    assert got.opens == (bool(want.family) and want.points >= rules.opening_points)
    if mode == "strict":
        assert not any(m.jokers for m in got.melds)


def test_brute_force_sees_two_copies_of_one_meld() -> None:
    """Both decks' A♦ 2♦ 3♦: two identical runs are one family (a sanity check of brute.py)."""
    hand = [13, 13, 14, 14, 15, 15]
    rules = Rules()
    want = best(hand, rules)
    assert want is not None and want.points == 12 and len(want.family) == 2
    compare(hand, rules)
    compare(hand, rules, objective="penalty")


@EXACT
@given(hand=small_hands(), name=rulesets)
def test_candidate_melds_are_exactly_the_melds_the_hand_can_lay(hand: list[int], name: str) -> None:
    """candidate_melds lists every meld (joker identities included) and nothing else."""
    rules = RULESETS[name]
    want = {o.meld: o for o in options(hand, rules)}
    got = candidate_melds(counts_of(hand), rules)
    assert {c.meld for c in got} == set(want)
    for c in got:
        o = want[c.meld]
        assert sorted(c.naturals) + [JOKER] * c.jokers == list(o.cards)
        assert (c.points, c.penalty) == (o.points, o.penalty)
