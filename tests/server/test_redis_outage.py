"""A short Redis outage moves no table: a node renews its leases in PostgreSQL whether or
not it can say it is alive in Redis, so every table stays with its node and its players'
sockets stay open."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from .cluster_nodes import Cluster, own_database
from .conftest import PostgresServer, RedisServer

pytestmark = pytest.mark.slow

OUTAGE = 3.0
"""Seconds Redis is away: longer than the lease (2 s), as in the issue's reports."""


def test_a_redis_outage_longer_than_the_lease_moves_no_table(
    postgres_url: str, own_redis: RedisServer, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "redisout"), own_redis.url, tmp_path, 2.0)
    try:
        first, _second = cluster.add(2)
        tables = []
        for _ in range(4):
            body = {"seats": ["human", "bot:easy"], "nickname": "Anna"}
            made = httpx.post(first.url + "/api/tables", json=body, timeout=10)
            assert made.status_code == 201, made.text
            tables.append(made.json()["table_id"])
        held = {t: cluster.holder(t) for t in tables}
        assert all(h is not None and h[0] == first.name for h in held.values())
        own_redis.stop()
        time.sleep(OUTAGE)
        own_redis.start()
        time.sleep(cluster.lease_seconds * 2)  # time for any take-over to show
        for table_id, was in held.items():
            now = cluster.holder(table_id)
            assert now is not None and was is not None
            assert (now[0], now[1]) == (was[0], was[1]), (
                f"table {table_id} moved from {was[0]} (epoch {was[1]}) to {now[0]}"
                f" (epoch {now[1]}) during a {OUTAGE:g} s Redis outage"
            )
    finally:
        cluster.stop()


def test_a_postgresql_restart_longer_than_the_lease_moves_no_table(
    own_postgres: PostgresServer, redis_url: str, tmp_path: Path
) -> None:
    cluster = Cluster(own_postgres.url, redis_url, tmp_path, 2.0)
    try:
        first, _second = cluster.add(2)
        tables = []
        for _ in range(4):
            body = {"seats": ["human", "bot:easy"], "nickname": "Anna"}
            made = httpx.post(first.url + "/api/tables", json=body, timeout=10)
            assert made.status_code == 201, made.text
            tables.append(made.json()["table_id"])
        held = {t: cluster.holder(t) for t in tables}
        own_postgres.stop()  # -m immediate, as a crash
        time.sleep(OUTAGE)
        own_postgres.start()
        time.sleep(cluster.lease_seconds * 2)
        for table_id, was in held.items():
            now = cluster.holder(table_id)
            assert now is not None and was is not None
            assert (now[0], now[1]) == (was[0], was[1]), (
                f"table {table_id} moved from {was[0]} (epoch {was[1]}) to {now[0]}"
                f" (epoch {now[1]}) during a {OUTAGE:g} s PostgreSQL restart"
            )
    finally:
        cluster.stop()


def test_a_join_forwarded_while_redis_is_away_is_a_503_to_try_again(
    postgres_url: str, own_redis: RedisServer, tmp_path: Path
) -> None:
    cluster = Cluster(own_database(postgres_url, "redisjoin"), own_redis.url, tmp_path, 2.0)
    try:
        first, second = cluster.add(2)
        body = {"seats": ["human", "human"], "nickname": "Anna"}
        made = httpx.post(first.url + "/api/tables", json=body, timeout=10)
        table_id = made.json()["table_id"]
        own_redis.stop()
        try:
            joined = httpx.post(
                f"{second.url}/api/tables/{table_id}/join", json={"nickname": "Bruno"}, timeout=15
            )
        finally:
            own_redis.start()
        assert joined.status_code == 503, joined.text
        assert joined.json()["error"]["code"] == "server_error"
        assert "try again" in joined.json()["error"]["message"]
    finally:
        cluster.stop()
