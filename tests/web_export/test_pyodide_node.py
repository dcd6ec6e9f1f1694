"""The local table in Pyodide itself (Node runs Pyodide's npm package as a browser's Worker
would): the project's wheel, unpacked into Pyodide, plays the same seeded match as
CPython, move for move, VIEW for VIEW."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scala40.web_export.pyodide_dist import pyodide_files
from scala40.web_export.wheel import build_wheel

pytestmark = pytest.mark.slow  # Pyodide starts in about eight seconds

PLAY = textwrap.dedent(
    """
    import hashlib, json
    from scala40.offline.table import LocalTable, Setup

    table = LocalTable(Setup("Anna", ("club", "expert", "easy"), seed=31, first_dealer=2))
    views = []
    for _ in range(160):
        if table.match.over:
            break
        if table.match.current_seat == 0:
            hint = table.receive({"type": "hint"})[0]
            table.receive({"type": "action", "v": table.version, "action": hint["action"]})
        else:
            table.bot_move()
        table.pause = None  # the summary closed at once: its clock is each run's own
        view = json.dumps(table.view_json(), sort_keys=True)
        views.append(hashlib.sha256(view.encode()).hexdigest()[:16])
    print(json.dumps({"actions": table.actions, "views": views}))
    """
)

NODE = textwrap.dedent(
    """
    import { readFileSync } from "node:fs";
    const [pyodideDir, wheel, code] = process.argv.slice(2);
    const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
    const py = await loadPyodide({ indexURL: pyodideDir + "/" });
    py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
    let out = "";
    py.setStdout({ batched: (line) => { out += line + "\\n"; } });
    py.runPython(readFileSync(code, "utf8"));
    process.stdout.write(out);
    """
)


def test_pyodide_plays_the_same_match_as_cpython(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("the test needs Node (/usr/bin/node: apt install nodejs)")
    wheel = build_wheel(tmp_path)
    (tmp_path / "play.py").write_text(PLAY)
    (tmp_path / "run.mjs").write_text(NODE)
    there = subprocess.run(
        [
            node,
            str(tmp_path / "run.mjs"),
            str(pyodide_files()),
            str(wheel),
            str(tmp_path / "play.py"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert there.returncode == 0, there.stderr[-2000:]
    here = subprocess.run(
        [sys.executable, str(tmp_path / "play.py")], capture_output=True, text=True, check=True
    )
    in_pyodide, in_cpython = json.loads(there.stdout), json.loads(here.stdout)
    assert len(in_cpython["actions"]) >= 100
    assert in_pyodide["actions"] == in_cpython["actions"]
    assert in_pyodide["views"] == in_cpython["views"]
