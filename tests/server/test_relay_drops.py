"""A relayed connection ends on both sides when either side lets it go.

The node holding a player's socket relays it to the node playing the table (the owner).
When the owner lets that relay go — the socket's node stopped saying it is alive (paused
past its lease), or Redis failed under the owner's sender — the socket's node must close
the socket (1012, the page reconnects and gets a whole view), never keep it open and
answer its pings while its moves and syncs go nowhere.
"""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .cluster_nodes import Cluster, ConnectionClosed, NodeProcess, Player, own_database
from .conftest import RedisServer

pytestmark = pytest.mark.slow

LEASE = 1.0


def _relayed_player(cluster: Cluster) -> tuple[Player, Player, NodeProcess, NodeProcess]:
    """A table of two people played by the first node, whose first person is connected to
    the second node (relayed) and whose second person is not connected yet: (the relayed
    player, the other player, the owner, the socket's node)."""
    owner, other = cluster.add(2)
    made = httpx.post(
        owner.url + "/api/tables",
        json={"seats": ["human", "human"], "nickname": "Anna"},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]
    joined = httpx.post(
        f"{owner.url}/api/tables/{table_id}/join", json={"nickname": "Bruno"}, timeout=10
    )
    assert joined.status_code == 200, joined.text
    rng = random.Random(1)
    relayed = Player(cluster, table_id, made.json()["token"], rng)
    relayed.connect(other)
    assert _next_state(relayed, 10.0) is not None
    return relayed, Player(cluster, table_id, joined.json()["token"], rng), owner, other


def _next_state(player: Player, seconds: float) -> dict[str, Any] | None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        msg = player.read(max(0.01, end - time.monotonic()))
        if msg is not None and msg["type"] == "state":
            return msg
    return None


def _answered_or_sent_away(player: Player, seconds: float) -> str:
    """What a page sees when it asks for the table again: ``"answered"`` (a state),
    ``"closed CODE"`` (it is told to reconnect) or ``"nothing"`` within ``seconds``."""
    try:
        player.send({"type": "sync"})
        return "answered" if _next_state(player, seconds) is not None else "nothing"
    except ConnectionClosed as closed:
        return f"closed {closed.rcvd.code if closed.rcvd is not None else None}"


def test_a_socket_whose_node_paused_past_its_lease_is_answered_or_closed(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "relaypause"), redis_url, tmp_path, LEASE)
    try:
        player, _, _owner, other = _relayed_player(cluster)
        assert other.process is not None
        other.process.send_signal(signal.SIGSTOP)  # the socket's node sleeps past its lease
        time.sleep(LEASE * 3 + 1.0)  # the owner sees it dead and lets its relays go
        other.process.send_signal(signal.SIGCONT)
        seen = _answered_or_sent_away(player, 5.0)
        assert seen in ("answered", "closed 1012"), f"the page's sync got {seen}"
        player.connect(other)  # the page reconnects (or just goes on) and plays on
        assert _next_state(player, 10.0) is not None
        player.close()
    finally:
        cluster.stop()


def test_a_relayed_socket_is_answered_or_closed_after_a_redis_blink(
    postgres_url: str, own_redis: RedisServer, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "relayblink"), own_redis.url, tmp_path, LEASE)
    try:
        player, second, owner, _other = _relayed_player(cluster)
        own_redis.stop()
        time.sleep(0.5)
        # The second person arrives at the owner meanwhile: the owner tells the relayed
        # seat, which cannot be passed on while Redis is away.
        second.connect(owner)
        assert _next_state(second, 10.0) is not None
        time.sleep(0.5)
        own_redis.start()
        time.sleep(LEASE * 2)
        seen = _answered_or_sent_away(player, 5.0)
        assert seen in ("answered", "closed 1012"), f"the page's sync got {seen}"
    finally:
        cluster.stop()
