"""Deal seeds at rest: sealed with the server's key, which a database copy does not hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from scala40.storage import schema
from scala40.storage.seal import SecretKeyError, load_or_create_key
from scala40.storage.store import SeatRow, Store, TableRow, now
from scala40.storage.tokens import token_hash

from .helpers import create, migrated_store


def test_seeds_are_sealed_at_rest_and_legacy_clear_seeds_get_sealed(
    make_client: Any, db_url: str, tmp_path: Path
) -> None:
    key_file = tmp_path / "server.key"
    store = migrated_store(db_url, key_file)
    legacy = TableRow("clear1", now(), "fisca", {"players": 2}, 4242, 0, None, "playing")
    store.create_table(
        legacy,
        [SeatRow(0, "human", "Anna", token_hash("a" * 43)), SeatRow(1, "bot:random", "B", None)],
    )
    with store.engine.begin() as conn:  # as an older version wrote it: the seed in clear
        conn.execute(
            update(schema.tables)
            .where(schema.tables.c.id == "clear1")
            .values(seed=4242, seed_sealed=False)
        )
    store.close()
    client = make_client(secret_file=str(key_file))
    made = create(client, ["human", "bot:random"])
    live = client.app.state.tables.get(made["table_id"])
    seeds = {"clear1": 4242, made["table_id"]: live.table.seed}
    raw = Store(db_url)
    try:
        with raw.engine.connect() as conn:
            rows = conn.execute(
                select(schema.tables.c.id, schema.tables.c.seed, schema.tables.c.seed_sealed)
            ).all()
    finally:
        raw.close()
    for table_id, stored, sealed in rows:
        assert sealed and stored != seeds[table_id], table_id
    assert key_file.stat().st_mode & 0o077 == 0  # the key is the owner's alone
    # The sealed tables come back exactly with the key ...
    client.__exit__(None, None, None)
    again = make_client(secret_file=str(key_file))
    assert again.app.state.tables.get("clear1").table.seed == 4242
    assert again.app.state.tables.get(made["table_id"]).table.seed == seeds[made["table_id"]]


def test_a_server_started_with_another_key_refuses_to_start(db_url: str, tmp_path: Path) -> None:
    migrated_store(db_url, tmp_path / "first.key").close()
    other = Store(db_url, load_or_create_key(tmp_path / "other.key"))
    try:
        with pytest.raises(SecretKeyError, match="sealed with another key"):
            other.migrate()
    finally:
        other.close()
    migrated_store(db_url, tmp_path / "first.key").close()  # the right key still starts
