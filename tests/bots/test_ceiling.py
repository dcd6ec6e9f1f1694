"""The strength-ceiling harness measures what it claims (its figures back the bots' notes)."""

from __future__ import annotations

import random

from scala40.engine.rules import Rules

from .ceiling import _oracle_task, candidate_gains, held_out_gain, match_win_rate, positions


def test_an_oracle_that_knows_the_stock_beats_the_club_player() -> None:
    # Knowing the stock order is worth ~20 points a hand: a harness that failed to hand
    # the oracle the true hand (or judged it by the wrong seat) would show nothing.
    rules = Rules.build(None, {"players": 2})
    games = _oracle_task((rules, "all", 1, 11, 0, 5))
    assert len(games) == 10
    mean = sum(d for d, _ in games) / len(games)
    assert mean < -5.0
    assert sum(1 for _, out in games if out) >= 7


def test_candidate_gains_are_measured_against_the_plan() -> None:
    rules = Rules.build(None, {"players": 2})
    views = positions(rules, 3, 6)
    assert len(views) == 6
    measured = [candidate_gains(v, 6, i) for i, v in enumerate(views)]
    assert any(measured)  # some of six decisions offer the search a choice
    for diffs in measured:
        for per_world in diffs:
            assert len(per_world) == 6
            assert all(abs(d) < 200.0 for d in per_world)  # penalty points of one hand


def test_the_held_out_gain_is_judged_on_other_worlds() -> None:
    # Looks better on the even worlds, worse on the odd ones: the gain is the odd mean.
    assert held_out_gain([[4.0, -2.0, 4.0, -2.0], [1.0, 9.0, 1.0, 9.0]]) == -2.0
    # No alternative beats the plan on the even worlds: the plan is kept.
    assert held_out_gain([[-1.0, 9.0, -1.0, 9.0]]) == 0.0
    assert held_out_gain([]) == 0.0


def test_a_per_hand_edge_turns_into_match_wins() -> None:
    rng = random.Random(0)
    pairs = [
        (0, rng.randint(5, 60)) if rng.random() < 0.5 else (rng.randint(5, 60), 0)
        for _ in range(400)
    ]
    level, even = match_win_rate(pairs, 0.0, 101, 4000, 1)
    ahead, better = match_win_rate(pairs, 0.3, 101, 4000, 1)
    assert abs(level) < 2.0 and 0.45 < even < 0.55
    assert ahead > 5.0 and better > 0.65
