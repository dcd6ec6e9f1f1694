"""``scala40 bench --rl``: prints the environment's speed as JSON (figures, not asserted)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from scala40.cli import main
from scala40.compiled import installed_build


def test_bench_rl_prints_env_steps_per_s() -> None:
    result = CliRunner().invoke(main, ["bench", "--rl", "--json", "--seconds", "0.3"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["steps"] > 0
    assert figures["env_steps_per_s"] > 0
    assert figures["actions"] == 4146
    assert figures["players"] == 4
    assert figures["build"] == installed_build().value
    # Beside it, two players against OpenSpiel's gin rummy environment, round by round.
    assert figures["gin_env_rounds"] == 6
    for name in ("pettingzoo_2p_steps_per_s", "gin_env_steps_per_s", "gin_env_ratio"):
        spread = figures[name]
        assert 0 < spread["min"] <= spread["median"] <= spread["max"]


def test_bench_rl_prints_a_table_without_json() -> None:
    result = CliRunner().invoke(main, ["bench", "--rl", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    assert "env_steps_per_s" in result.output


def test_bench_openspiel_prints_both_games_with_and_without_the_tensor() -> None:
    result = CliRunner().invoke(main, ["bench", "--openspiel", "--json", "--seconds", "0.4"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    for name in ("scala40", "gin_rummy", "scala40_no_tensor", "gin_rummy_no_tensor"):
        spread = figures[f"{name}_steps_per_s"]
        assert 0 < spread["min"] <= spread["median"] <= spread["max"]
    ratio = figures["ratio"]
    assert ratio["min"] <= ratio["median"] <= ratio["max"]
    assert figures["observation_size"] == {"scala40": 4173, "gin_rummy": 644}
    assert figures["rounds"] == 8


def test_bench_takes_one_of_rl_and_openspiel() -> None:
    result = CliRunner().invoke(main, ["bench", "--rl", "--openspiel"])
    assert result.exit_code != 0
    assert "give one of them" in result.output
