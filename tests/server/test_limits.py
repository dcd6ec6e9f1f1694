"""What one anonymous visitor may cost: creation rate, a cap, expiry, idle tables, pages."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from scala40.server.guard.limits import PerAddress
from scala40.storage import schema
from scala40.storage.store import Store

from .helpers import create, play_until_my_turn, until, ws_url

BODY = {"seats": ["human", "human"], "nickname": "Anna"}


def _eventually(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return check()


def test_one_address_creates_a_few_tables_a_minute(make_client: Any) -> None:
    client = make_client(tables_per_minute=3)
    made = [client.post("/api/tables", json=BODY) for _ in range(5)]
    assert [r.status_code for r in made] == [201, 201, 201, 429, 429]
    error = made[3].json()["error"]
    assert error["code"] == "too_many_tables" and "3 new tables a minute" in error["message"]
    assert client.get("/api/tables").json()["total"] == 3
    # A refused request does not count, and a bad one is refused before it counts.
    bad = client.post("/api/tables", json={"seats": "x", "nickname": "A"})
    assert bad.status_code == 400


def test_the_window_slides() -> None:
    clock = [0.0]
    limit = PerAddress(2, 60.0, clock=lambda: clock[0])
    assert limit.allow("a") and limit.allow("a") and not limit.allow("a")
    assert limit.allow("b")
    assert limit.retry_after("a") == 60.0
    clock[0] = 59.9
    assert not limit.allow("a")
    clock[0] = 60.0
    assert limit.allow("a")


def test_the_server_holds_a_capped_number_of_tables(make_client: Any) -> None:
    client = make_client(max_live_tables=2)
    codes = [client.post("/api/tables", json=BODY).status_code for _ in range(3)]
    assert codes == [201, 201, 503]
    refused = client.post("/api/tables", json=BODY).json()["error"]
    assert refused["code"] == "server_full"


def test_the_lobby_list_comes_in_pages(make_client: Any) -> None:
    client = make_client(page_size=2)
    ids = [create(client, ["human", "human"])["table_id"] for _ in range(5)]
    first = client.get("/api/tables").json()
    assert first["total"] == 5 and first["limit"] == 2 and len(first["tables"]) == 2
    seen = [t["table_id"] for t in first["tables"]]
    offset = first["next_offset"]
    while offset is not None:
        page = client.get(f"/api/tables?limit=2&offset={offset}").json()
        seen += [t["table_id"] for t in page["tables"]]
        offset = page["next_offset"]
    assert seen == ids[::-1]  # newest first, each once
    for bad in ["0", "101", "-1", "x", "1e3", "9" * 40]:
        r = client.get(f"/api/tables?limit={bad}")
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_page", bad


def test_a_table_nobody_joins_expires(make_client: Any, db_url: str) -> None:
    # Long enough for the creator's socket to see the table waiting on a busy machine.
    client = make_client(waiting_seconds=2.0, sweep_seconds=0.05)
    made = create(client, ["human", "human"])
    with client.websocket_connect(ws_url(made)) as ws:
        assert until(ws, "state")["view"]["status"] == "waiting"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
    assert closed.value.code == 1000
    assert client.get(f"/api/tables/{made['table_id']}").status_code == 404
    late = client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea"})
    assert late.status_code == 404
    assert _status(db_url, made["table_id"]) == "expired"


def _status(db_url: str, table_id: str) -> str:
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            return str(
                conn.execute(
                    select(schema.tables.c.status).where(schema.tables.c.id == table_id)
                ).scalar_one()
            )
    finally:
        store.close()


@pytest.mark.slow  # waits on the clock
def test_bots_stop_when_nobody_is_there_and_play_on_when_someone_returns(
    make_client: Any,
) -> None:
    # A short grace: a stand-in plays for the absent player, so only the pause stops play.
    client = make_client(grace_seconds=0.05, bots_pause_seconds=0.5, rate_per_second=1000)
    made = create(
        client, ["human", "bot:greedy", "bot:random"], rules={"changes": {"elimination": 900}}
    )
    actor = client.app.state.tables.get(made["table_id"])
    assert _eventually(lambda: actor.version > 0)
    time.sleep(1.0)  # past the pause
    paused_at = actor.version
    time.sleep(1.0)
    assert actor.version == paused_at, "the bots played on with nobody at the table"
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        # Play on until the bots have made four moves (two turns' worth at least), whoever
        # goes out meanwhile: the player's own moves are counted apart.
        mine = 0
        for _ in range(60):
            if state["view"]["status"] != "playing" or state["v"] - paused_at - mine >= 4:
                break
            state = play_until_my_turn(ws, 1, start=state)  # one move of the player's
            mine += 1
    assert state["view"]["status"] != "playing" or state["v"] - paused_at - mine >= 4


def test_a_table_every_human_left_is_closed(make_client: Any, db_url: str) -> None:
    client = make_client(abandoned_seconds=0.4, bots_pause_seconds=0.1, sweep_seconds=0.05)
    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
    tables = client.app.state.tables
    assert _eventually(lambda: tables.get(made["table_id"]) is None)
    assert _status(db_url, made["table_id"]) == "closed"
    with pytest.raises(WebSocketDisconnect) as gone, client.websocket_connect(ws_url(made)) as ws:
        ws.receive_json()
    assert gone.value.code == 4404
