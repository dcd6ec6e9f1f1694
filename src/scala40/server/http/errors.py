"""HTTP refusals: one error type and one JSON shape for every route of the web app.

Every refusal reads ``{"error": {"code": ..., "message": ...}}`` with a 4xx status, so the
pages show the message and programs branch on the stable code, whatever route refused.
Failures the route did not foresee take the same shape: a database that is away (down,
restarting, its disk gone) is ``503 store_unavailable`` with ``Retry-After``, anything
else ``500 server_error`` — never a plain-text page a program cannot read.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from scala40.server.guard.addresses import limit_key
from scala40.server.guard.limits import PerAddress
from scala40.server.settings import Settings
from scala40.server.wire.jsonin import BadJson, decode_json
from scala40.storage.outage import AWAY, store_away
from scala40.storage.seal import network_digest

log = logging.getLogger("scala40.server")

STORE_RETRY_SECONDS = 5
"""What ``Retry-After`` says while the database is away: about a PostgreSQL restart."""

MAX_BODY = 16384
"""Largest request body a route reads (lobby forms and score-sheet hands are far smaller)."""


class ApiError(Exception):
    """A request the app refuses: an HTTP status, a stable code and a sentence, and the
    facts the sentence names (a card) for pages that word the code in their language."""

    def __init__(
        self, status: int, code: str, message: str, facts: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.facts = facts


def error_response(err: ApiError) -> JSONResponse:
    # A message that quotes a lone surrogate cannot be UTF-8: escape it rather than let
    # the refusal itself become a 500.
    message = err.message.encode("utf-8", "backslashreplace").decode("utf-8")
    body: dict[str, Any] = {"code": err.code, "message": message}
    if err.facts:
        body["facts"] = err.facts
    return JSONResponse({"error": body}, status_code=err.status)


def store_unavailable() -> JSONResponse:
    """The answer of any route while the database is away: the same JSON shape, 503, and
    when to ask again (the details of the failure go to the server log only)."""
    refused = error_response(
        ApiError(
            503,
            "store_unavailable",
            "the database cannot be reached just now: nothing was changed; try again"
            f" in {STORE_RETRY_SECONDS} s",
        )
    )
    refused.headers["Retry-After"] = str(STORE_RETRY_SECONDS)
    return refused


def install_error_handler(app: FastAPI) -> None:
    """Answer every :class:`ApiError` a route raises with the shared JSON shape, and so a
    database that is away (503) and any failure no route foresaw (500)."""

    async def handle(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return error_response(exc)

    async def away(request: Request, exc: Exception) -> JSONResponse:
        log.warning("%s %s: the database is away: %s", request.method, request.url.path, exc)
        return store_unavailable()

    async def failed(request: Request, exc: Exception) -> JSONResponse:
        if store_away(exc):  # a session the database ended (outage.ENDED_SESSIONS)
            return await away(request, exc)
        # Starlette logs the exception itself once this answer is sent.
        return error_response(ApiError(500, "server_error", "the server failed: try again"))

    app.add_exception_handler(ApiError, handle)
    for kind in AWAY:
        app.add_exception_handler(kind, away)
    app.add_exception_handler(Exception, failed)


async def read_json_object(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, or :class:`ApiError` naming what is wrong."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError(413, "too_big", f"the request body is over {MAX_BODY // 1024} KiB")
    try:
        data = decode_json(raw or b"{}")
    except BadJson as err:
        raise ApiError(400, "bad_json", f"the body cannot be read: {err}") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_json", "the body must be a JSON object")
    return data


def client_address(request: Request) -> str:
    """The client's address as uvicorn reports it (the proxy's client, when trusted)."""
    return request.client.host if request.client is not None else "unknown"


def network_of(request: Request, settings: Settings, key: bytes | None) -> str:
    """What a seat keeps of where its person joined from: a keyed digest of their address
    (an IPv6 client's network), so a rated match can tell two seats of one home apart
    from strangers without the database holding anyone's address."""
    return network_digest(key, limit_key(client_address(request), settings.ipv6_prefix))


def admit(limiter: PerAddress, request: Request, settings: Settings, code: str, words: str) -> None:
    """Count one creation for the request's address (an IPv6 client's network), or refuse
    it (429 ``code``: "at most ``words`` from one address") while it is over the limit."""
    host = client_address(request)
    if host in settings.unlimited_addresses:
        return
    address = limit_key(host, settings.ipv6_prefix)
    if limiter.allow(address):
        return
    wait = math.ceil(limiter.retry_after(address))
    raise ApiError(429, code, f"at most {words} from one address: try again in {wait} s")
