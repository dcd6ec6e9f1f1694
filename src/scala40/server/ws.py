"""The table's WebSocket: a seat's connection, checked message by message.

The seat is the connection's (from its token), never the message's. Everything a client
sends is measured, parsed and checked here; only well-formed actions reach the table's
actor, and every refusal is an ``error`` message to this connection alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from scala40.bots.heuristic import hint as heuristic_hint
from scala40.engine.fairness import CONTRIBUTION_MAX_BYTES
from scala40.engine.views import PlayerView
from scala40.notation.codec import JSONDict, action_from_dict, action_to_dict
from scala40.notation.errors import NotationError
from scala40.server.actor import (
    CLOSE_MOVED,
    CLOSE_NO_TOKEN,
    Act,
    AskRematch,
    Chat,
    Connect,
    Disconnect,
    Entropy,
    TableActor,
    Watch,
    error,
)
from scala40.server.chat import ChatRefused, read_chat
from scala40.server.cluster import Link, Node
from scala40.server.jsonin import BadJson, decode_json
from scala40.server.outbox import Frame, Outbox, encode
from scala40.server.refusals import Code, Refusal, TableRefusal
from scala40.server.registry import Tables
from scala40.server.settings import Settings
from scala40.server.tokens import token_hash

log = logging.getLogger("scala40.server")

CLOSE_NO_TABLE = 4404
PATCHES_ON = ("1", "true", "yes")
"""``?patches=1``: the connection is sent patches of its VIEW after the first (outbox.py)."""
CLOSE_IDLE = 4408
"""Close code for a connection that sent nothing, not even a ping, for too long."""


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of as many."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = rate
        self.stamp = time.monotonic()
        self.warned = 0.0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def should_warn(self) -> bool:
        """One ``rate_limited`` error a second is enough for a flooding client."""
        now = time.monotonic()
        if now - self.warned >= 1.0:
            self.warned = now
            return True
        return False


async def _drain(ws: WebSocket, outbox: Outbox) -> None:
    """Send what the actor queued for this connection, in order; a close ends it."""
    while True:
        item = await outbox.queue.get()
        if isinstance(item, tuple):
            code, reason = item
            with contextlib.suppress(Exception):
                await ws.close(code, reason)
            return
        text = item.text if isinstance(item, Frame) else encode(item)
        try:
            try:
                await ws.send_text(text)
            except UnicodeEncodeError:
                # A lone surrogate is not UTF-8: send it \u-escaped (still JSON) rather
                # than let this sender die and the connection with it.
                await ws.send_text(json.dumps(json.loads(text), separators=(",", ":")))
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the browser is gone; the reader sees it too and the seat is let go


class Session:
    """One live connection: reads messages, measured and paced, and answers ``sync`` and
    ``ping``; what else a message may ask is the subclass's (a seat's or a spectator's)."""

    seat: int | None
    """The connection's seat; ``None`` for a spectator, who sees the public view."""

    def __init__(
        self, ws: WebSocket | None, actor: TableActor, outbox: Outbox, settings: Settings
    ) -> None:
        self.ws = ws
        """The socket (``None``: it is held by another node of a cluster, which relays
        its messages; cluster.py)."""
        self.actor = actor
        self.outbox = outbox
        self.settings = settings
        self.limit = RateLimit(settings.rate_per_second)
        self.hinting: asyncio.Task[None] | None = None

    def open(self) -> None:
        """Tell the table this connection is here (its first message is the whole VIEW)."""
        raise NotImplementedError

    def gone(self) -> None:
        """Tell the table this connection closed."""
        raise NotImplementedError

    def version(self) -> int:
        return self.actor.version

    def refuse(self, code: Code, message: str) -> None:
        self.outbox.put(error(code, message, self.version()))

    async def receive(self, raw: str | bytes) -> None:
        self.handle(raw)

    async def read(self) -> None:
        ws = self.ws
        assert ws is not None, "a relayed session is read by the node holding its socket"
        idle = self.settings.ws_idle_seconds
        while True:
            try:
                # asyncio.timeout re-arms one timer; wait_for would start a task per message.
                async with asyncio.timeout(idle):
                    message = await ws.receive()
            except TimeoutError:
                with contextlib.suppress(Exception):
                    await ws.close(CLOSE_IDLE, f"nothing received for {idle:g} s")
                return
            except (WebSocketDisconnect, RuntimeError):
                return
            if message["type"] == "websocket.disconnect":
                return
            raw: Any = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
            if not self.limit.allow():
                if self.limit.should_warn():
                    rate = self.settings.rate_per_second
                    self.refuse(
                        TableRefusal.RATE_LIMITED, f"too many messages: at most {rate:g} a second"
                    )
                continue
            if size > self.settings.max_message_bytes:
                top = self.settings.max_message_bytes
                self.refuse(
                    TableRefusal.TOO_BIG, f"a message is at most {top} bytes, this one is {size}"
                )
                continue
            await self.receive(raw)

    def handle(self, raw: str | bytes) -> None:
        try:
            data = decode_json(raw)
        except BadJson as err:
            self.refuse(TableRefusal.BAD_JSON, f"the message cannot be read: {err}")
            return
        if not isinstance(data, dict):
            self.refuse(TableRefusal.BAD_MESSAGE, "a message is a JSON object with a type")
            return
        kind = data.get("type")
        if kind == "sync":
            self.outbox.put(self.actor.state(self.seat), whole=True)
        elif kind == "ping":
            self.outbox.put({"type": "pong"})
        else:
            self.command(kind, data)

    def command(self, kind: object, data: JSONDict) -> None:
        raise NotImplementedError


