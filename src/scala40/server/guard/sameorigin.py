"""Requests from other web sites are refused: the CSRF guard of the API and the WebSocket.

A page on another site can make a visitor's browser send a POST with ``Content-Type:
text/plain`` (a "simple" request, no preflight) or open a WebSocket to this server. So:

- every request that changes something (POST, PUT, PATCH, DELETE) under ``/api/`` must say
  ``Content-Type: application/json`` (which a foreign page cannot send without a CORS
  preflight this server never grants): 415 ``bad_content_type`` otherwise;
- when such a request or a WebSocket handshake carries ``Origin`` (browsers always do), it
  must be the server's own (the ``Host`` it was asked as) or one of
  ``Settings.allowed_origins``: 403 ``bad_origin`` otherwise; a refused WebSocket gets 403
  before it is accepted.

Programs that send no ``Origin`` (the load test, bots, curl) are not browsers and pass.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def origin_allowed(origin: str, host: str | None, allowed: Iterable[str]) -> bool:
    """Is ``origin`` this server itself (same host and port) or on the allow-list?"""
    origin = origin.strip().rstrip("/").lower()
    if origin in {o.rstrip("/").lower() for o in allowed}:
        return True
    if host is None or origin == "null":
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        return False
    return parts.netloc == host.strip().lower()


def is_json(content_type: str | None) -> bool:
    if content_type is None:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json"


class SameOrigin:
    """ASGI middleware: refuse cross-site writes and WebSockets before the app sees them."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            origin = _header(scope, b"origin")
            if origin is not None and not origin_allowed(
                origin, _header(scope, b"host"), self.allowed
            ):
                await send({"type": "websocket.close", "code": 1008, "reason": "bad origin"})
                return
        elif kind == "http" and scope["method"] in UNSAFE and scope["path"].startswith("/api/"):
            origin = _header(scope, b"origin")
            if origin is not None and not origin_allowed(
                origin, _header(scope, b"host"), self.allowed
            ):
                await _refuse(send, 403, "bad_origin", "requests from other sites are refused")
                return
            if not is_json(_header(scope, b"content-type")):
                await _refuse(
                    send,
                    415,
                    "bad_content_type",
                    "send the body as JSON with Content-Type: application/json",
                )
                return
        await self.app(scope, receive, send)


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode("utf-8")
    start: Message = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode("ascii")),
        ],
    }
    await send(start)
    await send({"type": "http.response.body", "body": body})
