"""The node bus on a real Redis: entries reach a node's inbox in order, a node reads only its
own inbox, a restarted node does not read what was meant for its earlier life, and a node
that stops beating is seen as gone."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from scala40.server.cluster.bus import Kind, NodeBus, inbox

from .conftest import RedisServer

pytestmark = pytest.mark.slow


def _node() -> str:
    return "n-" + secrets.token_hex(4)


async def _pair(redis_url: str) -> tuple[NodeBus, NodeBus]:
    a, b = NodeBus(redis_url, _node()), NodeBus(redis_url, _node())
    await a.start()
    await b.start()
    return a, b


def test_entries_reach_the_addressed_node_in_order(redis_url: str) -> None:
    async def go() -> None:
        a, b = await _pair(redis_url)
        try:
            await a.send(b.node, Kind.SAY, {"conn": "c1", "text": '{"type": "action"}'})
            await a.send(b.node, Kind.SHUT, {"conn": "c1"})
            got = await b.receive(block_ms=100)
            assert [(e.kind, e.body["conn"]) for e in got] == [(Kind.SAY, "c1"), (Kind.SHUT, "c1")]
            assert await b.receive(block_ms=50) == []  # read once
            assert await a.receive(block_ms=50) == []  # nothing was for a
        finally:
            await a.close()
            await b.close()

    asyncio.run(go())


def test_a_seat_message_goes_to_the_one_node_holding_its_socket(redis_url: str) -> None:
    async def go() -> None:
        owner, holder = await _pair(redis_url)
        other = NodeBus(redis_url, _node())
        await other.start()
        try:
            secret = {"conn": "c2", "epoch": 1, "message": {"view": {"hand": ["7H", "KS"]}}}
            await owner.send(holder.node, Kind.DELIVER, secret)
            assert [e.body for e in await holder.receive(block_ms=100)] == [secret]
            assert await other.receive(block_ms=50) == []
        finally:
            for bus in (owner, holder, other):
                await bus.close()

    asyncio.run(go())


def test_a_restarted_node_does_not_read_its_earlier_lifes_entries(redis_url: str) -> None:
    async def go() -> None:
        sender, first = await _pair(redis_url)
        await sender.send(first.node, Kind.SHUT, {"conn": "old"})
        await first.close()
        again = NodeBus(redis_url, first.node)
        await again.start()
        try:
            assert await again.receive(block_ms=50) == []
            await sender.send(again.node, Kind.SHUT, {"conn": "new"})
            assert [e.body["conn"] for e in await again.receive(block_ms=100)] == ["new"]
        finally:
            await again.close()
            await sender.close()

    asyncio.run(go())


def test_a_blocked_read_wakes_for_an_entry(redis_url: str) -> None:
    async def go() -> None:
        a, b = await _pair(redis_url)
        try:
            reading = asyncio.create_task(b.receive(block_ms=5000))
            await asyncio.sleep(0.1)
            await a.send(b.node, Kind.OPEN, {"conn": "c3"})
            got = await asyncio.wait_for(reading, 2.0)
            assert [e.kind for e in got] == [Kind.OPEN]
        finally:
            await a.close()
            await b.close()

    asyncio.run(go())


def test_a_node_is_alive_while_it_beats(redis_url: str) -> None:
    async def go() -> None:
        a, b = await _pair(redis_url)
        try:
            await a.beat(0.3)
            assert await b.alive([a.node, b.node]) == {a.node}
            await asyncio.sleep(0.4)
            assert await b.alive([a.node]) == set()
        finally:
            await a.close()
            await b.close()

    asyncio.run(go())


def test_a_node_that_stopped_beating_leaves_no_inbox_behind(redis_url: str) -> None:
    """A retired node's name (a machine gone, a renamed node) costs Redis nothing for good:
    its inbox goes a while after its last beat, and a beating node's inbox stays."""

    async def go() -> None:
        sender = NodeBus(redis_url, _node())
        gone = NodeBus(redis_url, _node(), inbox_keep=0.3)
        await sender.start()
        await gone.start()
        try:
            await gone.beat(0.1)
            await sender.send(gone.node, Kind.SHUT, {"conn": "c1"})
            assert await sender.redis.exists(inbox(gone.node)) == 1
            await sender.beat(0.1)
            await asyncio.sleep(0.5)
            assert await sender.redis.exists(inbox(gone.node)) == 0
            assert await sender.redis.pttl(inbox(sender.node)) > 0  # kept, and only a while
            assert await sender.redis.exists(inbox(sender.node)) == 1
        finally:
            await gone.close()
            await sender.close()

    asyncio.run(go())


def test_many_connections_sending_at_once_lose_nothing_and_keep_each_ones_order(
    redis_url: str,
) -> None:
    """What many connections send to one node at once goes in shared writes (bus.py): every
    entry arrives, once, and each connection's in the order it sent them."""

    async def go() -> None:
        a, b = await _pair(redis_url)

        async def connection(conn: str) -> None:
            for i in range(0, 12, 3):
                await a.send(b.node, Kind.SAY, {"conn": conn, "i": i})
                await a.send_all(
                    b.node,
                    [
                        (Kind.SAY, {"conn": conn, "i": i + 1}),
                        (Kind.SAY, {"conn": conn, "i": i + 2}),
                    ],
                )

        try:
            conns = [f"c{n}" for n in range(25)]
            await asyncio.gather(*(connection(c) for c in conns))
            got: list[dict[str, object]] = []
            while len(got) < 25 * 12:
                more = await b.receive(block_ms=500)
                assert more, f"only {len(got)} of {25 * 12} entries arrived"
                got += [e.body for e in more]
            assert await b.receive(block_ms=50) == []
            for conn in conns:
                assert [e["i"] for e in got if e["conn"] == conn] == list(range(12))
        finally:
            await a.close()
            await b.close()

    asyncio.run(go())


def test_while_redis_is_away_every_waiting_sender_is_told_and_none_is_stuck(
    own_redis: RedisServer,
) -> None:
    """A write that fails fails every sender waiting on it (each ends its relay, node.py),
    and the next send, once Redis is back, is written: nothing waits for ever."""

    async def go() -> None:
        a, b = await _pair(own_redis.url)
        try:
            own_redis.stop()
            sent = await asyncio.wait_for(
                asyncio.gather(
                    *(a.send(b.node, Kind.SHUT, {"conn": f"c{n}"}) for n in range(6)),
                    return_exceptions=True,
                ),
                20.0,
            )
            assert all(isinstance(result, Exception) for result in sent), sent
            own_redis.start()
            await asyncio.wait_for(a.send(b.node, Kind.SHUT, {"conn": "after"}), 20.0)
            assert [e.body["conn"] for e in await b.receive(block_ms=500)] == ["after"]
        finally:
            await a.close()
            await b.close()

    asyncio.run(go())
