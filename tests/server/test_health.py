"""``GET /api/health``: 200 while the server can serve a table, 503 naming the part that
failed — for a single server (its database) and for a cluster node (its Redis)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .cluster_nodes import Cluster, own_database
from .conftest import MakeClient, free_port, start_redis
from .helpers import create


def test_a_single_server_is_healthy_and_counts_its_live_tables(make_client: MakeClient) -> None:
    client = make_client()
    first = client.get("/api/health")
    assert first.status_code == 200
    body = first.json()
    assert body["status"] == "ok" and body["node"] is None
    assert body["checks"] == {"database": "ok"}  # no cluster: no Redis to check
    create(client, ["human", "bot:greedy"])
    time.sleep(1.05)  # one round of checks answers for a second
    assert client.get("/api/health").json()["live_tables"] == body["live_tables"] + 1


def test_a_server_that_lost_its_database_says_so(make_client: MakeClient, tmp_path: Path) -> None:
    folder = tmp_path / "db"
    folder.mkdir()
    client = make_client(db_url=f"sqlite:///{folder}/scala40.db")
    assert client.get("/api/health").status_code == 200
    shutil.rmtree(folder)  # the disk the database lived on is gone
    client.app.state.store.engine.dispose()  # type: ignore[attr-defined]
    time.sleep(1.05)
    answer = client.get("/api/health")
    assert answer.status_code == 503
    body = answer.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"] == "the database failed: OperationalError"
    assert str(tmp_path) not in answer.text  # the details go to the log, not to anyone


def _health(node_url: str) -> tuple[int, dict[str, Any]]:
    answer = httpx.get(node_url + "/api/health", timeout=10)
    return answer.status_code, answer.json()


def _until(node_url: str, status: int, seconds: float = 10.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        code, body = _health(node_url)
        if code == status:
            return body
        assert time.monotonic() < end, f"/api/health stayed {code}: {body}"
        time.sleep(0.2)


@pytest.mark.slow
def test_a_node_that_lost_redis_is_unavailable_until_redis_is_back(
    postgres_url: str, tmp_path: Path
) -> None:
    """Its own Redis, stopped under a running node: the node names Redis as what failed
    (a proxy then sends nobody to it), and is healthy again once Redis is back."""
    port = free_port()
    redis = start_redis(tmp_path, port)
    cluster = Cluster(own_database(postgres_url, "health"), f"redis://127.0.0.1:{port}/0", tmp_path)
    try:
        (node,) = cluster.add()
        body = _until(node.url, 200)
        assert body["node"] == node.name
        assert body["checks"] == {"database": "ok", "redis": "ok", "node": "ok"}
        redis.terminate()
        redis.wait(timeout=10)
        body = _until(node.url, 503)
        assert body["checks"]["database"] == "ok"
        assert body["checks"]["redis"] == "Redis failed: ConnectionError"
        redis = start_redis(tmp_path, port)
        _until(node.url, 200)
    finally:
        cluster.stop()
        redis.terminate()
        redis.wait(timeout=10)
