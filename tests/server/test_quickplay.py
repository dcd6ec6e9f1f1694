"""Play now over HTTP: one request seats a person at once, at a quick-play table whose bot
seats pass to people (at once before the hand's first move, else at the next hand)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from scala40.bots import make_bot
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json

from .helpers import until

TOKEN_A = "a" * 40
TOKEN_B = "b" * 40


def quick(client: Any, nickname: str, token: str | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"nickname": nickname, **extra}
    if token is not None:
        body["token"] = token
    r = client.post("/api/quickplay", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def url(seat: dict[str, Any]) -> str:
    return f"/ws/{seat['table_id']}?token={seat['token']}"


def test_play_now_opens_a_table_where_bots_hold_the_other_seat(make_client: Any) -> None:
    client = make_client(bot_pause=30.0)
    anna = quick(client, "Anna", TOKEN_A)
    assert anna["seat"] == 0 and anna["seated"] is True and anna["players"] == 2
    table = client.get(f"/api/tables/{anna['table_id']}").json()
    assert table["status"] == "playing"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot:club"]
    assert "FISCA" in table["rules_summary"]


def test_two_people_pressing_play_now_sit_at_one_table(make_client: Any) -> None:
    client = make_client(bot_pause=30.0)  # the bot waits: nobody has moved in the hand
    anna = quick(client, "Anna", TOKEN_A)
    with client.websocket_connect(url(anna)) as ws:
        until(ws, "state")
        bea = quick(client, "Bea", TOKEN_B)
        assert bea["table_id"] == anna["table_id"]
        assert (bea["seat"], bea["seated"]) == (1, True)
        handed = until(ws, "state")
        assert handed["event"] == {"type": "seat_handed", "seat": 1, "was": "Bot 2 (Club player)"}
        names = [p["name"] for p in handed["view"]["players"]]
        assert names == ["Anna", "Bea"]
        with client.websocket_connect(url(bea)) as bea_ws:
            view = until(bea_ws, "state")["view"]
            assert view["seat"] == 1 and len(view["hand"]) == 13
        table = client.get(f"/api/tables/{anna['table_id']}").json()
        assert [s["kind"] for s in table["seats"]] == ["human", "human"]
        # A third person finds no bot seat left there and gets a table of their own.
        carla = quick(client, "Carla", "c" * 40)
        assert carla["table_id"] != anna["table_id"] and carla["seat"] == 0


def test_a_second_click_gets_the_same_seat_and_makes_no_second_table(make_client: Any) -> None:
    client = make_client(bot_pause=30.0)
    first = quick(client, "Anna", TOKEN_A)
    again = quick(client, "Anna", TOKEN_A)
    assert again == first
    app_tables = client.app.state.tables  # type: ignore[attr-defined]
    assert len(app_tables.actors) == 1


def test_play_now_keeps_to_the_seat_count_asked(make_client: Any) -> None:
    client = make_client(bot_pause=30.0)
    three = quick(client, "Anna", TOKEN_A, players=3)
    assert three["players"] == 3
    with client.websocket_connect(url(three)):
        two = quick(client, "Bea", TOKEN_B)  # 2 by default: not the table of 3
        assert two["table_id"] != three["table_id"] and two["players"] == 2
        also_three = quick(client, "Carla", "c" * 40, players=3)
        assert also_three["table_id"] == three["table_id"]
        six = quick(client, "Dora", "d" * 40, players=6)
        table = client.get(f"/api/tables/{six['table_id']}").json()
        assert len(table["seats"]) == 6 and six["players"] == 6


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"nickname": "Anna", "players": 7}, "bad_players", "2 to 6"),
        ({"nickname": "Anna", "players": 1}, "bad_players", "2 to 6"),
        ({"nickname": "Anna", "players": "3"}, "bad_players", "whole number"),
        ({"nickname": "Anna", "players": True}, "bad_players", "whole number"),
        ({"players": 2}, "bad_nickname", "nickname"),
        ({"nickname": "  "}, "bad_nickname", "nickname"),
        ({"nickname": "Anna", "token": "short"}, "bad_token", "32 to 128"),
        ({"nickname": "Anna", "player_key": "nope"}, "bad_key", "key"),
    ],
)
def test_bad_play_now_requests_are_refused_by_name_and_make_nothing(
    client: Any, body: dict[str, Any], code: str, words: str
) -> None:
    r = client.post("/api/quickplay", json=body)
    assert r.status_code in (400, 403), r.text
    err = r.json()["error"]
    assert err["code"] == code and words in err["message"]
    assert client.app.state.tables.actors == {}  # type: ignore[attr-defined]


def _play_out_the_hand(ws: Any, state: dict[str, Any]) -> list[dict[str, Any]]:
    """Play this seat's turns (a greedy bot's choices) until the hand ends; the messages
    seen from the hand's end on (its summary and what followed)."""
    bot = make_bot("greedy")
    rng = random.Random(7)
    acted = -1
    for _ in range(5000):
        if state["type"] == "hand_over":
            return [state, *(ws.receive_json() for _ in range(2))]
        if state["type"] == "state" and state["view"]["my_turn"] and state["v"] > acted:
            acted = state["v"]  # one move per version: the same view may come twice
            action = bot.choose(view_from_json(state["view"]), rng)
            ws.send_json({"type": "action", "v": state["v"], "action": action_to_dict(action)})
        elif state["type"] == "error":
            raise AssertionError(f"refused: {state}")
        state = ws.receive_json()
    raise AssertionError("the hand did not end")


def test_a_person_arriving_mid_hand_takes_the_bot_seat_at_the_next_hand(
    make_client: Any,
) -> None:
    client = make_client(bot_pause=0.0, quickplay_turn_seconds=None, rate_per_second=1000.0)
    anna = quick(client, "Anna", TOKEN_A)
    with client.websocket_connect(url(anna)) as ws:
        state = until(ws, "state")
        while not state["view"]["my_turn"]:
            state = until(ws, "state")
        bot = make_bot("greedy")
        action = bot.choose(view_from_json(state["view"]), random.Random(1))
        ws.send_json({"type": "action", "v": state["v"], "action": action_to_dict(action)})
        state = until(ws, "state")  # the hand is under way now
        bea = quick(client, "Bea", TOKEN_B)
        assert (bea["table_id"], bea["seat"], bea["seated"]) == (anna["table_id"], 1, False)
        assert quick(client, "Bea", TOKEN_B) == bea  # asked again: the same promise
        promised = until(ws, "state")
        assert promised["event"] == {"type": "seat_promised", "seat": 1, "name": "Bea"}
        assert promised["view"]["players"][1]["kind"] == "bot:club"  # the bot plays on
        with client.websocket_connect(url(bea)) as watching:
            seen = until(watching, "state")
            assert seen["view"]["spectator"] is True and seen["view"]["hand"] == []
            after = _play_out_the_hand(ws, promised)
            handed = [m for m in after if (m.get("event") or {}).get("type") == "seat_handed"]
            assert handed and handed[0]["view"]["players"][1]["name"] == "Bea"
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(10_000):
                    watching.receive_json()
            assert closed.value.code == 4009
        with client.websocket_connect(url(bea)) as seated:
            view = until(seated, "state")["view"]
            assert view["seat"] == 1 and view["players"][1]["name"] == "Bea"
            assert view["hand_number"] == 2
    stored = client.get(f"/api/tables/{anna['table_id']}").json()
    assert [s["kind"] for s in stored["seats"]] == ["human", "human"]
