"""The HTML pages, served from ``static/`` (written apart from the server, see protocol)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from scala40.server.http.assets import REVALIDATE, version, versioned_html
from scala40.server.http.bundles import bundled_html
from scala40.server.http.preload import with_preloads

PAGES = {
    "index.html": "the lobby",
    "table.html": "the table",
    "history.html": "the match history",
    "replay.html": "the replay viewer",
    "score.html": "the score sheet",
    "rules.html": "the rules",
    "players.html": "the ratings",
    "league.html": "the league",
    "offline.html": "the offline page",
}


def static_dir() -> Path:
    return Path(str(resources.files("scala40.server") / "static"))


_made: dict[tuple[Path, str], str] = {}
"""Each page as served, by its file and the static files' version (made once each)."""


def page(name: str) -> Response:
    """Page ``name`` naming the static files' version, loading its scripts' bundle (when
    current: http/bundles.py) and preloading what that imports;
    ``no-cache``, so a browser always asks whether it changed and learns a new version at
    once."""
    root = static_dir()
    path = root / name
    if not path.is_file():
        return PlainTextResponse(
            f"{PAGES[name]} page (static/{name}) is not installed in this copy of scala40",
            status_code=404,
        )
    key = (path, version(root))
    html = _made.get(key)
    if html is None:
        text = bundled_html(path.read_text(encoding="utf-8"), root)
        html = versioned_html(with_preloads(text, root), root)
        _made[key] = html
    return HTMLResponse(html, headers={"Cache-Control": REVALIDATE})


ROUTES = {
    "/": "index.html",
    "/t/{table_id}": "table.html",
    "/history": "history.html",
    "/replay/{table_id}": "replay.html",
    "/score": "score.html",
    "/rules": "rules.html",
    "/players": "players.html",
    "/players/{nickname}": "players.html",
    "/me": "players.html",
    "/leagues/{league_id}": "league.html",
    "/offline.html": "offline.html",
}
"""Each page's address; the parts in braces are read by the page's own script."""


def _serving(name: str) -> Callable[[], Awaitable[Response]]:
    """A route that serves page ``name`` and reads nothing of the request."""

    async def serve() -> Response:
        return page(name)

    return serve


def build_router() -> APIRouter:
    router = APIRouter()
    for path, name in ROUTES.items():
        router.add_api_route(path, _serving(name), methods=["GET"], include_in_schema=False)
    return router
