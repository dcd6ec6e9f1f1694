"""What waits to be sent to one connection, filled by the table's actor."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from scala40.notation.codec import JSONDict
from scala40.server.wire.refusals import CloseCode
from scala40.tableview.patch import Op, diff, diff_keys
from scala40.tableview.view import SEAT_KEYS

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode(message: Any) -> str:
    """A message as the server sends it: compact JSON, UTF-8 text as it is (one encoder
    for all: ``json.dumps`` with options makes a new one at every call)."""
    return _ENCODER.encode(message)


@dataclass(frozen=True, slots=True)
class Frame:
    """A message already written as JSON text — every patch, put together from parts (a
    move's public ops are written once for all its connections); ``v``: its version."""

    text: str
    v: int


@dataclass(frozen=True, slots=True)
class Close:
    """The last item of an outbox: close the connection with this code and reason."""

    code: int
    reason: str


Item = JSONDict | Frame | Close
"""What an outbox holds: a message to encode, a message already encoded, or the close."""


class Broadcast:
    """One move's public VIEW beside the one before it, shared by every connection told of
    that move.

    Every key of a seat's VIEW but its own (:data:`~scala40.tableview.view.SEAT_KEYS`) is
    the public VIEW's, so for a connection whose last VIEW was made from ``before`` the
    patch is the public one (computed and written as JSON once a move, here) plus the
    diff of the seat's own keys. Without it every connection compared and encoded the same
    public changes again (diff and JSON were a fifth of the server's time under load; the
    sharing took about a tenth off the CPU of a move)."""

    __slots__ = ("_ops", "_tail", "_texts", "after", "before")

    def __init__(self, before: JSONDict | None, after: JSONDict) -> None:
        self.before = before
        self.after = after
        self._ops: list[Op] | None = None
        self._texts: dict[bool, str] = {}
        self._tail: str | None = None

    def tail(self, message: JSONDict) -> str:
        """:func:`patch_tail`, the same in every message of the move, so written once."""
        if self._tail is None:
            self._tail = patch_tail(message)
        return self._tail

    def ops_text(self, seat: bool) -> str:
        """The public patch's ops as JSON items (no brackets); ``seat``: without the ops on
        the seat's own keys, which the seat's connection diffs itself."""
        text = self._texts.get(seat)
        if text is None:
            if self._ops is None:
                self._ops = diff(self.before, self.after)
            ops = [op for op in self._ops if _top_key(op) not in SEAT_KEYS] if seat else self._ops
            text = encode(ops)[1:-1]
            self._texts[seat] = text
        return text


def patch_tail(message: JSONDict) -> str:
    """A patch message's keys after its ops, as JSON: the state's event (and the rematch
    facts of a table that is over)."""
    rematch = message.get("rematch")
    extra = "" if rematch is None else f',"rematch":{encode(rematch)}'
    return f'"event":{encode(message.get("event"))}{extra}'


def _top_key(op: Op) -> str:
    path: str = op["path"]
    return path.split("/", 2)[1] if path else ""


class Outbox:
    """Messages waiting to go to one connection; the WebSocket handler drains it.

    A browser that stops reading is cut off once ``limit`` messages wait (it reconnects
    and gets the current state), so a dead connection cannot hoard the server's memory.

    A connection that asked for patches (``patches``) is sent its first ``state`` whole
    and every later one as a ``patch`` message: the JSON Patch from the VIEW it was sent
    last (:mod:`scala40.tableview.patch`), with ``from``, that VIEW's version, so a
    client that lost track can tell and ask again (``sync``, answered whole).
    """

    def __init__(self, limit: int = 500, *, patches: bool = False) -> None:
        self.queue: asyncio.Queue[Item] = asyncio.Queue()
        self.limit = limit
        self.closed = False
        self.patches = patches
        self._last_view: JSONDict | None = None
        self._last_v = 0
        self._last_public: JSONDict | None = None
        """The public VIEW the last VIEW sent was made from (``None``: not known)."""

    def put(
        self,
        message: JSONDict | Frame,
        *,
        whole: bool = False,
        shared: Broadcast | None = None,
    ) -> None:
        """Queue ``message``; a ``state`` goes as a patch to a connection that asked for
        patches, unless ``whole`` (an answer to ``sync``) or it is the first. ``shared``:
        the move's :class:`Broadcast` when the message's VIEW is its public VIEW or a seat's
        made from it."""
        if self.closed:
            return
        if self.queue.qsize() >= self.limit:
            self.close(CloseCode.BEHIND, "too many messages waiting: reconnect to resync")
            return
        if self.patches and isinstance(message, dict) and message.get("type") == "state":
            message = self._as_patch(message, whole, shared)
        self.queue.put_nowait(message)

    def _as_patch(
        self, message: JSONDict, whole: bool, shared: Broadcast | None
    ) -> JSONDict | Frame:
        view = message["view"]
        last, since, made_from = self._last_view, self._last_v, self._last_public
        self._last_view, self._last_v = view, message["v"]
        self._last_public = None if shared is None else shared.after
        if last is None or whole or "away" in message:
            return message
        if shared is not None and made_from is not None and made_from is shared.before:
            seat = view is not shared.after
            own = encode(diff_keys(last, view, SEAT_KEYS))[1:-1] if seat else ""
            ops = ",".join(part for part in (shared.ops_text(seat), own) if part)
            tail = shared.tail(message)
        else:
            ops, tail = encode(diff(last, view))[1:-1], patch_tail(message)
        v = message["v"]
        return Frame(f'{{"type":"patch","v":{v},"from":{since},"ops":[{ops}],{tail}}}', v)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(Close(code, reason))

    async def next(self) -> Item:
        """The next item to send, waiting for one."""
        return await self.queue.get()
