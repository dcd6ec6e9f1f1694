"""Helpers the server tests share: creating tables, reading messages, finding card text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from scala40.engine.state import Deal
from scala40.notation.cards import parse_card, parse_meld_card
from scala40.notation.codec import rules_changes
from scala40.notation.errors import NotationError
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.storage.players import Players
from scala40.storage.store import SeatRow, TableRow


def create(client: Any, seats: list[str], nickname: str = "Anna", **extra: Any) -> dict[str, Any]:
    body = {"seats": seats, "nickname": nickname, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(client: Any, table_id: str, nickname: str) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table_id}/join", json={"nickname": nickname})
    assert r.status_code == 200, r.text
    return dict(r.json())


def ws_url(table: dict[str, Any], token: str | None = None) -> str:
    return f"/ws/{table['table_id']}?token={token or table['token']}"


def until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    """The next message of type ``kind`` (others read and dropped)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return dict(msg)
    raise AssertionError(f"no {kind} message in {limit}")


def card_kinds(text: str) -> list[int]:
    """The card kinds a text names (``JK=7D`` names the joker and the 7♦); [] if not a card."""
    try:
        kind, declared = parse_meld_card(text)
    except NotationError:
        try:
            return [parse_card(text)]
        except NotationError:
            return []
    return [kind] if declared is None else [kind, declared]


def strings(data: Any) -> Iterator[str]:
    """Every string value anywhere in a JSON value (keys are seat numbers, not cards)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v)


def play_until_my_turn(
    ws: Any, actions: int, seed: int = 0, start: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play ``actions`` moves for this seat (greedy bot on the rebuilt view), then read on
    until it is this seat's turn again: nobody moves then, so the state holds still.
    ``start`` is the last state already read (else the next one is awaited)."""
    import random

    from scala40.bots import make_bot
    from scala40.notation.codec import action_to_dict
    from scala40.notation.view import view_from_json

    bot = make_bot("greedy")
    rng = random.Random(seed)
    state = start or until(ws, "state")
    done = 0
    while True:
        view = state["view"]
        if view["status"] != "playing":
            return state
        if view["my_turn"]:
            if done >= actions:
                return state
            action = bot.choose(view_from_json(view), rng)
            ws.send_json({"type": "action", "v": state["v"], "action": action_to_dict(action)})
            done += 1
            new = until(ws, "state")
            while new["v"] <= state["v"]:
                new = until(ws, "state")
            state = new
        else:
            state = until(ws, "state")


def same_table(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two VIEWs show the same game (who is connected right now aside)."""

    def strip(view: dict[str, Any]) -> dict[str, Any]:
        players = [{k: v for k, v in p.items() if k != "connected"} for p in view["players"]]
        return {**view, "players": players}

    return strip(a) == strip(b)


def migrated_store(db_url: str, key_file: Any) -> Any:
    """A store on ``db_url`` at the newest schema, sealing with the key in ``key_file``."""
    from scala40.storage.seal import load_or_create_key
    from scala40.storage.store import Store

    store = Store(db_url, load_or_create_key(key_file))
    store.migrate()
    return store


def wait_over(client: Any, table_id: str, seconds: float = 90.0) -> None:
    """Wait until the table's match is over (bots and stand-ins play it out)."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if client.get(f"/api/tables/{table_id}").json()["status"] == "over":
            return
        time.sleep(0.05)
    raise AssertionError("the match did not end")


def own_database(server_url: str, prefix: str) -> str:
    """A new database on the session's PostgreSQL server (``server_url``): what one test
    stores stays out of the way of the tests that count the server's unfinished tables."""
    import secrets

    from sqlalchemy import create_engine, text

    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
    finally:
        admin.dispose()
    return server_url.rsplit("/", 1)[0] + "/" + name


def kinds(text: str) -> list[int]:
    """The kinds of a list of card texts (``"5H JK 7H"``), in order."""
    return [parse_card(c) for c in text.split()]


def actor_at(deal: Deal) -> TableActor:
    """A table actor of two people (no database, no loop) whose match stands at ``deal``:
    its VIEWs are what the server would send at that position."""
    row = TableRow(
        "t1", datetime.now(UTC), "fisca", rules_changes(deal.rules), 1, 0, None, "playing"
    )
    seats = [SeatRow(0, "human", "Anna", None), SeatRow(1, "human", "Bruno", None)]
    actor = TableActor(row, seats, db=None, settings=Settings())  # type: ignore[arg-type]
    actor.match.deal = deal
    return actor


class Shelf:
    """A store that keeps nothing: an actor's moves are "stored" at once (for tests that
    run an actor on a set-up position, whose actions no real store could replay)."""

    store = None

    async def append(self, table_id: str, version: int, seat: int, text: str) -> None:
        return None

    async def run(self, fn: Any, *args: Any) -> None:
        return None


def live_actor(
    deal: Deal, occupants: list[str], turn_seconds: float | None = None, **settings: Any
) -> TableActor:
    """A table actor whose match stands at ``deal`` (hand 1, dealt by seat 0), its seats
    ``occupants`` (``human`` ones named Anna, Bruno, …), storing nothing (:class:`Shelf`):
    started in a running loop, it plays as a live table does, bots and timers included."""
    row = TableRow(
        "t1", datetime.now(UTC), "fisca", rules_changes(deal.rules), 1, 0, turn_seconds, "playing"
    )
    names = iter(["Anna", "Bruno", "Carla", "Dario"])
    seats = [
        SeatRow(
            i, kind, next(names) if kind == "human" else "", f"h{i}" if kind == "human" else None
        )
        for i, kind in enumerate(occupants)
    ]
    values: dict[str, Any] = {"bot_pause": 0.0, "grace_seconds": 600.0, **settings}
    actor = TableActor(row, seats, db=Shelf(), settings=Settings(**values))  # type: ignore[arg-type]
    actor.match.deal = deal
    return actor


def client_at(started: Any, host: str) -> Any:
    """Another client of the running app of ``started`` (a TestClient entered, lifespan
    and all), whose requests come from address ``host``: it uses the same event loop, on
    which the tables' actors live."""
    from starlette.testclient import TestClient

    other = TestClient(started.app, client=(host, 50000))
    other.portal = started.portal
    return other


@contextmanager
def players_in_memory() -> Iterator[Players]:
    """The identities of an empty in-memory SQLite database with the server's schema, for
    tests of the storage alone (no server, no migrations)."""
    from sqlalchemy import create_engine
    from sqlalchemy.pool import StaticPool

    from scala40.storage import schema

    engine = create_engine("sqlite://", poolclass=StaticPool)
    schema.metadata.create_all(engine)
    try:
        yield Players(engine)
    finally:
        engine.dispose()
