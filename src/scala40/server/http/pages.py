"""The HTML pages, served from ``static/`` (written apart from the server, see protocol)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, PlainTextResponse, Response

PAGES = {
    "index.html": "the lobby",
    "table.html": "the table",
    "history.html": "the match history",
    "replay.html": "the replay viewer",
    "score.html": "the score sheet",
    "rules.html": "the rules",
    "players.html": "the ratings",
    "league.html": "the league",
}


def static_dir() -> Path:
    return Path(str(resources.files("scala40.server") / "static"))


def page(name: str) -> Response:
    path = static_dir() / name
    if not path.is_file():
        return PlainTextResponse(
            f"{PAGES[name]} page (static/{name}) is not installed in this copy of scala40",
            status_code=404,
        )
    return FileResponse(path, media_type="text/html")


def build_router() -> APIRouter:
    router = APIRouter()

    @router.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("index.html")

    @router.get("/t/{table_id}", include_in_schema=False)
    async def table(table_id: str) -> Response:
        return page("table.html")

    @router.get("/history", include_in_schema=False)
    async def history() -> Response:
        return page("history.html")

    @router.get("/replay/{table_id}", include_in_schema=False)
    async def replay(table_id: str) -> Response:
        return page("replay.html")

    @router.get("/score", include_in_schema=False)
    async def score() -> Response:
        return page("score.html")

    @router.get("/rules", include_in_schema=False)
    async def rules() -> Response:
        return page("rules.html")

    @router.get("/players", include_in_schema=False)
    async def leaderboard() -> Response:
        return page("players.html")

    @router.get("/players/{nickname}", include_in_schema=False)
    async def profile(nickname: str) -> Response:
        return page("players.html")

    @router.get("/me", include_in_schema=False)
    async def sign_in() -> Response:
        return page("players.html")

    @router.get("/leagues/{league_id}", include_in_schema=False)
    async def league(league_id: str) -> Response:
        return page("league.html")

    return router
