"""Random positions for the RL tests: random legal games played with the engine itself.

Positions come from playing uniformly random legal actions (biased towards melding, so
tables fill up and openings, lay-offs and swaps occur), under rules drawn from the keys
that change what a move can be.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scala40.engine.actions import LayOff, Meld, Open, SwapJoker, TakeBack
from scala40.engine.errors import RulesError
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

MOVE_KEYS: dict[str, st.SearchStrategy[Any]] = {
    "players": st.integers(2, 6),
    "jokers_per_meld": st.sampled_from([1, 1, 2]),
    "min_naturals": st.integers(1, 3),
    "two_natural_aces_in_run": st.booleans(),
    "max_run_length_5": st.booleans(),
    "complete_set_to_stock": st.booleans(),
    "fit_discard_ban": st.sampled_from(["fisca", "unopened_only", "always", "never"]),
    "opening_points": st.sampled_from([40, 40, 15, 51]),
    "open_from_pozzo": st.sampled_from(["no", "opening", "any_use", "keep"]),
    "open_without_jokers": st.sampled_from(["no", "fisca", "strict"]),
    "keep_swapped_joker": st.booleans(),
    "go_out_without_discard": st.sampled_from([False, True, "double"]),
    "first_pozzo_free": st.booleans(),
}


def _build(values: dict[str, Any]) -> Rules | None:
    try:
        return Rules(**values)
    except RulesError:
        return None


def move_rules() -> st.SearchStrategy[Rules]:
    """Rules over the keys that shape moves; combinations ``Rules`` refuses are skipped."""
    return (
        st.fixed_dictionaries(MOVE_KEYS).map(_build).filter(lambda r: r is not None)  # type: ignore[return-value]
    )


def examples(count: int) -> settings:
    """``count`` Hypothesis examples, the same ones every run, no deadline."""
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def random_positions(rules: Rules, seed: int, steps: int) -> Iterator[Match]:
    """The positions of one random legal match, ``steps`` of them at most."""
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    for _ in range(steps):
        if match.over:
            return
        yield match
        deal: Deal = match.deal
        actions = legal_actions(deal)
        melding = [a for a in actions if isinstance(a, Open | Meld | LayOff | SwapJoker)]
        plain = [a for a in actions if not isinstance(a, TakeBack)] or actions
        pick = melding if melding and rng.random() < 0.7 else plain
        match.apply(rng.choice(pick))
