"""The compiled build's extension modules (setuptools' documented place for ext_modules);
everything else about the package is in pyproject.toml.

The modules come from ``scala40.compiled.COMPILED_MODULES``, read from the source tree
(the package is not installed yet); whether to compile is the build backend's decision
(build_support/scala40_build.py). No compiler, ``SCALA40_PURE=1`` or an editable install:
no extension, and setuptools builds the pure wheel.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build_support"))

from scala40_build import compiles  # noqa: E402  (found through the line above)

BUILDING = {"bdist_wheel", "build", "build_ext", "install"}
"""setup.py's commands that build modules; the others (egg_info, dist_info, sdist: what a
build asks first) need no extension, and mypyc's analysis takes seconds."""


def extensions() -> list[object]:
    if not BUILDING & set(sys.argv[1:]):
        return []
    compile_it, why = compiles()
    if not compile_it:
        print(f"scala40: the pure build ({why})", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print(
            "scala40: the pure build (mypyc is not installed: build with pip's isolation, "
            "or pip install mypy first)",
            file=sys.stderr,
        )
        return []
    listed = runpy.run_path(str(HERE / "src" / "scala40" / "compiled.py"))["COMPILED_MODULES"]
    paths = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in listed]
    print(f"scala40: the compiled build, {len(paths)} modules ({why})", file=sys.stderr)
    return list(mypycify(paths, opt_level="3"))


setup(ext_modules=extensions())
