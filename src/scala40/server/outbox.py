"""What waits to be sent to one connection, filled by the table's actor."""

from __future__ import annotations

import asyncio

from scala40.notation.codec import JSONDict
from scala40.server.viewpatch import diff

CLOSE_BEHIND = 4008
"""Close code for a connection that stopped reading (its messages piled up)."""


class Outbox:
    """Messages waiting to go to one connection; the WebSocket handler drains it.

    A browser that stops reading is cut off once ``limit`` messages wait (it reconnects
    and gets the current state), so a dead connection cannot hoard the server's memory.

    A connection that asked for patches (``patches``) is sent its first ``state`` whole
    and every later one as a ``patch`` message: the JSON Patch from the VIEW it was sent
    last (:mod:`scala40.server.viewpatch`), with ``from``, that VIEW's version, so a
    client that lost track can tell and ask again (``sync``, answered whole).
    """

    def __init__(self, limit: int = 500, *, patches: bool = False) -> None:
        self.queue: asyncio.Queue[JSONDict | tuple[int, str]] = asyncio.Queue()
        self.limit = limit
        self.closed = False
        self.patches = patches
        self._last_view: JSONDict | None = None
        self._last_v = 0

    def put(self, message: JSONDict, *, whole: bool = False) -> None:
        """Queue ``message``; a ``state`` goes as a patch to a connection that asked for
        patches, unless ``whole`` (an answer to ``sync``) or it is the first."""
        if self.closed:
            return
        if self.queue.qsize() >= self.limit:
            self.close(CLOSE_BEHIND, "too many messages waiting: reconnect to resync")
            return
        if self.patches and message.get("type") == "state":
            message = self._as_patch(message, whole)
        self.queue.put_nowait(message)

    def _as_patch(self, message: JSONDict, whole: bool) -> JSONDict:
        view = message["view"]
        last, since = self._last_view, self._last_v
        self._last_view, self._last_v = view, message["v"]
        if last is None or whole or "away" in message:
            return message
        out: JSONDict = {
            "type": "patch",
            "v": message["v"],
            "from": since,
            "ops": diff(last, view),
            "event": message.get("event"),
        }
        if "rematch" in message:
            out["rematch"] = message["rematch"]
        return out

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((code, reason))
