"""Table leases: one server node at a time holds a table's actor, and a paused one is fenced.

When several ``scala40 serve`` nodes share one database, each table is played by the
actor of exactly one node. A node *claims* a table's lease (a row of ``table_leases``)
and *renews* it well inside its time to live; a node that dies stops renewing, its leases
run out, and another node claims them and rebuilds the tables from the stored actions.

Safety does not rest on clocks. Every claim raises the lease's *epoch*, and a node stores
an action only inside a transaction that finds its own (node, epoch) still on the lease
row (:meth:`Leases.fence`, which the store calls): a node that paused past its lease —
a long garbage collection, a stopped VM — and lost the table to another node can no
longer store, so it can no longer broadcast what it did not store. The store's
``UNIQUE(table_id, version)`` stays the last guard. Clocks only decide *when* a silent
node's table may be claimed (liveness): expiry is written on the claiming node's clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from scala40.storage import schema

TTL = 5.0
"""Seconds a lease lives unless renewed: a killed node's tables move on within this."""


class LeaseLost(Exception):
    """The node no longer holds the table: another node claimed it since."""

    def __init__(self, table_id: str, node: str, epoch: int) -> None:
        super().__init__(f"node {node!r} lost table {table_id} (its epoch {epoch} is over)")
        self.table_id = table_id


@dataclass(frozen=True, slots=True)
class Lease:
    """A node's hold on one table: the epoch is its fencing token."""

    table_id: str
    node: str
    epoch: int
    expires: float


class Leases:
    """Claims, renewals and fencing of table leases for one node."""

    def __init__(
        self,
        engine: Engine,
        node: str,
        ttl: float = TTL,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if not node or len(node) > 64:
            raise ValueError(f"a node name is 1 to 64 characters, not {node!r}")
        self.engine = engine
        self.node = node
        self.ttl = ttl
        self.clock = clock

    def claim(self, table_id: str) -> Lease | None:
        """The table's lease for this node, with a new epoch, if nobody else holds it
        (no lease yet, or it ran out); ``None`` while another node's lease lives."""
        t = schema.table_leases
        now = self.clock()
        expires = now + self.ttl
        with self.engine.begin() as conn:
            row = conn.execute(
                update(t)
                .where(t.c.table_id == table_id)
                .where((t.c.expires < now) | (t.c.node == self.node))
                .values(node=self.node, epoch=t.c.epoch + 1, expires=expires)
                .returning(t.c.epoch)
            ).first()
            if row is not None:
                return Lease(table_id, self.node, int(row[0]), expires)
            if conn.execute(select(t.c.node).where(t.c.table_id == table_id)).first():
                return None  # another node's lease lives
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(t).values(table_id=table_id, node=self.node, epoch=1, expires=expires)
                )
        except IntegrityError:
            return None  # another node made the first lease a moment ago
        return Lease(table_id, self.node, 1, expires)

    def renew(self, lease: Lease) -> Lease | None:
        """The lease for another time to live, or ``None`` when it was lost (another node
        claimed it: the epoch moved on). A lease that ran out but was not claimed renews."""
        t = schema.table_leases
        expires = self.clock() + self.ttl
        with self.engine.begin() as conn:
            done = conn.execute(
                update(t)
                .where(t.c.table_id == lease.table_id)
                .where(t.c.node == lease.node)
                .where(t.c.epoch == lease.epoch)
                .values(expires=expires)
            ).rowcount
        return Lease(lease.table_id, lease.node, lease.epoch, expires) if done == 1 else None

    def renew_all(self, leases: list[Lease]) -> dict[str, Lease]:
        """:meth:`renew` for many leases in one statement: the renewed ones by table; a
        table missing from the answer was lost."""
        if not leases:
            return {}
        t = schema.table_leases
        expires = self.clock() + self.ttl
        epochs = {lease.table_id: lease.epoch for lease in leases}
        with self.engine.begin() as conn:
            # Rows locked in table order, as a group commit's fences lock them (store.py):
            # two transactions taking the same rows in the same order cannot deadlock.
            conn.execute(
                select(t.c.table_id)
                .where(t.c.table_id.in_(list(epochs)))
                .order_by(t.c.table_id)
                .with_for_update()
            ).all()
            rows = conn.execute(
                update(t)
                .where(t.c.table_id.in_(list(epochs)))
                .where(t.c.node == self.node)
                .values(expires=expires)
                .returning(t.c.table_id, t.c.epoch)
            ).all()
        # A row of this node with another epoch cannot be: only this node claims as it.
        return {
            row.table_id: Lease(row.table_id, self.node, int(row.epoch), expires)
            for row in rows
            if epochs.get(row.table_id) == int(row.epoch)
        }

    def release(self, lease: Lease) -> None:
        """Give the table up now (a drained node): any node may claim it at once."""
        t = schema.table_leases
        with self.engine.begin() as conn:
            conn.execute(
                update(t)
                .where(t.c.table_id == lease.table_id)
                .where(t.c.node == lease.node)
                .where(t.c.epoch == lease.epoch)
                .values(expires=0.0)
            )

    def holder(self, table_id: str) -> Lease | None:
        """The table's lease row as stored (its holder may have stopped renewing)."""
        t = schema.table_leases
        with self.engine.connect() as conn:
            row = conn.execute(select(t).where(t.c.table_id == table_id)).first()
        if row is None:
            return None
        return Lease(row.table_id, row.node, int(row.epoch), float(row.expires))

    def holders(self, table_ids: list[str]) -> dict[str, Lease]:
        """:meth:`holder` of several tables at once (those with a lease row)."""
        t = schema.table_leases
        with self.engine.connect() as conn:
            rows = conn.execute(select(t).where(t.c.table_id.in_(table_ids))).all()
        return {r.table_id: Lease(r.table_id, r.node, int(r.epoch), float(r.expires)) for r in rows}


def fence(conn: Connection, lease: Lease) -> None:
    """Inside a store transaction: go on only if ``lease`` still holds its table.

    The update touches the lease row without changing it, which on PostgreSQL also locks
    the row until the transaction ends: a claim by another node waits for this store to
    commit, or this store finds the new epoch and raises :class:`LeaseLost` (rolling the
    transaction back: nothing of it is stored)."""
    t = schema.table_leases
    held = conn.execute(
        update(t)
        .where(t.c.table_id == lease.table_id)
        .where(t.c.node == lease.node)
        .where(t.c.epoch == lease.epoch)
        .values(epoch=t.c.epoch)
    ).rowcount
    if held != 1:
        raise LeaseLost(lease.table_id, lease.node, lease.epoch)
