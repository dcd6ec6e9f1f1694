"""A node's own address, for clients sent straight to the node that plays their table.

A socket that reaches a node other than its table's owner is relayed through Redis
(node.py): every message then costs both nodes CPU, about as much again as the move itself
(docs/deploy.md, "What a relayed move costs"). A node given ``--public-url`` says in Redis,
with its beat, where clients can reach it; a client that can follow (it connects with
``direct=1``: the table page, the load test) and whose socket reaches another node is
closed with 4307 and that address, and reconnects to the owner itself. A client that did
not ask, or an owner with no address, is relayed as before.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit, urlunsplit

MAX_BASE: Final = 100
"""Bytes of a node's WebSocket address at most: it travels as a close reason, which holds
123 bytes."""

_SOCKET_SCHEME: Final = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}


def socket_base(public_url: str) -> str:
    """The WebSocket address of a node's ``--public-url`` (``https://h/p`` -> ``wss://h/p``,
    no trailing slash): what a client puts ``/ws/TABLE`` after. ``ValueError`` names what
    is wrong with it."""
    url = public_url.strip().rstrip("/")
    parts = urlsplit(url)
    scheme = _SOCKET_SCHEME.get(parts.scheme.lower())
    if scheme is None or not parts.hostname:
        raise ValueError(
            f"--public-url {public_url!r}: the node's address as clients reach it,"
            " http(s):// or ws(s)://, e.g. https://cards.example.org/n/node2"
        )
    if parts.query or parts.fragment:
        raise ValueError(f"--public-url {public_url!r}: an address with no ? or # part")
    base = urlunsplit((scheme, parts.netloc, parts.path, "", ""))
    if len(base.encode()) > MAX_BASE:
        raise ValueError(f"--public-url: at most {MAX_BASE} bytes as a ws(s):// address")
    return base


def is_socket_base(value: str) -> bool:
    """Whether ``value`` (read from Redis) is a node's WebSocket address, not the bare
    mark of a node that gave none."""
    return value.startswith(("ws://", "wss://")) and len(value.encode()) <= MAX_BASE


__all__ = ["MAX_BASE", "is_socket_base", "socket_base"]
