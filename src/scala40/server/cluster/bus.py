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

What a relayed message costs is mostly this module's (docs/deploy.md, "What a relayed move
costs"): a move at a table whose seats are on other nodes is several messages (one per
connection, and the mover's own), and a Redis command through the client's pool costs far
more CPU (pool, retries, callbacks, a system call each way) than the few hundred bytes it
carries. So the hot path is lean: one connection of the node's own writes every entry and
one reads the inbox, each speaking to Redis directly; what is sent while a write is under
way waits for it to end and goes in the next, all together in one pipeline (one round trip,
one system call each way). Each entry stays an entry of its own, in the order it was sent,
so nodes of another version read them as before.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, cast

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.connection import AbstractConnection

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


Post = tuple[list[tuple[str, str, str]], asyncio.Future[None]]
"""Entries waiting to be written — (inbox, kind, body as JSON) — and their sender's future."""

WRITE_SECONDS: Final = 10.0
"""How long a write may take before it counts as failed (Redis paused or unreachable)."""
READ_MARGIN: Final = 10.0
"""Seconds a blocking read may take beyond its own block (then Redis counts as away)."""


def _settle(batch: list[Post], error: Exception | None) -> None:
    """Tell each sender of a batch that it was written, or why not."""
    for _, written in batch:
        if written.done():
            continue  # its sender was cancelled meanwhile
        if error is None:
            written.set_result(None)
        else:
            written.set_exception(error)


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
        self._waiting: list[Post] = []
        """What waits for the write under way to end (written together next)."""
        self._writer: asyncio.Task[None] | None = None
        self._write_conn: AbstractConnection | None = None
        self._read_conn: AbstractConnection | None = None

    async def start(self) -> None:
        """Read from now on: what was written to an earlier life of this node's name is
        for sockets long gone. (A marker entry gives the inbox's present end: asking for
        ``$`` on every read could miss what arrives between two reads.)"""
        self.last = str(
            await self.redis.xadd(inbox(self.node), {"k": MARK, "b": "{}"}, maxlen=INBOX_CAP)
        )

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        # The pool was made here, so closing the client does not close it: both go.
        await self.redis.aclose()
        await self.redis.connection_pool.disconnect()

    async def ping(self) -> bool:
        return bool(await self.redis.ping())

    async def beat(self, ttl: float) -> None:
        """Say this node is alive for ``ttl`` seconds (the owners of the tables its sockets
        reach let those sockets go when it stops saying so); its inbox is kept for
        :data:`INBOX_KEEP` from now."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(f"scala40:node:{self.node}:alive", "1", px=int(ttl * 1000))
            pipe.pexpire(inbox(self.node), int(max(self.inbox_keep, ttl) * 1000))
            await pipe.execute()

    async def alive(self, nodes: list[str]) -> set[str]:
        """Which of ``nodes`` said they were alive lately."""
        if not nodes:
            return set()
        keys = [f"scala40:node:{n}:alive" for n in nodes]
        found = await self.redis.mget(keys)
        return {n for n, v in zip(nodes, found, strict=True) if v is not None}

    async def send(self, node: str, kind: Kind, body: dict[str, Any]) -> None:
        """Write one entry to ``node``'s inbox (returns once it is written; raises what
        Redis raised if it could not be)."""
        await self.send_all(node, [(kind, body)])

    async def send_all(self, node: str, messages: Sequence[tuple[Kind, dict[str, Any]]]) -> None:
        """Write entries to ``node``'s inbox, in this order and after whatever was sent
        before; returns once all are written, or raises if any could not be (then some
        of the first may have been written, never a later one without an earlier one)."""
        key = inbox(node)
        entries = [(key, k.value, json.dumps(b, ensure_ascii=False)) for k, b in messages]
        loop = asyncio.get_running_loop()
        written: asyncio.Future[None] = loop.create_future()
        self._waiting.append((entries, written))
        if self._writer is None:
            self._writer = loop.create_task(self._write())
        await written

    async def _write(self) -> None:
        """Write what waits, batch after batch, until nothing does."""
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    await self._xadd([entry for entries, _ in batch for entry in entries])
                except asyncio.CancelledError:
                    for _, written in batch:
                        written.cancel()
                    raise
                except Exception as err:
                    _settle(batch, err)
                else:
                    _settle(batch, None)
        finally:
            self._writer = None
            left, self._waiting = self._waiting, []
            _settle(left, ConnectionError("this node's bus was closed"))

    async def _xadd(self, entries: list[tuple[str, str, str]]) -> None:
        """One pipeline of ``XADD``s on this node's own writing connection. After a
        failure the connection is dropped (the next write opens it again): what it was
        in the middle of is not known."""
        if self._write_conn is None:
            self._write_conn = await self._own_connection()
        conn = self._write_conn
        commands = [
            ("XADD", key, "MAXLEN", "~", INBOX_CAP, "*", "k", kind, "b", body)
            for key, kind, body in entries
        ]
        try:
            async with asyncio.timeout(WRITE_SECONDS):
                await conn.send_packed_command(conn.pack_commands(commands), check_health=False)
                failed: Exception | None = None
                for _ in commands:
                    # One deadline for the batch (above), not a timer per reply.
                    reply = await conn.read_response(timeout=math.inf)
                    if isinstance(reply, Exception) and failed is None:
                        failed = reply
        except BaseException:
            await conn.disconnect(nowait=True)
            raise
        if failed is not None:
            raise failed

    async def _own_connection(self) -> AbstractConnection:
        """A connection of the pool kept for good (the writer's, the reader's): it speaks
        to Redis without the client's per-command machinery."""
        pool = self.redis.connection_pool
        return cast("AbstractConnection", await pool.get_connection())  # type: ignore[no-untyped-call]

    async def receive(self, block_ms: int = 1000) -> list[Entry]:
        """What arrived in this node's inbox since the last read (waits up to
        ``block_ms`` for something)."""
        if self._read_conn is None:
            self._read_conn = await self._own_connection()
        conn = self._read_conn
        command = (
            "XREAD",
            "COUNT",
            1000,
            "BLOCK",
            block_ms,
            "STREAMS",
            inbox(self.node),
            self.last,
        )
        try:
            await conn.send_packed_command(conn.pack_command(*command), check_health=False)
            got = await conn.read_response(timeout=block_ms / 1000 + READ_MARGIN)
        except BaseException:
            await conn.disconnect(nowait=True)
            raise
        if isinstance(got, Exception):
            raise got
        return self._entries(got)

    def _entries(self, got: Any) -> list[Entry]:
        """The entries of an ``XREAD`` reply (RESP2: ``[[stream, [[id, [field, value,
        …]], …]]]``; RESP3: ``{stream: [[id, [field, value, …]], …]}``; nothing: ``None``)."""
        streams = (
            [] if got is None else got.values() if isinstance(got, dict) else [s[1] for s in got]
        )
        out: list[Entry] = []
        for entries in streams:
            for entry_id, flat in entries:
                self.last = entry_id
                fields = dict(zip(flat[::2], flat[1::2], strict=True))
                if fields["k"] == MARK:
                    continue
                out.append(Entry(entry_id, Kind(fields["k"]), json.loads(fields["b"])))
        return out
