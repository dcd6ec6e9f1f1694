"""The local table's figures: first load, warm start, and the bots' decision times in the
browser beside CPython's.

    python scripts/measure_offline.py [--decisions 1000] [--pyodide DIR]

Exports the site (``scala40 export-web``) into a temporary folder, serves it from this
process on loopback (a plain static server that counts the bytes it sends: no
compression, as a simple static host), and opens it in Debian's chromium:

- first load: a fresh browser profile, from navigation until the setup form shows (Pyodide
  and the wheel loaded and Python running), and the bytes the server sent for it; then the
  bytes the service worker's copy for offline use fetched on top;
- warm start: the same page reloaded (its files from the service worker), until the form
  shows again; and once more with the network cut;
- each offered bot level's decision time (median and 95th percentile over ``--decisions``
  moves of the same four-seat positions) in a Worker of the page, on Pyodide, and in this
  CPython (scala40.offline.bench).
"""

from __future__ import annotations

import argparse
import http.server
import json
import platform
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from scala40.bots import OFFERED
from scala40.offline.bench import figures
from scala40.web_export.pyodide_dist import VERSION
from scala40.web_export.site import export_site

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class Counted(http.server.SimpleHTTPRequestHandler):
    """A static file handler that adds the bytes of each answer to ``sent``."""

    sent = 0

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            Counted.sent += int(value)
        super().send_header(keyword, value)

    def log_message(self, format: str, *args: Any) -> None:
        return None


def until_ready(page: Page) -> float:
    """Seconds from now until the setup form shows (Python runs in the Worker)."""
    start = time.perf_counter()
    page.wait_for_selector("#local-setup:not([hidden])", timeout=300_000)
    return time.perf_counter() - start


BENCH = """async ([decisions, levels]) => {
    const files = JSON.parse(document.querySelector('meta[name="scala40-local"]').content);
    const abs = (u) => new URL(u, document.baseURI).href;
    const sizes = {};
    for (const [u, n] of Object.entries(files.sizes)) sizes[abs(u)] = n;
    const worker = new Worker(abs("static/js/local/worker.js"), { type: "module" });
    return await new Promise((resolve, reject) => {
        worker.onmessage = (ev) => {
            const m = ev.data;
            if (m.kind === "ready") worker.postMessage({ kind: "bench", levels, decisions });
            else if (m.kind === "bench") resolve(m.figures);
            else if (m.kind === "failed") reject(new Error(m.reason));
        };
        const where = { pyodide: abs(files.pyodide), wheel: abs(files.wheel), sizes };
        worker.postMessage({ kind: "load", ...where });
    });
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--pyodide", type=Path, default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scala40-site-"))
    site = export_site(folder, args.pyodide)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), partial(Counted, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"site: {len(site.files)} files, {site.total_bytes / 1e6:.2f} MB (Pyodide {VERSION})")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context()
        page = context.new_page()
        Counted.sent = 0
        page.goto(base)
        first = until_ready(page)
        first_bytes = Counted.sent
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        time.sleep(2)  # the worker's copy is written
        kept_bytes = Counted.sent - first_bytes
        print(f"first load: {first:.2f} s until Python runs, {first_bytes / 1e6:.2f} MB sent")
        print(f"  the service worker's copy for offline use: {kept_bytes / 1e6:.2f} MB more")
        Counted.sent = 0
        page.reload()
        warm = until_ready(page)
        print(f"warm start: {warm:.2f} s ({Counted.sent / 1e3:.1f} kB sent)")
        context.set_offline(True)
        page.reload()
        print(f"warm start offline: {until_ready(page):.2f} s")
        context.set_offline(False)
        in_browser = page.evaluate(BENCH, [args.decisions, list(OFFERED)])
        browser.close()
    server.shutdown()
    here = figures(OFFERED, args.decisions)
    print(f"bot decision time, ms ({args.decisions} decisions each, four-seat FISCA positions):")
    print(f"  {'level':10} {'browser p50':>12} {'p95':>8}   {'CPython p50':>12} {'p95':>8}")
    for level in OFFERED:
        b, c = in_browser[level], here[level]
        print(
            f"  {level:10} {b['p50_ms']:12.2f} {b['p95_ms']:8.2f}   "
            f"{c['p50_ms']:12.2f} {c['p95_ms']:8.2f}"
        )
    print(f"  (CPython {platform.python_version()}; the browser: Pyodide {VERSION}, chromium)")
    print(json.dumps({"first_s": first, "first_bytes": first_bytes, "warm_s": warm}))


if __name__ == "__main__":
    sys.exit(main())
