"""The two builds of the engine and the bots (issue 30): which one is installed is known,
and a build meant to be compiled that quietly fell back to Python is caught.

scripts/test runs the whole suite on the editable, pure install (this file expects the pure
build there), then the engine's and the bots' tests on a compiled wheel with
``SCALA40_EXPECT_BUILD=compiled``.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import scala40
from scala40.compiled import COMPILED_MODULES, Build, installed_build, module_is_compiled

ROOT = Path(__file__).resolve().parents[1]


def test_the_installed_build_is_the_one_expected() -> None:
    expected = Build(os.environ.get("SCALA40_EXPECT_BUILD", "pure"))
    found = {name: module_is_compiled(name) for name in COMPILED_MODULES}
    python = sorted(name for name, compiled in found.items() if not compiled)
    assert installed_build() is expected, (
        f"expected the {expected} build, found {installed_build()}; modules loaded from .py "
        f"files: {python or 'none'} (set SCALA40_EXPECT_BUILD=compiled for a compiled install)"
    )


def test_the_imported_modules_are_the_ones_found() -> None:
    """What :func:`installed_build` finds without importing is what an import loads."""
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        assert module.__file__ is not None
        assert module.__file__.endswith(".py") is not module_is_compiled(name), name


def test_no_module_but_the_listed_ones_is_compiled() -> None:
    """An extension left from an older list (a stale build/ directory) would shadow its
    module's source: the installed files are exactly the listed modules, or none."""
    package = Path(scala40.__file__).parent
    found = set()
    for path in package.rglob("*"):
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            if path.name.endswith(suffix):
                parts = path.relative_to(package).with_name(path.name[: -len(suffix)]).parts
                found.add(".".join(("scala40", *parts)))
                break  # the longest suffix first: .cpython-311-...so before .so
    listed = set(COMPILED_MODULES) if installed_build() is Build.COMPILED else set()
    assert found == listed


def test_the_compiled_modules_are_engine_or_bots_modules_of_the_source() -> None:
    for name in COMPILED_MODULES:
        package = name.split(".")[1]
        assert package in ("engine", "bots"), name
        assert ROOT.joinpath("src", *name.split(".")).with_suffix(".py").is_file(), name


def test_the_program_seat_stays_python() -> None:
    """Its keeper is started as a script from its file; the others wait on pipes."""
    for name in ("program", "program_keeper", "program_process", "protocol", "remote"):
        assert f"scala40.bots.{name}" not in COMPILED_MODULES
        assert not module_is_compiled(f"scala40.bots.{name}")


def test_an_unknown_module_is_named() -> None:
    with pytest.raises(ModuleNotFoundError, match=r"scala40\.engine\.nothing"):
        module_is_compiled("scala40.engine.nothing")


@pytest.fixture
def backend(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The package's build backend (build_support/scala40_build.py), as pip loads it."""
    monkeypatch.syspath_prepend(str(ROOT / "build_support"))
    monkeypatch.delenv("SCALA40_PURE", raising=False)
    monkeypatch.delenv("CC", raising=False)
    monkeypatch.delitem(sys.modules, "scala40_build", raising=False)
    return importlib.import_module("scala40_build")


def test_the_build_compiles_where_a_compiler_is_found(backend: ModuleType) -> None:
    compiles, why = backend.compiles()
    assert compiles, why  # this machine has gcc and Python's headers
    assert "found" in why


def test_scala40_pure_forces_the_pure_build(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCALA40_PURE", "1")
    assert backend.compiles() == (False, "SCALA40_PURE=1")


def test_without_a_compiler_the_build_is_pure_and_says_why(
    backend: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CC", "no-such-cc --quiet")
    assert backend.compiles() == (False, "no C compiler (no-such-cc not found)")


def requirements(hook: str, **env: str) -> list[str]:
    """What the backend's ``hook`` asks pip to install, asked as pip asks: in a process of
    its own, in the source tree (setuptools' warnings about the metadata stay there)."""
    ask = (
        "import json, sys; sys.path.insert(0, 'build_support'); import scala40_build; "
        f"print(json.dumps(scala40_build.{hook}()))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("SCALA40_PURE", "CC")}
    run = subprocess.run(
        [sys.executable, "-c", ask],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    needs: list[str] = json.loads(run.stdout.splitlines()[-1])
    return needs


def test_mypy_is_a_build_requirement_only_where_the_build_compiles(backend: ModuleType) -> None:
    assert backend.MYPYC_REQUIREMENT in requirements("get_requires_for_build_wheel")
    pure = requirements("get_requires_for_build_wheel", SCALA40_PURE="1")
    assert backend.MYPYC_REQUIREMENT not in pure
    assert backend.MYPYC_REQUIREMENT not in requirements("get_requires_for_build_editable")
