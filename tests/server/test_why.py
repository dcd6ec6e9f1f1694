"""The engine's reasons for the moves not possible now reach the seat to move, only it.

``legal.why`` of a VIEW lets the page explain a move before it is tried; it is read from
the true hand, so it must go to the seat to move alone and name only cards that seat may
see (its own hand, the table, the pozzo).
"""

from __future__ import annotations

from typing import Any

from scala40.engine.actions import DrawStock
from scala40.engine.cards import JOKER
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation.cards import format_card, parse_card
from scala40.notation.codec import table_meld_from_dict
from scala40.rulebook.labels import rules_summary

from .conftest import MakeClient
from .helpers import actor_at, card_kinds, create, join, kinds, strings, ws_url

ANNA = "2H 5D 9C KS QS 3D 7H 8H 4C AD JC 6S 9D"
BRUNO = "2C 5H 9S KH QH 3C 7C 8C 4D AS JD 6H 9H"


def _seen_by(view: dict[str, Any]) -> set[int]:
    """The kinds a seat's VIEW may name: its hand, the table and the pozzo."""
    seen = {JOKER}
    for text in [*view["hand"], *view["pozzo"]]:
        seen.update(card_kinds(text))
    for meld in view["table"]:
        for text in meld["cards"]:
            seen.update(card_kinds(text))
    return seen


def test_a_barred_card_has_the_engines_reason_for_the_seat_to_move_only() -> None:
    rules = Rules.build("fisca", {"players": 2})
    run = table_meld_from_dict({"kind": "run", "cards": ["3S", "4S", "5S"]}, rules)
    hand = Deal.setup(
        rules,
        [kinds(ANNA), kinds(BRUNO)],
        table=[run],
        pozzo=[parse_card("8D")],
        opened=[False, True],
    )
    hand.apply(DrawStock())
    actor = actor_at(hand)
    mine = actor.view_json(0)
    why = mine["legal"]["why"]
    assert why["draw"]["code"] == "already_drew"
    assert set(why["discard"]) == {"6S"}
    six = why["discard"]["6S"]
    assert six["code"] == "discard_fits" and six["card"] == "6S"
    assert "6♠ fits the run 3♠ 4♠ 5♠" in six["message"]
    assert "6S" not in mine["legal"]["discard"]
    # Bruno waits: no legal moves, no reasons.
    assert actor.view_json(1)["legal"] == {}


def test_a_barred_pozzo_names_only_the_pozzo_card() -> None:
    for preset, code in (("fisca", "not_opened_pozzo"), ("house", "pozzo_needs_opening")):
        rules = Rules.build(preset, {"players": 2})
        hand = Deal.setup(rules, [kinds(ANNA), kinds(BRUNO)], pozzo=[parse_card("4S"), JOKER])
        view = actor_at(hand).view_json(0)
        assert view["legal"]["pozzo"] is False
        assert view["legal"]["why"] == {
            "pozzo": {
                "code": code,
                "message": view["legal"]["why"]["pozzo"]["message"],
                "card": format_card(JOKER),
            }
        }
        assert view["legal"]["why"]["pozzo"]["message"].startswith("you have not opened")


def test_reasons_on_a_live_table_go_to_the_seat_to_move_and_hold_no_hidden_card(
    make_client: MakeClient,
) -> None:
    """Two people at a real table through the sockets: at every state of several turns
    the seat to move has ``legal.why`` naming only cards it may see; the other has none."""
    client = make_client()
    table = create(client, ["human", "human"], rules={"preset": "fisca"})
    other = join(client, table["table_id"], "Bruno")
    with (
        client.websocket_connect(ws_url(table)) as a,
        client.websocket_connect(ws_url(table, other["token"])) as b,
    ):
        sockets = {0: a, 1: b}
        for ws in sockets.values():
            ws.send_json({"type": "sync"})
        version = 0
        checked = 0
        for _ in range(8):
            states = {s: _playing_state(ws, version) for s, ws in sockets.items()}
            version = max(m["v"] for m in states.values())
            states = {
                s: _playing_state(ws, version) if m["v"] < version else m
                for (s, ws), m in zip(sockets.items(), states.values(), strict=True)
            }
            for seat, msg in states.items():
                view = msg["view"]
                if view["my_turn"]:
                    why = view["legal"]["why"]
                    named = {k for text in strings(why) for k in card_kinds(text)}
                    assert named <= _seen_by(view), (seat, why)
                    checked += 1
                else:
                    assert "why" not in view["legal"]
            mover = next(s for s, m in states.items() if m["view"]["my_turn"])
            view = states[mover]["view"]
            if view["phase"] == "draw":
                action: dict[str, Any] = {"type": "draw"}
            else:
                assert isinstance(view["legal"]["why"]["discard"], dict)
                action = {"type": "discard", "card": view["legal"]["discard"][0]}
            sockets[mover].send_json({"type": "action", "v": version, "action": action})
            version += 1
        assert checked >= 8


def _playing_state(ws: Any, version: int) -> dict[str, Any]:
    """The next state of the match in play at ``version`` or later (others dropped)."""
    for _ in range(50):
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "state" and msg["v"] >= version and msg["view"]["status"] == "playing":
            return dict(msg)
    raise AssertionError(f"no state at version {version}")


def test_a_nickname_already_at_the_table_is_refused(make_client: MakeClient) -> None:
    """Two "Anna"s could not tell their seats apart: the second is refused by code."""
    client = make_client()
    table = create(client, ["human", "human", "human"], nickname="Anna")
    r = client.post(f"/api/tables/{table['table_id']}/join", json={"nickname": "ANNA"})
    assert r.status_code == 409, r.text
    assert r.json()["error"]["code"] == "name_taken"
    assert join(client, table["table_id"], "Bruno")["seat"] == 1
    r = client.post(f"/api/tables/{table['table_id']}/join", json={"nickname": "bruno"})
    assert r.json()["error"]["code"] == "name_taken"


def test_the_english_rules_line_counts_in_the_right_number() -> None:
    """The one-line summary (sent next to the facts for older pages) says "1 point",
    "1 hand", not "1 points", "1 hands"."""
    one = rules_summary("fisca", Rules.build("fisca", {"fixed_hands": 1, "opening_points": 1}))
    assert "1 point to open" in one and one.endswith("; 1 hand")
    three = rules_summary("fisca", Rules.build("fisca", {"fixed_hands": 3}))
    assert "40 points to open" in three and three.endswith("; 3 hands")
