"""A live connection to a table, read message by message: a seat's or a spectator's.

The seat is the connection's (from its token), never the message's. Everything a client
sends is measured, parsed and checked here; only well-formed actions reach the table's
actor, and every refusal is an ``error`` message to this connection alone. A session may
be held by this process's socket (http/socket.py) or by another node's, which relays its
messages (cluster/node.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from scala40.bots.heuristic import hint as heuristic_hint
from scala40.engine.fairness import CONTRIBUTION_MAX_BYTES
from scala40.engine.views import PlayerView
from scala40.notation.codec import JSONDict, action_from_dict, action_to_dict
from scala40.notation.errors import NotationError
from scala40.server.guard.limits import TokenBucket
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.server.table.chat import ChatRefused, read_chat
from scala40.server.table.commands import (
    Act,
    AskRematch,
    Chat,
    Connect,
    Disconnect,
    Entropy,
    SummaryClosed,
    Watch,
)
from scala40.server.wire.hint import reason_json
from scala40.server.wire.jsonin import BadJson, decode_json
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import CloseCode, Code, Refusal, TableRefusal
from scala40.tableview.check import UnreadableCheck, meld_check
from scala40.tableview.refusals import error


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
        self.limit = TokenBucket(settings.rate_per_second)
        self.warned = 0.0
        self.hinting: asyncio.Task[None] | None = None

    def should_warn(self) -> bool:
        """One ``rate_limited`` error a second is enough for a flooding client."""
        now = time.monotonic()
        if now - self.warned >= 1.0:
            self.warned = now
            return True
        return False

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
                    await ws.close(CloseCode.IDLE, f"nothing received for {idle:g} s")
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
                if self.should_warn():
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
        elif kind == "check":
            self.check(data)
        elif kind == "rematch":
            self.actor.submit(AskRematch(self.seat, self.outbox))
        elif kind == "summary_closed":
            self.summary_closed(data)
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

    def summary_closed(self, data: JSONDict) -> None:
        """The person closed the summary of a hand: ``{"type": "summary_closed", "hand":
        N}``. The table waits for it before it plays on (table/pause.py)."""
        hand = data.get("hand")
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 1:
            self.refuse(
                TableRefusal.BAD_MESSAGE,
                'summary_closed carries "hand", the number (1 or more) of the hand summed up',
            )
            return
        self.actor.submit(SummaryClosed(self.seat, hand, self.outbox))

    def check(self, data: JSONDict) -> None:
        """Whether the selected cards make a meld (:func:`meld_check`); nothing changes at
        the table."""
        try:
            self.outbox.put(meld_check(data, self.actor.rules))
        except UnreadableCheck as err:
            self.refuse(TableRefusal.BAD_MESSAGE, str(err))

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
                "reasons": [reason_json(r) for r in found.reasons],
            }
        )