class WatchSession(Session):
    """A spectator's connection: it holds no seat, so it may only ask again and ping."""

    seat = None

    def open(self) -> None:
        self.actor.submit(Watch(self.outbox, on=True))

    def gone(self) -> None:
        self.actor.submit(Watch(self.outbox, on=False))

    def command(self, kind: object, data: JSONDict) -> None:
        self.refuse(TableRefusal.WATCHING, f"a spectator only watches: {kind!r} is for the players")


class SeatSession(Session):
    """A seat's connection: its moves, hints, chat, entropy and rematch wishes."""

    def __init__(
        self,
        ws: WebSocket | None,
        actor: TableActor,
        seat: int,
        outbox: Outbox,
        settings: Settings,
    ) -> None:
        super().__init__(ws, actor, outbox, settings)
        self.seat: int = seat
        self.rng = random.Random(secrets.randbits(64))

    def open(self) -> None:
        self.actor.submit(Connect(self.seat, self.outbox))

    def gone(self) -> None:
        self.actor.submit(Disconnect(self.seat, self.outbox))

    def command(self, kind: object, data: JSONDict) -> None:
        if kind == "action":
            self.action(data)
        elif kind == "hint":
            if self.hinting is None or self.hinting.done():
                self.hinting = asyncio.get_running_loop().create_task(self.hint())
        elif kind == "entropy":
            self.entropy(data)
        elif kind == "chat":
            self.chat(data)
        elif kind == "rematch":
            self.actor.submit(AskRematch(self.seat, self.outbox))
        else:
            self.refuse(TableRefusal.BAD_MESSAGE, f"unknown message type {kind!r}")

    def entropy(self, data: JSONDict) -> None:
        """The seat's randomness for the next hand's shuffle: ``{"type": "entropy", "hand":
        N, "data": HEX}`` with 1 to 64 bytes (docs/fair-deal.md)."""
        hand, text = data.get("hand"), data.get("data")
        if not isinstance(hand, int) or isinstance(hand, bool) or not isinstance(text, str):
            self.refuse(
                TableRefusal.BAD_MESSAGE, 'entropy carries "hand" (a number) and "data" (hex)'
            )
            return
        try:
            raw = bytes.fromhex(text)
        except ValueError:
            raw = b""
        if not 1 <= len(raw) <= CONTRIBUTION_MAX_BYTES:
            self.refuse(
                TableRefusal.BAD_MESSAGE,
                f'entropy "data" is 1 to {CONTRIBUTION_MAX_BYTES} bytes written in hex',
            )
            return
        self.actor.submit(Entropy(self.seat, hand, raw, self.outbox))

    def chat(self, data: JSONDict) -> None:
        """A quick-chat phrase or short free text, checked here; the actor paces each seat
        and passes it on to every seat's socket (chat.py)."""
        try:
            body = read_chat(data)
        except ChatRefused as err:
            self.refuse(err.code, str(err))
            return
        self.actor.submit(Chat(self.seat, body, self.outbox))

    def action(self, data: JSONDict) -> None:
        v = data.get("v")
        if not isinstance(v, int) or isinstance(v, bool):
            self.refuse(
                TableRefusal.BAD_MESSAGE, 'an action message carries "v", the last version seen'
            )
            return
        try:
            action = action_from_dict(data.get("action"))  # type: ignore[arg-type]
        except (NotationError, ValueError, TypeError) as err:
            self.refuse(Refusal.BAD_ACTION, f"unreadable action: {err}")
            return
        self.actor.submit(Act(self.seat, v, action, self.outbox))

    async def hint(self) -> None:
        actor = self.actor
        if actor.status != "playing" or actor.match.over or actor.match.current_seat != self.seat:
            self.outbox.put({"type": "hint", "action": None, "text": "it is not your turn"})
            return
        view = PlayerView.of_match(actor.match, self.seat)
        version = actor.version
        found = await asyncio.to_thread(heuristic_hint, view, self.rng)
        self.outbox.put(
            {
                "type": "hint",
                "v": version,
                "action": action_to_dict(found.action),
                "text": found.text,
            }
        )


