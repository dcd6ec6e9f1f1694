"""What an invitation needs to reach a friend's phone in the room: the machine's network
addresses (a link at 127.0.0.1 reaches nobody else) and a QR code of the link.

The server tells the addresses only when it listens on every address (``--host 0.0.0.0``
or ``::``): at 127.0.0.1 nobody else could connect to them, so it says how to start it
instead.
"""

from __future__ import annotations

import io
import ipaddress
import socket

import psutil
import segno
from fastapi import APIRouter, Request, Response

from scala40.server.http.errors import ApiError
from scala40.server.settings import Settings

EVERY_ADDRESS = ("0.0.0.0", "::")
MAX_LINK = 512
"""The longest link a QR code is made for (a table's invite link is under 100 characters)."""


def network_addresses(ipv6: bool) -> list[str]:
    """The machine's addresses another device on its network may reach: no loopback, no
    link-local; IPv6 ones only when the server listens on ``::`` (``ipv6``). IPv4 first."""
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for entries in psutil.net_if_addrs().values():
        for entry in entries:
            if entry.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            if entry.family == socket.AF_INET6 and not ipv6:
                continue
            try:
                address = ipaddress.ip_address(entry.address.split("%", 1)[0])
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            if address not in found:
                found.append(address)
    found.sort(key=lambda a: (a.version, a.packed))
    return [str(a) for a in found]


def link_host(address: str) -> str:
    """An address as a link writes it (an IPv6 one in brackets)."""
    return f"[{address}]" if ":" in address else address


def invite_json(settings: Settings) -> dict[str, object]:
    """The addresses a friend's device may open the server at, or why there are none."""
    host, port = settings.listen_host, settings.listen_port
    if host not in EVERY_ADDRESS:
        return {
            "listening": host or None,
            "addresses": [],
            "how": "the server listens on this machine only: start it with"
            " `scala40 serve --host 0.0.0.0` so that friends on your network can join",
        }
    addresses = network_addresses(ipv6=host == "::")
    return {
        "listening": host,
        "addresses": [f"http://{link_host(a)}:{port}" for a in addresses],
        "how": None if addresses else "this machine has no network address: connect it to one",
    }


def build_router(settings: Settings) -> APIRouter:
    """``GET /api/invite`` and ``GET /api/qr.svg?link=…``."""
    router = APIRouter()

    @router.get("/api/invite")
    async def invite() -> dict[str, object]:
        return invite_json(settings)

    @router.get("/api/qr.svg")
    async def qr(request: Request) -> Response:
        link = request.query_params.get("link", "")
        if not link.startswith(("http://", "https://")) or len(link) > MAX_LINK:
            raise ApiError(
                400,
                "bad_link",
                f"link is an http:// or https:// address of at most {MAX_LINK} characters",
            )
        code = segno.make_qr(link, error="m")
        out = io.BytesIO()
        # A document of its own (with its namespace), as an <img> loads it.
        code.save(out, kind="svg", scale=6, border=4, dark="#000", light="#fff", xmldecl=False)
        return Response(out.getvalue(), media_type="image/svg+xml")

    return router
