"""The node bus: how server nodes pass a table's intents and a seat's messages (Redis).

With several nodes, a player's WebSocket may reach any node, but the table's actor lives on
one (:mod:`scala40.storage.leases`). Each node reads one *inbox*, a Redis stream of its own:
the node holding a socket writes the player's messages to the owner's inbox, and the owner
writes each message meant for that connection — and for no other — to the inbox of the
node holding it. A node serving seat 2 is sent seat 2's messages and nobody else's, so
hidden information stays where the single-node server keeps it.

Why streams rather than pub/sub: an entry waits in the stream until read, and a reader asks
for what came after the last id it saw, so a node that blinks (a Redis reconnect, a pause
of its loop) loses nothing in between; pub/sub delivers only to whoever listens at that
instant. One blocking ``XREAD`` per node on one stream keeps Redis connections per node
constant, whatever the number of tables and sockets. Entries are capped (``MAXLEN ~``): a
node that falls that far behind has connections that resync with a whole view anyway.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, cast

from scala40.server.cluster.direct import is_socket_base

if TYPE_CHECKING:
    from redis.asyncio import Redis

POOL_SIZE: Final = 32
"""Redis connections one node opens at most (one is held by the blocking inbox read)."""
INBOX_CAP: Final = 20_000
"""Entries kept per inbox (approximately): seconds of a busy node's traffic."""

INBOX_KEEP: Final = 600.0
"""Seconds a node's inbox outlives the node's last beat. Nothing reads a dead node's inbox
(a node starting under the name reads only what comes after its start), and the others stop
writing to it within seconds, so a retired node's name leaves nothing in Redis for good."""

MARK: Final = "mark"
"""A node's own entry in its inbox at start (see :meth:`NodeBus.start`)."""


class Kind(StrEnum):
    """What an inbox entry is."""

    OPEN = "open"
    """A socket reached another node for a table this node holds: seat it (token checked
    here, by the owner)."""
    SAY = "say"
    """A message a remote connection's client sent (its text, read and checked here)."""
    SHUT = "shut"
    """A remote connection closed."""
    DELIVER = "deliver"
    """A message for one connection this node holds (or its close)."""
    CALL = "call"
    """A request to the table's owner that wants an answer (a join, a rematch claim)."""
    ANSWER = "answer"
    """The answer to a call this node made."""


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    kind: Kind
    body: dict[str, Any]


def inbox(node: str) -> str:
    return f"scala40:node:{node}:inbox"


class NodeBus:
    """One node's side of the bus: reading its inbox, writing to any node's."""

    def __init__(self, url: str, node: str, inbox_keep: float = INBOX_KEEP) -> None:
        # redis-py comes with the [redis] extra, imported here: a single server (the
        # one-command start) runs without it.
        from redis.asyncio import BlockingConnectionPool, Redis

        # Every relayed connection's sender writes through this pool: a blocking pool makes
        # a burst wait for a free connection instead of failing (the default pool raises).
        pool = BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=POOL_SIZE, timeout=10
        )
        self.redis: Redis = Redis(connection_pool=pool)
        self.node = node
        self.inbox_keep = inbox_keep
        self.last = "0"
        """The id of the last entry read (:meth:`start` sets it to the inbox's end)."""

    async def start(self) -> None:
        """Read from now on: what was written to an earlier life of this node's name is
        for sockets long gone. (A marker entry gives the inbox's present end: asking for
        ``$`` on every read could miss what arrives between two reads.)"""
        self.last = str(
            await self.redis.xadd(inbox(self.node), {"k": MARK, "b": "{}"}, maxlen=INBOX_CAP)
        )

    async def close(self) -> None:
        # The pool was made here, so closing the client does not close it: both go.
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()

    async def ping(self) -> bool:
        return bool(await self.redis.ping())

    async def beat(self, ttl: float, address: str = "") -> None:
        """Say this node is alive for ``ttl`` seconds (the owners of the tables its sockets
        reach let those sockets go when it stops saying so), and where clients reach it
        directly (``address``, its WebSocket address; empty: "1", nowhere); its inbox is
        kept for :data:`INBOX_KEEP` from now."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(f"scala40:node:{self.node}:alive", address or "1", px=int(ttl * 1000))
            pipe.pexpire(inbox(self.node), int(max(self.inbox_keep, ttl) * 1000))
            await pipe.execute()

    async def alive(self, nodes: list[str]) -> set[str]:
        """Which of ``nodes`` said they were alive lately."""
        if not nodes:
            return set()
        keys = [f"scala40:node:{n}:alive" for n in nodes]
        found = await self.redis.mget(keys)
        return {n for n, v in zip(nodes, found, strict=True) if v is not None}

    async def address(self, node: str) -> str | None:
        """Where clients reach ``node`` directly, as it said with its last beat (``None``:
        it gave no address, or it is not alive)."""
        found = await self.redis.get(f"scala40:node:{node}:alive")
        return str(found) if found is not None and is_socket_base(str(found)) else None

    async def send(self, node: str, kind: Kind, body: dict[str, Any]) -> None:
        fields = {"k": kind.value, "b": json.dumps(body, ensure_ascii=False)}
        await self.redis.xadd(inbox(node), fields, maxlen=INBOX_CAP, approximate=True)  # type: ignore[arg-type]

    async def receive(self, block_ms: int = 1000) -> list[Entry]:
        """What arrived in this node's inbox since the last read (waits up to
        ``block_ms`` for something)."""
        got = cast(
            list[tuple[str, list[tuple[str, dict[str, str]]]]],
            await self.redis.xread({inbox(self.node): self.last}, block=block_ms, count=1000),
        )
        out: list[Entry] = []
        for _, entries in got or []:
            for entry_id, fields in entries:
                self.last = entry_id
                if fields["k"] == MARK:
                    continue
                out.append(Entry(entry_id, Kind(fields["k"]), json.loads(fields["b"])))
        return out
