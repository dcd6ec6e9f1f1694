"""What the browser tests share: a ``scala40 serve`` subprocess and small HTTP helpers."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Position

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.loads(res.read())


def post_json(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=5) as res:
        return json.loads(res.read())


CORNER: Position = {"x": 8, "y": 22}
"""Where a player taps a card of the hand: its top left corner (its rank and suit), which
shows even where the next card overlaps the rest of it in a phone's fan."""


SIMPLE_BOT = Path(__file__).parents[2] / "examples" / "bots" / "simple.py"
"""The example protocol bot the test server offers in its lobby as ``bot:simple``."""


class Server:
    """``scala40 serve`` in a subprocess on a loopback port, its data in ``data``."""

    options: tuple[str, ...] = ()
    """More ``scala40 serve`` options (e.g. ``--max-programs 0``)."""

    def __init__(self, data: Path, port: int) -> None:
        self.data = data
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.data / "server.log").open("a")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from scala40.cli import main; main()",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                f"sqlite:///{self.data / 'e2e.db'}",
                "--bot-pause",
                "0",
                # Tests that leave a summary open wait this long for the next hand.
                "--summary-pause",
                "2",
                "--bot",
                f"simple={sys.executable} {SIMPLE_BOT}",
                *self.options,
            ],
            env={**os.environ, "SCALA40_DATA": str(self.data)},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        self.wait_ready()

    @classmethod
    @contextmanager
    def running(cls, data: Path, **tuned: float) -> Iterator[str]:
        """A tuned server on a free port for the ``with`` block: its base address."""
        server = cls(data, free_port(), **tuned)
        server.start()
        try:
            yield server.base
        finally:
            server.stop()

    def wait_ready(self) -> None:
        """Return once the server answers; fail the test with its log if it exited."""
        assert self.proc is not None
        for _ in range(300):
            if self.proc.poll() is not None:
                pytest.fail(f"the server exited: {(self.data / 'server.log').read_text()}")
            try:
                get_json(self.base + "/api/rules")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        pytest.fail("the server did not answer within 30 s")

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


class TunedServer(Server):
    """A server run with :class:`~scala40.server.settings.Settings` fields the command line
    does not offer (``tuned``: e.g. a short grace, so stand-ins take over at once)."""

    def __init__(self, data: Path, port: int, **tuned: float) -> None:
        super().__init__(data, port)
        self.tuned = tuned

    def start(self) -> None:
        settings = {
            "db_url": f"sqlite:///{self.data / 'tuned.db'}",
            "secret_file": str(self.data / "key"),
            "summary_seconds": 2.0,  # as the session's server (Server.start)
            **self.tuned,
        }
        code = (
            "from scala40.server.serve import run; from scala40.server.settings import Settings; "
            f"run(host='127.0.0.1', port={self.port}, settings=Settings(**{settings!r}))"
        )
        log = (self.data / "server.log").open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        self.wait_ready()
