"""The score-sheet API through Starlette's TestClient, on a fresh migrated SQLite database."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # Starlette asks for the httpx2 fork; httpx is what this project installs.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

from scala40.server.errors import install_error_handler
from scala40.server.scoresheet_api import build_router
from scala40.server.store import Store


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = Store(f"sqlite:///{tmp_path / 'scala40.db'}")
    store.migrate()
    app = FastAPI()
    install_error_handler(app)
    app.include_router(build_router(store))
    with TestClient(app) as c:
        yield c
    store.close()


def new(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("players", ["Anna", "Bruno", "Carla"])
    res = client.post("/api/scoresheets", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


def add(client: TestClient, sheet_id: str, **hand: Any) -> Any:
    return client.post(f"/api/scoresheets/{sheet_id}/hands", json=hand)


def test_a_game_from_first_hand_to_winner(client: TestClient) -> None:
    made = new(client, preset="house", rules={"elimination": 101}, first_dealer=1)
    sheet_id = made["id"]
    assert made["sheet"]["rules"]["reentry"] is True
    assert made["standing"]["next"] == {
        "number": 1,
        "seats": [2, 0, 1],
        "dealer": 1,
        "playoff": None,
        "counted": True,
    }
    # Bruno had not opened: flat 100 under the house rules; Carla's cards are counted.
    res = add(client, sheet_id, hands=0, went_out=0, left={"2": "JK KH 4C"}, not_opened=[1])
    assert res.status_code == 200, res.text
    st = res.json()["standing"]
    assert [u["total"] for u in st["units"]] == [0, 100, 39]
    assert st["lines"][0]["penalties"] == [0, 100, 39]
    assert st["units"][1]["distance"] == 1
    # Bruno reaches the limit and re-enters at the highest total still in (Carla's).
    res = add(client, sheet_id, hands=1, went_out=0, left={"1": 10, "2": 20})
    st = res.json()["standing"]
    assert st["units"][1]["reentered_at"] == [59]
    assert st["units"][1]["reentries_left"] == 0
    assert "Bruno re-enters at 59" in st["lines"][1]["notes"]
    # Both reach the limit: Bruno may not re-enter twice, Anna is the last one in.
    res = add(client, sheet_id, hands=2, went_out=0, left={"1": 50, "2": 50})
    st = res.json()["standing"]
    assert st["over"] and st["winner"] == 0 and st["result"] == "Anna wins"
    assert res.json()["finished"] is not None
    listed = client.get("/api/scoresheets").json()["sheets"]
    assert listed[0]["id"] == sheet_id and listed[0]["winner"] == "Anna"
    refused = add(client, sheet_id, went_out=1, left={"2": 5})
    assert refused.status_code == 400
    assert "the game is over: Anna won" in refused.json()["error"]["message"]


def test_undo_and_stale_changes(client: TestClient) -> None:
    sheet_id = new(client)["id"]
    assert add(client, sheet_id, hands=0, went_out=None, left={"0": 5, "1": 6, "2": 7}).is_success
    twice = add(client, sheet_id, hands=0, went_out=None, left={"0": 5, "1": 6, "2": 7})
    assert twice.status_code == 409
    assert twice.json()["error"]["code"] == "sheet_changed"
    odd = add(client, sheet_id, hands="1", went_out=None, left={"0": 5, "1": 6, "2": 7})
    assert odd.status_code == 400 and odd.json()["error"]["code"] == "bad_hands"
    undone = client.request("DELETE", f"/api/scoresheets/{sheet_id}/hands/last", json={"hands": 1})
    assert undone.status_code == 200
    assert undone.json()["sheet"]["hands"] == []
    again = client.request("DELETE", f"/api/scoresheets/{sheet_id}/hands/last")
    assert again.status_code == 400
    assert "no hand to undo" in again.json()["error"]["message"]


def test_bad_input_is_named_and_changes_nothing(client: TestClient) -> None:
    sheet_id = new(client)["id"]
    cases = [
        ({"went_out": 0, "left": {"1": "JK ZZ", "2": 1}}, "ZZ"),
        ({"went_out": 0, "left": {"1": 4}}, "enter what Carla had left"),
        ({"went_out": 7}, "no player 7"),
        ({"went_out": 0, "winner": 1}, "unknown fields in a hand: winner"),
    ]
    for body, message in cases:
        res = add(client, sheet_id, **body)
        assert res.status_code == 400, body
        assert message in res.json()["error"]["message"]
    assert client.get(f"/api/scoresheets/{sheet_id}").json()["sheet"]["hands"] == []
    bad = client.post("/api/scoresheets", json={"players": ["Solo"]})
    assert bad.status_code == 400 and "2 to 8 players" in bad.json()["error"]["message"]
    rules = client.post("/api/scoresheets", json={"players": ["A", "B"], "rules": {"x": 1}})
    assert "unknown rule key 'x'" in rules.json()["error"]["message"]
    junk = client.post("/api/scoresheets", content=b"{nope")
    assert junk.status_code == 400 and junk.json()["error"]["code"] == "bad_json"
    missing = client.get("/api/scoresheets/nope")
    assert missing.status_code == 404


def test_count_csv_and_forget(client: TestClient) -> None:
    sheet_id = new(client, rules={"face_values": "high"})["id"]
    counted = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "JK KH 4C"})
    assert counted.json() == {"points": 14 + 13 + 4, "cards": "JK K♥ 4♣"}
    summed = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "25+10"})
    assert summed.json()["points"] == 35
    bad = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "QQ"})
    assert bad.status_code == 400 and "QQ" in bad.json()["error"]["message"]
    add(client, sheet_id, went_out=2, left={"0": 12, "1": "AS"})
    csv = client.get(f"/api/scoresheets/{sheet_id}/csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert "attachment" in csv.headers["content-disposition"]
    assert csv.text.splitlines()[1] == "1,Anna,12,14,0,Carla went out"
    assert client.delete(f"/api/scoresheets/{sheet_id}").status_code == 204
    assert client.get(f"/api/scoresheets/{sheet_id}").status_code == 404


def test_partnerships_show_team_units(client: TestClient) -> None:
    made = new(
        client,
        players=["Anna", "Bruno", "Carla", "Dario"],
        rules={"partnerships": True, "elimination": 201},
    )
    res = add(client, made["id"], went_out=0, left={"1": 30, "2": 20, "3": 40})
    units = res.json()["standing"]["units"]
    assert [(u["name"], u["seats"], u["total"]) for u in units] == [
        ("Anna+Carla", [0, 2], 20),
        ("Bruno+Dario", [1, 3], 70),
    ]


def test_the_web_app_serves_the_page_and_the_api(tmp_path: Path) -> None:
    from scala40.server.app import create_app
    from scala40.server.settings import Settings

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'app.db'}"))
    with TestClient(app) as c:
        page = c.get("/score")
        assert page.status_code == 200
        assert '<script type="module" src="/static/score.js">' in page.text
        assert c.get("/static/score.js").status_code == 200
        assert c.get("/static/score.css").status_code == 200
        made = new(c, players=["Anna", "Bruno"])
        assert c.get(f"/api/scoresheets/{made['id']}").json()["standing"]["result"] == "in play"
