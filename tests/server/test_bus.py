"""The table bus on a real Redis: intents reach the owner in order, each seat reads only its
own messages, a reader resumes after a blink, and a fenced old owner is not heard."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator

import pytest

from scala40.server.bus import TableBus


@pytest.fixture
def bus(redis_url: str) -> Iterator[TableBus]:
    bus = TableBus(redis_url)
    try:
        assert bus.ping()
        yield bus
    finally:
        bus.close()


def test_intents_reach_the_owner_in_the_order_they_were_sent(bus: TableBus) -> None:
    table = secrets.token_hex(8)
    bus.send_intent(table, 0, {"type": "action", "action": "draw", "v": 1})
    bus.send_intent(table, 2, {"type": "chat", "text": "ciao"})
    got = bus.intents(table)
    assert [(seat, m["type"]) for _, seat, m in got] == [(0, "action"), (2, "chat")]
    last = got[-1][0]
    assert bus.intents(table, after=last) == []


def test_each_seat_reads_its_own_messages_only(bus: TableBus) -> None:
    table = secrets.token_hex(8)
    bus.publish(table, 0, 1, {"type": "state", "view": {"hand": ["7H", "KS"]}})
    bus.publish(table, 1, 1, {"type": "state", "view": {"hand": ["2C"]}})
    bus.publish(table, None, 1, {"type": "state", "view": {"hand": []}})
    assert [e.message["view"]["hand"] for e in bus.read(table, 1)] == [["2C"]]
    assert [e.message["view"]["hand"] for e in bus.read(table, 0)] == [["7H", "KS"]]
    assert [e.message["view"]["hand"] for e in bus.read(table, None)] == [[]]


def test_a_reader_resumes_after_the_last_message_it_saw(bus: TableBus, redis_url: str) -> None:
    table = secrets.token_hex(8)
    for v in (1, 2):
        bus.publish(table, 3, 1, {"v": v})
    seen = bus.read(table, 3)
    # The node's connection to Redis drops; the table plays on; a new connection reads on.
    for v in (3, 4):
        bus.publish(table, 3, 1, {"v": v})
    again = TableBus(redis_url)
    try:
        rest = again.read(table, 3, after=seen[-1].id)
    finally:
        again.close()
    assert [e.message["v"] for e in seen + rest] == [1, 2, 3, 4]


def test_a_blocked_reader_wakes_for_the_next_message(bus: TableBus) -> None:
    table = secrets.token_hex(8)
    later = threading.Timer(0.2, lambda: bus.publish(table, 0, 1, {"v": 9}))
    later.start()
    try:
        got = bus.read(table, 0, after="0", block_ms=5000)  # blocks: the stream is empty
    finally:
        later.cancel()
        later.join()  # its publish may still be reading Redis's answer
    assert [e.message["v"] for e in got] == [9]


def test_messages_of_a_fenced_old_owner_are_dropped(bus: TableBus) -> None:
    """Once a reader has seen the new owner's epoch, a late write of the old one is not
    passed on (the old owner could not store it either: see the leases)."""
    table = secrets.token_hex(8)
    bus.publish(table, 0, 1, {"v": 5})
    bus.publish(table, 0, 2, {"v": 6})  # the table moved to another node
    bus.publish(table, 0, 1, {"v": 6, "from": "the paused old owner"})
    got = bus.read(table, 0)
    assert [(e.epoch, e.message["v"]) for e in got] == [(1, 5), (2, 6)]
    more = bus.read(table, 0, after=got[-1].id, newest_epoch=got[-1].epoch)
    assert more == []
