"""What the lobby offers, over HTTP: the rule keys with their choices, the bots a seat
may take, and the rule book in plain words (English and Italian)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from scala40.bots import OFFERED
from scala40.rulebook.book import rule_book
from scala40.rulebook.labels import rules_catalogue
from scala40.server.http.forms import REMOTE_KIND
from scala40.server.settings import Settings
from scala40.server.table.registry import Tables


def connected_bots(tables: Tables) -> list[dict[str, Any]]:
    """The remote bots connected now, as ``GET /api/bots`` lists them: each one's rating
    line, owner, who may seat it, its seat kind and its tables now and at most."""
    return [
        {
            **a.to_dict(),
            "kind": REMOTE_KIND + a.name,
            "tables": tables.remote.tables_of(a.name),
            "max_tables": tables.remote.tables_per_bot,
        }
        for a in sorted(tables.remote.connected(), key=lambda a: a.name.lower())
    ]


def build_router(settings: Settings, tables: Tables | None = None) -> APIRouter:
    """The catalogue's routes (``tables``: whose remote bots are connected)."""
    router = APIRouter()

    @router.get("/api/rules")
    async def get_rules() -> dict[str, Any]:
        return rules_catalogue()

    @router.get("/api/bots")
    async def get_bots() -> dict[str, Any]:
        """The bots a seat is offered: the built-in levels, then the programs this server's
        admin registered (``scala40 serve --bot NAME=COMMAND``), then the remote bots
        connected now (``bot:remote:NAME``; whether the asker may seat one is its
        ``seating``). A seat also takes the old level names (``bot:heuristic``) and
        ``bot:search``, which the lobby does not offer."""
        return {
            "levels": list(OFFERED),
            "programs": [name for name, _ in settings.program_bots],
            "remote": [] if tables is None else connected_bots(tables),
        }

    @router.get("/api/rulebook")
    async def get_rule_book() -> dict[str, Any]:
        return rule_book()

    return router
