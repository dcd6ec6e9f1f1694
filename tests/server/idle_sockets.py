"""Open many idle sockets against a real ``scala40 serve`` and time how soon each is closed.

Raw TCP sockets that send nothing, requests sent only in part, and WebSockets that never
speak: the server must close every one within its configured time (``request_seconds``
for the first two, ``ws_idle_seconds`` for the last) — and stay usable meanwhile.

    python -m tests.server.idle_sockets --raw 1000 --half 500 --ws 300   # a measurement

Uses ``scala40 serve``'s own defaults unless told otherwise (``--request-seconds``,
``--ws-idle-seconds`` shorten the wait).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from scala40.server.settings import Settings

SERVE = """
import sys
from scala40.server.serve import run
from scala40.server.settings import Settings
run(host="127.0.0.1", port=int(sys.argv[1]), settings=Settings(
    db_url=sys.argv[2], secret_file=sys.argv[3],
    request_seconds=float(sys.argv[4]), ws_idle_seconds=float(sys.argv[5]),
))
"""


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _raw(port: int, half: bool) -> float:
    """Seconds until the server closes a socket that sends nothing (or half a request)."""
    start = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if half:
        writer.write(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Len")
        await writer.drain()
    while await reader.read(4096):
        pass
    writer.close()
    return time.monotonic() - start


async def _silent_ws(url: str) -> tuple[float, int | None]:
    start = time.monotonic()
    async with websockets.connect(url, ping_interval=None) as ws:
        try:
            while True:
                await ws.recv()
        except websockets.ConnectionClosed:
            pass
        return time.monotonic() - start, ws.close_code


def _ws_urls(base: str, count: int) -> list[str]:
    """``count`` seats at tables of three people still waiting for their third (nothing
    is played, so only silence can close these sockets)."""
    urls: list[str] = []
    with httpx.Client(base_url=base, timeout=10) as http:
        while len(urls) < count:
            made = http.post(
                "/api/tables", json={"seats": ["human", "human", "human"], "nickname": "A"}
            ).json()
            urls.append(f"ws{base[4:]}/ws/{made['table_id']}?token={made['token']}")
            joined = http.post(
                f"/api/tables/{made['table_id']}/join", json={"nickname": "B"}
            ).json()
            urls.append(f"ws{base[4:]}/ws/{made['table_id']}?token={joined['token']}")
    return urls[:count]


async def _measure(base: str, port: int, raw: int, half: int, ws: int) -> dict[str, object]:
    urls = _ws_urls(base, ws)
    tasks = [asyncio.ensure_future(_raw(port, False)) for _ in range(raw)]
    tasks += [asyncio.ensure_future(_raw(port, True)) for _ in range(half)]
    ws_tasks = [asyncio.ensure_future(_silent_ws(u)) for u in urls]
    await asyncio.sleep(1.0)
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        started = time.monotonic()
        answer = await http.get("/api/rules")
        busy_ms = (time.monotonic() - started) * 1000
    closed = await asyncio.gather(*tasks)
    ws_closed = await asyncio.gather(*ws_tasks)
    return {
        "raw_sockets": raw,
        "raw_closed_max_s": round(max(closed[:raw], default=0.0), 2),
        "half_sent_requests": half,
        "half_closed_max_s": round(max(closed[raw:], default=0.0), 2),
        "silent_websockets": ws,
        "ws_closed_max_s": round(max((t for t, _ in ws_closed), default=0.0), 2),
        "ws_close_codes": sorted({c for _, c in ws_closed if c is not None}),
        "request_meanwhile": f"{answer.status_code} in {busy_ms:.0f} ms",
    }


def main() -> None:
    defaults = Settings()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--raw", type=int, default=1000)
    parser.add_argument("--half", type=int, default=500)
    parser.add_argument("--ws", type=int, default=300)
    parser.add_argument("--request-seconds", type=float, default=defaults.request_seconds)
    parser.add_argument("--ws-idle-seconds", type=float, default=defaults.ws_idle_seconds)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    with tempfile.TemporaryDirectory(prefix="scala40-idle-") as tmp:
        folder = Path(tmp)
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        argv = [
            str(port),
            f"sqlite:///{folder / 'idle.db'}",
            str(folder / "server.key"),
            str(args.request_seconds),
            str(args.ws_idle_seconds),
        ]
        with (folder / "serve.log").open("wb") as log:
            proc = subprocess.Popen([sys.executable, "-c", SERVE, *argv], stdout=log, stderr=log)
        try:
            for _ in range(300):
                try:
                    if httpx.get(base + "/api/rules", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            figures = asyncio.run(_measure(base, port, args.raw, args.half, args.ws))
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"configured: request_seconds={args.request_seconds:g}", end=" ")
    print(f"ws_idle_seconds={args.ws_idle_seconds:g}")
    for key, value in figures.items():
        print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
