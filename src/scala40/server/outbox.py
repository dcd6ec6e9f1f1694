"""What waits to be sent to one connection, filled by the table's actor."""

from __future__ import annotations

import asyncio

from scala40.notation.codec import JSONDict

CLOSE_BEHIND = 4008
"""Close code for a connection that stopped reading (its messages piled up)."""


class Outbox:
    """Messages waiting to go to one connection; the WebSocket handler drains it.

    A browser that stops reading is cut off once ``limit`` messages wait (it reconnects
    and gets the current state), so a dead connection cannot hoard the server's memory.
    """

    def __init__(self, limit: int = 500) -> None:
        self.queue: asyncio.Queue[JSONDict | tuple[int, str]] = asyncio.Queue()
        self.limit = limit
        self.closed = False

    def put(self, message: JSONDict) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.limit:
            self.close(CLOSE_BEHIND, "too many messages waiting: reconnect to resync")
            return
        self.queue.put_nowait(message)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait((code, reason))
