"""``/ws/bot``: a remote bot account's socket, the bot protocol's second transport.

The bot says who it is with its key in the handshake (``Authorization: Bearer KEY``: a key
in the address would land in logs), is greeted with ``welcome``, and from then on hears and
answers the protocol's messages (docs/bot-protocol.md) for every game it plays, each naming
its ``game``. A wrong key, or a second socket of a connected account, is closed with a code
and a sentence before anything is attached (one socket per account: table/remote_bots.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from scala40.bots.protocol import MAX_LINE_BYTES, MAX_MESSAGES, PROTOCOL
from scala40.server.guard.limits import TokenBucket
from scala40.server.http.forms import TOKEN_TEXT
from scala40.server.settings import Settings
from scala40.server.table.registry import Tables
from scala40.server.table.remote_bots import Connection
from scala40.server.wire.refusals import CloseCode
from scala40.storage.bot_accounts import BotAccount, BotAccounts

log = logging.getLogger("scala40.server")


def bearer(header: str | None) -> str | None:
    """The key of an ``Authorization: Bearer KEY`` header (``None``: none, or not a key).

    >>> bearer("Bearer " + "k" * 32) == "k" * 32, bearer("Basic abc"), bearer(None)
    (True, None, None)
    """
    if header is None:
        return None
    scheme, _, key = header.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or TOKEN_TEXT.fullmatch(key) is None:
        return None
    return key


def welcome(account: BotAccount, settings: Settings) -> str:
    """The first message on the socket: who the server takes the bot for, and its bounds."""
    return json.dumps(
        {
            "type": "welcome",
            "protocol": PROTOCOL,
            "name": account.name,
            "limits": {
                "tables": settings.remote_bot_tables,
                "decision_ms": settings.program_decision_ms,
                "grace_ms": settings.remote_grace_seconds * 1000,
                "message_bytes": MAX_LINE_BYTES,
            },
        },
        separators=(",", ":"),
    )


def error(game: object, code: str, message: str) -> str:
    return json.dumps({"type": "error", "game": game, "code": code, "message": message})


def build_router(tables: Tables, accounts: BotAccounts, settings: Settings) -> APIRouter:
    router = APIRouter()

    @router.websocket("/ws/bot")
    async def bot_socket(ws: WebSocket) -> None:
        key = bearer(ws.headers.get("authorization"))
        await ws.accept()
        if key is None:
            await ws.close(
                CloseCode.NO_TOKEN, "a bot connects with its key: Authorization: Bearer KEY"
            )
            return
        account = await tables.db.run(accounts.by_key, key)
        if account is None:
            await ws.close(CloseCode.NO_TOKEN, "no bot account has this key")
            return
        conn = tables.remote.attach(account, asyncio.get_running_loop())
        if conn is None:
            await ws.close(
                CloseCode.CONNECTED_ALREADY,
                f"{account.name} is connected already: one socket per bot account",
            )
            return
        log.info("remote bot %s connected", account.name)
        try:
            await ws.send_text(welcome(account, settings))
            await _pump(ws, conn)
        finally:
            tables.remote.detach(conn)
            log.info("remote bot %s disconnected", account.name)

    async def _pump(ws: WebSocket, conn: Connection) -> None:
        loop = asyncio.get_running_loop()
        sender = loop.create_task(_send(ws, conn))
        reader = loop.create_task(_read(ws, conn))
        try:
            await asyncio.wait({sender, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sender, reader):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            with contextlib.suppress(Exception):
                await ws.close()

    async def _send(ws: WebSocket, conn: Connection) -> None:
        while True:
            text = await conn.outgoing.get()
            if text is None:
                return
            try:
                await ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError, OSError):
                return

    async def _read(ws: WebSocket, conn: Connection) -> None:
        rate = settings.remote_bot_rate
        limit = TokenBucket(rate, burst=MAX_MESSAGES * settings.remote_bot_tables)
        while True:
            try:
                text = await ws.receive_text()
            except (WebSocketDisconnect, RuntimeError, KeyError):
                return
            if len(text) > MAX_LINE_BYTES:
                await ws.close(1009, f"a message is at most {MAX_LINE_BYTES} bytes")
                return
            if not limit.allow():
                await ws.send_text(
                    error(None, "rate_limited", f"too many messages: at most {rate:g} a second")
                )
                continue
            try:
                message = json.loads(text)
            except ValueError:
                await ws.send_text(error(None, "bad_json", "a message is one JSON object"))
                continue
            game = message.get("game") if isinstance(message, dict) else None
            if not isinstance(game, str):
                await ws.send_text(
                    error(None, "no_game", "every message names its game (as the host's did)")
                )
                continue
            if not tables.remote.deliver(conn, game, text):
                await ws.send_text(
                    error(game, "no_such_game", f"no game {game!r} is waiting for this bot")
                )

    return router
