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


def test_bench_rl_prints_a_table_without_json() -> None:
    result = CliRunner().invoke(main, ["bench", "--rl", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    assert "env_steps_per_s" in result.output
