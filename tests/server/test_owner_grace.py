"""A node whose leases ran out while the database was away keeps its tables if it renews
soon after the database is back.

Another node that finds such a lease run out, its holder still saying in Redis that it is
alive, gives the holder a whole lease from the moment it first saw it so — however long
ago the lease ran out, since a database restart may outlast the lease (a suite run of
2026-12-07: a 3 s PostgreSQL restart, 2 s leases, and the other node claimed a table in the
moment between the database's return and its owner's next renewal). But no longer than
that: a node alive in Redis that cannot reach the database loses its tables.

One node plays here in-process (the taker); the holder is played by the test: its lease
row is written as a long outage leaves it, it beats in Redis, and renews when told.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import redis
from sqlalchemy import update

from scala40.storage import schema
from scala40.storage.leases import Lease, Leases

from .conftest import MakeClient
from .helpers import own_database

pytestmark = pytest.mark.slow

LEASE = 1.0
HOLDER = "holder-node"


@contextmanager
def _beating(redis_url: str, node: str) -> Iterator[None]:
    """``node`` says in Redis that it is alive, as a node's beat loop does, until the end."""
    client = redis.Redis.from_url(redis_url)
    done = threading.Event()

    def beat() -> None:
        while not done.is_set():
            client.set(f"scala40:node:{node}:alive", "1", px=int(LEASE * 1000))
            done.wait(LEASE / 4)

    beater = threading.Thread(target=beat, daemon=True)
    beater.start()
    try:
        yield
    finally:
        done.set()
        beater.join()
        client.close()


class _Sightings:
    """The moments the taker's look for tables nobody holds found the table."""

    def __init__(self, node: Any, table_id: str) -> None:
        self.table_id = table_id
        self.first = threading.Event()
        self.times: list[float] = []
        looked = node.tables.store.orphans

        def orphans(moment: float, limit: int, skip: Collection[str] = ()) -> list[str]:
            found: list[str] = looked(moment, limit, skip)
            if table_id in found:
                self.times.append(time.monotonic())
                self.first.set()
            return found

        node.tables.store.orphans = orphans


def _held_by_the_test(client: Any, table_id: str) -> tuple[Any, Lease]:
    """The taker lets the table go, and its lease row becomes the holder's as a long
    database outage leaves it: run out three leases ago."""
    node = client.app.state.tables.placement
    client.portal.call(node.let_go, table_id, "handed to the test's holder")
    t = schema.table_leases
    expires = time.time() - 3 * LEASE
    with node.leases.engine.begin() as conn:
        epoch = conn.execute(
            update(t)
            .where(t.c.table_id == table_id)
            .values(node=HOLDER, epoch=t.c.epoch + 1, expires=expires)
            .returning(t.c.epoch)
        ).scalar_one()
    return node, Lease(table_id, HOLDER, int(epoch), expires)


def _new_table(make_client: MakeClient, postgres_url: str, redis_url: str, name: str) -> Any:
    client = make_client(
        db_url=own_database(postgres_url, name),
        redis_url=redis_url,
        node="taker",
        lease_seconds=LEASE,
    )
    made = client.post("/api/tables", json={"seats": ["human", "bot:easy"], "nickname": "Anna"})
    assert made.status_code == 201, made.text
    return client, made.json()["table_id"]


def test_an_owner_that_renews_soon_after_the_database_is_back_keeps_its_table(
    postgres_url: str, redis_url: str, make_client: MakeClient
) -> None:
    client, table_id = _new_table(make_client, postgres_url, redis_url, "grace")
    with _beating(redis_url, HOLDER):
        node, lease = _held_by_the_test(client, table_id)
        sightings = _Sightings(node, table_id)
        holder = Leases(node.leases.engine, HOLDER, ttl=LEASE)
        assert sightings.first.wait(10), "the taker never looked for the table"
        # The holder renews a moment after the taker first saw its lease run out (its
        # database is back), then every third of a lease as a node does.
        end = time.monotonic() + 4 * LEASE
        time.sleep(LEASE / 5)
        while time.monotonic() < end:
            renewed = holder.renew(lease)
            assert renewed is not None, (
                f"the taker claimed table {table_id} {LEASE / 5:g} s after it first saw"
                f" the lease run out, while its holder said it was alive"
            )
            lease = renewed
            time.sleep(LEASE / 3)
        now = node.leases.holder(table_id)
        assert (now.node, now.epoch) == (HOLDER, lease.epoch)
        assert table_id not in node.tables.actors


def test_an_owner_alive_in_redis_that_never_renews_loses_its_table_after_a_lease(
    postgres_url: str, redis_url: str, make_client: MakeClient
) -> None:
    client, table_id = _new_table(make_client, postgres_url, redis_url, "graceout")
    with _beating(redis_url, HOLDER):
        node, _lease = _held_by_the_test(client, table_id)
        sightings = _Sightings(node, table_id)
        assert sightings.first.wait(10), "the taker never looked for the table"
        first = sightings.times[0]
        end = first + LEASE + 5.0
        while (node.leases.holder(table_id)).node != "taker":
            assert time.monotonic() < end, (
                f"table {table_id} stayed with a node that never renewed, {LEASE + 5:g} s"
                f" after the taker first saw its lease run out"
            )
            time.sleep(0.05)
        taken = time.monotonic()
    assert taken - first >= LEASE, (
        f"the taker claimed the table {taken - first:.2f} s after it first saw the lease"
        f" run out: its holder, alive in Redis, had less than a lease to renew"
    )
    end = time.monotonic() + 10
    while table_id not in node.tables.actors:
        assert time.monotonic() < end, "the taker claimed the table but did not play it"
        time.sleep(0.05)
