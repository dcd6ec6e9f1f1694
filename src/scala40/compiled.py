"""Which build of the engine and the bots is installed: compiled by mypyc, or pure Python.

The same source is both builds. ``pip install .`` compiles the modules of
:data:`COMPILED_MODULES` into C extensions where a C compiler is found (setup.py reads this
list, so the build and this check cannot disagree); ``pip install -e .`` and
``SCALA40_PURE=1`` install them as plain ``.py`` files, the reference that runs everywhere,
a browser's Python included. :func:`installed_build` looks at the files, without importing
the modules, so ``scala40 bench`` can say which build it measured and a test can fail when
a build meant to be compiled quietly fell back to Python.

Standard library only, and free of imports of the package's own modules: setup.py runs it
before the package is installed.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from enum import StrEnum
from typing import Final

COMPILED_MODULES: Final[tuple[str, ...]] = (
    "scala40.engine.actions",
    "scala40.engine.analysis",
    "scala40.engine.cards",
    "scala40.engine.discard",
    "scala40.engine.errors",
    "scala40.engine.fairness",
    "scala40.engine.figures",
    "scala40.engine.going_out",
    "scala40.engine.legal",
    "scala40.engine.melds",
    "scala40.engine.native",
    "scala40.engine.opening",
    "scala40.engine.pack",
    "scala40.engine.phases",
    "scala40.engine.position",
    "scala40.engine.pozzo",
    "scala40.engine.scoring",
    "scala40.engine.state",
    "scala40.engine.stock",
    "scala40.engine.turn",
    "scala40.engine.turn_end",
    "scala40.engine.views",
    "scala40.bots.expert",
    "scala40.bots.greedy",
    "scala40.bots.heuristic",
    "scala40.bots.paired",
    "scala40.bots.planner",
    "scala40.bots.random_bot",
    "scala40.bots.reading",
    "scala40.bots.rollout",
    "scala40.bots.strong",
    "scala40.bots.worlds",
)
"""The modules the compiled build compiles: the engine and the bots that play or decide a
move. Left as Python, each for a reason mypyc gives:

- ``engine.rules``: reads its own ``Literal`` field types at import time (``CHOICES``),
  which a compiled class does not keep; it is read, not computed, in play.
- ``engine.match``: ``Match.clone`` makes an instance without ``__init__``, which a compiled
  class with an ``__init__`` refuses; a match acts once a hand, its deal is compiled.
- ``bots.base``: the ``Bot`` protocol is ``runtime_checkable``, which mypyc does not
  support (mypyc issue 909); the module holds small helpers around the engine's calls.
- the packages' ``__init__``: name registries with nothing to speed up (``bots`` imports
  the program seat lazily, through a module ``__getattr__``).
- the program seat and its protocol (``bots.program*``, ``bots.protocol``, ``bots.remote``):
  they wait on pipes, sockets and threads, so compiling them gains nothing, and the keeper
  is started as a script from its ``.py`` file.
"""


class Build(StrEnum):
    """What :func:`installed_build` found."""

    COMPILED = "compiled"
    """Every module of :data:`COMPILED_MODULES` is a C extension."""
    PURE = "pure"
    """Every one is a ``.py`` file: the reference build."""
    MIXED = "mixed"
    """Some of each: a broken install (a stale extension beside edited sources, say)."""


def module_is_compiled(name: str) -> bool:
    """Whether the module ``name`` would be loaded from a C extension (found, not imported;
    its parent packages are imported, as finding a submodule needs them)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    return spec.origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def installed_build() -> Build:
    """The build of the engine and the bots this Python imports."""
    kinds = {module_is_compiled(name) for name in COMPILED_MODULES}
    if kinds == {True}:
        return Build.COMPILED
    if kinds == {False}:
        return Build.PURE
    return Build.MIXED
