"""A node that slept past its leases (SIGSTOP) checks them before it answers anything: a
socket that reached it while it slept is never sent the table as it was before the sleep
while another node has played it on since."""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from scala40.bots import make_bot

from .cluster_nodes import Cluster, ConnectionClosed, Player, own_database
from .test_cluster import _play_turn

pytestmark = pytest.mark.slow

LEASE = 1.0


def test_a_socket_reaching_a_woken_node_is_never_sent_the_state_from_before_its_sleep(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "woken"), redis_url, tmp_path, LEASE)
    try:
        sleeper, other = cluster.add(2)
        body = {"seats": ["human", "bot:easy"], "nickname": "Anna"}
        made = httpx.post(sleeper.url + "/api/tables", json=body, timeout=10).json()
        table_id = made["table_id"]
        assert sleeper.process is not None
        sleeper.process.send_signal(signal.SIGSTOP)
        try:
            end = time.monotonic() + 15
            while (cluster.holder(table_id) or ("",))[0] != other.name:
                assert time.monotonic() < end, "nobody took the table over"
                time.sleep(0.1)
            before = max(cluster.stored_actions(table_id), default=0)
            # Anna plays on at the node that took the table over.
            anna = Player(cluster, table_id, made["token"], random.Random(2))
            anna.connect(other)
            bot = make_bot("easy")
            while max(cluster.stored_actions(table_id), default=0) < before + 2:
                assert time.monotonic() < end, "the table did not move on"
                anna.read(0.05)
                _play_turn(anna, bot, anna.rng)
            anna.close()
            # A spectator's socket reaches the sleeping node, which answers once it wakes.
            first: list[Any] = []

            def watch() -> None:
                url = sleeper.url.replace("http", "ws", 1) + f"/ws/{table_id}?watch"
                try:
                    with connect(url, open_timeout=20) as ws:
                        while True:
                            msg = json.loads(ws.recv(timeout=10))
                            if msg["type"] == "state":
                                first.append(msg["v"])
                                return
                except ConnectionClosed as closed:
                    first.append(f"closed {closed.rcvd.code if closed.rcvd else None}")
                except Exception as err:
                    first.append(repr(err))

            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
            time.sleep(1.0)
        finally:
            sleeper.process.send_signal(signal.SIGCONT)
        watcher.join(20)
        stored = max(cluster.stored_actions(table_id))
        assert first, "the woken node never answered"
        assert first[0] == stored or first[0] == "closed 1012", (
            f"the woken node sent {first[0]!r}; the table is at version {stored}"
        )
    finally:
        cluster.stop()
