"""The score-sheet API through Starlette's TestClient, on a fresh migrated SQLite database.

A sheet belongs to its keeper: whoever created it holds the token the server handed out,
and only that token changes or deletes it. The id alone reads it (the share link).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # Starlette asks for the httpx2 fork; httpx is what this project installs.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

from sqlalchemy import func, insert, select

from scala40.scoresheet.sheet import ScoreSheet, hand_from_json
from scala40.server.http.errors import install_error_handler
from scala40.server.http.scoresheets import build_router
from scala40.storage.schema import score_sheets
from scala40.storage.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    made = Store(f"sqlite:///{tmp_path / 'scala40.db'}")
    made.migrate()
    yield made
    made.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    app = FastAPI()
    install_error_handler(app)
    app.include_router(build_router(store))
    with TestClient(app) as c:
        yield c


def new(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("players", ["Anna", "Bruno", "Carla"])
    res = client.post("/api/scoresheets", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


def keeper(made: dict[str, Any]) -> dict[str, str]:
    """The header that proves the caller keeps ``made`` (the answer of creating it)."""
    return {"Authorization": f"Bearer {made['token']}"}


def add(
    client: TestClient, sheet_id: str, headers: dict[str, str] | None = None, **hand: Any
) -> Any:
    return client.post(f"/api/scoresheets/{sheet_id}/hands", json=hand, headers=headers or {})


def undo(
    client: TestClient, sheet_id: str, headers: dict[str, str] | None = None, **body: Any
) -> Any:
    url = f"/api/scoresheets/{sheet_id}/hands/last"
    return client.request("DELETE", url, json=body, headers=headers or {})


def forget(client: TestClient, sheet_id: str, headers: dict[str, str] | None = None) -> Any:
    url = f"/api/scoresheets/{sheet_id}"
    return client.request("DELETE", url, json={}, headers=headers or {})


def listed(client: TestClient, *ids: str) -> list[str]:
    res = client.get("/api/scoresheets", params={"ids": ",".join(ids)} if ids else None)
    assert res.status_code == 200, res.text
    return [s["id"] for s in res.json()["sheets"]]


def legacy_sheet(store: Store) -> tuple[str, ScoreSheet]:
    """A sheet saved before keepers existed: its row has no keeper hash."""
    sheet = ScoreSheet.new(["Anna", "Bruno"], {"elimination": 101})
    sheet = sheet.add(hand_from_json({"went_out": 0, "left": {"1": 30}}, 2))
    now = datetime.now(UTC)
    with store.engine.begin() as conn:
        conn.execute(
            insert(score_sheets).values(
                id="oldsheet1234",
                created=now,
                updated=now,
                finished=None,
                players=json.dumps(list(sheet.players)),
                sheet=json.dumps(sheet.to_json()),
                keeper_hash=None,
            )
        )
    return "oldsheet1234", sheet


def sheet_count(store: Store) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(score_sheets)).scalar_one())


def test_a_game_from_first_hand_to_winner(client: TestClient) -> None:
    made = new(client, preset="house", rules={"elimination": 101}, first_dealer=1)
    sheet_id, mine = made["id"], keeper(made)
    assert made["sheet"]["rules"]["reentry"] is True
    assert made["standing"]["next"] == {
        "number": 1,
        "seats": [2, 0, 1],
        "dealer": 1,
        "playoff": None,
        "counted": True,
    }
    # Bruno had not opened: flat 100 under the house rules; Carla's cards are counted.
    res = add(client, sheet_id, mine, hands=0, went_out=0, left={"2": "JK KH 4C"}, not_opened=[1])
    assert res.status_code == 200, res.text
    st = res.json()["standing"]
    assert [u["total"] for u in st["units"]] == [0, 100, 39]
    assert st["lines"][0]["penalties"] == [0, 100, 39]
    assert st["units"][1]["distance"] == 1
    # Bruno reaches the limit and re-enters at the highest total still in (Carla's).
    res = add(client, sheet_id, mine, hands=1, went_out=0, left={"1": 10, "2": 20})
    st = res.json()["standing"]
    assert st["units"][1]["reentered_at"] == [59]
    assert st["units"][1]["reentries_left"] == 0
    assert "Bruno re-enters at 59" in st["lines"][1]["notes"]
    # Both reach the limit: Bruno may not re-enter twice, Anna is the last one in.
    res = add(client, sheet_id, mine, hands=2, went_out=0, left={"1": 50, "2": 50})
    st = res.json()["standing"]
    assert st["over"] and st["winner"] == 0 and st["result"] == "Anna wins"
    assert res.json()["finished"] is not None
    summaries = client.get("/api/scoresheets", params={"ids": sheet_id}).json()["sheets"]
    assert summaries[0]["id"] == sheet_id and summaries[0]["winner"] == "Anna"
    refused = add(client, sheet_id, mine, went_out=1, left={"2": 5})
    assert refused.status_code == 400
    assert "the game is over: Anna won" in refused.json()["error"]["message"]


def test_undo_and_stale_changes(client: TestClient) -> None:
    made = new(client)
    sheet_id, mine = made["id"], keeper(made)
    hand: dict[str, Any] = {"went_out": None, "left": {"0": 5, "1": 6, "2": 7}}
    assert add(client, sheet_id, mine, hands=0, **hand).is_success
    twice = add(client, sheet_id, mine, hands=0, **hand)
    assert twice.status_code == 409
    assert twice.json()["error"]["code"] == "sheet_changed"
    odd = add(client, sheet_id, mine, hands="1", **hand)
    assert odd.status_code == 400 and odd.json()["error"]["code"] == "bad_hands"
    undone = undo(client, sheet_id, mine, hands=1)
    assert undone.status_code == 200
    assert undone.json()["sheet"]["hands"] == []
    again = undo(client, sheet_id, mine)
    assert again.status_code == 400
    assert "no hand to undo" in again.json()["error"]["message"]


def test_bad_input_is_named_and_changes_nothing(client: TestClient) -> None:
    made = new(client)
    sheet_id = made["id"]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"went_out": 0, "left": {"1": "JK ZZ", "2": 1}}, "ZZ"),
        ({"went_out": 0, "left": {"1": 4}}, "enter what Carla had left"),
        ({"went_out": 7}, "no player 7"),
        ({"went_out": 0, "winner": 1}, "unknown fields in a hand: winner"),
    ]
    for body, message in cases:
        res = add(client, sheet_id, keeper(made), **body)
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
    made = new(client, rules={"face_values": "high"})
    sheet_id = made["id"]
    counted = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "JK KH 4C"})
    assert counted.json() == {"points": 14 + 13 + 4, "cards": "JK K♥ 4♣"}
    summed = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "25+10"})
    assert summed.json()["points"] == 35
    bad = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "QQ"})
    assert bad.status_code == 400 and "QQ" in bad.json()["error"]["message"]
    add(client, sheet_id, keeper(made), went_out=2, left={"0": 12, "1": "AS"})
    csv = client.get(f"/api/scoresheets/{sheet_id}/csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert "attachment" in csv.headers["content-disposition"]
    assert csv.text.splitlines()[1] == "1,Anna,12,14,0,Carla went out"
    assert forget(client, sheet_id, keeper(made)).status_code == 204
    assert client.get(f"/api/scoresheets/{sheet_id}").status_code == 404


def test_partnerships_show_team_units(client: TestClient) -> None:
    made = new(
        client,
        players=["Anna", "Bruno", "Carla", "Dario"],
        rules={"partnerships": True, "elimination": 201},
    )
    res = add(client, made["id"], keeper(made), went_out=0, left={"1": 30, "2": 20, "3": 40})
    units = res.json()["standing"]["units"]
    assert [(u["name"], u["seats"], u["total"]) for u in units] == [
        ("Anna+Carla", [0, 2], 20),
        ("Bruno+Dario", [1, 3], 70),
    ]


def test_the_web_app_serves_the_page_and_the_api(tmp_path: Path) -> None:
    from scala40.server.app import create_app
    from scala40.server.settings import Settings

    app = create_app(
        Settings(db_url=f"sqlite:///{tmp_path / 'app.db'}", secret_file=str(tmp_path / "key"))
    )
    with TestClient(app) as c:
        page = c.get("/score")
        assert page.status_code == 200
        assert re.search(r'<script type="module" src="/static/\w+/bundles/score.js">', page.text)
        assert c.get("/static/js/score.js").status_code == 200
        assert c.get("/static/score.css").status_code == 200
        made = new(c, players=["Anna", "Bruno"])
        assert c.get(f"/api/scoresheets/{made['id']}").json()["standing"]["result"] == "in play"
        # The share link the keeper sends is the page, opened on that sheet.
        assert made["share_url"] == f"http://testserver/score?view={made['id']}"
        shared = c.get(made["share_url"])
        assert shared.status_code == 200
        assert re.search(r'<script type="module" src="/static/\w+/bundles/score.js">', shared.text)


# Keepers ---------------------------------------------------------------------------------


def test_a_new_sheet_has_an_unguessable_id_a_token_and_a_share_link(client: TestClient) -> None:
    made = new(client)
    other = new(client)
    assert len(made["id"]) >= 22 and made["id"] != other["id"]
    assert len(made["token"]) >= 32 and made["token"] != other["token"]
    assert made["share_url"].endswith(f"/score?view={made['id']}")
    assert made["has_keeper"] is True
    # The token is handed out once: reading the sheet never shows it.
    read = client.get(f"/api/scoresheets/{made['id']}").json()
    assert "token" not in read and made["token"] not in json.dumps(read)


def test_outsiders_cannot_change_undo_or_delete_a_sheet(client: TestClient) -> None:
    made = new(client)
    sheet_id, mine = made["id"], keeper(made)
    assert add(client, sheet_id, mine, hands=0, went_out=0, left={"1": 10, "2": 20}).is_success
    before = client.get(f"/api/scoresheets/{sheet_id}").json()
    others = keeper(new(client))  # the keeper of another sheet
    wrong_last = "y" if made["token"].endswith("x") else "x"  # a token may end with x
    typo = {"Authorization": f"Bearer {made['token'][:-1]}{wrong_last}"}
    outsiders: list[tuple[dict[str, str] | None, int, str]] = [
        (None, 401, "sheet_token_needed"),
        ({"Authorization": f"Basic {made['token']}"}, 401, "sheet_token_needed"),
        ({"Authorization": "Bearer "}, 401, "sheet_token_needed"),
        (others, 403, "not_sheet_keeper"),
        (typo, 403, "not_sheet_keeper"),
    ]
    for headers, status, code in outsiders:
        tries = {
            "add": add(client, sheet_id, headers, hands=1, went_out=1, left={"0": 5, "2": 5}),
            "undo": undo(client, sheet_id, headers, hands=1),
            "delete": forget(client, sheet_id, headers),
        }
        for what, res in tries.items():
            assert res.status_code == status, (what, headers, res.text)
            assert res.json()["error"]["code"] == code, (what, headers)
            assert res.json()["error"]["message"]
            assert client.get(f"/api/scoresheets/{sheet_id}").json() == before, (what, headers)
    # The keeper can do all three (the scheme's case does not matter).
    lower = {"Authorization": f"bearer {made['token']}"}
    assert add(client, sheet_id, lower, hands=1, went_out=1, left={"0": 5, "2": 5}).is_success
    assert len(undo(client, sheet_id, mine, hands=2).json()["sheet"]["hands"]) == 1
    assert forget(client, sheet_id, mine).status_code == 204
    assert client.get(f"/api/scoresheets/{sheet_id}").status_code == 404


def test_the_id_alone_reads_counts_and_exports(client: TestClient) -> None:
    made = new(client)
    add(client, made["id"], keeper(made), went_out=0, left={"1": 10, "2": "JK"})
    sheet_id = made["share_url"].rsplit("view=", 1)[1]
    read = client.get(f"/api/scoresheets/{sheet_id}")
    assert read.status_code == 200
    assert [u["total"] for u in read.json()["standing"]["units"]] == [0, 10, 25]
    counted = client.post(f"/api/scoresheets/{sheet_id}/count", json={"cards": "KH 4C"})
    assert counted.json()["points"] == 14
    assert client.get(f"/api/scoresheets/{sheet_id}/csv").text.splitlines()[1].startswith("1,")


def test_the_list_shows_only_the_sheets_asked_for(client: TestClient) -> None:
    a, b, c = (new(client)["id"] for _ in range(3))
    assert listed(client) == []
    assert client.get("/api/scoresheets", params={"ids": ""}).json() == {"sheets": []}
    assert sorted(listed(client, a, c, "nosuchsheet")) == sorted([a, c])
    assert listed(client, b, " ", b) == [b]
    too_many = client.get("/api/scoresheets", params={"ids": ",".join(f"x{i}" for i in range(101))})
    assert too_many.status_code == 400 and too_many.json()["error"]["code"] == "too_many_ids"
    assert "at most 100" in too_many.json()["error"]["message"]


def test_a_keeper_link_is_checked_by_reading_the_sheet_with_its_token(
    client: TestClient,
) -> None:
    """How a browser opening a terminal's keeper link learns whether to keep the sheet."""
    made, other = new(client), new(client)
    url = f"/api/scoresheets/{made['id']}"
    assert "kept" not in client.get(url).json()
    assert client.get(url, headers=keeper(made)).json()["kept"] is True
    assert client.get(url, headers=keeper(other)).json()["kept"] is False
    assert client.get(url, headers={"Authorization": "Bearer nope"}).json()["kept"] is False
    # Asking changes nothing.
    assert client.get(url).json()["sheet"]["hands"] == []


