"""Whole matches over WebSockets, bots and scripted people together, checked for leaks.

Every message each person's browser received is held against the true state at its
version (rebuilt from the finished match's record): it may name only cards that seat may
know — its own hand, the table, the pozzo, cards publicly known to be in a hand, the
move just made. Hand-over summaries show every hand by design and are left out.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from scala40.bots import make_bot
from scala40.engine.actions import DrawStock
from scala40.engine.cards import JOKER
from scala40.engine.match import Match
from scala40.engine.state import Deal
from scala40.notation.actions import parse_action
from scala40.notation.codec import action_to_dict
from scala40.notation.record import load_record, start_match
from scala40.notation.view import view_from_json

from .helpers import card_kinds, create, join, strings, ws_url


def person(ws: Any, seat: int, log: list[dict[str, Any]], errors: list[dict[str, Any]]) -> None:
    """A scripted player: the greedy bot on the rebuilt PlayerView, plus a few wrong moves."""
    rng = random.Random(seat)
    bot = make_bot("greedy")
    acted = -1
    while True:
        msg = ws.receive_json()
        log.append(msg)
        if msg["type"] == "error":
            errors.append(msg)
            if msg["code"] == "rate_limited":
                time.sleep(1.0)  # what a well-behaved client does before trying again
            ws.send_json({"type": "sync"})
            acted = -1
            continue
        if msg["type"] != "state":
            continue
        view = msg["view"]
        if view["status"] == "over":
            return
        if not view["my_turn"] or msg["v"] <= acted:
            continue
        action = bot.choose(view_from_json(view), rng)
        if rng.random() < 0.03:
            # A stale version: refused, then the player resyncs and plays on.
            ws.send_json({"type": "action", "v": msg["v"] - 1, "action": action_to_dict(action)})
            acted = msg["v"]
            continue
        ws.send_json({"type": "action", "v": msg["v"], "action": action_to_dict(action)})
        acted = msg["v"]


def _visible(deal: Deal, seat: int) -> set[int]:
    """Kinds ``seat`` may see in ``deal``: its cards, the table, the pozzo, known cards."""
    out: set[int] = set()
    if seat in deal.seats:
        me = deal.seats.index(seat)
        out.update(deal.hand_cards(me))
        start = deal.turn.start
        if start is not None and start.hand is not None and deal.current == me:
            out.update(k for k, c in enumerate(start.hand) if c)
    for meld in deal.table:
        out.update(meld.cards())
        out.update(meld.slots)
    out.update(deal.pozzo)
    for counts in deal.known:
        out.update(k for k, c in enumerate(counts) if c)
    out.update(deal.stock[: deal.bottom_known])
    return out


def _true_states(record: dict[str, Any]) -> Iterator[tuple[int, Match, set[int]]]:
    """(version, match after it, kinds the move itself made public) for every version."""
    rec = load_record(record)
    match = start_match(rec)  # as the table dealt it: the verifiable way, with its entropy
    yield 0, match, set()
    version = 0
    for entry in rec["hands"]:
        for text in entry["actions"]:
            action = parse_action(text)
            public: set[int] = set()
            if not isinstance(action, DrawStock):
                public = {k for word in text.split()[1:] for k in card_kinds(word)}
            match.apply(action)
            version += 1
            yield version, match, public


def _without_joker_options(msg: dict[str, Any]) -> dict[str, Any]:
    """``msg`` with the jokers of ``legal.melds`` unnamed: a meld the seat's own hand could
    lay names what its jokers would stand for (``JK=4H``), a card nobody showed; it is
    worked out from that hand alone, so it tells nothing hidden."""
    legal = msg.get("view", {}).get("legal", {})
    if not legal.get("melds"):
        return msg
    melds = [
        {**m, "cards": ["JK" if c.startswith("JK") else c for c in m["cards"]]}
        for m in legal["melds"]
    ]
    return {**msg, "view": {**msg["view"], "legal": {**legal, "melds": melds}}}


def _check_no_leaks(logs: dict[int, list[dict[str, Any]]], record: dict[str, Any]) -> int:
    by_version: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for seat, log in logs.items():
        for msg in log:
            if msg["type"] == "state":
                by_version.setdefault(msg["v"], []).append((seat, msg))
    checked = 0
    for version, match, public in _true_states(record):
        hand = match.deal
        for seat, msg in by_version.get(version, []):
            view = msg["view"]
            allowed = _visible(hand, seat) | public | {JOKER}
            named = {k for s in strings(_without_joker_options(msg)) for k in card_kinds(s)}
            leaked = named - allowed
            assert not leaked, f"seat {seat} at v{version} saw {sorted(leaked)}"
            if seat in hand.seats:
                me = hand.seats.index(seat)
                assert sorted(k for s in view["hand"] for k in card_kinds(s)) == hand.hand_cards(me)
            else:  # eliminated: shown the table, no hand
                assert view["hand"] == [] and view["spectator"] and not view["my_turn"]
            sizes = {s: hand.sizes[i] for i, s in enumerate(hand.seats)}
            assert [p["cards"] for p in view["players"]] == [
                sizes.get(p["seat"], 0) for p in view["players"]
            ]
            checked += 1
    received = sum(len(states) for states in by_version.values())
    assert checked == received, "every VIEW a seat was sent is checked against the true state"
    return checked


def _play(client: Any, seats: list[str], rules: dict[str, Any]) -> tuple[dict[str, Any], int]:
    made = create(client, seats, rules=rules)
    tokens = {0: made["token"]}
    for seat, kind in enumerate(seats):
        if kind == "human" and seat:
            tokens[seat] = join(client, made["table_id"], f"Player{seat}")["token"]
    logs: dict[int, list[dict[str, Any]]] = {s: [] for s in tokens}
    errors: list[dict[str, Any]] = []
    sockets = [client.websocket_connect(ws_url(made, t)) for t in tokens.values()]
    threads = []
    try:
        for seat, cm in zip(tokens, sockets, strict=True):
            ws = cm.__enter__()
            t = threading.Thread(target=person, args=(ws, seat, logs[seat], errors), daemon=True)
            threads.append(t)
            t.start()
        for t in threads:
            t.join(timeout=60)
        # How many messages each seat had (a turn that never ends shows thousands) and the last.
        stuck = {seat: (len(log), log[-1:]) for seat, log in logs.items()}
        assert not any(t.is_alive() for t in threads), f"the match did not finish: {stuck}"
    finally:
        # Closed even when the match stalls, so the server (and the suite) can stop.
        for cm in sockets[: len(threads)]:
            cm.__exit__(None, None, None)
    assert all(e["code"] == "stale_version" for e in errors), errors
    record = client.get(f"/api/tables/{made['table_id']}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    data = record.json()
    assert data["over"] and data["winner"] is not None
    checked = _check_no_leaks(logs, data)
    hand_overs = [m for log in logs.values() for m in log if m["type"] == "hand_over"]
    assert hand_overs and hand_overs[-1]["summary"]["match_over"]
    return made, checked


def test_whole_matches_people_and_bots_see_only_their_own_cards(make_client: Any) -> None:
    client = make_client(rate_per_second=1000)  # scripted players are faster than people
    made, checked = _play(
        client, ["human", "bot:greedy", "human", "bot:random"], {"changes": {"elimination": 60}}
    )
    # The server deals at random: a match to 60 may last one short hand (64 views once).
    assert checked > 10
    history = client.get("/api/history").json()["matches"]
    assert history[0]["table_id"] == made["table_id"]
    assert history[0]["players"][:3] == ["Anna", "Bot 2 (Easy)", "Player2"]
    replay = client.get(f"/api/tables/{made['table_id']}/replay").json()
    assert replay["steps"][0]["text"] == "deal"
    assert sum(1 for s in replay["steps"] if "summary" in s) == len(
        client.get(f"/api/tables/{made['table_id']}/record").json()["hands"]
    )
    assert client.get("/api/tables").json()["tables"] == []


def test_a_house_table_of_three_people_then_only_its_record_stays(make_client: Any) -> None:
    client = make_client(rate_per_second=1000, retire_seconds=0.05)
    made, checked = _play(
        client,
        ["human", "human", "human"],
        {"preset": "house", "changes": {"elimination": 40, "reentry": False}},
    )
    assert checked > 10
    for _ in range(100):
        if made["table_id"] not in client.app.state.tables.actors:
            break
        time.sleep(0.05)
    assert made["table_id"] not in client.app.state.tables.actors
    summary = client.get(f"/api/tables/{made['table_id']}").json()
    assert summary["status"] == "over" and summary["seats"][0]["name"] == "Anna"
    with pytest.raises(WebSocketDisconnect) as caught, client.websocket_connect(ws_url(made)) as ws:
        ws.receive_json()
    assert caught.value.code == 4404
