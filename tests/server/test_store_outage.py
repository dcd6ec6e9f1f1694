"""While the database is away, the HTTP API says so in its own JSON shape (503
``store_unavailable``), never a bare 500, and it answers as before once the database is back."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, func, select

from scala40.storage import schema

from .conftest import MakeClient, PostgresServer

pytestmark = pytest.mark.slow

NEW_TABLE = {"seats": ["human", "bot:club"], "nickname": "Anna"}


def _as_a_browser(client: Any) -> None:
    """A failure comes back as the answer a browser gets, not as the app's exception."""
    client._transport.raise_server_exceptions = False


def _refused_while_away(response: Any) -> None:
    """A user (or the lobby page) is told the store is away, in the documented shape."""
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith("application/json")
    error = response.json()["error"]
    assert error["code"] == "store_unavailable"
    assert "database" in error["message"]


def test_while_postgresql_is_down_the_api_answers_503_json_and_recovers(
    own_postgres: PostgresServer, make_client: MakeClient
) -> None:
    client = make_client(db_url=own_postgres.url)
    made = client.post("/api/tables", json=NEW_TABLE)
    assert made.status_code == 201
    own_postgres.stop()
    try:
        _as_a_browser(client)
        _refused_while_away(client.post("/api/tables", json=NEW_TABLE))
        _refused_while_away(client.get("/api/history"))
        _refused_while_away(client.get("/api/leaderboard"))
        _refused_while_away(client.get("/api/tables/no-such-table"))
        _refused_while_away(client.post("/api/players", json={"nickname": "Bea"}))
    finally:
        own_postgres.start()
    assert client.get("/api/history").status_code == 200
    assert client.post("/api/tables", json=NEW_TABLE).status_code == 201


def test_a_cluster_nodes_lobby_answers_503_json_while_postgresql_is_down(
    own_postgres: PostgresServer, redis_url: str, make_client: MakeClient
) -> None:
    client = make_client(db_url=own_postgres.url, redis_url=redis_url, node="outage1")
    assert client.get("/api/tables").status_code == 200
    own_postgres.stop()
    try:
        _as_a_browser(client)
        _refused_while_away(client.get("/api/tables"))
        _refused_while_away(client.post("/api/tables", json=NEW_TABLE))
    finally:
        own_postgres.start()
    assert client.get("/api/tables").status_code == 200


def test_a_single_server_whose_sqlite_file_is_gone_answers_503_json(
    tmp_path: Path, make_client: MakeClient
) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    client = make_client(db_url=f"sqlite:///{folder / 'scala40.db'}")
    assert client.get("/api/history").status_code == 200
    shutil.rmtree(folder)  # the disk the database was on went away
    client.app.state.store.engine.dispose()  # type: ignore[attr-defined]
    _as_a_browser(client)
    _refused_while_away(client.get("/api/history"))
    _refused_while_away(client.get("/api/leaderboard"))
    _refused_while_away(client.post("/api/tables", json=NEW_TABLE))


def _last_version(url: str, table_id: str) -> int:
    """The table's last stored version, as the database has it (0: none)."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            a = schema.actions
            found = conn.execute(
                select(func.max(a.c.version)).where(a.c.table_id == table_id)
            ).scalar()
    finally:
        engine.dispose()
    return int(found or 0)


def test_a_table_of_bots_moves_on_by_itself_after_a_postgresql_restart(
    own_postgres: PostgresServer, make_client: MakeClient
) -> None:
    # Nobody is connected and nobody will reconnect: a stand-in plays the one human seat
    # (no grace), and the bots do not pause for want of a watcher.
    client = make_client(
        db_url=own_postgres.url, bot_pause=0.05, grace_seconds=0.0, bots_pause_seconds=600.0
    )
    made = client.post(
        "/api/tables", json={**NEW_TABLE, "seats": ["human", "bot:club", "bot:easy"]}
    )
    table_id = made.json()["table_id"]
    end = time.monotonic() + 10.0
    while _last_version(own_postgres.url, table_id) < 5:
        assert time.monotonic() < end, "the bots did not start playing"
        time.sleep(0.05)
    own_postgres.stop()  # as a crash: the bots' moves cannot be stored for a while
    time.sleep(2.0)
    own_postgres.start()
    before = _last_version(own_postgres.url, table_id)
    back = time.monotonic()
    while _last_version(own_postgres.url, table_id) <= before:
        assert time.monotonic() - back < 10.0, "the table stood still after the database came back"
        time.sleep(0.1)
    waited = time.monotonic() - back
    assert client.get(f"/api/tables/{table_id}").json()["status"] in ("playing", "over")
    print(f"first move {waited:.2f} s after the database was back")