def test_the_csv_download_is_a_spreadsheet_with_a_header_and_the_totals(
    client: TestClient,
) -> None:
    made = new(client)
    add(client, made["id"], keeper(made), went_out=0, left={"1": 30, "2": 12})
    add(client, made["id"], keeper(made), hands=1, went_out=2, left={"0": 7, "1": 80})
    res = client.get(f"/api/scoresheets/{made['id']}/csv")
    assert res.headers["content-type"] == "text/csv; charset=utf-8"
    assert f'filename="scala40-{made["id"]}.csv"' in res.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(res.text)))
    assert rows[0] == ["hand", "dealer", "Anna", "Bruno", "Carla", "notes"]
    assert rows[-1] == ["total", "", "7", "110", "12", "in play"]
    assert [r[0] for r in rows[1:-1]] == ["1", "2"]
    assert "Bruno is out" in rows[2][-1]


def test_the_token_is_never_stored_in_clear(client: TestClient, store: Store) -> None:
    made = new(client)
    with store.engine.connect() as conn:
        row = conn.execute(select(score_sheets).where(score_sheets.c.id == made["id"])).one()
    assert all(made["token"] not in str(value) for value in row)
    assert row.keeper_hash == hashlib.sha256(made["token"].encode()).hexdigest()


def test_a_sheet_from_before_keepers_is_read_only_and_can_be_copied(
    client: TestClient, store: Store
) -> None:
    sheet_id, sheet = legacy_sheet(store)
    read = client.get(f"/api/scoresheets/{sheet_id}")
    assert read.status_code == 200
    before = read.json()
    assert before["has_keeper"] is False
    assert [u["total"] for u in before["standing"]["units"]] == [0, 30]
    anybody = keeper(new(client))
    for headers in (None, anybody):
        tries = {
            "add": add(client, sheet_id, headers, hands=1, went_out=1, left={"0": 5}),
            "undo": undo(client, sheet_id, headers, hands=1),
            "delete": forget(client, sheet_id, headers),
        }
        for what, res in tries.items():
            assert res.status_code == 403, (what, res.text)
            error = res.json()["error"]
            assert error["code"] == "sheet_has_no_keeper", what
            assert "keep a copy" in error["message"]
            assert client.get(f"/api/scoresheets/{sheet_id}").json() == before, what
    # Its players go on with a copy of their own: same hands, same standing, a new keeper.
    copy = client.post("/api/scoresheets", json={"sheet": before["sheet"]})
    assert copy.status_code == 201, copy.text
    copied = copy.json()
    assert copied["id"] != sheet_id and copied["has_keeper"] is True
    assert copied["sheet"] == sheet.to_json() and copied["standing"] == before["standing"]
    res = add(client, copied["id"], keeper(copied), hands=1, went_out=1, left={"0": 5})
    assert [u["total"] for u in res.json()["standing"]["units"]] == [5, 30]
    assert client.get(f"/api/scoresheets/{sheet_id}").json() == before


