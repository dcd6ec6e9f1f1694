"""Leagues: friends who keep ratings name a league, invite each other with a secret code,
play tables that seat members only, and read standings from their finished matches."""

from __future__ import annotations

from typing import Any

from .helpers import create, wait_over

ONE_HAND = {"preset": "fisca", "changes": {"fixed_hands": 1}}


def _player(client: Any, nickname: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"nickname": nickname})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_league_is_made_joined_by_invitation_and_refuses_a_wrong_code(client: Any) -> None:
    anna, bea = _player(client, "Anna"), _player(client, "Bea")
    nameless = client.post("/api/leagues", json={"name": " ", "player_key": anna["key"]})
    assert nameless.status_code == 400
    assert nameless.json()["error"]["code"] == "bad_league_name"
    anonymous = client.post("/api/leagues", json={"name": "Giovedì"})
    assert anonymous.status_code == 403 and anonymous.json()["error"]["code"] == "bad_key"
    made = client.post("/api/leagues", json={"name": "Giovedì", "player_key": anna["key"]})
    assert made.status_code == 201, made.text
    league = made.json()
    url = f"/api/leagues/{league['league_id']}/members"
    wrong = client.post(url, json={"invite": "z" * 40, "player_key": bea["key"]})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_invite"
    for _ in range(2):  # joining twice changes nothing
        ok = client.post(url, json={"invite": league["invite"], "player_key": bea["key"]})
        assert ok.json() == {"league_id": league["league_id"], "name": "Giovedì"}
    page = client.get(f"/api/leagues/{league['league_id']}").json()
    assert sorted(m["nickname"] for m in page["members"]) == ["Anna", "Bea"]
    assert page["matches"] == []
    signed = client.post("/api/players/signin", json={"key": bea["key"]}).json()
    assert signed["leagues"] == [{"league_id": league["league_id"], "name": "Giovedì"}]
    assert client.get("/api/leagues/nothing").status_code == 404


def test_a_league_table_seats_members_only_and_its_match_counts_in_the_standings(
    make_client: Any,
) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    anna, bea, carl = (_player(client, n) for n in ("Anna", "Bea", "Carl"))
    league = client.post("/api/leagues", json={"name": "Giovedì", "player_key": anna["key"]})
    league_id = league.json()["league_id"]
    invite = league.json()["invite"]
    client.post(
        f"/api/leagues/{league_id}/members", json={"invite": invite, "player_key": bea["key"]}
    )
    outsider = client.post(
        "/api/tables",
        json={
            "seats": ["human", "human"],
            "nickname": "Carl",
            "league": league_id,
            "player_key": carl["key"],
        },
    )
    assert outsider.status_code == 403
    assert outsider.json()["error"]["code"] == "not_in_league"
    made = create(
        client,
        ["human", "human", "bot:greedy"],
        rules=ONE_HAND,
        league=league_id,
        player_key=anna["key"],
    )
    table_id = made["table_id"]
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["league"] == {"league_id": league_id, "name": "Giovedì"}
    join = f"/api/tables/{table_id}/join"
    for body in ({"nickname": "Zed"}, {"nickname": "Carl", "player_key": carl["key"]}):
        refused = client.post(join, json=body)
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "league_only"
    assert client.post(join, json={"nickname": "x", "player_key": bea["key"]}).status_code == 200
    wait_over(client, table_id)
    page = client.get(f"/api/leagues/{league_id}").json()
    standings = {m["nickname"]: m for m in page["members"]}
    assert set(standings) == {"Anna", "Bea"}
    assert {m["matches"] for m in standings.values()} == {1}
    (match,) = page["matches"]
    assert match["table_id"] == table_id
    assert sorted(r["name"] for r in match["results"]) == ["Anna", "Bea", "Bot 3 (Easy)"]
    bot = next(r for r in match["results"] if r["kind"] == "bot:easy")  # stored by its new name
    assert bot["seat"] == 2  # so a page words the bot's name in its own language
    assert match["counted"] is True
    places = {r["name"]: r["place"] for r in match["results"]}
    for name, other in (("Anna", "Bea"), ("Bea", "Anna")):
        # One point per member who finished behind; the bot earns and gives nothing.
        ahead = places[name] < places[other]
        assert standings[name]["points"] == (1 if ahead else 0)
        assert standings[name]["wins"] == (1 if places[name] <= places[other] else 0)
        assert standings[name]["average_penalty"] is not None
    points = [m["points"] for m in page["members"]]
    assert points == sorted(points, reverse=True)  # the standings' order


def test_a_member_alone_with_bots_earns_no_league_points(make_client: Any) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    anna = _player(client, "Anna")
    league = client.post("/api/leagues", json={"name": "Giovedì", "player_key": anna["key"]})
    league_id = league.json()["league_id"]
    for _ in range(2):
        made = create(
            client,
            ["human", "bot:beginner", "bot:beginner", "bot:beginner"],
            rules=ONE_HAND,
            league=league_id,
            player_key=anna["key"],
        )
        wait_over(client, made["table_id"])
    page = client.get(f"/api/leagues/{league_id}").json()
    (anna_line,) = page["members"]
    assert (anna_line["matches"], anna_line["wins"], anna_line["points"]) == (0, 0, 0)
    assert anna_line["average_penalty"] is None
    assert [m["counted"] for m in page["matches"]] == [False, False]
