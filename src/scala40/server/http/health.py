"""``GET /api/health``: whether this server (or cluster node) can serve a table now.

A proxy or an orchestrator (nginx Plus, Caddy's ``health_uri``, a compose or Kubernetes
probe) sends new players only to nodes that answer 200 here. Answering is not enough
for that: a node that has lost its database cannot store a move, and a cluster node that
has lost Redis cannot reach the tables other nodes hold, nor say it is alive, so they
answer 503 and name what failed. A node that is stopping (a drain) also answers 503, so
no new player is sent to it while its tables move on.

Checks go to the database and Redis, so anyone could make the server do work by asking;
one check runs at a time and its answer is kept for a second, so a flood of requests costs
at most one round of checks a second.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import text

from scala40 import __version__
from scala40.server.table.placement import PartDown

if TYPE_CHECKING:
    from scala40.server.table.registry import Tables

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0
"""How long one part may take to answer before it counts as failed."""

KEEP_SECONDS = 1.0
"""How long one round of checks is the answer to every request."""


class Part(StrEnum):
    """What a node needs to serve a table."""

    DATABASE = "database"
    REDIS = "redis"
    NODE = "node"


LABELS = {Part.DATABASE: "the database", Part.REDIS: "Redis", Part.NODE: "this node"}
"""How a failed part is named in the health answer."""


@dataclass(frozen=True)
class Health:
    """One round of checks: each part's problem, or ``None`` where it is fine."""

    problems: dict[Part, str | None]
    live_tables: int
    node: str | None

    @property
    def ok(self) -> bool:
        return all(problem is None for problem in self.problems.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "status": "ok" if self.ok else "unavailable",
            "version": __version__,
            "node": self.node,
            "live_tables": self.live_tables,
            "checks": {part.value: problem or "ok" for part, problem in self.problems.items()},
        }


async def _within(check: Callable[[], Awaitable[object]], what: str) -> str | None:
    """``None`` when ``check`` succeeds in time; else what went wrong, in a line."""
    try:
        await asyncio.wait_for(check(), CHECK_SECONDS)
    except TimeoutError:
        return f"{what} did not answer within {CHECK_SECONDS:g} s"
    except PartDown as err:
        return str(err)
    except Exception as err:  # any failure of the part is the answer, not a 500
        # The answer is public: it names the part and the kind of failure; the details
        # (host names, ports, paths) go to the log only.
        log.warning("health: %s failed: %r", what, err)
        return f"{what} failed: {type(err).__name__}"
    return None


@dataclass
class Checker:
    """Runs the checks for one server, at most once every :data:`KEEP_SECONDS`."""

    tables: Tables
    _last: Health | None = None
    _at: float = 0.0
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def health(self) -> Health:
        async with self._lock:
            if self._last is None or time.monotonic() - self._at >= KEEP_SECONDS:
                self._last = await self._check()
                self._at = time.monotonic()
            return self._last

    async def _check(self) -> Health:
        tables = self.tables
        engine = tables.store.engine

        def select_one() -> None:
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))

        problems: dict[Part, str | None] = {
            Part.DATABASE: await _within(lambda: asyncio.to_thread(select_one), "the database")
        }
        placement = tables.placement
        for part, check in placement.checks().items():
            problems[Part(part)] = await _within(check, LABELS[Part(part)])
        return Health(problems, len(tables.actors), placement.name)


def build_router(tables: Tables) -> APIRouter:
    router = APIRouter()
    checker = Checker(tables)

    @router.get("/api/health")
    async def health() -> JSONResponse:
        """200 when this server can serve a table now, 503 (naming the failed part) when
        it cannot; the body is the same either way."""
        found = await checker.health()
        return JSONResponse(found.to_json(), status_code=200 if found.ok else 503)

    return router
