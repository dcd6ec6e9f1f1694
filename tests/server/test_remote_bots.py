"""Remote bots at the web table, in the server's process: the bot is the test, over
``/ws/bot`` (the end-to-end run through ``scala40 bot-connect`` is test_remote_bots_e2e.py)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from scala40.bots.protocol import Reason
from scala40.engine.views import PlayerView
from scala40.notation.view import view_to_dict

from .helpers import create, wait_over
from .remote_helpers import ONE_HAND, auth, bot_account, person, play


def bot_table(client: Any, key: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/bots/tables", json={"seats": seats, **extra}, headers=auth(key))
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_remote_bot_gets_exactly_its_seats_view_and_plays_a_bot_only_match(
    make_client: Any,
) -> None:
    client = make_client()
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["name"] == "tester"
        listed = client.get("/api/bots").json()["remote"]
        assert [(b["name"], b["kind"], b["seating"]) for b in listed] == [
            ("tester", "bot:remote:tester", "anyone")
        ]
        made = bot_table(client, key, ["bot:club", "bot:remote:tester"], rules=ONE_HAND)
        assert made["seats"] == [1] and made["rated"] is True
        actor = client.app.state.tables.get(made["table_id"])
        views: list[tuple[dict[str, Any], dict[str, Any]]] = []

        def check(m: dict[str, Any]) -> bool:
            # The table waits for this answer: the match holds still while it is compared.
            expected = view_to_dict(PlayerView.of_match(actor.match, 1))
            views.append((m["view"], expected))
            return True

        seen = play(ws, on_decide=check)
    assert views, "the bot was asked to decide"
    for got, expected in views:
        assert got == expected  # the seat's own view, as a program seat's, nothing more
    hello = next(m for m in seen if m["type"] == "hello")
    assert hello["game"] == f"{made['table_id']}/1" and hello["seat"] == 1
    assert {m["type"] for m in seen} >= {"hello", "decide", "hand_over", "match_over"}
    wait_over(client, made["table_id"])
    bot = actor.seats[1].program.bot
    assert bot.fallback_decisions == 0, bot.incidents
    info = client.get(f"/api/tables/{made['table_id']}").json()
    assert info["seats"][1]["kind"] == "bot:remote:tester"
    assert info["seats"][1]["name"] == "Bot 2 (tester)"  # marked as a bot, by its account


def test_a_wrong_key_is_refused_and_changes_nothing(make_client: Any) -> None:
    client = make_client()
    bot_account(client, person(client, "Anna"), "tester")
    before = client.get("/api/tables").json()["total"]
    with (
        client.websocket_connect("/ws/bot", headers=auth("x" * 32)) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4401 and "no bot account has this key" in closed.value.reason
    with client.websocket_connect("/ws/bot") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4401 and "Bearer" in closed.value.reason
    assert client.get("/api/bots").json()["remote"] == []
    seats = {"seats": ["bot:remote:tester", "bot:club"]}
    r = client.post("/api/bots/tables", json=seats, headers=auth("y" * 40))
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_key"
    assert client.get("/api/tables").json()["total"] == before
    # A bot's key signs in no person, and a person's key is no bot's.
    anna = person(client, "Bruno")
    r = client.post("/api/players/signin", json={"key": bot_account(client, anna, "other")})
    assert r.status_code == 403
    with (
        client.websocket_connect("/ws/bot", headers=auth(anna)) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4401


def test_a_second_socket_of_one_account_is_refused_and_the_first_plays_on(
    make_client: Any,
) -> None:
    client = make_client()
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as first:
        assert first.receive_json()["type"] == "welcome"
        with (
            client.websocket_connect("/ws/bot", headers=auth(key)) as second,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            second.receive_json()
        assert closed.value.code == 4409 and "connected already" in closed.value.reason
        made = bot_table(client, key, ["bot:remote:tester", "bot:easy"], rules=ONE_HAND)
        play(first)
        wait_over(client, made["table_id"])


def test_a_bot_that_does_not_answer_in_time_is_played_for(make_client: Any) -> None:
    client = make_client(program_decision_ms=300.0)
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        made = bot_table(client, key, ["bot:remote:tester", "bot:club"], rules=ONE_HAND)
        actor = client.app.state.tables.get(made["table_id"])
        hello = ws.receive_json()
        ws.send_json({"game": hello["game"], "type": "ready", "protocol": 1})
        assert ws.receive_json()["type"] == "decide"
        # Silent from here: every decision times out, and the match is played out for it.
        wait_over(client, made["table_id"])
    bot = actor.seats[0].program.bot
    reasons = [i.reason for i in bot.incidents]
    assert reasons[:3] == [Reason.TIMEOUT] * 3  # then the built-in bot plays on for it
    assert bot.fallback_decisions == bot.decisions >= 3


def test_a_dropped_bot_is_played_for_after_the_grace(make_client: Any) -> None:
    client = make_client(remote_grace_seconds=0.2)
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        made = bot_table(client, key, ["bot:remote:tester", "bot:club"], rules=ONE_HAND)
        actor = client.app.state.tables.get(made["table_id"])
        assert ws.receive_json()["type"] == "hello"
    # The socket is gone before the bot said ready: the seat's built-in bot plays the match.
    wait_over(client, made["table_id"])
    bot = actor.seats[0].program.bot
    assert Reason.AWAY in {i.reason for i in bot.incidents}
    assert bot.fallback_decisions == bot.decisions


def test_the_owner_chooses_who_may_seat_the_bot(make_client: Any) -> None:
    client = make_client()
    anna = person(client, "Anna")
    bruno = person(client, "Bruno")
    key = bot_account(client, anna, "annas-bot", seating="owner")
    seats = ["human", "bot:remote:annas-bot"]
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        r = client.post("/api/tables", json={"seats": seats, "player_key": bruno})
        assert r.status_code == 400 and "its owner" in r.json()["error"]["message"]
        r = client.post("/api/tables", json={"seats": seats, "nickname": "Carla"})
        assert r.status_code == 400
        r = client.post(
            "/api/bots/accounts/annas-bot/seating", json={"player_key": bruno, "seating": "anyone"}
        )
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_owner"
        made = create(client, seats, player_key=anna)  # the owner may
        assert made["seat"] == 0
        r = client.post(
            "/api/bots/accounts/annas-bot/seating", json={"player_key": anna, "seating": "anyone"}
        )
        assert r.status_code == 200 and r.json()["seating"] == "anyone"
        r = client.post("/api/tables", json={"seats": seats, "player_key": bruno})
        assert r.status_code == 201, r.text


def test_a_bot_accounts_name_imitates_nobody(make_client: Any) -> None:
    client = make_client()
    anna = person(client, "Anna")
    for name, code in [
        ("club", "bad_bot_name"),
        ("Heuristic", "bad_bot_name"),
        ("an na", "bad_bot_name"),
        ("admin", "nickname_imitates"),
        ("Bot-7", "nickname_imitates"),
    ]:
        r = client.post("/api/bots/accounts", json={"player_key": anna, "name": name})
        assert r.status_code == 400 and r.json()["error"]["code"] == code, (name, r.text)
    r = client.post("/api/bots/accounts", json={"player_key": anna, "name": "ANNA"})
    assert r.status_code == 409  # a person's name, in other letters' case
    r = client.post("/api/bots/accounts", json={"name": "mybot2"})
    assert r.status_code == 403  # only a rated person makes one
    bot_account(client, anna, "mybot2")
    r = client.post("/api/players", json={"nickname": "Mybot2"})
    assert r.status_code == 409  # nor may a person take a bot's name
    r = client.post("/api/tables", json={"seats": ["human", "bot:club"], "nickname": "mybot2"})
    assert r.status_code == 409  # nor an anonymous seat


def test_a_bot_sits_at_no_more_tables_than_its_bound(make_client: Any) -> None:
    client = make_client(remote_bot_tables=1)
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        bot_table(client, key, ["bot:remote:tester", "bot:club"], rules=ONE_HAND)
        r = client.post(
            "/api/bots/tables",
            json={"seats": ["bot:remote:tester", "bot:club"]},
            headers=auth(key),
        )
        assert r.status_code == 429 and r.json()["error"]["code"] == "bot_busy"
        play(ws)


def test_remote_bots_have_their_own_leaderboard(make_client: Any) -> None:
    client = make_client()
    key = bot_account(client, person(client, "Anna"), "tester")
    opponents = ["bot:beginner", "bot:easy", "bot:club", "bot:beginner", "bot:easy"]
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        for opponent in opponents:
            made = bot_table(client, key, ["bot:remote:tester", opponent], rules=ONE_HAND)
            play(ws)
            wait_over(client, made["table_id"])
    board = client.get("/api/leaderboard?kind=bot").json()["players"]
    mine = [p for p in board if p["nickname"] == "tester"]
    assert mine and mine[0]["kind"] == "bot:remote" and mine[0]["matches"] == 5
    assert mine[0]["provisional"] is False
    people = client.get("/api/leaderboard").json()["players"]
    assert "tester" not in [p["nickname"] for p in people]
    assert client.get("/api/leaderboard?kind=robots").status_code == 400


def test_a_rematch_keeps_a_remote_bots_identity_so_it_is_rated_again(make_client: Any) -> None:
    from scala40.server.table.rematch import rematch_rows

    client = make_client()
    anna = person(client, "Anna")
    key = bot_account(client, anna, "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        made = create(client, ["human", "bot:remote:tester"], player_key=anna, rules=ONE_HAND)
        actor = client.app.state.tables.get(made["table_id"])
        identity = actor.seats[1].player_id
        assert identity is not None
        _table, rows, _tokens = rematch_rows(actor.table, actor.seats)
        assert rows[1].occupant == "bot:remote:tester" and rows[1].player_id == identity


def test_a_bot_flooding_its_socket_is_answered_rate_limited(make_client: Any) -> None:
    client = make_client(remote_bot_rate=5.0, remote_bot_tables=1)
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        for _ in range(130):  # past the burst: a decision's 100 messages at its one table
            ws.send_json({"game": "nowhere/0", "type": "log", "message": "hi"})
        codes = [ws.receive_json()["code"] for _ in range(130)]
    assert codes[0] == "no_such_game"
    assert "rate_limited" in codes


def test_a_bot_joins_another_bots_open_seat_and_they_play_each_other(make_client: Any) -> None:
    import threading

    client = make_client()
    anna = person(client, "Anna")
    first, second = bot_account(client, anna, "first"), bot_account(client, anna, "second")
    with (
        client.websocket_connect("/ws/bot", headers=auth(first)) as a,
        client.websocket_connect("/ws/bot", headers=auth(second)) as b,
    ):
        a.receive_json(), b.receive_json()
        made = bot_table(client, first, ["bot:remote:first", "bot:open"], rules=ONE_HAND)
        table_id = made["table_id"]
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
        # The open seat is a bot's: no person takes it.
        r = client.post(f"/api/tables/{table_id}/join", json={"nickname": "Carla"})
        assert r.status_code == 409
        r = client.post(f"/api/bots/tables/{table_id}/join", json={}, headers=auth(second))
        assert r.status_code == 200, r.text
        assert r.json() == {"table_id": table_id, "seat": 1, "game": f"{table_id}/1"}
        r = client.post(f"/api/bots/tables/{table_id}/join", json={}, headers=auth(first))
        assert r.status_code == 409  # no open seat is left
        done: list[int] = []
        other = threading.Thread(target=lambda: done.append(len(play(b))))
        other.start()
        play(a)
        other.join(60)
        assert done
    wait_over(client, table_id)
    info = client.get(f"/api/tables/{table_id}").json()
    assert [s["kind"] for s in info["seats"]] == ["bot:remote:first", "bot:remote:second"]
    assert [s["name"] for s in info["seats"]] == ["Bot 1 (first)", "Bot 2 (second)"]
    actor = client.app.state.tables.get(table_id)
    for seat in actor.seats:
        assert seat.program.bot.fallback_decisions == 0, seat.program.bot.incidents


@pytest.mark.slow
def test_a_remote_bot_plays_and_is_rated_on_postgresql(postgres_url: str, make_client: Any) -> None:
    from .helpers import own_database

    client = make_client(db_url=own_database(postgres_url, "remote"))
    key = bot_account(client, person(client, "Anna"), "tester")
    with client.websocket_connect("/ws/bot", headers=auth(key)) as ws:
        ws.receive_json()
        made = bot_table(client, key, ["bot:remote:tester", "bot:club"], rules=ONE_HAND)
        play(ws)
        wait_over(client, made["table_id"])
    page = client.get("/api/players/tester").json()
    assert page["kind"] == "bot:remote" and page["matches"] == 1
    assert [m["table_id"] for m in page["history"]] == [made["table_id"]]
