"""The package's build backend: setuptools' own, deciding once whether this build compiles.

``pip install .`` (a wheel) compiles the engine and the bots with mypyc where it can: a C
compiler and Python's headers are found and ``SCALA40_PURE`` is not set to 1. Only then is
mypy (which carries mypyc) a build requirement, so a machine without a compiler (or a
browser's Python) builds the pure wheel without fetching it. ``pip install -e .`` always
installs the pure build: an editable install runs the sources in src/ as they are edited,
and a compiled module left beside them would be imported instead of the edited file.

setup.py asks :func:`compiles` too, so the requirement and the build cannot disagree.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook this module does not change)

PURE_VARIABLE = "SCALA40_PURE"
"""Set to 1 to install the pure build where a compiler exists."""

MYPYC_REQUIREMENT = "mypy>=1.10"
"""mypyc comes with mypy (the version the project's type checks use)."""


def compiles() -> tuple[bool, str]:
    """Whether this build compiles, and why (printed by setup.py)."""
    if os.environ.get(PURE_VARIABLE, "").strip() == "1":
        return False, f"{PURE_VARIABLE}=1"
    # setuptools compiles with $CC when it is set, else with the compiler Python was built by.
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[:1]
    if not cc or shutil.which(cc[0]) is None:
        return False, f"no C compiler ({' '.join(cc) or 'cc'} not found)"
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return False, "no Python headers (Python.h; the python3-dev package)"
    return True, f"C compiler {cc[0]} found"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    needs: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*needs, MYPYC_REQUIREMENT] if compiles()[0] else needs


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    before = os.environ.get(PURE_VARIABLE)
    os.environ[PURE_VARIABLE] = "1"
    try:
        name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
        return name
    finally:
        if before is None:
            del os.environ[PURE_VARIABLE]
        else:
            os.environ[PURE_VARIABLE] = before


def get_requires_for_build_editable(
    config_settings: dict[str, Any] | None = None,
) -> list[str]:
    needs: list[str] = _setuptools.get_requires_for_build_editable(config_settings)
    return needs
