"""The node bus on a real Redis: entries reach a node's inbox in order, a node reads only its
own inbox, a restarted node does not read what was meant for its earlier life, and a node
that stops beating is seen as gone."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from scala40.server.cluster.bus import Kind, NodeBus, inbox

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
