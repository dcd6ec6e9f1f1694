"""Connection hygiene on a real server: idle and half-sent sockets close, one address is
capped, a silent WebSocket is let go while a pinging one stays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets

from .conftest import free_port

pytestmark = pytest.mark.slow

REQUEST_SECONDS = 1.0
WS_IDLE_SECONDS = 1.5
PER_ADDRESS = 6

SERVE = f"""
import sys
from scala40.server.serve import run
from scala40.server.settings import Settings
run(host="127.0.0.1", port=int(sys.argv[1]), settings=Settings(
    db_url=sys.argv[2], secret_file=sys.argv[3], bot_pause=0.0,
    request_seconds={REQUEST_SECONDS}, keep_alive_seconds=1, ws_idle_seconds={WS_IDLE_SECONDS},
    connections_per_address={PER_ADDRESS}, unlimited_addresses=(),
))
"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``scala40 serve`` with short timeouts and a small per-address cap."""
    folder = tmp_path_factory.mktemp("conn")
    port = free_port()
    log = (folder / "serve.log").open("wb")
    args = [str(port), f"sqlite:///{folder / 'db.sqlite'}", str(folder / "server.key")]
    proc = subprocess.Popen([sys.executable, "-c", SERVE, *args], stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(url + "/api/rules", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
            if proc.poll() is not None:
                raise AssertionError((folder / "serve.log").read_text())
        yield url
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed ``sock`` (``None``: still open after ``seconds``)."""
    start = time.monotonic()
    sock.settimeout(seconds)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return time.monotonic() - start
    except TimeoutError:
        return None
    except ConnectionResetError:
        return time.monotonic() - start


def _wait_free(url: str) -> None:
    """Wait until earlier tests' sockets are gone (each test starts under the cap)."""
    time.sleep(REQUEST_SECONDS + 0.5)


def test_silent_and_half_sent_connections_are_closed(base: str) -> None:
    _wait_free(base)
    silent = [socket.create_connection(("127.0.0.1", _port(base))) for _ in range(3)]
    half = socket.create_connection(("127.0.0.1", _port(base)))
    half.sendall(b"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    slow_body = socket.create_connection(("127.0.0.1", _port(base)))
    slow_body.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    try:
        for sock in [*silent, half, slow_body]:
            took = _closed_within(sock, REQUEST_SECONDS + 3)
            assert took is not None, "a socket that sent no whole request is still open"
    finally:
        for sock in [*silent, half, slow_body]:
            sock.close()


def test_an_idle_keep_alive_connection_is_closed(base: str) -> None:
    _wait_free(base)
    sock = socket.create_connection(("127.0.0.1", _port(base)))
    try:
        sock.sendall(b"GET /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(5)
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        assert _closed_within(sock, 4) is not None
    finally:
        sock.close()


def test_one_address_holds_a_capped_number_of_connections(base: str) -> None:
    _wait_free(base)
    held = [socket.create_connection(("127.0.0.1", _port(base))) for _ in range(PER_ADDRESS)]
    try:
        time.sleep(0.1)
        refused = httpx.get(base + "/api/rules", timeout=5)
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "too_many_connections"
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert httpx.get(base + "/api/rules", timeout=5).status_code == 200


async def _sockets(base: str) -> tuple[int | None, bool]:
    made = httpx.post(
        base + "/api/tables", json={"seats": ["human", "human"], "nickname": "Anna"}
    ).json()
    ws_url = "ws" + base[4:] + f"/ws/{made['table_id']}?token={made['token']}"
    joined = httpx.post(
        base + f"/api/tables/{made['table_id']}/join", json={"nickname": "Bea"}
    ).json()
    other = "ws" + base[4:] + f"/ws/{made['table_id']}?token={joined['token']}"
    async with websockets.connect(ws_url) as silent, websockets.connect(other) as pinging:
        end = time.monotonic() + WS_IDLE_SECONDS * 2.5
        while time.monotonic() < end:
            await pinging.send(json.dumps({"type": "ping"}))
            await asyncio.sleep(0.3)
        alive = pinging.close_code is None
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:  # what the silent one was sent, up to its close
                await asyncio.wait_for(silent.recv(), 1)
        return silent.close_code, alive


def test_a_silent_websocket_is_closed_and_a_pinging_one_stays(base: str) -> None:
    _wait_free(base)
    code, alive = asyncio.run(_sockets(base))
    assert code == 4408
    assert alive


async def _close_code(url: str) -> int | None:
    async with websockets.connect(url) as ws:
        with contextlib.suppress(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 5)
        return ws.close_code


def test_a_websocket_to_a_long_unknown_table_id_is_closed_with_its_code(base: str) -> None:
    # A close reason holds at most 123 bytes: one that echoed the id broke the close.
    url = "ws" + base[4:] + "/ws/" + "x" * 300 + "?token=abc"
    assert asyncio.run(_close_code(url)) == 4404
