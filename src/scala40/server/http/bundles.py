"""The pages' scripts bundled: one file a page, instead of its ~10 to 58 modules.

Each module a page loads costs the browser work of its own, even from its cache: the
request, the cache lookup, the module's parse and link (measured in chromium: a page of
60 small modules costs about 0.3 s more CPU than one that holds the same code in one
file). On a phone that is time before the table shows. So the entry scripts are bundled
by esbuild (``python scripts/build_pages.py``, run by a contributor who changed a script)
into ``static/bundles/``: the entries, and the chunks that several entries share.

The bundles are committed, as a person running the server has no Node. They are made
from ``static/js/``, whose digest they record (``SOURCES``): the server serves a page with
its bundle only while that digest is today's, and otherwise with its modules, as they are
(a script edited since the bundle was made shows at the next reload, and the log says to
build again). ``tests/server/test_bundles.py`` fails while the committed bundles are not
what esbuild makes of the scripts.

The offline site (``scala40 export-web``) keeps the modules: it is copied as it is.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Final

from scala40.server.http.assets import content_digest

log = logging.getLogger("scala40.server")

FOLDER: Final = "bundles"
"""Where the bundles are, under ``static/``."""

SOURCES_FILE: Final = "SOURCES"
"""The digest of ``static/js/`` the bundles were made from, in the bundles' folder."""

ENTRIES: Final[tuple[str, ...]] = (
    "table.js",
    "lobby.js",
    "history.js",
    "replay.js",
    "score.js",
    "rules.js",
    "players.js",
    "league.js",
    "local/worker.js",
)
"""The scripts bundled, under ``static/js/``: each page's entry, and the local table's
Worker (``local/setup.js`` names it ``./worker.js`` beside the script that runs it, which
in the table's bundle is ``bundles/worker.js``). The offline page's three modules stay
as they are: it is the page shown when nothing else can be."""

ENTRY: Final = re.compile(r'<script type="module" src="/static/js/([^"]+)"></script>')

_warned: set[Path] = set()


def sources_digest(scripts: Path) -> str:
    """The digest of every ``.js`` file under ``scripts`` (their paths and contents)."""
    return content_digest(scripts, "*.js")


def current(root: Path) -> bool:
    """Whether ``root/bundles`` holds bundles made from today's ``root/js``."""
    stamp = root / FOLDER / SOURCES_FILE
    if not stamp.is_file():
        return False
    made_from = stamp.read_text(encoding="utf-8").strip()
    if made_from == sources_digest(root / "js"):
        return True
    if root not in _warned:
        _warned.add(root)
        log.warning(
            "the pages' bundles (static/%s) are older than their scripts: the pages load "
            "the modules until `python scripts/build_pages.py` makes them again",
            FOLDER,
        )
    return False


def bundled_html(html: str, root: Path) -> str:
    """``html`` loading each entry script's bundle instead of the module, when the
    bundles are current and hold that entry (otherwise ``html`` as it is)."""
    if not current(root):
        return html

    def swap(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in ENTRIES:
            return found.group(0)
        flat = name.rsplit("/", 1)[-1]
        return f'<script type="module" src="/static/{FOLDER}/{flat}"></script>'

    return ENTRY.sub(swap, html)
