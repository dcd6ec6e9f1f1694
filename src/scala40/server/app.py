"""The web app factory: settings in, a FastAPI app out; storage opens in the lifespan.

Nothing happens at import time: ``create_app(settings)`` wires the store, the live tables,
the lobby, the WebSocket and the pages; starting the app migrates the database and
rebuilds every unfinished table from its stored actions.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles

from scala40 import __version__
from scala40.server.guard.headers import SecurityHeaders
from scala40.server.guard.sameorigin import SameOrigin
from scala40.server.http import (
    bot_socket,
    bots,
    catalogue,
    health,
    installable,
    invite,
    lobby,
    pages,
    program_log,
    records,
    scoresheets,
    socket,
)
from scala40.server.http import players as player_routes
from scala40.server.http.assets import VersionedStatic
from scala40.server.http.errors import install_error_handler
from scala40.server.settings import Settings
from scala40.server.table.registry import Tables
from scala40.storage.bot_accounts import BotAccounts
from scala40.storage.leagues import Leagues
from scala40.storage.players import Players
from scala40.storage.seal import load_or_create_key
from scala40.storage.store import Store


def create_app(settings: Settings | None = None) -> FastAPI:
    """The whole web table for ``settings`` (default: SQLite in the data directory)."""
    settings = settings or Settings()
    # A node of a cluster: a transaction left open a lease long is a paused node's, and
    # the database ends it so that its tables can move on (Store's paused_after).
    paused_after = settings.lease_seconds if settings.redis_url else None
    store = Store(settings.database_url(), load_or_create_key(settings.key_path()), paused_after)
    tables = Tables(store, settings)
    if settings.redis_url:
        # One of several nodes: imported here, as the cluster needs redis-py (an extra).
        from scala40.server.cluster.node import Node

        tables.place_with(Node(tables, settings))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        await tables.start()
        if settings.freeze_gc:
            gc.collect()
            gc.freeze()
            # Views are built of many short-lived containers: collect young objects less
            # often (each collection stays short; the games hold few cycles).
            gc.set_threshold(20_000, 20, 20)
        try:
            yield
        finally:
            await tables.stop()
            store.close()

    # The API's own documentation is for developers (--dev), not for every visitor.
    docs = settings.dev
    app = FastAPI(
        title="scala40",
        version=__version__,
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.tables = tables
    app.state.store = store

    install_error_handler(app)
    players = Players(store.engine)
    leagues = Leagues(store.engine)
    accounts = BotAccounts(store.engine)
    app.include_router(catalogue.build_router(settings, tables))
    app.include_router(lobby.build_router(tables, players, leagues))
    app.include_router(invite.build_router(settings))
    app.include_router(records.build_router(tables))
    app.include_router(program_log.build_router(tables))
    app.include_router(player_routes.build_router(tables, players, leagues))
    # /ws/bot before /ws/{table_id}, which would take "bot" for a table's id.
    app.include_router(bot_socket.build_router(tables, accounts, settings))
    app.include_router(socket.build_router(tables, settings))
    app.include_router(bots.build_router(tables, players, accounts))
    app.include_router(scoresheets.build_router(store))
    app.include_router(pages.build_router())
    app.include_router(installable.build_router())
    app.include_router(health.build_router(tables))
    app.mount("/static", VersionedStatic(pages.static_dir()), name="static")
    if settings.play_dir:
        # The table against bots in the browser (scala40 export-web's site): its own
        # service worker keeps it for offline play under /play/.
        app.mount("/play", StaticFiles(directory=settings.play_dir, html=True), name="play")
    # Innermost: pages, scripts and JSON answers travel compressed (a phone on a slow line
    # loads the table about four times faster); WebSockets pass by untouched, and
    # Starlette leaves streamed events (text/event-stream) and images as they are.
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=6)
    app.add_middleware(SameOrigin, allowed_origins=settings.allowed_origins)
    app.add_middleware(
        SecurityHeaders, no_policy=("/docs", "/redoc") if docs else (), wasm=("/play/",)
    )
    return app
