"""What makes the pages an installable web app: the manifest and the service worker.

``/manifest.webmanifest`` names the app, its icons (``static/icons``, drawn by
``scripts/draw_icons.py``) and colours, and opens the lobby (``start_url`` ``/``) in a
window of its own. Its words follow the browser's ``Accept-Language`` (Italian or English),
as a phone shows them when it offers to install.

``/sw.js`` is the service worker (``static/js/sw.js``), served from the root so that its
scope is every page. The server writes the app shell in front of it: the version of the
static files and the addresses to keep. A new version of the files is a new ``sw.js``, which
the browser installs in place of the old one; the old cache goes with it.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from scala40.server.http.assets import REVALIDATE, shell, version
from scala40.server.http.pages import static_dir
from scala40.words import SOURCE_LANGUAGE, Words, languages

THEME_COLOUR = "#15502f"
"""The table page's header bar (``--felt-dark`` in scala40.css)."""
BACKGROUND_COLOUR = "#1f6f43"
"""The felt (``--felt``): the window's colour while the first page loads."""

OFFLINE_PAGES = ["/offline.html", "/rules", "/score"]
"""Pages kept at install: the offline page, and the two that are of use without a table."""

OFFLINE_ANSWERS = ["/api/rulebook"]
"""What the rules page asks, kept with it so that it opens offline."""


def language(accept: str) -> str:
    """The first language of the browser's ``Accept-Language`` that the catalogue has,
    else English (the order the browser gives, not its ``q`` weights: browsers list them
    in order)."""
    known = languages()
    for part in accept.split(","):
        tag = part.split(";", 1)[0].strip().lower().split("-")[0]
        if tag in known:
            return tag
    return SOURCE_LANGUAGE


def manifest(lang: str) -> dict[str, object]:
    """The web app manifest in ``lang`` (a catalogue language): the server's lobby."""
    icons = f"/static/{version(static_dir())}/icons"
    return app_manifest(lang, start="/", icons=icons, description=Words(lang)("app.description"))


def app_manifest(lang: str, *, start: str, icons: str, description: str) -> dict[str, object]:
    """A manifest of the app opening at ``start`` with the icons in folder ``icons``:
    the server's (from ``/``) or an exported local site's (``./``: addresses relative to
    the manifest, so the folder installs from wherever a static host puts it)."""
    return {
        "name": "Scala 40",
        "short_name": "Scala 40",
        "description": description,
        "lang": lang,
        "id": start,
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "icons": [
            {"src": f"{icons}/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": f"{icons}/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": f"{icons}/maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }


def worker_shell() -> dict[str, object]:
    """What the service worker keeps: the cache's version and the addresses to fetch."""
    root = static_dir()
    return {
        "version": version(root),
        "files": shell(root) + OFFLINE_PAGES + OFFLINE_ANSWERS,
        "offline": "/offline.html",
    }


def build_router() -> APIRouter:
    router = APIRouter()

    @router.get("/manifest.webmanifest", include_in_schema=False)
    async def web_manifest(request: Request) -> Response:
        lang = language(request.headers.get("accept-language", ""))
        return JSONResponse(
            manifest(lang),
            media_type="application/manifest+json",
            headers={"Cache-Control": REVALIDATE, "Vary": "Accept-Language"},
        )

    @router.get("/sw.js", include_in_schema=False)
    async def service_worker() -> Response:
        path = static_dir() / "js" / "sw.js"
        if not path.is_file():
            return PlainTextResponse(
                "the service worker (static/js/sw.js) is not installed in this copy of scala40",
                status_code=404,
            )
        head = f"self.scala40Shell = {json.dumps(worker_shell())};\n"
        return Response(
            head + path.read_text(encoding="utf-8"),
            media_type="text/javascript",
            headers={"Cache-Control": REVALIDATE},
        )

    return router
