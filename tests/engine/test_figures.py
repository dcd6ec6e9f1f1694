"""The rule figures the hot paths read are the rules' own, for each rules value met, also
once the memo has started again and when two values are equal but not the same object."""

from __future__ import annotations

from scala40.engine.figures import figures
from scala40.engine.rules import Rules


def _read(rules: Rules) -> tuple[object, ...]:
    return (
        rules.max_jokers,
        rules.natural_minimum,
        rules.max_run,
        rules.two_natural_aces_in_run,
        rules.face_values,
    )


def test_each_rules_value_gets_its_own_figures() -> None:
    kinds = [
        Rules(),
        Rules(jokers_per_meld="any", min_naturals=1, face_values="high"),
        Rules(jokers_per_meld=2, max_run_length_5=True, two_natural_aces_in_run=True),
    ]
    for _ in range(3):  # past the memo's limit and back
        for rules in [*kinds, *(Rules(opening_points=p) for p in range(30, 100))]:
            fig = figures(rules)
            got = (
                fig.max_jokers,
                fig.natural_minimum,
                fig.max_run,
                fig.two_natural_aces_in_run,
                fig.face_values,
            )
            assert got == _read(rules)
            assert fig.rules is rules and figures(rules) is fig
            mj = min(rules.max_jokers, 2)
            shape = (
                rules.face_values,
                rules.natural_minimum,
                rules.two_natural_aces_in_run,
                rules.max_run,
                mj,
            )
            assert fig.shapes[mj] == shape
