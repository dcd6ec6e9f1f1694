"""Rated identities: a nickname and a secret key, the leaderboard, a player's page, and a
finished match that moves its seats' ratings (bots rated too) in the transaction that ends
it."""

from __future__ import annotations

from typing import Any

from scala40.storage.players import PROVISIONAL_MATCHES, Player, provisional

from .helpers import create, wait_over

ONE_HAND = {"preset": "fisca", "changes": {"fixed_hands": 1}}


def _player(client: Any, nickname: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"nickname": nickname})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_an_identity_is_a_nickname_and_a_secret_key(client: Any) -> None:
    anna = _player(client, "Anna")
    assert anna["nickname"] == "Anna" and len(anna["key"]) >= 32
    again = client.post("/api/players", json={"nickname": "  anna "})
    assert again.status_code == 409 and again.json()["error"]["code"] == "nickname_taken"
    bot = client.post("/api/players", json={"nickname": "bot:greedy"})
    assert bot.status_code == 400 and bot.json()["error"]["code"] == "nickname_imitates"
    signed = client.post("/api/players/signin", json={"key": anna["key"]})
    assert signed.json() == {"player_id": anna["player_id"], "nickname": "Anna", "leagues": []}
    forged = client.post("/api/players/signin", json={"key": "x" * 40})
    assert forged.status_code == 403 and forged.json()["error"]["code"] == "bad_key"
    page = client.get("/api/players/ANNA").json()
    assert page["nickname"] == "Anna" and page["matches"] == 0 and page["history"] == []
    assert page["average_penalty"] is None and page["opening_turn"] is None
    missing = client.get("/api/players/nobody")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_such_player"
    # Nobody has played a rated match yet: the leaderboard is empty.
    assert client.get("/api/leaderboard").json() == {"players": []}


def test_a_finished_match_rates_the_player_and_the_bot(make_client: Any) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    anna = _player(client, "Anna")
    made = create(
        client,
        ["human", "bot:greedy"],
        nickname="ignored",
        rules=ONE_HAND,
        player_key=anna["key"],
    )
    info = client.get(f"/api/tables/{made['table_id']}").json()
    assert info["seats"][0]["name"] == "Anna"  # the identity's name, not the field's
    wait_over(client, made["table_id"])
    board = client.get("/api/leaderboard").json()["players"]
    assert sorted(p["nickname"] for p in board) == ["Anna", "bot:easy"]  # greedy's new name
    by_name = {p["nickname"]: p for p in board}
    assert by_name["bot:easy"]["kind"] == "bot:easy"
    assert {p["matches"] for p in board} == {1}
    assert sum(p["wins"] for p in board) == 1
    winner, loser = sorted(board, key=lambda p: -p["wins"])
    assert winner["mu"] > 25.0 > loser["mu"]  # from the same start, the result moved both
    assert board[0]["rating"] >= board[1]["rating"]
    page = client.get("/api/players/Anna").json()
    assert page["hands"] == 1 and len(page["history"]) == 1
    line = page["history"][0]
    assert line["table_id"] == made["table_id"] and line["players"] == 2
    assert line["place"] == (1 if by_name["Anna"]["wins"] else 2)
    assert line["rating"] == by_name["Anna"]["rating"]
    record = client.get(f"/api/tables/{made['table_id']}/record").json()
    hand = record["hands"][0]  # penalties in play order: Anna (seat 0) is where she sat
    paid = hand["result"]["penalties"][hand["seats"].index(0)]
    assert page["average_penalty"] == paid


def test_a_rated_player_joins_under_their_own_name_and_a_bad_key_changes_nothing(
    client: Any,
) -> None:
    bea = _player(client, "Bea")
    made = create(client, ["human", "human"])
    bad = client.post(
        f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea", "player_key": "y" * 40}
    )
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "bad_key"
    assert client.get(f"/api/tables/{made['table_id']}").json()["status"] == "waiting"
    r = client.post(
        f"/api/tables/{made['table_id']}/join",
        json={"nickname": "someone", "player_key": bea["key"]},
    )
    assert r.status_code == 200, r.text
    seats = client.get(f"/api/tables/{made['table_id']}").json()["seats"]
    assert seats[1]["name"] == "Bea"


def test_one_address_makes_a_few_identities_and_leagues_a_minute(make_client: Any) -> None:
    client = make_client(identities_per_minute=2)
    anna = _player(client, "Anna")
    league = client.post("/api/leagues", json={"name": "Giovedì", "player_key": anna["key"]})
    assert league.status_code == 201
    refused = client.post("/api/players", json={"nickname": "Bea"})
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert (
        error["code"] == "too_many_identities" and "2 new players and leagues" in error["message"]
    )
    # Refused, so nothing was made: the nickname is still free.
    assert client.get("/api/players/Bea").status_code == 404


def test_the_match_end_tells_each_rated_seat_its_change_and_a_new_rating_is_provisional(
    make_client: Any,
) -> None:
    client = make_client(
        grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy", bot_pause=0.01
    )
    anna = _player(client, "Anna")
    made = create(
        client, ["human", "bot:greedy"], nickname="x", rules=ONE_HAND, player_key=anna["key"]
    )
    with client.websocket_connect(f"/ws/{made['table_id']}?watch=1") as watcher:
        while True:
            msg = watcher.receive_json()
            if msg["type"] == "hand_over" and msg["summary"]["match_over"]:
                break
    ratings = msg["summary"]["ratings"]
    board = {p["nickname"]: p for p in client.get("/api/leaderboard").json()["players"]}
    # Anna's seat and the bot's (a rated identity of its own), each from a newcomer's 0.
    assert set(ratings) == {"0", "1"}
    for seat, nickname in (("0", "Anna"), ("1", "bot:easy")):
        change = ratings[seat]
        assert change["before"] == 0.0
        assert change["after"] == board[nickname]["rating"]
        assert change["change"] == change["after"]
        assert change["matches"] == 1 and change["provisional"] is True
    # After one match the rating is provisional wherever it is read.
    assert board["Anna"]["provisional"] is True
    page = client.get("/api/players/Anna").json()
    assert page["provisional"] is True and page["history"][0]["provisional"] is True


def test_a_rating_is_provisional_for_its_first_matches_only() -> None:
    assert [provisional(n) for n in range(7)] == [True] * PROVISIONAL_MATCHES + [False] * 2
    placed = Player("p", "Anna", "human", mu=24.0, sigma=7.0, matches=PROVISIONAL_MATCHES)
    assert placed.to_dict()["provisional"] is False
    assert placed.to_dict()["rating"] == 3.0
