"""Versioned static files: a page names its CSS and scripts under ``/static/VERSION/``.

VERSION is a hash of every file in ``static/`` (their paths and contents), so a browser may
keep what it fetched under it for a year without asking again (``Cache-Control: public,
max-age=31536000, immutable``): a changed file changes the version, and the pages, served
``no-cache``, name the new one. One version for the whole folder, not one per file, because
the scripts import each other by relative paths (``./table/start.js``): under
``/static/VERSION/js/table.js`` they resolve to the same version without any rewriting.

The unversioned ``/static/...`` paths still answer (``no-cache``, so checked each time with
the ETag): scripts and tests that name them keep working. An address with another version
(a page of the previous server still open in a tab) gets today's file, ``no-cache`` too,
as that address must not keep today's file for a year.

The version is computed again only when a file's size or modification time changes (looked
at once a second at most), so a developer's edit shows at the next reload without a restart.
"""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VERSION_SHAPE = re.compile(r"[0-9a-f]{12}")
"""A version as it appears in an address: 12 hexadecimal digits of a SHA-256."""

SHELL_FOLDERS = ("css", "js", "bundles", "icons")
"""What the service worker keeps for the pages to open offline (with ``score.css``)."""

LOOK_AGAIN_SECONDS = 1.0
"""How long a version is taken as it is before the files' sizes and times are looked at."""

_known: dict[tuple[Path, str], tuple[tuple[tuple[str, int, int], ...], str, float]] = {}


def _files(root: Path, pattern: str = "*") -> list[Path]:
    return sorted(p for p in root.rglob(pattern) if p.is_file())


def content_digest(root: Path, pattern: str = "*") -> str:
    """The SHA-256 of the files under ``root`` whose names match ``pattern`` (their paths
    and contents), computed again only when a file's size or modification time changes."""
    now = time.monotonic()
    key = (root, pattern)
    known = _known.get(key)
    if known is not None and now - known[2] < LOOK_AGAIN_SECONDS:
        return known[1]
    files = _files(root, pattern)
    signature = tuple(
        (p.relative_to(root).as_posix(), p.stat().st_size, p.stat().st_mtime_ns) for p in files
    )
    if known is not None and known[0] == signature:
        _known[key] = (signature, known[1], now)
        return known[1]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    made = digest.hexdigest()
    _known[key] = (signature, made, now)
    return made


def version(root: Path) -> str:
    """The content hash of everything under ``root`` (recomputed when a file changes)."""
    return content_digest(root)[:12]


def versioned_html(html: str, root: Path) -> str:
    """A page whose ``/static/`` addresses (in ``src`` and ``href``) name the version."""
    now = version(root)
    return html.replace('="/static/', f'="/static/{now}/')


def shell(root: Path) -> list[str]:
    """The versioned addresses of the app shell: every stylesheet, script and icon."""
    now = version(root)
    names = [
        p.relative_to(root).as_posix()
        for folder in SHELL_FOLDERS
        if (root / folder).is_dir()
        for p in _files(root / folder)
    ]
    if (root / "score.css").is_file():
        names.append("score.css")
    skipped = {"js/sw.js", "bundles/SOURCES"}  # served from /sw.js; a build stamp
    return [f"/static/{now}/{name}" for name in names if name not in skipped]


class VersionedStatic(StaticFiles):
    """``StaticFiles`` that also answers ``/static/VERSION/path`` and says how long to keep
    each answer (see the module's docstring)."""

    def __init__(self, root: Path) -> None:
        super().__init__(directory=root, check_dir=False)
        self.root = root

    async def get_response(self, path: str, scope: Scope) -> Response:
        first, _, rest = path.partition("/")
        if VERSION_SHAPE.fullmatch(first) and rest:
            response = await super().get_response(rest, scope)
            keep = IMMUTABLE if first == version(self.root) else REVALIDATE
        else:
            response = await super().get_response(path, scope)
            keep = REVALIDATE
        response.headers["Cache-Control"] = keep
        return response
