"""Pyodide's browser files, fetched once from the npm registry and kept in the user's cache.

A local table runs Python in the browser on Pyodide. Its files (about 13 MB) are not
shipped with this package: the pinned release is fetched with npm's own client (``npm
pack``, so the machine's registry settings apply), checked against the integrity the
registry published for it (pinned here: a tarball that does not match is refused, never
unpacked), and the files a page needs are kept under the user's cache directory
(``$XDG_CACHE_HOME/scala40/pyodide/VERSION``), where every later export finds them. A
local copy (``--pyodide DIR``: an unpacked npm package or a folder of those files) is taken
instead when given, checked for the same files.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Final

VERSION: Final = "314.0.8"
"""The Pyodide release the local table is built and tested on."""

PACKAGE: Final = f"pyodide@{VERSION}"

INTEGRITY: Final = (
    "sha512-"
    "74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
"""The registry's ``dist.integrity`` of the pinned tarball (Subresource Integrity form)."""

FILES: Final = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What a page loads: the loader, the compiled interpreter and its standard library (the
lock file is read at start even when no package is loaded)."""


class PyodideUnavailable(RuntimeError):
    """Pyodide's files could not be had: the message names what is missing or wrong."""


def cache_root(env: Mapping[str, str] | None = None) -> Path:
    """The user's cache directory for this program (XDG: ``$XDG_CACHE_HOME`` or
    ``~/.cache``, then ``scala40``)."""
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scala40"


def cached_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where the pinned release's files are kept."""
    return cache_root(env) / "pyodide" / VERSION


def missing_files(folder: Path) -> list[str]:
    """The files of :data:`FILES` that ``folder`` lacks."""
    return [name for name in FILES if not (folder / name).is_file()]


def local_copy(folder: Path) -> Path:
    """The folder holding Pyodide's files in a local copy: ``folder`` itself or its
    ``package/`` (an unpacked npm tarball). :class:`PyodideUnavailable` names the files
    missing, or another version when the copy says which it is."""
    for candidate in (folder, folder / "package"):
        if not missing_files(candidate):
            _check_version(candidate)
            return candidate
    raise PyodideUnavailable(
        f"{folder} is no copy of Pyodide: it lacks {', '.join(missing_files(folder))}"
    )


def _check_version(folder: Path) -> None:
    manifest = folder / "package.json"
    if not manifest.is_file():
        return
    version = json.loads(manifest.read_text("utf-8")).get("version")
    if version != VERSION:
        raise PyodideUnavailable(
            f"{folder} holds Pyodide {version}; the local table is built on {VERSION}"
        )


def integrity_of(data: bytes) -> str:
    """``data``'s integrity as the npm registry writes it (``sha512-`` and base64)."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def unpack(tarball: bytes, into: Path, integrity: str = INTEGRITY) -> Path:
    """Check ``tarball`` against ``integrity`` (the pinned one), then keep its :data:`FILES` in
    ``into`` (written beside it first and moved in at once, so a half-written cache is
    never found). :class:`PyodideUnavailable` when it does not match or lacks a file."""
    found = integrity_of(tarball)
    if found != integrity:
        raise PyodideUnavailable(
            f"the {PACKAGE} tarball does not match its pinned integrity: got {found}"
        )
    into.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=into.parent) as work:
        staged = Path(work) / "files"
        staged.mkdir()
        tar_path = Path(work) / "pyodide.tgz"
        tar_path.write_bytes(tarball)
        with tarfile.open(tar_path, "r:gz") as archive:
            for name in FILES:
                try:
                    member = archive.getmember(f"package/{name}")
                except KeyError:
                    raise PyodideUnavailable(f"the {PACKAGE} tarball lacks {name}") from None
                source = archive.extractfile(member)
                if source is None:
                    raise PyodideUnavailable(f"{name} in the {PACKAGE} tarball is no file")
                with source, (staged / name).open("wb") as out:
                    shutil.copyfileobj(source, out)
        if into.exists():
            shutil.rmtree(into)
        staged.rename(into)
    return into


def fetch_tarball(npm: str = "npm") -> bytes:
    """The pinned tarball, as ``npm pack`` fetches it (its registry, proxy and cache)."""
    if shutil.which(npm) is None:
        raise PyodideUnavailable(
            f"npm is needed to fetch {PACKAGE} (or give a local copy with --pyodide DIR)"
        )
    with tempfile.TemporaryDirectory() as work:
        done = subprocess.run(
            [npm, "pack", PACKAGE, "--silent", "--pack-destination", work],
            capture_output=True,
            text=True,
            check=False,
        )
        packed = sorted(Path(work).glob("*.tgz"))
        if done.returncode != 0 or not packed:
            why = done.stderr.strip().splitlines()[-1:] or ["no tarball came"]
            raise PyodideUnavailable(f"npm could not fetch {PACKAGE}: {why[0]}")
        return packed[0].read_bytes()


def pyodide_files(local: Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The folder of Pyodide's files for a site: ``local`` when given (checked), else the
    cache, fetched and unpacked first when it is not complete."""
    if local is not None:
        return local_copy(local)
    folder = cached_dir(env)
    if folder.is_dir() and not missing_files(folder):
        return folder
    return unpack(fetch_tarball(), folder)


if __name__ == "__main__":
    # `python -m scala40.web_export.pyodide_dist`: fetch into the cache (scripts/test does).
    print(pyodide_files())
