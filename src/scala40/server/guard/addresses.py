"""Who a per-address limit counts: a client's address, or its IPv6 network.

One IPv6 subscriber is usually given a whole /64 (often more), and picks a new address in it
at will: counted by exact address, thirty addresses of one home would get thirty times the
limits. So IPv6 clients are counted by their network (``Settings.ipv6_prefix`` bits, 64 by
default), IPv4 clients by their address; an IPv4 address written as IPv6
(``::ffff:203.0.113.7``) is the IPv4 client it is.
"""

from __future__ import annotations

import ipaddress


def limit_key(host: str, ipv6_prefix: int) -> str:
    """The key ``host``'s limits are counted under (``host`` itself if it is no address,
    such as uvicorn's ``"unknown"`` or a test client's name)."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # a zone id names no one
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        mapped = address.ipv4_mapped
        if mapped is not None:
            return str(mapped)
        return str(ipaddress.IPv6Network((address, ipv6_prefix), strict=False))
    return str(address)


__all__ = ["limit_key"]