def test_a_bad_sheet_is_not_imported(client: TestClient, store: Store) -> None:
    good = ScoreSheet.new(["Anna", "Bruno"], {}).to_json()
    cases = [
        ({"sheet": {"format": "x"}}, "not a score sheet"),
        ({"sheet": "nope"}, "not a score sheet"),
        ({"sheet": {**good, "players": ["Anna"]}}, "2 to 8 players"),
        ({"sheet": {**good, "hands": [{"went_out": 7}]}}, "hand 1: "),
        ({"sheet": {**good, "rules": {"x": 1}}}, "unknown rule key 'x'"),
        ({"sheet": good, "players": ["Anna", "Bruno"]}, "not both"),
    ]
    for body, message in cases:
        res = client.post("/api/scoresheets", json=body)
        assert res.status_code == 400, body
        assert res.json()["error"]["code"] == "bad_sheet", body
        assert message in res.json()["error"]["message"], body
    assert sheet_count(store) == 0


def test_italian_cards_are_counted_and_entered_with_the_italian_letters(
    client: TestClient,
) -> None:
    made = new(client, rules={"face_values": "high"})
    sheet_id, mine = made["id"], keeper(made)
    url = f"/api/scoresheets/{sheet_id}/count"
    # The case: to an Italian page 4C is the 4 of cuori, not of clubs.
    italian = client.post(url, json={"cards": "JK KC 4C", "lang": "it"}).json()
    assert italian == {"points": 14 + 13 + 4, "cards": "JK K♥ 4♥"}
    words = client.post(url, json={"cards": "jolly, K di cuori 4 ♥", "lang": "it"}).json()
    assert words == italian
    assert client.post(url, json={"cards": "4C"}).json()["cards"] == "4♣"
    bad = client.post(url, json={"cards": "4C 3X", "lang": "it"})
    assert bad.status_code == 400
    assert bad.json()["error"] == {
        "code": "not_a_card",
        "message": 'cards: non è una carta: "3X"',
        "facts": {"card": "3X"},
    }
    unknown = client.post(url, json={"cards": "4C", "lang": "fr"})
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "bad_lang"
    # A hand entered from the Italian page: Bruno's K♥ Q♦ (KC QQ) are counted, 13 + 12.
    res = add(client, sheet_id, mine, hands=0, went_out=0, left={"1": "KC QQ", "2": 5}, lang="it")
    assert res.status_code == 200, res.text
    assert res.json()["standing"]["lines"][0]["penalties"] == [0, 25, 5]
    refused = add(client, sheet_id, mine, hands=1, went_out=0, left={"1": "4H"}, lang="it")
    assert refused.status_code == 400
    assert refused.json()["error"]["message"].endswith('giocatore 1: non è una carta: "4H"')
    assert len(client.get(f"/api/scoresheets/{sheet_id}").json()["sheet"]["hands"]) == 1
