"""Joining a table: one transaction, a retry that finds its seat, and repairs at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import select

from scala40.storage import schema
from scala40.storage.store import SeatRow, Store, TableRow, now
from scala40.storage.tokens import token_hash

from .helpers import create, migrated_store, until, ws_url

TOKEN = "T" * 43


def test_a_join_asked_twice_with_its_token_gets_the_same_seat(make_client: Any) -> None:
    client = make_client()
    made = create(client, ["human", "human", "human"])
    path = f"/api/tables/{made['table_id']}/join"
    first = client.post(path, json={"nickname": "Bea", "token": TOKEN})
    again = client.post(path, json={"nickname": "Bea", "token": TOKEN})
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"seat": 1, "token": TOKEN}
    seats = client.get(f"/api/tables/{made['table_id']}").json()["seats"]
    assert [s["taken"] for s in seats] == [True, True, False]
    # The last seat: the table starts, and asking again still answers the same seat.
    last = client.post(path, json={"nickname": "Cleo", "token": "C" * 43}).json()
    assert last["seat"] == 2
    assert client.post(path, json={"nickname": "Cleo", "token": "C" * 43}).json()["seat"] == 2
    assert client.get(f"/api/tables/{made['table_id']}").json()["status"] == "playing"
    other = client.post(path, json={"nickname": "Dan"})
    assert other.status_code == 409 and other.json()["error"]["code"] == "table_full"
    with client.websocket_connect(ws_url(made, TOKEN)) as ws:
        assert until(ws, "state")["view"]["seat"] == 1


def test_a_weak_or_malformed_client_token_is_refused(make_client: Any) -> None:
    client = make_client()
    made = create(client, ["human", "human"])
    path = f"/api/tables/{made['table_id']}/join"
    for bad in ["short", "x" * 200, "a b" * 20, 12345, ["t" * 40]]:
        r = client.post(path, json={"nickname": "Bea", "token": bad})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_token", bad
    assert client.get(f"/api/tables/{made['table_id']}").json()["status"] == "waiting"


def test_the_join_that_fills_the_table_starts_it_in_the_same_transaction(
    make_client: Any, db_url: str
) -> None:
    client = make_client()
    made = create(client, ["human", "human"])
    client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea"})
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            status = conn.execute(
                select(schema.tables.c.status).where(schema.tables.c.id == made["table_id"])
            ).scalar_one()
    finally:
        store.close()
    assert status == "playing"


def test_start_up_starts_a_full_table_an_older_version_left_waiting(
    make_client: Any, db_url: str, tmp_path: Path
) -> None:
    # What the old two-transaction join left after a crash between its commits.
    store = migrated_store(db_url, tmp_path / "server.key")
    row = TableRow("stuck1", now(), "fisca", {"players": 2}, 77, 0, None, "waiting")
    seats = [
        SeatRow(0, "human", "Anna", token_hash("a" * 43)),
        SeatRow(1, "human", "Bea", token_hash("b" * 43)),
    ]
    store.create_table(row, seats)
    store.close()
    client = make_client()
    assert client.get("/api/tables/stuck1").json()["status"] == "playing"
    with client.websocket_connect("/ws/stuck1?token=" + "a" * 43) as ws:
        view = until(ws, "state")["view"]
    assert view["status"] == "playing" and len(view["hand"]) == 13


def test_start_up_expires_a_table_that_waited_too_long(
    make_client: Any, db_url: str, tmp_path: Path
) -> None:
    store = migrated_store(db_url, tmp_path / "server.key")
    row = TableRow("old1", now(), "fisca", {"players": 2}, 77, 0, None, "waiting")
    store.create_table(
        row, [SeatRow(0, "human", "Anna", token_hash("a" * 43)), SeatRow(1, "human", "", None)]
    )
    store.close()
    client = make_client(waiting_seconds=0.0)
    assert client.get("/api/tables/old1").status_code == 404
    assert client.get("/api/tables").json()["tables"] == []
