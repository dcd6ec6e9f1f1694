"""A socket sent to the node that plays its table, not relayed through Redis.

With ``--public-url``, a node says where clients reach it. A client that asks
(``direct=1``) and whose socket reaches another node is closed with 4307 and the owner's
WebSocket address, and plays there; a client that did not ask is relayed as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from scala40 import loadtest
from scala40.server.cluster.bus import Kind, inbox
from scala40.server.cluster.direct import socket_base
from scala40.server.wire.refusals import CloseCode

from .cluster_nodes import Cluster, own_database

pytestmark = pytest.mark.slow


def _ws(url: str) -> str:
    return "ws" + url[len("http") :]


def _first_state(ws: Any) -> dict[str, Any]:
    ws.send(json.dumps({"type": "sync"}))
    while True:
        msg = json.loads(ws.recv(timeout=10))
        if msg["type"] == "state":
            return dict(msg)


def test_a_socket_that_asks_is_sent_to_the_owner_and_plays_there(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "direct"), redis_url, tmp_path, 2.0, direct=True)
    try:
        owner, other = cluster.add(2)
        body = {"seats": ["human", "bot:easy"], "nickname": "Anna"}
        made = httpx.post(owner.url + "/api/tables", json=body, timeout=10).json()
        table_id, token = made["table_id"], made["token"]
        path = f"/ws/{table_id}?token={token}&patches=1"
        with (
            connect(_ws(other.url) + path + "&direct=1") as ws,
            pytest.raises(ConnectionClosed) as closed,
        ):
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == CloseCode.ELSEWHERE
        assert closed.value.rcvd.reason == _ws(owner.url)
        # Where it was sent, it plays: the owner's own socket, with the seat's hand.
        with connect(closed.value.rcvd.reason + path + "&direct=1") as ws:
            state = _first_state(ws)
        assert state["view"]["seat"] == 0 and len(state["view"]["hand"]) == 13
        # A client that did not ask is relayed by the node it reached, as before.
        with connect(_ws(other.url) + path) as ws:
            relayed = _first_state(ws)
        assert relayed["view"]["hand"] == state["view"]["hand"]
        # At the owner itself nothing changes for a client that asks.
        with connect(_ws(owner.url) + f"/ws/{table_id}?watch=1&direct=1") as ws:
            watched = _first_state(ws)
        assert watched["view"]["hand"] == []
    finally:
        cluster.stop()


def _inbox_ends(redis_url: str, nodes: list[str]) -> dict[str, str]:
    """The last entry of each node's inbox now (the session's Redis keeps the inboxes of
    earlier tests' nodes of the same names)."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        ends: dict[str, str] = {}
        for n in nodes:
            last: Any = client.xrevrange(inbox(n), count=1)
            ends[n] = str(last[0][0]) if last else "0-0"
        return ends
    finally:
        client.close()


def _relayed_messages(redis_url: str, since: dict[str, str]) -> int:
    """Messages the nodes relayed to each other's sockets since ``since`` (their inboxes'
    entries: a client's message to the owner, the owner's to the client)."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        count = 0
        for node, end in since.items():
            entries: Any = client.xrange(inbox(node), min=f"({end}")
            count += sum(1 for _, fields in entries if fields["k"] in (Kind.DELIVER, Kind.SAY))
        return count
    finally:
        client.close()


@pytest.mark.parametrize("direct", [False, True], ids=["relayed", "direct"])
def test_the_load_test_plays_across_nodes_relayed_or_sent_to_the_owners(
    postgres_url: str, redis_url: str, tmp_path: Path, direct: bool
) -> None:
    name = "loaddirect" if direct else "loadrelay"
    cluster = Cluster(own_database(postgres_url, name), redis_url, tmp_path, 2.0, direct=direct)
    try:
        nodes = cluster.add(2)
        since = _inbox_ends(redis_url, [n.name for n in nodes])
        # Clients that answer at once, sent straight to the owners, keep within the
        # server's 20 messages a second (a message dropped by it would stall the table).
        # Whole single-hand matches, not a time window: under a loaded CI the tables'
        # creation and joins alone once took longer than a 3 s window.
        tally = loadtest.play([n.url for n in nodes], 1, hands=1, think_ms=0, direct=direct)
        relayed = _relayed_messages(redis_url, since)
    finally:
        cluster.stop()
    assert tally.errors == 0, tally.samples
    assert len(tally.finished) == loadtest.SEATS, "a client did not see its match end"
    assert tally.actions >= 8  # a hand may end early: someone went out
    # The table's seats play through both nodes: relayed, hundreds of messages cross
    # Redis; sent to the owner, none.
    if direct:
        assert relayed == 0
    else:
        assert relayed >= tally.actions


def test_without_an_address_a_socket_that_asks_is_relayed(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "nodirect"), redis_url, tmp_path, 2.0)
    try:
        owner, other = cluster.add(2)
        body = {"seats": ["human", "bot:easy"], "nickname": "Anna"}
        made = httpx.post(owner.url + "/api/tables", json=body, timeout=10).json()
        url = _ws(other.url) + f"/ws/{made['table_id']}?token={made['token']}&direct=1"
        with connect(url) as ws:
            state = _first_state(ws)
        assert len(state["view"]["hand"]) == 13
    finally:
        cluster.stop()


@pytest.mark.parametrize(
    ("given", "base"),
    [
        ("http://127.0.0.1:8001", "ws://127.0.0.1:8001"),
        ("https://cards.example.org/n/node2/", "wss://cards.example.org/n/node2"),
        ("WSS://cards.example.org", "wss://cards.example.org"),
    ],
)
def test_a_public_url_becomes_the_node_s_websocket_address(given: str, base: str) -> None:
    assert socket_base(given) == base


@pytest.mark.parametrize(
    ("given", "names"),
    [
        ("cards.example.org", "http(s):// or ws(s)://"),
        ("ftp://cards.example.org", "http(s):// or ws(s)://"),
        ("https://cards.example.org/?node=2", "no ? or # part"),
        ("https://" + "n" * 120 + ".example.org", "at most 100 bytes"),
    ],
)
def test_a_bad_public_url_is_refused_naming_the_problem(given: str, names: str) -> None:
    with pytest.raises(ValueError, match="--public-url") as refused:
        socket_base(given)
    assert names in str(refused.value)
