"""The table bus: how server nodes pass a table's intents and a seat's messages (Redis).

With several nodes, a player's WebSocket may reach any node, but the table's actor lives on
one (:mod:`scala40.server.leases`). The node holding the socket forwards the player's
intents to the table's intent stream; the owner reads them, plays them, stores the result
and writes each seat's messages to that seat's own stream, which the socket's node reads
and sends on. One stream per seat keeps hidden information where it belongs: a node
serving seat 2 reads seat 2's stream and no other.

Why Redis streams rather than pub/sub: a stream keeps its entries (up to a cap), and a
reader asks for what came after the last id it saw. A node that blinks (a reconnect to
Redis, a pause) or a table that moves to another node after a crash loses nothing in
between; pub/sub delivers only to whoever listens at that instant. Every entry carries the
owner's lease epoch, so a reader drops what a fenced old owner might still write
(:meth:`TableBus.read` keeps only the newest epoch it has seen).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final, cast

from redis import Redis
from redis.typing import EncodableT, FieldT

Read = list[tuple[str, list[tuple[str, dict[str, str]]]]]
"""What ``XREAD`` answers (with text responses): per stream, its (id, fields) entries."""

STREAM_CAP: Final = 2000
"""Entries kept per stream (approximately): far more than a reconnect needs; the whole
view on resync covers anything older."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One message read from a stream: its id (to read on from), the owner's lease epoch
    and the message itself."""

    id: str
    epoch: int
    message: dict[str, Any]


def _key(table_id: str, part: str) -> str:
    return f"scala40:table:{table_id}:{part}"


class TableBus:
    """Intent and seat streams of tables, on one Redis server."""

    def __init__(self, url: str) -> None:
        self.redis: Redis = Redis.from_url(url, decode_responses=True)
        """Text responses (``decode_responses``): ids and fields come back as ``str``."""

    def close(self) -> None:
        self.redis.close()

    def ping(self) -> bool:
        return bool(self.redis.ping())

    def send_intent(self, table_id: str, seat: int, message: dict[str, Any]) -> str:
        """Forward a seat's intent (a move, a sync, a chat line) to the table's owner."""
        fields: dict[FieldT, EncodableT] = {"seat": str(seat), "message": json.dumps(message)}
        return str(self.redis.xadd(_key(table_id, "intents"), fields, maxlen=STREAM_CAP))

    def intents(
        self, table_id: str, after: str = "0", block_ms: int | None = None
    ) -> list[tuple[str, int, dict[str, Any]]]:
        """The intents after id ``after``, oldest first: (id, seat, message)."""
        got = cast(Read, self.redis.xread({_key(table_id, "intents"): after}, block=block_ms))
        return [
            (entry_id, int(fields["seat"]), json.loads(fields["message"]))
            for _, entries in got
            for entry_id, fields in entries
        ]

    def publish(self, table_id: str, seat: int | None, epoch: int, message: dict[str, Any]) -> str:
        """Write a message for one seat (``None``: the spectators' stream)."""
        part = "watchers" if seat is None else f"seat:{seat}"
        fields: dict[FieldT, EncodableT] = {"epoch": str(epoch), "message": json.dumps(message)}
        return str(self.redis.xadd(_key(table_id, part), fields, maxlen=STREAM_CAP))

    def read(
        self,
        table_id: str,
        seat: int | None,
        after: str = "0",
        block_ms: int | None = None,
        newest_epoch: int = 0,
    ) -> list[Entry]:
        """A seat's messages after id ``after``, oldest first, without those of a lease
        epoch older than the newest seen (``newest_epoch`` carries it between reads)."""
        part = "watchers" if seat is None else f"seat:{seat}"
        got = cast(Read, self.redis.xread({_key(table_id, part): after}, block=block_ms))
        out: list[Entry] = []
        for _, entries in got:
            for entry_id, fields in entries:
                epoch = int(fields["epoch"])
                if epoch < newest_epoch:
                    continue  # written by an owner that has lost the table since
                newest_epoch = epoch
                out.append(Entry(entry_id, epoch, json.loads(fields["message"])))
        return out