class RelaySession(Session):
    """A socket here for a table another node of the cluster plays: its messages are
    measured and paced here, then passed to the owner, which checks and plays them as if
    the socket were its own; the owner's messages for it come back the same way
    (cluster.py). Pings are answered here, so an idle client costs the bus nothing."""

    seat = None

    def __init__(
        self, ws: WebSocket, node: Node, conn: str, link: Link, settings: Settings
    ) -> None:
        self.ws = ws
        self.outbox = link.outbox
        self.settings = settings
        self.limit = RateLimit(settings.rate_per_second)
        self.hinting = None
        self.node = node
        self.conn = conn
        self.link = link

    def version(self) -> int:
        return self.link.v

    async def receive(self, raw: str | bytes) -> None:
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        if len(text) < 64 and '"ping"' in text:
            try:
                data = decode_json(text)
            except BadJson:
                data = None
            if isinstance(data, dict) and data.get("type") == "ping":
                self.outbox.put({"type": "pong"})
                return
        try:
            await self.node.say(self.conn, text)
        except Exception:  # Redis unreachable: the client reconnects, maybe elsewhere
            log.exception("relaying a message of table %s failed", self.link.table_id)
            self.outbox.close(CLOSE_MOVED, "the server lost its link to the table: reconnecting")


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
    its own, or another node's by relaying (:class:`RelaySession`)."""
    router = APIRouter()
    node = tables.node

    def session_for(actor: TableActor, seat: int | None, outbox: Outbox) -> Session:
        if seat is None:
            return WatchSession(None, actor, outbox, settings)
        return SeatSession(None, actor, seat, outbox, settings)

    if node is not None:
        node.make_session = session_for

    async def relay(ws: WebSocket, table_id: str, token: str | None, patches: bool) -> bool:
        """Serve a socket for a table of another node (``False``: no node plays it)."""
        assert node is not None
        owner = await node.owner(table_id)
        if owner is None:
            return False
        conn, link = await node.link(owner, None if not token else token_hash(token), patches)
        try:
            await _serve(ws, RelaySession(ws, node, conn, link, settings), link.outbox)
        finally:
            await node.unlink(conn)
        return True

    @router.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        token = ws.query_params.get("token")
        watch = "watch" in ws.query_params
        if not token and not watch:
            await ws.close(
                CLOSE_NO_TOKEN, "a seat token is needed (/ws/TABLE?token=TOKEN), or ?watch"
            )
            return
        patches = ws.query_params.get("patches") in PATCHES_ON
        actor = tables.get(table_id)
        if actor is None and node is not None:
            if await relay(ws, table_id, token, patches):
                return
            actor = await node.adopt(table_id)  # nobody plays it: a dead node's table
        if actor is None:
            # The id is not echoed: a close reason holds at most 123 bytes.
            await ws.close(CLOSE_NO_TABLE, "there is no such table in play")
            return
        outbox = Outbox(patches=patches)
        session: Session
        if token:
            seat = actor.check_token(token_hash(token))
            if seat is None:
                await ws.close(CLOSE_NO_TOKEN, "this token holds no seat at this table")
                return
            session = SeatSession(ws, actor, seat, outbox, settings)
        else:
            session = WatchSession(ws, actor, outbox, settings)
        session.open()
        try:
            await _serve(ws, session, outbox)
        finally:
            session.gone()

    return router
