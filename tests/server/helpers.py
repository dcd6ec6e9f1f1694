"""Helpers the server tests share: creating tables, reading messages, finding card text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scala40.notation.cards import parse_card, parse_meld_card
from scala40.notation.errors import NotationError


def create(client: Any, seats: list[str], nickname: str = "Anna", **extra: Any) -> dict[str, Any]:
    body = {"seats": seats, "nickname": nickname, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(client: Any, table_id: str, nickname: str) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table_id}/join", json={"nickname": nickname})
    assert r.status_code == 200, r.text
    return dict(r.json())


def ws_url(table: dict[str, Any], token: str | None = None) -> str:
    return f"/ws/{table['table_id']}?token={token or table['token']}"


def until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    """The next message of type ``kind`` (others read and dropped)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return dict(msg)
    raise AssertionError(f"no {kind} message in {limit}")


def card_kinds(text: str) -> list[int]:
    """The card kinds a text names (``JK=7D`` names the joker and the 7♦); [] if not a card."""
    try:
        kind, declared = parse_meld_card(text)
    except NotationError:
        try:
            return [parse_card(text)]
        except NotationError:
            return []
    return [kind] if declared is None else [kind, declared]


def strings(data: Any) -> Iterator[str]:
    """Every string value anywhere in a JSON value (keys are seat numbers, not cards)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v)
