"""Connection hygiene below the app: slow or idle sockets are closed, one address is capped.

uvicorn closes a keep-alive connection that idles *between* requests, but not one that
never finishes a request: a socket that sends nothing, or half a request head, holds a file
descriptor for ever, and a few hundred of them lock every new player out. The HTTP
protocol here (uvicorn's httptools protocol with two additions) closes a connection that
has not delivered a whole request within ``Settings.request_seconds``, and answers 503 to
an address that already holds ``Settings.connections_per_address`` open connections
(WebSockets included). Idle WebSockets are closed by the table's socket handler (ws.py),
which knows what counts as a sign of life.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr

from scala40.server.guard.addresses import limit_key
from scala40.server.settings import Settings

log = logging.getLogger("scala40.server")


class AddressCounter:
    """Open connections per client address, counted by their transports.

    A connection upgraded to a WebSocket changes protocol object, so its end is not seen
    here; a transport that is closing no longer counts, and stale ones are pruned lazily.
    """

    def __init__(self, limit: int, unlimited: tuple[str, ...]) -> None:
        self.limit = limit
        self.unlimited = frozenset(unlimited)
        self._open: dict[str, set[asyncio.BaseTransport]] = {}
        self._since_prune = 0

    def admit(self, address: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``address``; ``False`` if the address is at its limit."""
        if address in self.unlimited:
            return True
        live = self._open.setdefault(address, set())
        for gone in [t for t in live if t.is_closing()]:
            live.discard(gone)
        if len(live) >= self.limit:
            return False
        live.add(transport)
        self._since_prune += 1
        if self._since_prune >= 1000:
            self._prune()
        return True

    def release(self, address: str, transport: asyncio.BaseTransport) -> None:
        live = self._open.get(address)
        if live is not None:
            live.discard(transport)
            if not live:
                del self._open[address]

    def count(self, address: str) -> int:
        return sum(1 for t in self._open.get(address, ()) if not t.is_closing())

    def _prune(self) -> None:
        self._since_prune = 0
        for address in list(self._open):
            live = {t for t in self._open[address] if not t.is_closing()}
            if live:
                self._open[address] = live
            else:
                del self._open[address]


def _busy_response() -> bytes:
    body = json.dumps(
        {
            "error": {
                "code": "too_many_connections",
                "message": "too many open connections from your address",
            }
        }
    ).encode("utf-8")
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def guarded_http(settings: Settings) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with a whole-request deadline and a per-address cap."""
    counter = AddressCounter(settings.connections_per_address, settings.unlimited_addresses)
    deadline = settings.request_seconds
    unlimited, prefix = settings.unlimited_addresses, settings.ipv6_prefix

    class GuardedHttp(HttpToolsProtocol):
        """Closes connections that are slow to send a request; caps each address."""

        _request_timer: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            remote = get_remote_addr(transport)
            host = remote[0] if remote else "unknown"
            address = host if host in unlimited else limit_key(host, prefix)
            if not counter.admit(address, transport):
                transport.write(_busy_response())
                transport.close()
                return
            self._address = address
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._address is not None:
                counter.release(self._address, self.transport)
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._request_timer is None:
                self._arm()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            super().handle_websocket_upgrade()

        def _arm(self) -> None:
            self._disarm()
            self._request_timer = self.loop.call_later(deadline, self._too_slow)

        def _disarm(self) -> None:
            if self._request_timer is not None:
                self._request_timer.cancel()
                self._request_timer = None

        def _too_slow(self) -> None:
            self._request_timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedHttp


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The uvicorn settings that carry :class:`Settings`' connection limits."""
    return {
        "http": guarded_http(settings),
        "timeout_keep_alive": settings.keep_alive_seconds,
    }
