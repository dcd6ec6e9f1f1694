"""What a browser's Python (Pyodide, in a Web Worker) imports to run a local table:
the engine, the notation, the built-in bots and the code that cuts a seat's VIEW and its
patches. None of it may pull in a module the Worker lacks or cannot use: ``subprocess``
and ``_posixsubprocess`` (no processes), ``resource`` (no such module), ``threading``
(a Worker's Python has one thread: a module that starts one would fail there)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

ABSENT = ("subprocess", "_posixsubprocess", "resource", "threading")

PROBE = textwrap.dedent(
    f"""
    import pkgutil, sys
    import scala40.engine, scala40.notation, scala40.offline, scala40.tableview
    for package in (scala40.engine, scala40.notation, scala40.tableview, scala40.offline):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            __import__(info.name)
    from scala40.bots import LEVELS, OFFERED, make_bot
    bots = [make_bot(level) for level in LEVELS]
    print(sorted(m for m in {ABSENT!r} if m in sys.modules))
    """
)


def test_the_worker_s_packages_import_no_process_thread_or_resource_module() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"imported on the Worker's path: {done.stdout}"
