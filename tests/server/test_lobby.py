"""The lobby over HTTP: rules in words, creating and joining tables, refusals by name."""

from __future__ import annotations

from typing import Any

from scala40.engine.rules import CHOICES, KEYS

from .helpers import create, join


def test_rules_name_every_key_and_value_in_both_languages(client: Any) -> None:
    data = client.get("/api/rules").json()
    keys = {k["key"]: k for k in data["keys"]}
    assert set(keys) == set(KEYS)
    for entry in keys.values():
        assert entry["label_en"] and entry["label_it"]
        assert entry["label_en"] != entry["key"]
    for key, choices in CHOICES.items():
        assert [c["value"] for c in keys[key]["choices"]] == list(choices)
        assert all(c["label_en"] and c["label_it"] for c in keys[key]["choices"])
    assert keys["fit_discard_ban"]["label_en"] == (
        "You may not discard a card that fits a meld on the table"
    )
    assert set(data["presets"]) == {"fisca", "house"}


def test_a_table_with_a_free_seat_waits_and_starts_when_a_friend_joins(client: Any) -> None:
    made = create(
        client,
        ["human", "bot:greedy", "human"],
        rules={"preset": "house", "changes": {"elimination": "201"}},
    )
    assert made["seat"] == 0 and len(made["token"]) >= 22
    assert made["share_url"].endswith(f"/t/{made['table_id']}?join")
    listed = client.get("/api/tables").json()["tables"]
    mine = next(t for t in listed if t["table_id"] == made["table_id"])
    assert mine["status"] == "waiting"
    assert [s["taken"] for s in mine["seats"]] == [True, True, False]
    assert "House rules" in mine["rules_summary"] and "201" in mine["rules_summary"]
    joined = join(client, made["table_id"], "Bea")
    assert joined["seat"] == 2 and joined["token"] != made["token"]
    one = client.get(f"/api/tables/{made['table_id']}").json()
    assert one["status"] == "playing"
    assert [s["name"] for s in one["seats"]] == ["Anna", "Bot 2 (Easy)", "Bea"]
    full = client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "Carla"})
    assert full.status_code == 409 and full.json()["error"]["code"] == "table_full"


def test_taking_a_seat_by_number(client: Any) -> None:
    made = create(client, ["human", "human", "human"])
    taken = client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea", "seat": 0})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    got = client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea", "seat": 2})
    assert got.json()["seat"] == 2
    missing = client.post(
        f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea", "seat": 9}
    )
    assert missing.status_code == 404


def _refused(client: Any, body: Any, code: str) -> str:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == code
    return str(err["message"])


def test_bad_tables_are_refused_by_name(client: Any) -> None:
    ok = {"seats": ["human", "bot:random"], "nickname": "Anna"}
    assert "2 to 6" in _refused(client, {**ok, "seats": ["human"]}, "bad_seats")
    assert "2 to 6" in _refused(client, {**ok, "seats": ["human"] * 7}, "bad_seats")
    assert "human seat" in _refused(client, {**ok, "seats": ["bot:random"] * 2}, "bad_seats")
    assert "bot:genius" in _refused(client, {**ok, "seats": ["human", "bot:genius"]}, "bad_seat")
    assert "nickname" in _refused(client, {**ok, "nickname": "  "}, "bad_nickname")
    assert "nickname" in _refused(client, {**ok, "nickname": "x" * 40}, "bad_nickname")
    bad_key = {**ok, "rules": {"changes": {"opening_pts": 51}}}
    assert "opening_pts" in _refused(client, bad_key, "bad_rules")
    bad_value = {**ok, "rules": {"changes": {"stock_out": "maybe"}}}
    assert "stock_out" in _refused(client, bad_value, "bad_rules")
    assert "preset" in _refused(client, {**ok, "rules": {"preset": "casa"}}, "bad_rules")
    clash = {**ok, "rules": {"changes": {"players": 4}}}
    assert "2 seats" in _refused(client, clash, "bad_rules")
    assert "turn_seconds" in _refused(client, {**ok, "turn_seconds": -3}, "bad_timer")
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    assert client.get("/api/tables").json()["tables"] == []


def test_unknown_tables_and_unfinished_records(client: Any) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/record").status_code == 404
    r = client.post("/api/tables/nope/join", json={"nickname": "Bea"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_table"
    made = create(client, ["human", "bot:random"])
    record = client.get(f"/api/tables/{made['table_id']}/record")
    assert record.status_code == 403 and record.json()["error"]["code"] == "match_in_play"
    assert client.get(f"/api/tables/{made['table_id']}/replay").status_code == 403
    assert client.get("/api/history").json() == {"matches": []}


def test_pages_are_served_or_named_when_missing(
    client: Any, monkeypatch: Any, tmp_path: Any
) -> None:
    from scala40.server.http import pages

    monkeypatch.setattr(pages, "static_dir", lambda: tmp_path)
    missing = client.get("/history")
    assert missing.status_code == 404 and "history.html" in missing.text
    (tmp_path / "table.html").write_text("<!doctype html><title>table</title>")
    page = client.get("/t/abc")
    assert page.status_code == 200 and "<title>table</title>" in page.text


def test_the_lobby_offers_the_new_levels_and_takes_the_old_names(client: Any) -> None:
    levels = ["beginner", "easy", "club", "expert", "master"]
    assert client.get("/api/bots").json()["levels"] == levels
    made = create(client, ["human", "bot:heuristic", "bot:random"])  # an old client's names
    seats = client.get(f"/api/tables/{made['table_id']}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot:club", "bot:beginner"]
    assert [s["name"] for s in seats][1:] == ["Bot 2 (Club player)", "Bot 3 (Beginner)"]
    refused = _refused(client, {"seats": ["human", "bot:wizard"], "nickname": "A"}, "bad_seat")
    assert "bot:beginner, bot:easy, bot:club, bot:expert" in refused
