"""Rated identities: a nickname and a secret key, the leaderboard, a player's page, and a
rated match that moves its seats' ratings in the transaction that ends it — and the ways
nobody can farm them: casual matches, one home, leaving, bots' fixed ratings, provisional
ratings (docs/server.md, "Ratings")."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from scala40.notation.match_stats import SeatFigures
from scala40.storage.players import (
    HUMAN,
    PROVISIONAL_MATCHES,
    PROVISIONAL_OPPONENTS,
    Player,
    Players,
    RatedSeat,
    provisional,
)

from .helpers import client_at, create, players_in_memory, until, wait_over, ws_url

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


def test_a_finished_match_rates_the_player_against_the_bot_s_fixed_rating(
    make_client: Any,
) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    anna = _player(client, "Anna")
    made = create(
        client,
        ["human", "bot:greedy"],
        nickname="ignored",
        rules=ONE_HAND,
        player_key=anna["key"],
        rated=True,
    )
    info = client.get(f"/api/tables/{made['table_id']}").json()
    assert info["seats"][0]["name"] == "Anna"  # the identity's name, not the field's
    assert info["rated"] is True
    wait_over(client, made["table_id"])
    # Anna is provisional after one match: the board lists the bot level only.
    board = client.get("/api/leaderboard").json()["players"]
    assert [p["nickname"] for p in board] == ["bot:easy"]  # greedy's new name
    (bot,) = board
    assert bot["kind"] == "bot:easy" and bot["matches"] == 1 and not bot["provisional"]
    assert bot["mu"] == 22.94  # its arena rating, whatever the result
    page = client.get("/api/players/Anna").json()
    assert page["matches"] == 1 and page["provisional"] is True
    won = page["wins"] == 1
    assert bot["wins"] == (0 if won else 1)
    assert (page["mu"] > 25.0) == won  # from a newcomer's start, the result moved Anna
    assert page["hands"] == 1 and len(page["history"]) == 1
    line = page["history"][0]
    assert line["table_id"] == made["table_id"] and line["players"] == 2
    assert line["place"] == (1 if won else 2) and line["rated"] is True
    assert line["rating"] == page["rating"]
    record = client.get(f"/api/tables/{made['table_id']}/record").json()
    hand = record["hands"][0]  # penalties in play order: Anna (seat 0) is where she sat
    paid = hand["result"]["penalties"][hand["seats"].index(0)]
    assert page["average_penalty"] == paid


def test_a_casual_match_moves_no_rating(make_client: Any) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    anna = _player(client, "Anna")
    made = create(client, ["human", "bot:greedy"], rules=ONE_HAND, player_key=anna["key"])
    assert client.get(f"/api/tables/{made['table_id']}").json()["rated"] is False
    wait_over(client, made["table_id"])
    page = client.get("/api/players/Anna").json()
    assert (page["matches"], page["mu"], page["history"]) == (0, 25.0, [])
    assert client.get("/api/leaderboard").json() == {"players": []}
    bad = client.post(
        "/api/tables", json={"seats": ["human", "bot:easy"], "nickname": "A", "rated": "yes"}
    )
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_rated"


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
        client,
        ["human", "bot:greedy"],
        nickname="x",
        rules=ONE_HAND,
        player_key=anna["key"],
        rated=True,
    )
    with client.websocket_connect(f"/ws/{made['table_id']}?watch=1") as watcher:
        while True:
            msg = watcher.receive_json()
            if msg["type"] == "hand_over" and msg["summary"]["match_over"]:
                break
    ratings = msg["summary"]["ratings"]
    page = client.get("/api/players/Anna").json()
    # Anna's seat, from a newcomer's 0, and the bot's (an identity of its own), whose
    # rating is its arena rating before and after.
    assert set(ratings) == {"0", "1"}
    anna_change, bot_change = ratings["0"], ratings["1"]
    assert anna_change["before"] == 0.0 and anna_change["after"] == page["rating"]
    assert anna_change["change"] == anna_change["after"]
    assert anna_change["matches"] == 1 and anna_change["provisional"] is True
    assert bot_change["before"] == bot_change["after"] == round(22.94 - 3 * 2.49, 1)
    assert bot_change["change"] == 0.0 and bot_change["provisional"] is False
    # After one match the rating is provisional wherever it is read.
    assert page["provisional"] is True and page["history"][0]["provisional"] is True


def test_a_rating_is_provisional_until_enough_matches_against_enough_opponents() -> None:
    assert [provisional(n, 3) for n in range(7)] == [True] * PROVISIONAL_MATCHES + [False] * 2
    assert provisional(50, PROVISIONAL_OPPONENTS - 1)  # fifty wins over two people
    assert not provisional(PROVISIONAL_MATCHES, PROVISIONAL_OPPONENTS)
    assert not provisional(0, 0, "bot:club")  # a level's rating is its arena rating
    placed = Player("p", "Anna", "human", mu=24.0, sigma=7.0, matches=5, opponents=3)
    assert placed.to_dict()["provisional"] is False
    assert placed.to_dict()["rating"] == 3.0


def _two_identities_one_table(client: Any, bea_client: Any) -> tuple[dict[str, Any], str]:
    """Anna makes a rated heads-up table, Bea joins it (each from their own client); both
    stay away, so stand-ins play the single hand out."""
    anna, bea = _player(client, "Anna"), _player(client, "Bea")
    made = create(client, ["human", "human"], rules=ONE_HAND, player_key=anna["key"], rated=True)
    joined = bea_client.post(
        f"/api/tables/{made['table_id']}/join", json={"nickname": "x", "player_key": bea["key"]}
    )
    assert joined.status_code == 200, joined.text
    wait_over(client, made["table_id"])
    return made, made["table_id"]


def test_two_nicknames_of_one_home_are_not_rated_against_each_other(make_client: Any) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    _, table_id = _two_identities_one_table(client, client)  # one address
    for nickname in ("Anna", "Bea"):
        page = client.get(f"/api/players/{nickname}").json()
        assert (page["matches"], page["wins"], page["mu"]) == (0, 0, 25.0), nickname
        (line,) = page["history"]  # listed (a league would count it), not rated
        assert line["table_id"] == table_id and line["rated"] is False


def test_two_identities_from_two_homes_are_rated(make_client: Any) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    elsewhere = client_at(client, "203.0.113.9")
    _two_identities_one_table(client, elsewhere)
    pages = [client.get(f"/api/players/{n}").json() for n in ("Anna", "Bea")]
    assert [p["matches"] for p in pages] == [1, 1]
    # Stand-ins play the hand out: someone goes out (places 1 and 2, one win), or the
    # stock runs out with equal penalties (a shared first place, no win).
    places = sorted(p["history"][0]["place"] for p in pages)
    assert places in ([1, 2], [1, 1])
    assert sorted(p["wins"] for p in pages) == ([0, 1] if places == [1, 2] else [0, 0])
    assert all(p["mu"] != 25.0 for p in pages)


def _rate_one_match(players: Players, table_id: str, places: list[int], ids: list[str]) -> None:
    """A heads-up match of one hand between two homes, rated with these places."""
    seats = [
        RatedSeat(seat, seat, place, ids[seat], HUMAN, f"home-{seat}", SeatFigures(hands=1))
        for seat, place in enumerate(places)
    ]
    with players.engine.begin() as conn:
        players.rate(conn, table_id, seats, datetime.now(UTC))


def test_a_shared_first_place_counts_a_match_and_no_win() -> None:
    """A match nobody won outright (one hand that ran out of stock, both unopened, 100
    points each) is a tie for the ratings, and a win for nobody on the leaderboard:
    otherwise two friends could collect a win each from every drawn match."""
    with players_in_memory() as players:
        ids = [players.create("Anna")[0].id, players.create("Bea")[0].id]
        _rate_one_match(players, "tied", [1, 1], ids)
        tied = [players.by_nickname(n) for n in ("Anna", "Bea")]
        assert [(p.matches, p.wins) for p in tied if p] == [(1, 0), (1, 0)]
        _rate_one_match(players, "won", [1, 2], ids)  # an outright win still counts
        after = [players.by_nickname(n) for n in ("Anna", "Bea")]
        assert [(p.matches, p.wins) for p in after if p] == [(2, 1), (2, 0)]


def test_a_player_who_leaves_a_rated_match_loses_it(make_client: Any) -> None:
    # Anna never comes back: a stand-in plays her seat to the end, and whatever it scores,
    # she is placed behind the bot that stayed.
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="expert")
    anna = _player(client, "Anna")
    made = create(
        client, ["human", "bot:beginner"], rules=ONE_HAND, player_key=anna["key"], rated=True
    )
    wait_over(client, made["table_id"])
    page = client.get("/api/players/Anna").json()
    (line,) = page["history"]
    assert line["place"] == 2 and line["rated"] is True
    assert page["wins"] == 0 and page["mu"] < 25.0


def test_a_rated_table_every_person_left_is_closed_and_rated_as_lost(make_client: Any) -> None:
    client = make_client(abandoned_seconds=0.4, bots_pause_seconds=0.1, sweep_seconds=0.05)
    anna = _player(client, "Anna")
    made = create(client, ["human", "bot:easy"], player_key=anna["key"], rated=True)
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
    tables = client.app.state.tables
    end = time.monotonic() + 10
    while tables.get(made["table_id"]) is not None and time.monotonic() < end:
        time.sleep(0.05)
    assert tables.get(made["table_id"]) is None  # closed
    page = client.get("/api/players/Anna").json()
    (line,) = page["history"]
    assert line["place"] == 2 and page["matches"] == 1 and page["mu"] < 25.0
    bot = client.get("/api/players/bot:easy").json()
    assert bot["wins"] == 1 and bot["mu"] == 22.94


def test_an_unrated_table_every_person_left_rates_nobody(make_client: Any) -> None:
    client = make_client(abandoned_seconds=0.4, bots_pause_seconds=0.1, sweep_seconds=0.05)
    anna = _player(client, "Anna")
    made = create(client, ["human", "bot:easy"], player_key=anna["key"])
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
    tables = client.app.state.tables
    end = time.monotonic() + 10
    while tables.get(made["table_id"]) is not None and time.monotonic() < end:
        time.sleep(0.05)
    assert client.get("/api/players/Anna").json()["matches"] == 0
