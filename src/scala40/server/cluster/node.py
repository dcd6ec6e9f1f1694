"""One server node among several: leases held and renewed, tables taken over, sockets relayed.

``scala40 serve --redis URL`` (on a shared PostgreSQL database) makes this process a node
of a cluster. Each table is played by the actor of exactly one node, the holder of its
lease (leases.py); every node

- renews its leases, in PostgreSQL alone, whatever Redis does (a node that lost one
  stops that table's actor and closes its sockets, whose clients reconnect — to any node);
- takes over unfinished tables nobody holds (a dead node's, within the lease's time to
  live) and rebuilds them from their stored actions;
- serves a WebSocket for any table: its own tables' sockets as a single server does, the
  others' by relaying — the client's messages go to the owner's inbox, and the owner sends
  this connection's messages, and only this connection's, to this node's inbox (bus.py);
- forwards joins and rematch claims for other nodes' tables to their owner and waits for
  the answer.

A relayed connection is bound to the owner's lease epoch it was opened under: when the
table moves (its owner died or lost it), the connection is closed with 1012, and the
client's reconnection reaches the table's new owner, with a whole view.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from scala40.server.cluster.bus import Entry, Kind, NodeBus
from scala40.server.cluster.direct import socket_base
from scala40.server.guard.limits import TokenBucket
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.server.table.cancelling import cancel_and_wait
from scala40.server.table.commands import JoinRefused
from scala40.server.table.placement import (
    Ask,
    Here,
    Moving,
    PartDown,
    There,
    Where,
    ask_actor,
)
from scala40.server.table.sessions import SeatSession, Session, WatchSession
from scala40.server.wire.jsonin import BadJson, decode_json
from scala40.server.wire.outbox import Close, Frame, Outbox
from scala40.server.wire.refusals import CloseCode, TableRefusal
from scala40.storage.leases import Lease, Leases

if TYPE_CHECKING:
    from scala40.server.table.registry import Tables

log = logging.getLogger("scala40.server")

CALL_SECONDS = 5.0
"""How long a forwarded join waits for the owner's answer."""
ADOPT_EVERY = 1.0
"""Seconds between looks for tables nobody holds."""
STALE = 2 / 3
"""Leases without a renewal after which a node checks its leases before it answers (it
renews every third of a lease, so only a node that slept or lost its database gets here)."""
RENEW_RETRY = 0.2
"""Seconds between tries to renew the leases while the database fails: well under the
other nodes' look for tables nobody holds (:data:`ADOPT_EVERY`)."""
CLOSE_TRYING = 10.0
"""Seconds an owner keeps trying to tell a socket's node to close a relayed socket."""
RELAY_LOST = "the server lost its link to the table: reconnecting"
"""Why a relayed socket is closed when the relay broke (Redis, or a node that paused)."""
HALT_WAIT = 5.0
"""Seconds a drain waits for the node's loops to end once cancelled. A loop cancelled inside
a Redis read may not end: redis-py can read again on the connection with the cancellation
swallowed (a suite run of 2026-12-06: the beat loop waited for ever on a reply, and the
app's shutdown with it). The drain goes on without such a loop; closing the bus then
closes the connection it waits on."""
RUN_OUT_KEEP = 10
"""Leases after which a node forgets that it found a table's lease run out (the holder
renewed it, or another node took the table): the memo stays as small as the outage."""
ADOPT_BATCH = 25
"""Tables looked at per look (a node takes a dead node's tables over in rounds, so that
the surviving nodes share them)."""


class OwnerGone(Exception):
    """The table's owner did not answer in time (it may have died: try again shortly)."""


class RemoteOutbox(Outbox):
    """The owner's outbox for a connection another node holds: what is put here goes to
    that node's inbox, addressed to that one connection."""

    def __init__(self, node: str, conn: str, patches: bool) -> None:
        super().__init__(patches=patches)
        self.node = node
        self.conn = conn


@dataclass
class Relayed:
    """Owner side: a connection held by another node, seated at one of this node's tables."""

    table_id: str
    outbox: RemoteOutbox
    session: Session | None
    """The seat's or spectator's session (table/sessions.py), as if the socket were here."""
    sender: asyncio.Task[None] | None = None


