"""The project's own wheel for the browser, made from the installed package's files.

The Worker needs the engine, the notation, the bots (with the reading model) and the
local table with the VIEW code under it: pure Python, no dependency. The wheel is written
here from the files this installation runs (no build tools, no network), holding those
packages only: the server, the terminal and the tools would need libraries Pyodide does
not have, and would only make the first visit longer.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path
from typing import Final

import scala40

PACKAGES: Final = ("engine", "notation", "bots", "tableview", "offline")
"""The subpackages of scala40 the local table imports (tests/bots/test_worker_import_path.py
checks that none of them imports what a Worker lacks)."""

TOP_FILES: Final = ("__init__.py", "py.typed")


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def wheel_files(root: Path | None = None) -> dict[str, bytes]:
    """The package files the wheel holds, by their path in it (``scala40/...``)."""
    root = Path(scala40.__file__).parent if root is None else root
    out: dict[str, bytes] = {}
    for name in TOP_FILES:
        out[f"scala40/{name}"] = (root / name).read_bytes()
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                out[f"scala40/{path.relative_to(root).as_posix()}"] = path.read_bytes()
    return out


def build_wheel(folder: Path) -> Path:
    """Write ``scala40-VERSION-py3-none-any.whl`` into ``folder``; its path."""
    version = scala40.__version__
    info = f"scala40-{version}.dist-info"
    files = wheel_files()
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: scala40\nVersion: {version}\n"
        "Summary: Scala 40's engine, notation and bots, for a local table in the browser\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: scala40 export-web\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    record = [f"{name},{_record_hash(data)},{len(data)}" for name, data in files.items()]
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    path = folder / f"scala40-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(
                zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED
            )
    return path
