"""Whatever body a stranger POSTs to a JSON route, the answer is a 4xx refusal in the
shared error shape, never a 500, and nothing changes: no table, no seat, no sheet, no hand.

Bodies come from :mod:`tests.server.hostile` (deep nesting, huge numbers, lone
surrogates, broken UTF-8, random bytes, random JSON, and each route's own shape with
fields spoiled).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scala40.storage.schema import score_sheets

from .conftest import MakeClient, TestClient
from .helpers import create
from .hostile import (
    ADD_HAND,
    COUNT_CARDS,
    CREATE_SHEET,
    CREATE_TABLE,
    JOIN_TABLE,
    ROUTES,
    SHEET_PLAYERS,
    UNDO_HAND,
    Route,
    hostile_body,
)

JSON = {"Content-Type": "application/json"}


@dataclass(repr=False)
class World:
    """A server with one table that has a free seat and one score sheet with no hands."""

    client: TestClient
    table_id: str
    sheet_id: str
    sheet_token: str

    def __repr__(self) -> str:
        return f"<World table={self.table_id} sheet={self.sheet_id}>"

    def url(self, route: Route) -> str:
        return route.path.format(table=self.table_id, sheet=self.sheet_id)

    def headers(self, route: Route) -> dict[str, str]:
        if "{sheet}" in route.path:
            return {**JSON, "Authorization": f"Bearer {self.sheet_token}"}
        return JSON

    def send(self, route: Route, body: bytes) -> Any:
        return self.client.request(
            route.method, self.url(route), content=body, headers=self.headers(route)
        )

    def snapshot(self) -> tuple[Any, ...]:
        """Everything a hostile body might have changed."""
        tables = sorted(self.client.app.state.tables.actors)  # type: ignore[attr-defined]
        seats = self.client.get(f"/api/tables/{self.table_id}").json()["seats"]
        sheet = self.client.get(f"/api/scoresheets/{self.sheet_id}").json()
        engine = self.client.app.state.store.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            sheets = conn.execute(select(func.count()).select_from(score_sheets)).scalar_one()
        return tables, seats, sheet["sheet"], sheet["updated"], sheets


@pytest.fixture
def world(make_client: MakeClient) -> World:
    client = make_client()
    table = create(client, ["human", "human"])
    r = client.post("/api/scoresheets", json={"players": SHEET_PLAYERS}, headers=JSON)
    assert r.status_code == 201, r.text
    return World(client, table["table_id"], r.json()["id"], r.json().get("token", ""))


def check_answer(route: Route, answer: Any) -> None:
    """A refusal in the shared shape (or, for a question, possibly its answer)."""
    assert answer.status_code < 500, (answer.status_code, answer.text)
    data = json.loads(answer.content.decode("utf-8"))
    if route.question and answer.status_code == 200:
        assert isinstance(data["points"], int)
        return
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
    assert set(data) == {"error"}, data
    assert isinstance(data["error"]["code"], str) and data["error"]["code"], data
    assert isinstance(data["error"]["message"], str), data


@pytest.mark.parametrize("route", ROUTES, ids=[r.name for r in ROUTES])
@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_hostile_body_is_refused_and_changes_nothing(
    world: World, route: Route, data: st.DataObject
) -> None:
    body = data.draw(hostile_body(route), label="body")
    before = world.snapshot()
    check_answer(route, world.send(route, body))
    assert world.snapshot() == before


DEEP = b"[" * 5000 + b"]" * 5000
FIVE_THOUSAND_DIGITS = b"7" * 5000

ONCE_GAVE_500 = [
    (CREATE_TABLE, DEEP, "bad_json"),
    (CREATE_TABLE, b'{"seats": ' + FIVE_THOUSAND_DIGITS + b"}", "bad_json"),
    (JOIN_TABLE, b'{"nickname": "Bea", "seat": ' + FIVE_THOUSAND_DIGITS + b"}", "bad_json"),
    (CREATE_SHEET, b'{"players": ["\\ud800", "Bea"]}', "bad_json"),
    (CREATE_SHEET, b'{"players": ["Anna", "Bea"], "rules": {"jokers": 10000000}}', "bad_sheet"),
    (ADD_HAND, b'{"went_out": 0, "left": {"1": "\\u00b2", "2": 5}}', "bad_hand"),
    (ADD_HAND, b'{"went_out": 0, "left": {"1": "+-5", "2": 5}}', "bad_hand"),
    (
        UNDO_HAND,
        b'{"hands": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}',
        "bad_json",
    ),
    (COUNT_CARDS, b'{"cards": "\\ud800"}', "bad_json"),
    (COUNT_CARDS, b'{"cards": ["QS", "\\udc00"]}', "bad_json"),
    (COUNT_CARDS, b'{"cards": "' + FIVE_THOUSAND_DIGITS + b'"}', "bad_cards"),
    # A card the page's language cannot read is named (not_a_card, with the card).
    (COUNT_CARDS, b'{"cards": "5+\\u00b2"}', "not_a_card"),
    (COUNT_CARDS, '{"cards": "JK"}'.encode("utf-16"), "bad_json"),
]


def test_bodies_that_once_gave_500(world: World) -> None:
    before = world.snapshot()
    for route, body, code in ONCE_GAVE_500:
        answer = world.send(route, body)
        assert answer.status_code == 400, (route, body[:60], answer.text)
        assert answer.json()["error"]["code"] == code, (route, body[:60], answer.text)
    assert world.snapshot() == before


def test_a_huge_pack_of_jokers_is_refused_before_a_table_is_dealt(world: World) -> None:
    before = world.snapshot()
    body = {"seats": ["human", "bot:random"], "nickname": "Anna"}
    for jokers in (21, "100000", 10**17):
        answer = world.client.post(
            "/api/tables", json={**body, "rules": {"changes": {"jokers": jokers}}}, headers=JSON
        )
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == "bad_rules"
    assert world.snapshot() == before
