"""Table life: the creator's seat is held by the share panel's socket, and a player who
comes back is told what a stand-in played for them."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .helpers import create, join, until, wait_over, ws_url


def test_the_creator_waiting_on_the_share_panel_is_not_away_when_the_friend_sits(
    make_client: Any,
) -> None:
    client = make_client(grace_seconds=0.2)
    made = create(client, ["human", "human"])
    # The lobby's share panel holds a socket with the creator's token while it is open.
    with client.websocket_connect(ws_url(made)) as anna:
        first = until(anna, "state")
        assert first["view"]["status"] == "waiting"
        assert first["view"]["players"][0]["connected"] is True
        # Before the first turn nobody plays for anyone, whoever will move first.
        assert not any(p["stand_in"] for p in first["view"]["players"])
        bea = join(client, made["table_id"], "Bea")
        started = until(anna, "state")
        assert started["view"]["status"] == "playing"
        time.sleep(0.6)  # well past the grace a seat without a socket gets
        with client.websocket_connect(ws_url(made, bea["token"])) as bea_ws:
            seen = until(bea_ws, "state")["view"]["players"][0]
            assert seen["connected"] is True
            assert seen["stand_in"] is False
        anna.send_json({"type": "sync"})
        while True:
            msg = until(anna, "state")
            if msg["event"] is None and msg["view"]["players"][1]["connected"] is False:
                break
        assert msg["view"]["players"][0]["stand_in"] is False


def test_a_player_back_after_the_stand_in_finished_is_told_the_moves_and_the_winner(
    make_client: Any,
) -> None:
    # The grace runs from the table's creation for a seat with no socket yet: one long
    # enough for the first socket to be there on a loaded machine (0.05 s was not, once).
    client = make_client(grace_seconds=1.0, bots_pause_seconds=600.0)
    made = create(
        client, ["human", "bot:greedy"], rules={"preset": "fisca", "changes": {"fixed_hands": 1}}
    )
    with client.websocket_connect(ws_url(made)) as ws:
        first = until(ws, "state")
        assert "away" not in first
    wait_over(client, made["table_id"])
    with client.websocket_connect(ws_url(made)) as ws:
        back = until(ws, "state")
    away = back["away"]
    assert away["moves"], "the stand-in's moves are listed"
    assert {m["seat"] for m in away["moves"]} == {0}
    moves = {"draw", "pozzo", "discard", "open", "meld", "layoff", "swap", "takeback"}
    assert {m["type"] for m in away["moves"]} <= moves
    summary = away["summary"]
    assert summary["match_over"] is True
    assert summary["match_winner"] in (0, 1)
    assert set(summary["totals"]) == {"0", "1"}
    # Told once: the next connection has nothing to report.
    with client.websocket_connect(ws_url(made)) as ws:
        assert "away" not in until(ws, "state")


def test_a_player_who_stays_connected_gets_no_report(make_client: Any) -> None:
    client = make_client(grace_seconds=30.0)
    made = create(client, ["human", "bot:greedy"])
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        while not state["view"]["my_turn"]:
            state = until(ws, "state")
        ws.send_json({"type": "action", "v": state["v"], "action": {"type": "draw"}})
        until(ws, "state")
    with client.websocket_connect(ws_url(made)) as ws:
        assert "away" not in until(ws, "state")


def test_the_bot_pace_is_checked_stored_and_listed(make_client: Any, db_url: str) -> None:
    client = make_client()
    r = client.post(
        "/api/tables", json={"seats": ["human", "human"], "nickname": "Anna", "bot_pace": "warp"}
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "bad_pace"
    made = create(client, ["human", "human", "bot:greedy"], bot_pace="slow")
    assert client.get(f"/api/tables/{made['table_id']}").json()["bot_pace"] == "slow"
    plain = create(client, ["human", "human"])
    assert client.get(f"/api/tables/{plain['table_id']}").json()["bot_pace"] == "normal"
    client.__exit__(None, None, None)
    again = make_client()  # the same database: the tables are rebuilt from it
    assert again.get(f"/api/tables/{made['table_id']}").json()["bot_pace"] == "slow"


def _bot_answer_seconds(make_client: Any, pace: str) -> float:
    """Seconds from my discard to the bot's first move after it."""
    client = make_client(bot_pause=0.4)
    made = create(client, ["human", "bot:greedy"], bot_pace=pace)
    with client.websocket_connect(ws_url(made)) as ws:
        state = until(ws, "state")
        while not (state["view"]["my_turn"] and state["view"]["phase"] == "draw"):
            state = until(ws, "state")
        ws.send_json({"type": "action", "v": state["v"], "action": {"type": "draw"}})
        state = until(ws, "state")
        card = state["view"]["legal"]["discard"][0]
        ws.send_json(
            {"type": "action", "v": state["v"], "action": {"type": "discard", "card": card}}
        )
        until(ws, "state")
        sent = time.monotonic()
        while (until(ws, "state").get("event") or {}).get("seat") != 1:
            pass
        return time.monotonic() - sent


@pytest.mark.slow  # waits out the paces
def test_the_bots_move_at_the_chosen_pace(make_client: Any) -> None:
    assert _bot_answer_seconds(make_client, "fast") < 0.35  # a quarter of 0.4 s, and margin
    assert _bot_answer_seconds(make_client, "slow") >= 0.75  # twice 0.4 s