@dataclass
class Link:
    """Connection side: a socket here for a table another node holds."""

    table_id: str
    owner: Lease
    outbox: Outbox
    v: int = 0
    """The last version sent to the client (for the errors this node says itself)."""
    closed: asyncio.Event = field(default_factory=asyncio.Event)


class Node:
    """This process's part in a cluster of nodes (see the module's text): the
    :class:`~scala40.server.table.placement.Placement` of a server that is one of several."""

    shared: bool = True

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings
        self.name = name = settings.node_name()
        assert settings.redis_url is not None, "a node of a cluster needs --redis"
        self.bus = NodeBus(settings.redis_url, name)
        self.address = socket_base(settings.public_url) if settings.public_url else ""
        """Where clients reach this node directly (its WebSocket address), said in Redis
        with every beat; empty: nowhere (sockets for its tables are relayed)."""
        self.leases = Leases(tables.store.engine, name, ttl=settings.lease_seconds)
        self.fences: dict[str, Lease] = {}
        tables.store.fence_with(self.fences)
        self.relayed: dict[str, Relayed] = {}
        self.links: dict[str, Link] = {}
        self.calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.tasks: list[asyncio.Task[None]] = []
        self.adopting: dict[str, asyncio.Future[TableActor | None]] = {}
        self.unbuildable: set[str] = set()
        """Tables this node could not rebuild from their stored actions."""
        self.run_out: dict[str, tuple[Lease, float]] = {}
        """Leases this node found run out while their holder said it was alive, and when
        it first found each so (its monotonic clock): the holder has a lease from then to
        renew (:meth:`_owner_may_renew`)."""
        self.renew_failed = False
        """The last renewal of the leases failed (the next is tried soon)."""
        self.renewed_at = time.monotonic()
        """When the last renewal that succeeded began (every lease held then lives at
        least a lease from it)."""
        self._renewing = asyncio.Lock()
        """One renewal at a time (the loop's, or a woken node's before it answers)."""
        self.halted = False
        """A drain began: a loop that outlived its cancellation (see :data:`HALT_WAIT`)
        ends at its next turn instead of going round again."""

    # Life --------------------------------------------------------------------------------
    async def start(self) -> None:
        await self.wait_name_free()
        await self.bus.start()
        await self.bus.beat(self.leases.ttl, self.address)
        loop = asyncio.get_running_loop()
        for job in (self._read, self._renew, self._beat, self._adopt_orphans, self._watch_links):
            self.tasks.append(loop.create_task(self._forever(job), name=f"node-{job.__name__}"))

    async def wait_name_free(self) -> None:
        """Start only while no running node has this node's name: a node that was killed a
        moment ago stops being alive within a lease's time (its name is then free); a
        node that stays alive is another process with the same name, and this one is
        refused (two readers of one inbox would each lose the other's messages)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.leases.ttl + 1.0
        while await self.bus.alive([self.name]):
            if loop.time() > deadline:
                raise RuntimeError(
                    f"a node named {self.name!r} is running on this Redis: give each node"
                    " its own --node name"
                )
            await asyncio.sleep(0.2)

    @property
    def running(self) -> bool:
        """Whether this node's loops run: it reads its inbox, renews its leases, says it
        is alive and takes dead nodes' tables over (not before :meth:`start`, nor after
        :meth:`halt`)."""
        return bool(self.tasks) and not any(task.done() for task in self.tasks)

    async def halt(self) -> None:
        """Stop this node's loops (a drain begins): it takes no table over and lets none
        go while the registry stops its actors."""
        self.halted = True
        # A loop ends only by its cancellation (_forever logs and outlives the rest).
        await cancel_and_wait(self.tasks, HALT_WAIT, f"node {self.name}")
        self.tasks.clear()

    async def stop(self) -> None:
        """Close relayed sockets and let other nodes take this node's tables at once
        (after :meth:`halt` and the registry's stopping of the actors: a drain)."""
        await self.halt()
        for link in self.links.values():
            link.outbox.close(CloseCode.MOVED, "this server node is stopping: reconnecting")
        for lease in list(self.fences.values()):
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.leases.release, lease)
        self.fences.clear()
        await self.bus.close()

    async def _forever(self, job: Callable[[], Awaitable[None]]) -> None:
        while not self.halted:
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("node %s: %s failed; going on", self.name, job.__name__)
                await asyncio.sleep(0.5)

    # Leases --------------------------------------------------------------------------------
    async def claim_new(self, table_id: str) -> None:
        """Take the lease of a table this node is about to create (before its row exists,
        so no other node can take it over in between)."""
        lease = await asyncio.to_thread(self.leases.claim, table_id)
        if lease is None:
            raise RuntimeError(f"table {table_id}: a new table's lease is held elsewhere")
        self.fences[table_id] = lease

    async def find(self, table_id: str) -> Where:
        """Here when this node plays it; there when another node does; else taken over
        here if it is in play and nobody holds it (a dead node's table).

        Two nodes may try to take the same table over at once, and one loses the claim:
        the loser looks again and sends the asker to the winner; while no winner shows
        yet (or this node may hold no more), a table still in play is :class:`Moving`.
        Only a table that is not in play at all (or that no node can rebuild) is nowhere.
        """
        await self.awake()
        actor = self.tables.get(table_id)
        if actor is not None:
            return Here(actor)
        owner = await self.owner(table_id)
        if owner is not None:
            return There(owner)
        actor = await self.adopt(table_id)
        if actor is not None:
            return Here(actor)
        if table_id in self.unbuildable:
            return None
        owner = await self.owner(table_id)
        if owner is not None:
            return There(owner)
        live = await self.tables.db.run(self.tables.store.live_table, table_id)
        return None if live is None else Moving()

    async def ask(self, there: There, op: Ask, args: dict[str, Any]) -> Any:
        """Forward ``op`` to the owner and wait for its answer."""
        try:
            answer = await self.call(there.owner, op, args)
        except OwnerGone as err:
            raise JoinRefused(TableRefusal.SERVER_ERROR, f"{err}: try again") from None
        except Exception as err:  # Redis failed: the owner cannot be asked now
            log.warning("node %s: forwarding a %s failed: %r", self.name, op.value, err)
            raise JoinRefused(
                TableRefusal.SERVER_ERROR,
                "the server cannot reach the node playing this table just now: try again",
            ) from None
        if not answer["ok"]:
            raise JoinRefused(TableRefusal(answer["code"]), answer["message"])
        return answer["seat"]

    async def address_of(self, there: There) -> str | None:
        """Where clients reach the node that plays ``there``'s table directly (``None``:
        it gave no address, or Redis does not answer: the socket is relayed)."""
        try:
            return await self.bus.address(there.owner.node)
        except Exception:
            return None

    @contextlib.asynccontextmanager
    async def relay(
        self, there: There, ws: WebSocket, token_hash: str | None, patches: bool
    ) -> AsyncIterator[tuple[Session, Outbox]]:
        """Open a relayed connection to the owner's table for the socket ``ws``, and shut
        it when the socket is done."""
        conn, link = await self.link(there.owner, token_hash, patches)
        try:
            yield RelaySession(ws, self, conn, link, self.settings), link.outbox
        finally:
            await self.unlink(conn)

    def checks(self) -> Mapping[str, Callable[[], Awaitable[object]]]:
        """Redis (the bus to the other nodes) and this node's own loops (stopped: a drain)."""

        async def loops() -> None:
            if not self.running:
                raise PartDown("this node is stopping")

        return {"redis": self.bus.ping, "node": loops}

    async def _beat(self) -> None:
        """Say in Redis that this node is alive (the owners of the tables its sockets reach
        keep those sockets while it does), a third of a lease apart."""
        await asyncio.sleep(self.leases.ttl / 3)
        await self.bus.beat(self.leases.ttl, self.address)

    async def _renew(self) -> None:
        """Renew every lease this node holds, a third of a lease apart; after a failure
        (the database away) at once again, :data:`RENEW_RETRY` apart, so that the owner
        renews before another node can take its tables once the database is back.

        Renewing asks PostgreSQL only: Redis carries messages, not ownership, so a Redis
        outage (its own loop, :meth:`_beat`, fails meanwhile) lets no table go."""
        await asyncio.sleep(RENEW_RETRY if self.renew_failed else self.leases.ttl / 3)
        async with self._renewing:
            await self._renew_round()

    def _stale(self) -> bool:
        """Whether this node has gone longer than :data:`STALE` leases without renewing:
        it slept (SIGSTOP, a stalled machine) or its database is away, and another node
        may have taken its tables meanwhile."""
        return time.monotonic() - self.renewed_at > self.leases.ttl * STALE

    async def awake(self) -> None:
        """Before answering anything after a sleep: renew now, so that the tables lost
        meanwhile are let go (their sockets closed with 1012) rather than answered from
        what this node remembers of them."""
        if self._stale():
            async with self._renewing:
                if self._stale():
                    await self._renew_round()

    async def _renew_round(self) -> None:
        began = time.monotonic()
        held = list(self.fences.values())
        try:
            renewed = await asyncio.to_thread(self.leases.renew_all, held)
        except Exception as err:
            if not self.renew_failed:
                log.warning("node %s: renewing its leases failed: %r", self.name, err)
            self.renew_failed = True
            return
        self.renew_failed = False
        self.renewed_at = began
        for lease in held:
            fresh = renewed.get(lease.table_id)
            if fresh is not None:
                if self.fences.get(lease.table_id) is lease:
                    self.fences[lease.table_id] = fresh
                continue
            if self.fences.get(lease.table_id) is lease:
                log.warning("node %s lost table %s to another node", self.name, lease.table_id)
                await self.let_go(lease.table_id, "the table moved to another server node")

    async def let_go(self, table_id: str, reason: str) -> None:
        """This node no longer plays ``table_id``: stop its actor, close its sockets (the
        clients reconnect, to whichever node holds it now)."""
        self.fences.pop(table_id, None)
        actor = self.tables.actors.pop(table_id, None)
        if actor is not None:
            await actor.stop(CloseCode.MOVED, reason)
        for conn, relayed in list(self.relayed.items()):
            if relayed.table_id == table_id:
                self._drop_relayed(conn, close=(CloseCode.MOVED, reason))

    def released(self, table_id: str) -> None:
        """The registry let a table go (finished and retired, expired, closed)."""
        lease = self.fences.pop(table_id, None)
        if lease is not None:
            task = asyncio.get_running_loop().create_task(
                asyncio.to_thread(self.leases.release, lease)
            )
            self.tables.keep(task)

    async def adopt(self, table_id: str) -> TableActor | None:
        """Take over an unfinished table nobody holds: claim its lease and rebuild it from
        its stored actions. ``None`` when another node holds it or it is not in play."""
        actor = self.tables.actors.get(table_id)
        if actor is not None:
            return actor
        pending = self.adopting.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        done: asyncio.Future[TableActor | None] = asyncio.get_running_loop().create_future()
        self.adopting[table_id] = done
        try:
            actor = await self._adopt(table_id)
            done.set_result(actor)
            return actor
        except BaseException as err:
            done.set_exception(err)
            raise
        finally:
            del self.adopting[table_id]
            if not done.done():
                done.cancel()
            with contextlib.suppress(BaseException):
                done.exception()

    async def _adopt(self, table_id: str) -> TableActor | None:
        if self.tables.live_count() >= self.tables.settings.max_live_tables:
            return None
        if await self._owner_may_renew(table_id):
            return None
        lease = await asyncio.to_thread(self.leases.claim, table_id)
        if lease is None:
            return None
        stored = await asyncio.to_thread(self.tables.store.unfinished_table, table_id)
        if stored is None:
            await asyncio.to_thread(self.leases.release, lease)
            return None
        self.fences[table_id] = lease
        try:
            actor = await self.tables.resume(stored)
        except Exception:
            self.fences.pop(table_id, None)
            await asyncio.to_thread(self.leases.release, lease)
            raise
        if actor is None:
            # It cannot be rebuilt (logged): not taken over here again, and its lease
            # runs out for another node to try once (a newer version may read it).
            self.fences.pop(table_id, None)
            self.unbuildable.add(table_id)
        else:
            log.warning("node %s took table %s over (epoch %d)", self.name, table_id, lease.epoch)
        return actor

    async def _owner_may_renew(self, table_id: str) -> bool:
        """Whether the table's lease ran out but its holder still says in Redis that it is
        alive, and this node first found it so less than a lease ago: a node whose
        database was away, which renews as soon as it is back (every :data:`RENEW_RETRY`).

        The lease is counted from this node's first sight, not from the lease's expiry:
        a database restart may outlast a lease, and the holder can renew only once the
        database is back, which is also when this node first sees the lease. Counted from
        the expiry, the holder would have had no time at all, and a healthy node would
        have lost every table, and closed every socket, to a restart. A node that died or
        sleeps stops saying it is alive within a lease, and its tables are taken at once;
        one alive but cut off from the database loses them a lease after they were seen.
        (Redis failing too: nothing is known, the table is taken.)"""
        lease = await asyncio.to_thread(self.leases.holder, table_id)
        if lease is None or lease.node == self.name:
            return False
        if lease.expires >= time.time():
            return True  # it holds the table: the claim would fail anyway
        try:
            alive = lease.node in await self.bus.alive([lease.node])
        except Exception:
            alive = False
        seen = self.run_out.get(table_id)
        if not alive:
            self.run_out.pop(table_id, None)
            return False
        now = time.monotonic()
        if seen is None or seen[0] != lease:  # a renewal since changed its expiry
            self.run_out[table_id] = (lease, now)
            return True
        if now - seen[1] < self.leases.ttl:
            return True
        del self.run_out[table_id]
        return False

    async def _adopt_orphans(self) -> None:
        await asyncio.sleep(ADOPT_EVERY * random.uniform(0.5, 1.5))
        orphans = await asyncio.to_thread(
            self.tables.store.orphans, time.time(), ADOPT_BATCH * 4, self.unbuildable
        )
        random.shuffle(orphans)  # nodes looking at once take different tables first
        forget = time.monotonic() - RUN_OUT_KEEP * self.leases.ttl
        self.run_out = {t: seen for t, seen in self.run_out.items() if seen[1] > forget}
        for table_id in orphans[:ADOPT_BATCH]:
            await self.adopt(table_id)

    async def owner(self, table_id: str) -> Lease | None:
        """The live lease of a table this node does not play (``None``: nobody's)."""
        lease = await asyncio.to_thread(self.leases.holder, table_id)
        if lease is None or lease.expires < time.time() or lease.node == self.name:
            return None
        return lease

    # The inbox ----------------------------------------------------------------------------
    async def _read(self) -> None:
        try:
            entries = await self.bus.receive(block_ms=1000)
        except Exception:
            # Redis failed: what the owners sent this node's sockets meanwhile may be lost,
            # and an owner may have let their relays go. Each socket relayed from here is
            # closed (1012): its page reconnects and is sent a whole view.
            for link in self.links.values():
                link.outbox.close(CloseCode.MOVED, RELAY_LOST)
            raise
        if entries:
            await self.awake()  # what came while this node slept is for its tables now
        for entry in entries:
            try:
                await self._take(entry)
            except Exception:
                log.exception("node %s: inbox entry %s failed", self.name, entry.id)

    async def _take(self, entry: Entry) -> None:
        body = entry.body
        if entry.kind is Kind.DELIVER:
            link = self.links.get(body["conn"])
            if link is None or body["epoch"] != link.owner.epoch:
                return  # a socket gone, or an owner that lost the table since
            if "close" in body:
                code, reason = body["close"]
                link.outbox.close(code, reason)
            elif "frame" in body:
                text, link.v = body["frame"]
                link.outbox.put(Frame(text, link.v))  # a client that stops reading is cut off
            else:
                message = body["message"]
                if isinstance(message.get("v"), int):
                    link.v = message["v"]
                link.outbox.put(message)  # here too
        elif entry.kind is Kind.ANSWER:
            waiting = self.calls.pop(body["req"], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(body)
        elif entry.kind is Kind.OPEN:
            self._open_relayed(body)
        elif entry.kind is Kind.SAY:
            relayed = self.relayed.get(body["conn"])
            if relayed is not None and relayed.session is not None:
                relayed.session.handle(body["text"])
        elif entry.kind is Kind.SHUT:
            self._drop_relayed(body["conn"])
        elif entry.kind is Kind.CALL:
            loop = asyncio.get_running_loop()
            self.tables.keep(loop.create_task(self._answer(body)))

    # Owner side ----------------------------------------------------------------------------
    def _open_relayed(self, body: dict[str, Any]) -> None:
        conn, node = body["conn"], body["node"]
        actor = self.tables.actors.get(body["table"])
        lease = self.fences.get(body["table"])
        outbox = RemoteOutbox(node, conn, bool(body.get("patches")))
        relayed = Relayed(body["table"], outbox, None)
        self.relayed[conn] = relayed
        # Sent under the epoch the connection was opened for, so that even a refusal (the
        # table moved meanwhile) reaches it rather than being dropped as an old owner's.
        relayed.sender = asyncio.get_running_loop().create_task(
            self._send(relayed, int(body["epoch"]))
        )
        if actor is None or lease is None or lease.epoch != body["epoch"]:
            outbox.close(CloseCode.MOVED, "the table moved to another server node")
            self.relayed.pop(conn, None)
            return
        session: Session
        if body.get("token_hash"):
            seat = actor.check_token(body["token_hash"])
            if seat is None:
                outbox.close(CloseCode.NO_TOKEN, "this token holds no seat at this table")
                self.relayed.pop(conn, None)
                return
            session = SeatSession(None, actor, seat, outbox, self.settings)
        else:
            session = WatchSession(None, actor, outbox, self.settings)
        relayed.session = session
        session.open()

    async def _send(self, relayed: Relayed, epoch: int) -> None:
        """Pass what the actor puts in a relayed connection's outbox to its node.

        A message that cannot be passed (Redis failed) ends the relay on both sides: the
        seat is let go here, and the socket's node is told to close the socket (1012), so
        the page reconnects and is sent a whole view, rather than wait on a relay that
        lost a message."""
        box = relayed.outbox
        while True:
            item = await box.next()
            body: dict[str, Any] = {"conn": box.conn, "epoch": epoch}
            match item:
                case Close(code, reason):
                    body["close"] = [code, reason]
                    await self._deliver_close(box.node, body)
                    return
                case Frame(text, v):
                    body["frame"] = [text, v]
                case message:
                    body["message"] = message
            try:
                await self.bus.send(box.node, Kind.DELIVER, body)
            except Exception as err:
                log.warning("node %s: relaying to node %s failed: %r", self.name, box.node, err)
                gone = self.relayed.pop(box.conn, None)
                if gone is not None and gone.session is not None:
                    gone.session.gone()
                box.close(CloseCode.MOVED, RELAY_LOST)  # nothing more is queued for it
                body = {"conn": box.conn, "epoch": epoch, "close": [CloseCode.MOVED, RELAY_LOST]}
                await self._deliver_close(box.node, body)
                return

    async def _deliver_close(self, node: str, body: dict[str, Any]) -> None:
        """Tell ``node`` to close a relayed socket, trying again while Redis fails (for
        :data:`CLOSE_TRYING` seconds): a close that is lost leaves a socket open there
        whose messages go nowhere."""
        loop = asyncio.get_running_loop()
        end = loop.time() + CLOSE_TRYING
        pause = 0.1
        while True:
            try:
                await self.bus.send(node, Kind.DELIVER, body)
                return
            except Exception:
                if loop.time() + pause > end:
                    log.warning(
                        "node %s: could not tell node %s to close a socket", self.name, node
                    )
                    return
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)

    def _drop_relayed(self, conn: str, close: tuple[int, str] | None = None) -> None:
        relayed = self.relayed.pop(conn, None)
        if relayed is None:
            return
        if relayed.session is not None:
            relayed.session.gone()
        if close is not None:
            relayed.outbox.close(*close)
        elif relayed.sender is not None:
            relayed.sender.cancel()

    async def _answer(self, body: dict[str, Any]) -> None:
        """A join or rematch claim forwarded here by another node: done through the
        table's actor, answered to the asking node."""
        answer: dict[str, Any] = {"req": body["req"]}
        actor = self.tables.actors.get(body["table"])
        args = body["args"]
        try:
            if actor is None:
                raise JoinRefused(TableRefusal.TABLE_CLOSED, "the table moved: try again")
            answer["seat"] = await ask_actor(actor, Ask(body["op"]), args)
            answer["ok"] = True
        except JoinRefused as err:
            answer.update(ok=False, code=str(err.code), message=str(err))
        await self.bus.send(body["node"], Kind.ANSWER, answer)

    async def _drop_dead_nodes(self) -> None:
        """Relayed connections of a node that stopped beating are gone (their clients
        reconnect elsewhere): their seats are let go as if the sockets closed here."""
        nodes = {r.outbox.node for r in self.relayed.values()}
        if not nodes:
            return
        alive = await self.bus.alive(sorted(nodes))
        for conn, relayed in list(self.relayed.items()):
            if relayed.outbox.node not in alive:
                # Told, not only forgotten: a node that was paused reads this when it
                # wakes, and closes the socket it would otherwise keep answering.
                self._drop_relayed(conn, close=(CloseCode.MOVED, RELAY_LOST))

    # Connection side -------------------------------------------------------------------------
    async def call(self, owner: Lease, op: Ask, args: dict[str, Any]) -> dict[str, Any]:
        """Ask the owner of ``owner.table_id`` to do ``op``; its answer (``ok``, then the
        result, or ``code`` and ``message``). Raises :class:`OwnerGone` after a silence."""
        req = secrets.token_hex(8)
        waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.calls[req] = waiting
        body = {
            "req": req,
            "node": self.name,
            "table": owner.table_id,
            "op": op.value,
            "args": args,
        }
        try:
            await self.bus.send(owner.node, Kind.CALL, body)
            async with asyncio.timeout(CALL_SECONDS):
                return await waiting
        except TimeoutError:
            raise OwnerGone(
                f"the server node playing table {owner.table_id} did not answer"
            ) from None
        finally:
            self.calls.pop(req, None)

    async def link(self, owner: Lease, token_hash: str | None, patches: bool) -> tuple[str, Link]:
        """Open a relayed connection to ``owner``'s table: the owner seats it (or closes
        it, with the reason) through this node's inbox."""
        conn = secrets.token_hex(12)
        link = Link(owner.table_id, owner, Outbox())
        self.links[conn] = link
        body = {
            "conn": conn,
            "node": self.name,
            "table": owner.table_id,
            "epoch": owner.epoch,
            "token_hash": token_hash,
            "patches": patches,
        }
        await self.bus.send(owner.node, Kind.OPEN, body)
        return conn, link

    async def say(self, conn: str, text: str) -> None:
        link = self.links.get(conn)
        if link is not None:
            await self.bus.send(link.owner.node, Kind.SAY, {"conn": conn, "text": text})

    async def unlink(self, conn: str) -> None:
        link = self.links.pop(conn, None)
        if link is not None:
            with contextlib.suppress(Exception):
                await self.bus.send(link.owner.node, Kind.SHUT, {"conn": conn})

    async def _watch_links(self) -> None:
        """Close relayed sockets whose table moved (its owner died or lost it): their
        clients reconnect and reach the new owner."""
        await asyncio.sleep(1.0)
        if not self.links:
            await self._drop_dead_nodes()
        by_table: dict[str, list[Link]] = {}
        for link in self.links.values():
            by_table.setdefault(link.table_id, []).append(link)
        if not by_table:
            return
        holders = await asyncio.to_thread(self.leases.holders, list(by_table))
        await self._drop_dead_nodes()
        moment = time.time()
        for table_id, links in by_table.items():
            now_held = holders.get(table_id)
            for link in links:
                held = (
                    now_held is not None
                    and now_held.node == link.owner.node
                    and now_held.epoch == link.owner.epoch
                    and now_held.expires >= moment
                )
                if not held:
                    link.outbox.close(CloseCode.MOVED, "the table moved to another server node")


class RelaySession(Session):
    """A socket here for a table another node of the cluster plays: its messages are
    measured and paced here, then passed to the owner, which checks and plays them as if
    the socket were its own; the owner's messages for it come back the same way
    (this module). Pings are answered here, so an idle client costs the bus nothing."""

    seat = None

    def __init__(
        self, ws: WebSocket, node: Node, conn: str, link: Link, settings: Settings
    ) -> None:
        self.ws = ws
        self.outbox = link.outbox
        self.settings = settings
        self.limit = TokenBucket(settings.rate_per_second)
        self.warned = 0.0
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
            self.outbox.close(CloseCode.MOVED, RELAY_LOST)
