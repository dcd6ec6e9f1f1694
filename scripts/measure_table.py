"""How heavy and how fast the table page is, as a phone (390×844) in chromium loads it.

    python scripts/measure_table.py http://127.0.0.1:8000 [--runs 3]

Makes a table (you against a bot) on the running server, then opens its page in a fresh
browser profile (nothing cached) and once more after closing and starting that browser
again (a player coming back: its disk cache and service worker kept). For
each it prints the requests made (and how many reached the server rather than a cache),
the bytes that travelled (chromium's own count,
``Network.loadingFinished`` ``encodedDataLength``: compressed bodies and headers; the
WebSocket is not counted) and the time from navigation until the player's cards are drawn
(``performance.now()`` when ``#hand .card`` appears), the median of ``--runs`` runs.
``--slow`` puts the page on a slow phone line (Lighthouse's "slow 4G").
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import urllib.request
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

CHROMIUM = "/usr/bin/chromium"
LIST = False
SLOW: dict[str, Any] = {}
PHONE_LINE = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
"""Lighthouse's "slow 4G": 150 ms there and back, 1.6 Mbit/s down, 750 kbit/s up."""


def make_table(base: str) -> dict[str, Any]:
    body = json.dumps({"seats": ["human", "bot:random"], "nickname": "Anna"}).encode()
    req = urllib.request.Request(
        base + "/api/tables", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as res:
        made: dict[str, Any] = json.loads(res.read())
        return made


def load(ctx: BrowserContext, url: str) -> dict[str, float]:
    """One load of ``url``: requests, bytes on the wire, milliseconds until cards show."""
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    if SLOW:
        cdp.send("Network.emulateNetworkConditions", SLOW)
    sizes: dict[str, float] = {}
    urls: dict[str, str] = {}
    cached: set[str] = set()

    def answered(e: dict[str, Any]) -> None:
        response = e["response"]
        urls[e["requestId"]] = response["url"]
        if response.get("fromDiskCache") or response.get("fromServiceWorker"):
            cached.add(e["requestId"])

    cdp.on("Network.responseReceived", answered)
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    page.goto(url)
    page.wait_for_selector("#hand .card")
    shown: float = page.evaluate("performance.now()")
    page.wait_for_load_state("networkidle")
    page.close()
    if LIST:
        for rid, size in sizes.items():
            where = "cache" if rid in cached else "net"
            print(f"  {size / 1024:7.1f} KiB {where:5} {urls.get(rid, '?')}")
    net = [rid for rid in sizes if rid not in cached]
    return {
        "requests": len(sizes),
        "network": len(net),
        "kib": sum(sizes.values()) / 1024,
        "ms": shown,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the server's address, e.g. http://127.0.0.1:8000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--list", action="store_true", help="print every request")
    parser.add_argument("--slow", action="store_true", help="over a slow 4G line")
    args = parser.parse_args()
    global LIST
    LIST = args.list
    if args.slow:
        SLOW.update(PHONE_LINE)
    base = args.base.rstrip("/")
    first: list[dict[str, float]] = []
    again: list[dict[str, float]] = []
    with sync_playwright() as p:
        for _ in range(args.runs):
            made = make_table(base)
            url = f"{base}/t/{made['table_id']}"
            with tempfile.TemporaryDirectory(prefix="scala40-measure-") as profile:
                for visits in (first, again):  # the browser closed and started again
                    ctx = p.chromium.launch_persistent_context(
                        profile,
                        executable_path=CHROMIUM,
                        args=["--no-sandbox"],
                        viewport={"width": 390, "height": 844},
                    )
                    ctx.add_init_script(
                        f"localStorage.setItem('scala40:' + {made['table_id']!r},"
                        f" {made['token']!r});"
                    )
                    visits.append(load(ctx, url))
                    ctx.close()
    for name, runs in (("first visit", first), ("coming back", again)):
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(
            f"{name:12}: {med['requests']:.0f} requests ({med['network']:.0f} to the server), "
            f"{med['kib']:.1f} KiB transferred, "
            f"cards shown after {med['ms']:.0f} ms (median of {len(runs)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
