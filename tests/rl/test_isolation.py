"""The rest of the package never imports the learning environments (an optional extra)."""

from __future__ import annotations

import subprocess
import sys


def test_the_cli_and_the_game_load_without_scala40_rl() -> None:
    code = (
        "import sys, scala40.cli, scala40.bots, scala40.notation, scala40.engine.match\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('scala40.rl', 'pettingzoo',"
        " 'pyspiel', 'gymnasium')))\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""
