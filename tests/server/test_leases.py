"""Table leases on SQLite and on a real PostgreSQL: one node holds a table at a time, a
silent node's table moves on, and a node that lost its table can no longer store to it."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator

import pytest

from scala40.storage.leases import Lease, LeaseLost, Leases, fence
from scala40.storage.outage import store_away
from scala40.storage.store import SeatRow, Store, TableRow, now

from .helpers import own_database


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def store(request: pytest.FixtureRequest, db_url: str) -> Iterator[Store]:
    url = (
        db_url
        if request.param == "sqlite"
        else own_database(request.getfixturevalue("postgres_url"), "leases")
    )
    store = Store(url)
    store.migrate()
    try:
        yield store
    finally:
        store.close()


class Clock:
    """A clock the test moves by hand (what a node believes the time is)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _new_table(store: Store) -> str:
    table_id = secrets.token_hex(8)
    row = TableRow(table_id, now(), "fisca", {"players": 2}, 2**62, 0, None, "playing")
    store.create_table(
        row, [SeatRow(0, "human", "Anna", "x" * 64), SeatRow(1, "bot:club", "B", None)]
    )
    return table_id


def _nodes(store: Store, clock: Clock) -> tuple[Leases, Leases]:
    return (
        Leases(store.engine, "node-a", ttl=5.0, clock=clock),
        Leases(store.engine, "node-b", ttl=5.0, clock=clock),
    )


def test_a_live_lease_keeps_its_table_and_a_silent_one_moves_on(store: Store) -> None:
    clock = Clock()
    a, b = _nodes(store, clock)
    table = _new_table(store)
    held = a.claim(table)
    assert held is not None and held.epoch == 1 and held.node == "node-a"
    assert b.claim(table) is None
    clock.now += 4.0
    renewed = a.renew(held)
    assert renewed is not None and renewed.epoch == 1
    clock.now += 4.0  # 8 s after the claim, but 4 s after the renewal: still a's
    assert b.claim(table) is None
    clock.now += 6.0  # a fell silent
    taken = b.claim(table)
    assert taken is not None and taken.epoch == 2 and taken.node == "node-b"
    assert b.holder(table) == taken
    assert a.renew(renewed) is None  # the epoch moved on: a knows it lost the table


def test_a_node_that_lost_its_table_stores_nothing(store: Store) -> None:
    clock = Clock()
    a, b = _nodes(store, clock)
    table = _new_table(store)
    old = a.claim(table)
    assert old is not None
    _store_as(store, old, 1, 0, "draw")
    clock.now += 10.0  # a paused past its lease (a long pause, a stopped machine)
    new = b.claim(table)
    assert new is not None
    with pytest.raises(LeaseLost, match="node-a"):
        _store_as(store, old, 2, 1, "discard 7H")
    _store_as(store, new, 2, 1, "discard KS")
    [stored] = [t for t in store.unfinished() if t.table.id == table]
    assert stored.actions == [(1, 0, "draw"), (2, 1, "discard KS")]


def test_a_released_table_is_claimed_at_once(store: Store) -> None:
    clock = Clock()
    a, b = _nodes(store, clock)
    table = _new_table(store)
    held = a.claim(table)
    assert held is not None
    a.release(held)
    taken = b.claim(table)
    assert taken is not None and taken.epoch == 2


def test_a_restarted_node_claims_its_own_tables_again_with_a_new_epoch(store: Store) -> None:
    """Its earlier incarnation (killed, or paused and still running) is fenced too."""
    clock = Clock()
    a, _ = _nodes(store, clock)
    table = _new_table(store)
    first = a.claim(table)
    again = Leases(store.engine, "node-a", ttl=5.0, clock=clock).claim(table)
    assert first is not None and again is not None and again.epoch == first.epoch + 1
    with pytest.raises(LeaseLost):
        _store_as(store, first, 1, 0, "draw")


def _store_as(store: Store, lease: Lease, version: int, seat: int, text: str) -> None:
    """Store an action as the node holding ``lease`` would (its fences: this lease)."""
    store.fence_with({lease.table_id: lease})
    store.append_action(lease.table_id, version, seat, text)


def _race(store: Store, clock: Clock, table: str, racers: int = 6) -> list[Lease]:
    """Every racer claims ``table`` at the same moment: the leases won."""
    won: list[Lease] = []
    start = threading.Barrier(racers)

    def race(i: int) -> None:
        leases = Leases(store.engine, f"racer-{i}", ttl=5.0, clock=clock)
        start.wait()
        got = leases.claim(table)
        if got is not None:
            won.append(got)

    threads = [threading.Thread(target=race, args=(i,)) for i in range(racers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return won


def test_racing_nodes_claim_a_table_once(store: Store) -> None:
    clock = Clock()
    fresh = _new_table(store)
    [won] = _race(store, clock, fresh)
    assert Leases(store.engine, "check", clock=clock).holder(fresh) == won
    ran_out = _new_table(store)
    assert Leases(store.engine, "gone", ttl=5.0, clock=clock).claim(ran_out) is not None
    clock.now += 10.0
    [won] = _race(store, clock, ran_out)
    assert won.epoch == 2


@pytest.mark.slow
def test_a_node_paused_inside_a_write_holds_its_table_no_longer_than_its_lease(
    postgres_url: str,
) -> None:
    """A node stopped between the fence and the commit of a store keeps the lease row
    locked; the node taking its table over must not wait for it to wake."""
    url = own_database(postgres_url, "paused")
    sleeper_store, other_store = Store(url, paused_after=1.0), Store(url, paused_after=1.0)
    sleeper_store.migrate()
    try:
        clock = Clock()
        sleeper = Leases(sleeper_store.engine, "node-a", ttl=1.0, clock=clock)
        other = Leases(other_store.engine, "node-b", ttl=1.0, clock=clock)
        table = _new_table(sleeper_store)
        held = sleeper.claim(table)
        assert held is not None
        conn = sleeper_store.engine.connect()
        write = conn.begin()
        fence(conn, held)  # ... and the node stops here, the row locked
        clock.now += 2.0  # its lease ran out
        taken: list[Lease | None] = []
        claimer = threading.Thread(target=lambda: taken.append(other.claim(table)), daemon=True)
        started = time.monotonic()
        claimer.start()
        claimer.join(15)
        assert taken, "the other node still waits for the paused node's lock"
        assert taken[0] is not None and taken[0].epoch == 2
        print(f"taken over {time.monotonic() - started:.2f} s after the lease ran out")
        # Awake, the paused node finds its write gone: the store is away for it.
        with pytest.raises(Exception) as woke:
            write.commit()
        assert store_away(woke.value), woke.value
        conn.close()
        assert other.holder(table) == taken[0]
    finally:
        sleeper_store.close()
        other_store.close()


def test_a_node_name_is_checked() -> None:
    store = Store("sqlite://")
    with pytest.raises(ValueError, match="node name"):
        Leases(store.engine, "")
    store.close()
