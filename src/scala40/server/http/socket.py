"""The table's WebSocket route: accept, find where the table is played, then pump.

A socket's messages are read and checked by its session (table/sessions.py), here or,
for a table another node of a cluster plays, relayed to that node (cluster/node.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.server.table.placement import Here, Moving, There
from scala40.server.table.registry import Tables
from scala40.server.table.sessions import SeatSession, Session, WatchSession
from scala40.server.wire.outbox import Close, Frame, Outbox, encode
from scala40.server.wire.refusals import CloseCode
from scala40.storage.tokens import token_hash

log = logging.getLogger("scala40.server")

ASKED = ("1", "true", "yes")
"""The words of a yes in the query: ``?patches=1``, the connection is sent patches of its
VIEW after the first (outbox.py); ``?direct=1``, the client follows a close 4307 to the
node of a cluster that plays the table (cluster/direct.py)."""


async def _drain(ws: WebSocket, outbox: Outbox) -> None:
    """Send what the actor queued for this connection, in order; a close ends it."""
    while True:
        item = await outbox.next()
        match item:
            case Close(code, reason):
                with contextlib.suppress(Exception):
                    await ws.close(code, reason)
                return
            case Frame(text):
                pass
            case message:
                text = encode(message)
        try:
            try:
                await ws.send_text(text)
            except UnicodeEncodeError:
                # A lone surrogate is not UTF-8: send it \u-escaped (still JSON) rather
                # than let this sender die and the connection with it.
                await ws.send_text(json.dumps(json.loads(text), separators=(",", ":")))
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the browser is gone; the reader sees it too and the seat is let go


async def _serve(ws: WebSocket, session: Session, outbox: Outbox) -> None:
    """Read and send until either side ends, then tidy up."""
    loop = asyncio.get_running_loop()
    sender = loop.create_task(_drain(ws, outbox))
    reader = loop.create_task(session.read())
    try:
        await asyncio.wait({sender, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (sender, reader, session.hinting):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        with contextlib.suppress(Exception):
            await ws.close()


def build_router(tables: Tables, settings: Settings) -> APIRouter:
    """``/ws/{table_id}?token=…``: a seat's real-time connection; ``?watch`` (no token):
    a spectator's, with the public view only. A node of a cluster serves any table's:
    its own, or another node's by relaying (the placement's ``relay``), or, for a client
    that asked (``direct=1``) when the owner gave its address, by sending the client
    there (close 4307)."""
    router = APIRouter()

    @router.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        token = ws.query_params.get("token")
        watch = "watch" in ws.query_params
        if not token and not watch:
            await ws.close(
                CloseCode.NO_TOKEN, "a seat token is needed (/ws/TABLE?token=TOKEN), or ?watch"
            )
            return
        patches = ws.query_params.get("patches") in ASKED
        direct = ws.query_params.get("direct") in ASKED
        placement = tables.placement
        match await placement.find(table_id):
            case None:
                # The id is not echoed: a close reason holds at most 123 bytes.
                await ws.close(CloseCode.NO_TABLE, "there is no such table in play")
            case Moving():
                # In play, between nodes: the page reconnects (4404 would stop it for good).
                await ws.close(CloseCode.MOVED, "the table is moving to another server node")
            case There() as there:
                if direct and (address := await placement.address_of(there)) is not None:
                    # The client reconnects to the owner itself: no relay through Redis.
                    await ws.close(CloseCode.ELSEWHERE, address)
                    return
                hashed = None if not token else token_hash(token)
                async with placement.relay(there, ws, hashed, patches) as (session, outbox):
                    await _serve(ws, session, outbox)
            case Here(actor):
                await _serve_here(ws, actor, token, patches)

    async def _serve_here(
        ws: WebSocket, actor: TableActor, token: str | None, patches: bool
    ) -> None:
        outbox = Outbox(patches=patches)
        session: Session
        if token:
            hashed = token_hash(token)
            seat = actor.check_token(hashed)
            if seat is not None:
                session = SeatSession(ws, actor, seat, outbox, settings)
            elif actor.newcomers.watch_until_seated(hashed, outbox):
                # Promised a bot's seat from the next hand (Play now): watch until then.
                session = WatchSession(ws, actor, outbox, settings)
            else:
                await ws.close(CloseCode.NO_TOKEN, "this token holds no seat at this table")
                return
        else:
            session = WatchSession(ws, actor, outbox, settings)
        session.open()
        try:
            await _serve(ws, session, outbox)
        finally:
            session.gone()

    return router
