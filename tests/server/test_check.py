"""A seat asks whether its selected cards make a meld and hears the engine's reason, in the
table's rules; a malformed question is refused by name and changes nothing."""

from __future__ import annotations

from typing import Any

from .helpers import create, play_until_my_turn, until, ws_url


def _check(ws: Any, cards: list[str]) -> dict[str, Any]:
    ws.send_json({"type": "check", "cards": cards})
    return until(ws, "check")


def test_a_selection_is_answered_with_the_engines_reason_under_the_tables_rules(
    client: Any,
) -> None:
    plain = create(client, ["human", "bot:random"])
    short_runs = create(
        client, ["human", "bot:random"], rules={"changes": {"max_run_length_5": True}}
    )
    with client.websocket_connect(ws_url(plain)) as ws:
        until(ws, "state")
        assert _check(ws, ["7H", "5H", "6H"]) == {
            "type": "check",
            "cards": ["7H", "5H", "6H"],
            "ok": True,
        }
        gap = _check(ws, ["5H", "8H", "6H"])
        assert not gap["ok"] and gap["code"] == "invalid_meld"
        assert gap["facts"]["problem"] == "run_wrap"
        assert _check(ws, ["5H", "JK", "JK"])["facts"]["problem"] == "too_many_jokers"
        assert _check(ws, ["5H", "5D", "5H"])["facts"]["problem"] == "set_suits"
        assert _check(ws, ["3H", "4H", "5H", "6H", "7H", "8H"])["ok"]
    with client.websocket_connect(ws_url(short_runs)) as ws:
        until(ws, "state")
        six = _check(ws, ["3H", "4H", "5H", "6H", "7H", "8H"])
        assert six["facts"] == {
            "problem": "run_too_long",
            "cards": ["3H", "4H", "5H", "6H", "7H", "8H"],
            "allowed": 5,
        }


def test_a_malformed_check_is_refused_by_name_and_the_table_does_not_move(client: Any) -> None:
    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(ws_url(made)) as ws:
        # The bot may deal first: read on until it is this seat's turn, when nothing moves.
        v = play_until_my_turn(ws, 0)["v"]
        for bad in (
            {},
            {"cards": "5H 6H 7H"},
            {"cards": []},
            {"cards": ["5H"] * 15},
            {"cards": [5]},
        ):
            ws.send_json({"type": "check", **bad})
            refused = until(ws, "error")
            assert refused["code"] == "bad_message" and "cards" in refused["message"]
        ws.send_json({"type": "check", "cards": ["5H", "ZZ", "7H"]})
        refused = until(ws, "error")
        assert refused["code"] == "bad_message" and "ZZ" in refused["message"]
        ws.send_json({"type": "sync"})
        assert until(ws, "state")["v"] == v
