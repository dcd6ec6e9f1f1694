"""The engine stands alone: it imports the standard library and itself, nothing else.

Outer layers import only downward, in the order of the layers contract in pyproject.toml
(cli -> ... -> bots/scoresheet -> notation -> engine); `lint-imports` checks the same in
scripts/test, this test keeps it true under plain pytest and reads the same layers.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

import scala40

PACKAGE = Path(scala40.__file__).parent
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _ranks() -> dict[str, tuple[int, int]]:
    """Each top-level part of the package -> (rank, group), read from the layers contract of
    pyproject.toml that ``lint-imports`` checks, so the two never disagree.

    Higher ranks are lower layers' users. Parts in one layer share a rank; those joined by
    ``|`` are independent (a group each), those joined by ``:`` may import each other (one
    group). The root contract is the one without ``containers``.
    """
    contracts = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    (root,) = [c for c in contracts["contracts"] if c["type"] == "layers" and "containers" not in c]
    ranks: dict[str, tuple[int, int]] = {}
    layers = root["layers"]
    for i, layer in enumerate(layers):
        rank = len(layers) - 1 - i
        independent = "|" in layer
        for j, name in enumerate(layer.replace(":", "|").split("|")):
            package, part = name.strip().split(".")
            assert package == "scala40", name
            ranks[part] = (rank, j if independent else 0)
    return ranks


RANK = _ranks()


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
            rank, group = RANK[parts[1]]
            if rank > RANK[layer][0] or (rank == RANK[layer][0] and group != RANK[layer][1]):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []
