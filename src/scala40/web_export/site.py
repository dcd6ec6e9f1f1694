"""``scala40 export-web DIR``: a static site where one person plays bots with no server.

The site is the table page in local mode (``index.html``: the server's own table page,
its addresses made relative so the folder works under any path of any static host), the
pages' scripts and styles, Pyodide's files, this project's wheel, the rules catalogue the
setup form is drawn from (``rules.json``: what the lobby asks of ``GET /api/rules``), a web
app manifest (``manifest.webmanifest``: the site installs as an app, from whatever folder
it is served), and a service worker that keeps every one of them, so after a first visit
the site opens and plays offline.
The page's Web Worker (static/js/local/worker.js) loads Pyodide and the wheel and runs
:mod:`scala40.offline`: the rules and the bots are the engine's, in the browser.

``scala40 serve`` offers the same site at ``/play`` (an export kept in the user's cache).
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from scala40.rulebook.labels import rules_catalogue
from scala40.server.http.installable import app_manifest
from scala40.server.http.pages import static_dir
from scala40.web_export.pyodide_dist import FILES, VERSION, pyodide_files
from scala40.web_export.wheel import build_wheel
from scala40.words import Words

STATIC_PARTS: Final = ("css", "icons", "js")
"""What the table page loads from ``static/`` (the other pages are the server's)."""

RULES_FILE: Final = "rules.json"
"""The rules catalogue beside the page: a file rather than a question to the engine in the
Worker, so the setup form is drawn from the first byte the service worker keeps, with no
wait for Python and without the rule book's words in the wheel."""

MANIFEST_FILE: Final = "manifest.webmanifest"

MANIFEST_LANG: Final = "en"
"""A static host cannot answer each browser in its language as the server's manifest
does; the site's manifest speaks the page's first language, English."""

FETCHED_AT_START: Final = ("pyodide.asm.wasm", "python_stdlib.zip")
"""Pyodide's big files, fetched by the Worker with a count of bytes for the progress bar
(and handed to Pyodide from memory; its loader, a module, is imported as it is)."""


@dataclass(frozen=True)
class Exported:
    """What an export wrote: the folder, its files and their bytes, the site's version."""

    folder: Path
    files: tuple[str, ...]
    total_bytes: int
    version: str


def local_page(table_html: str, wheel: str, sizes: dict[str, int]) -> str:
    """The table page in local mode: every address relative to the page, the site's own
    manifest linked instead of the server's (which installs the lobby), and the local
    files named for the page."""
    meta = json.dumps({"pyodide": "pyodide/", "wheel": wheel, "rules": RULES_FILE, "sizes": sizes})
    server_manifest = '<link rel="manifest" href="/manifest.webmanifest">'
    if server_manifest not in table_html:
        raise ValueError("the table page links no manifest to replace with the site's")
    page = (
        table_html.replace('"/static/', '"static/')
        .replace(server_manifest, f'<link rel="manifest" href="{MANIFEST_FILE}">')
        .replace('href="/"', 'href="./"')
    )
    return page.replace(
        "<head>\n",
        f'<head>\n  <meta name="scala40-local" content="{html.escape(meta, quote=True)}">\n',
        1,
    )


def site_manifest() -> dict[str, object]:
    """The site's web app manifest: the server's, its addresses relative to the folder."""
    return app_manifest(
        MANIFEST_LANG,
        start="./",
        icons="static/icons",
        description=Words(MANIFEST_LANG)("app.localDescription"),
    )


def write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")


def export_site(folder: Path, pyodide: Path | None = None) -> Exported:
    """Write the site into ``folder`` (made, or emptied of a former export's files);
    ``pyodide``: a local copy of Pyodide's files instead of the cached release."""
    source = pyodide_files(pyodide)
    folder.mkdir(parents=True, exist_ok=True)
    for part in ("static", "pyodide", "wheel"):
        if (folder / part).exists():
            shutil.rmtree(folder / part)
    static = static_dir()
    for part in STATIC_PARTS:
        shutil.copytree(
            static / part, folder / "static" / part, ignore=shutil.ignore_patterns("__pycache__")
        )
    (folder / "pyodide").mkdir()
    for name in FILES:
        shutil.copyfile(source / name, folder / "pyodide" / name)
    (folder / "wheel").mkdir()
    wheel = build_wheel(folder / "wheel")
    wheel_path = f"wheel/{wheel.name}"
    sizes = {f"pyodide/{n}": (folder / "pyodide" / n).stat().st_size for n in FETCHED_AT_START}
    sizes[wheel_path] = wheel.stat().st_size
    page = local_page((static / "table.html").read_text("utf-8"), wheel_path, sizes)
    (folder / "index.html").write_text(page, "utf-8")
    write_json(folder / RULES_FILE, rules_catalogue())
    write_json(folder / MANIFEST_FILE, site_manifest())
    files = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p != folder / "sw.js"
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes())
    version = f"{VERSION}-{digest.hexdigest()[:16]}"
    shell = json.dumps({"version": version, "files": ["./", *files]})
    worker = (static / "js" / "local" / "sw.js").read_text("utf-8")
    (folder / "sw.js").write_text(f"self.scala40Local = {shell};\n{worker}", "utf-8")
    total = sum((folder / name).stat().st_size for name in files)
    return Exported(folder, tuple(files), total, version)


def kept_export(root: Path, pyodide: Path | None = None) -> Exported:
    """The site exported under ``root/VERSION``, shared by every server of this user: made
    in a folder of its own and moved into place whole, so servers starting together (a
    test's cluster) never write into the folder another one serves; the same version
    found there already is used as it is."""
    root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".export-", dir=root))
    try:
        made = export_site(work, pyodide)
        target = root / made.version
        try:
            work.rename(target)
        except OSError:
            if not (target / "sw.js").is_file():
                raise
        return Exported(target, made.files, made.total_bytes, made.version)
    finally:
        shutil.rmtree(work, ignore_errors=True)
