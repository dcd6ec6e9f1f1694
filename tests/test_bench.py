"""``scala40 bench``: the figures it prints (their values depend on the machine: never
asserted beyond being measured)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from scala40.cli import main
from scala40.compiled import installed_build


@pytest.mark.slow  # a benchmark run, OpenSpiel included
def test_bench_measures_the_engine_the_anchors_way_and_beside_openspiel() -> None:
    result = CliRunner().invoke(main, ["bench", "--json", "--seconds", "0.3"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["build"] == installed_build().value
    for key in (
        "steps_per_s",
        "clone_us",
        "legal_us",
        "legal_p50_us",
        "legal_p90_us",
        "legal_positions",
        "random_legal_steps_per_s",
        "heuristic_hands_per_s",
        "fair_scala40_decisions_per_s",
        "fair_openspiel_decisions_per_s",
        "fair_ratio",
    ):
        assert figures[key] > 0, key
    assert 0 <= figures["random_legal_hands_capped"] <= figures["random_legal_hands"]
    assert figures["fair_ratio_min"] <= figures["fair_ratio"] <= figures["fair_ratio_max"]
    assert figures["fair_rounds"] == 6
