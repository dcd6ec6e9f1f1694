"""Storage: append-only versions, and tables that come back exactly after a restart."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from scala40.storage import schema
from scala40.storage.store import SeatRow, Store, TableRow, now

from .helpers import create, play_until_my_turn, same_table, until, ws_url


def _table(store: Store) -> None:
    store.migrate()
    row = TableRow("t1", now(), "fisca", {"players": 2}, 2**62, 0, None, "playing")
    store.create_table(
        row, [SeatRow(0, "human", "Anna", "x" * 64), SeatRow(1, "bot:random", "B", None)]
    )


def test_each_version_is_stored_once(db_url: str) -> None:
    store = Store(db_url)
    try:
        _table(store)
        store.append_action("t1", 1, 0, "draw")
        with pytest.raises(IntegrityError):
            store.append_action("t1", 1, 0, "draw")
        [stored] = store.unfinished()
        assert stored.actions == [(1, 0, "draw")]
        assert stored.table.seed == 2**62 and stored.table.changes == {"players": 2}
        store.migrate()  # a second start finds the schema current
    finally:
        store.close()


def _restart_keeps_the_table(make_client: Any) -> None:
    client = make_client()
    # A high limit: nobody is eliminated (or wins) in the few hands this test plays.
    made = create(
        client, ["human", "bot:greedy", "bot:random"], rules={"changes": {"elimination": 900}}
    )
    with client.websocket_connect(ws_url(made)) as ws:
        before = play_until_my_turn(ws, 8)
    assert before["v"] >= 8
    client.__exit__(None, None, None)  # the server stops; its tables live on in the database
    again = make_client()
    with again.websocket_connect(ws_url(made)) as ws:
        after = until(ws, "state")
        assert after["v"] == before["v"]
        assert same_table(after["view"], before["view"])
        moved = play_until_my_turn(ws, 1, start=after)
        assert moved["v"] > after["v"]


def test_a_restarted_server_resumes_every_table_at_its_last_action(make_client: Any) -> None:
    _restart_keeps_the_table(make_client)


@pytest.mark.slow
def test_postgresql_stores_and_resumes_a_game(postgres_url: str, make_client: Any) -> None:
    store = Store(postgres_url)
    try:
        _table(store)
        store.append_action("t1", 1, 0, "draw")
        with pytest.raises(IntegrityError):
            store.append_action("t1", 1, 0, "draw")
        store.mark_over("t1", 0, "{}")
        assert store.unfinished() == []
    finally:
        store.close()

    def on_postgres(**changes: Any) -> Any:
        return make_client(db_url=postgres_url, **changes)

    _restart_keeps_the_table(on_postgres)


def test_a_group_commit_with_a_bad_row_still_stores_the_others(db_url: str) -> None:
    import asyncio

    from scala40.storage.db import AsyncStore

    store = Store(db_url)
    _table(store)
    db = AsyncStore(store)

    async def together() -> list[BaseException | None]:
        results = await asyncio.gather(
            db.append("t1", 1, 0, "draw"),
            db.append("t1", 1, 0, "draw"),
            db.append("t1", 2, 0, "discard 7H"),
            return_exceptions=True,
        )
        return list(results)

    try:
        first, again, second = asyncio.run(together())
        assert first is None and second is None
        assert isinstance(again, IntegrityError)
        [stored] = store.unfinished()
        assert stored.actions == [(1, 0, "draw"), (2, 0, "discard 7H")]
    finally:
        db.close()
        store.close()


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def test_the_migrations_make_exactly_the_schema_the_server_declares(
    backend: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    """What ``alembic upgrade head`` builds is what ``schema.metadata`` says (tables,
    columns, indexes, keys): so a model change without its migration — or the reverse —
    fails here rather than on a live database."""
    if backend == "postgresql":
        base = request.getfixturevalue("postgres_url")
        admin = create_engine(base, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text("DROP DATABASE IF EXISTS drift"))
            conn.execute(text("CREATE DATABASE drift"))
        admin.dispose()
        url = base.rsplit("/", 1)[0] + "/drift"
    else:
        url = db_url
    store = Store(url)
    store.migrate()
    store.close()
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            drift = compare_metadata(MigrationContext.configure(conn), schema.metadata)
    finally:
        engine.dispose()
    assert drift == []
