"""A remote bot played by the test itself over ``/ws/bot`` (the TestClient's socket)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ONE_HAND = {"preset": "fisca", "changes": {"fixed_hands": 1}}
"""A match of one hand: a whole match, quickly."""


def person(client: Any, nickname: str) -> str:
    """A new rated person's key."""
    r = client.post("/api/players", json={"nickname": nickname})
    assert r.status_code == 201, r.text
    return str(r.json()["key"])


def bot_account(client: Any, owner_key: str, name: str, seating: str = "anyone") -> str:
    """A new bot account's key, made by the person holding ``owner_key``."""
    r = client.post(
        "/api/bots/accounts", json={"player_key": owner_key, "name": name, "seating": seating}
    )
    assert r.status_code == 201, r.text
    return str(r.json()["key"])


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def simple_move(legal: list[str]) -> str:
    """Draw, else the longest open, meld or lay-off, else a discard: a turn always ends."""
    if "draw" in legal:
        return "draw"
    for verb in ("open", "meld", "layoff"):
        moves = [m for m in legal if m.split()[0] == verb]
        if moves:
            return max(moves, key=lambda m: len(m.split()))
    discards = [m for m in legal if m.startswith("discard ")]
    return discards[0] if discards else legal[0]


def play(
    ws: Any,
    matches: int = 1,
    on_decide: Callable[[dict[str, Any]], bool] | None = None,
) -> list[dict[str, Any]]:
    """Answer the host as a bot until ``matches`` ``match_over`` messages came; every
    message received is returned. ``on_decide`` sees each ``decide`` first and returns
    whether to answer it (``False``: stay silent, as a hung bot would)."""
    seen: list[dict[str, Any]] = []
    over = 0
    while over < matches:
        m = ws.receive_json()
        seen.append(m)
        kind = m["type"]
        if kind == "hello":
            ws.send_json({"game": m["game"], "type": "ready", "protocol": 1, "name": "test"})
        elif kind == "decide":
            if on_decide is None or on_decide(m):
                move = simple_move(m["legal"])
                ws.send_json({"game": m["game"], "type": "action", "id": m["id"], "action": move})
        elif kind == "match_over":
            over += 1
    return seen
