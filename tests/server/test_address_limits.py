"""Per-address limits count an IPv6 client by its network, and a node's default name says
nothing of its host."""

from __future__ import annotations

import socket
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scala40.server.guard.addresses import limit_key
from scala40.server.settings import Settings

from .helpers import client_at

BODY = {"seats": ["human", "human"], "nickname": "Anna"}


def test_thirty_addresses_of_one_ipv6_home_share_its_limit(make_client: Any) -> None:
    started = make_client(tables_per_minute=3)

    def at(host: str) -> Any:
        return client_at(started, host)

    home = [at(f"2001:db8:1:2::{i:x}") for i in range(1, 31)]
    codes = [c.post("/api/tables", json=BODY).status_code for c in home]
    assert codes == [201] * 3 + [429] * 27
    # Another home, and an IPv4 client, are counted apart.
    assert at("2001:db8:1:3::1").post("/api/tables", json=BODY).status_code == 201
    assert at("203.0.113.7").post("/api/tables", json=BODY).status_code == 201


def test_each_ipv6_address_counts_alone_when_the_prefix_is_128(make_client: Any) -> None:
    started = make_client(tables_per_minute=1, ipv6_prefix=128)
    codes = [
        client_at(started, f"2001:db8::{i}").post("/api/tables", json=BODY).status_code
        for i in range(1, 5)
    ]
    assert codes == [201] * 4


def test_limit_keys() -> None:
    assert limit_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64) == "2001:db8:1:2::/64"
    assert limit_key("2001:db8:1:2::1", 48) == "2001:db8:1::/48"
    assert limit_key("::ffff:203.0.113.7", 64) == "203.0.113.7"
    assert limit_key("fe80::1%eth0", 64) == "fe80::/64"
    assert limit_key("203.0.113.7", 64) == "203.0.113.7"
    assert limit_key("unknown", 64) == "unknown"


@given(st.ip_addresses(v=6), st.integers(0, 2**64 - 1))
def test_every_address_of_a_64_has_the_key_of_the_64(address: Any, low: int) -> None:
    neighbour = type(address)((int(address) >> 64 << 64) | low)
    if address.ipv4_mapped is None and neighbour.ipv4_mapped is None:
        assert limit_key(str(address), 64) == limit_key(str(neighbour), 64)


def test_the_default_node_name_names_nothing_of_the_host() -> None:
    name = Settings().node_name()
    assert socket.gethostname() not in name
    assert name == Settings().node_name()  # fixed for the process's life
    assert Settings(node="node1").node_name() == "node1"
