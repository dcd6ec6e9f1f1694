"""What ``pip install -e .`` brings is enough for every command: the third-party modules
the commands import are main dependencies in pyproject.toml, not test extras.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

import scala40

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def main_dependencies() -> set[str]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return {
        normal(re.split(r"[\[<>=!~;\s]", dep, maxsplit=1)[0]) for dep in project["dependencies"]
    }


def third_party_imports(module: str) -> set[str]:
    path = Path(scala40.__file__).parent.joinpath(*module.split(".")[1:]).with_suffix(".py")
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n not in ("scala40",)}


@pytest.mark.parametrize("module", ["scala40.cli", "scala40.loadtest"])
def test_a_commands_imports_are_main_dependencies(module: str) -> None:
    dists = packages_distributions()
    deps = main_dependencies()
    for name in third_party_imports(module):
        provided_by = {normal(d) for d in dists.get(name, [name])}
        assert provided_by & deps, f"{module} imports {name}: add it to [project].dependencies"
    importlib.import_module(module)


def test_the_loadtest_clients_are_named() -> None:
    assert {"httpx", "websockets"} <= third_party_imports("scala40.loadtest")
    assert {"httpx", "websockets"} <= main_dependencies()


def test_a_single_server_starts_without_the_cluster_extras() -> None:
    """``pip install -e .`` then ``scala40 serve`` (the README's first command): redis-py
    comes with the [redis] extra only, so nothing a single server imports may need it."""
    blocked = "import sys; sys.modules['redis'] = None; "
    run = subprocess.run(
        [sys.executable, "-c", blocked + "import scala40.cli, scala40.server.app"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr


def test_a_node_without_redis_py_is_told_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scala40.server.serve import check_cluster
    from scala40.server.settings import Settings

    monkeypatch.setitem(sys.modules, "redis", None)
    settings = Settings(db_url="postgresql+psycopg://db/scala40", redis_url="redis://r:6379/0")
    with pytest.raises(
        ValueError, match=r"needs redis-py: pip install \"scala40\[postgres,redis\]\""
    ):
        check_cluster(settings)
