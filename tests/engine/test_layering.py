"""The engine stands alone: it imports the standard library and itself, nothing else.

Outer layers import only downward (cli -> server/tui/rl/play_text/bench/arena ->
bots/scoresheet -> notation -> engine);
`lint-imports` checks the same in scripts/test, this test keeps it true under plain pytest.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import scala40

PACKAGE = Path(scala40.__file__).parent
RANK = {
    "engine": 0,
    "notation": 1,
    "bots": 2,
    "scoresheet": 2,
    "play_text": 3,
    "bench": 3,
    "arena": 3,
    "server": 3,
    "tui": 3,
    "rl": 3,
    "cli": 4,
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def _layer(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0].removesuffix(".py")


def test_the_engine_imports_only_the_standard_library() -> None:
    offenders = []
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        for name in _imports(path):
            top = name.split(".")[0]
            if name.startswith("scala40.engine") or top in sys.stdlib_module_names:
                continue
            if top == "__future__":
                continue
            offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_imports_point_down_the_layers() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = _layer(path)
        if layer not in RANK:
            continue
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] != "scala40" or len(parts) < 2 or parts[1] not in RANK:
                continue
            if RANK[parts[1]] > RANK[layer] or (
                RANK[parts[1]] == RANK[layer] and parts[1] != layer
            ):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []
