"""What the lobby offers, over HTTP: the rule keys with their choices, the bots a seat
may take, and the rule book in plain words (English and Italian)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from scala40.bots import OFFERED
from scala40.rulebook.book import rule_book
from scala40.rulebook.labels import rules_catalogue
from scala40.server.settings import Settings


def build_router(settings: Settings) -> APIRouter:
    """The catalogue's routes (nothing here depends on a table)."""
    router = APIRouter()

    @router.get("/api/rules")
    async def get_rules() -> dict[str, Any]:
        return rules_catalogue()

    @router.get("/api/bots")
    async def get_bots() -> dict[str, Any]:
        """The bots a seat is offered: the built-in levels, then the programs this server's
        admin registered (``scala40 serve --bot NAME=COMMAND``). A seat also takes the
        old level names (``bot:heuristic``) and ``bot:search``, which the lobby does not offer."""
        return {
            "levels": list(OFFERED),
            "programs": [name for name, _ in settings.program_bots],
        }

    @router.get("/api/rulebook")
    async def get_rule_book() -> dict[str, Any]:
        return rule_book()

    return router
