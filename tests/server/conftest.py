"""Fixtures for the web table: an app on a fresh SQLite file, with no bot pauses and no
pause after a hand."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # Starlette asks for the httpx2 fork; httpx is what this project installs.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

from scala40.server.app import create_app
from scala40.server.settings import Settings

MakeClient = Callable[..., TestClient]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'scala40.db'}"


@pytest.fixture
def make_client(db_url: str, tmp_path: Path) -> Iterator[MakeClient]:
    """Start the app (lifespan included) with test settings; stopped at the end."""
    opened: list[TestClient] = []

    def make(**changes: object) -> TestClient:
        values: dict[str, object] = {
            "db_url": db_url,
            "bot_pause": 0.0,
            "summary_seconds": 0.0,  # no pause after a hand (test_hand_pause tests it)
            "grace_seconds": 30.0,
            "secret_file": str(tmp_path / "server.key"),
        }
        values.update(changes)
        client = TestClient(create_app(Settings(**values)))  # type: ignore[arg-type]
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()


PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


TRUST = ("--auth=trust", "-U", "postgres")
"""A test server's only user, trusted on loopback."""


class PostgresServer:
    """A real PostgreSQL 15 server in a temporary directory, on a loopback port, that a
    test may stop and start again (a database outage, a restart ``-m immediate``)."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="scala40-pg-"))
        self.data = self.root / "data"
        shutil.chown(self.root, "postgres", "postgres")
        self.port = free_port()
        self.env = {**os.environ, "LC_ALL": "C.UTF-8"}
        self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self.ctl = [*self.as_postgres, str(PG_BIN / "pg_ctl"), "-D", str(self.data)]
        subprocess.run(
            [*self.as_postgres, str(PG_BIN / "initdb"), "-D", str(self.data), *TRUST],
            check=True,
            capture_output=True,
            env=self.env,
        )
        self.start()
        subprocess.run(
            [*self.as_postgres, str(PG_BIN / "createdb"), *self.address(), "scala40"],
            check=True,
            capture_output=True,
            env=self.env,
        )
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/scala40"

    def address(self) -> list[str]:
        return ["-h", "127.0.0.1", "-p", str(self.port)]

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root}"
        log = str(self.root / "log")
        subprocess.run(
            [*self.ctl, "-o", options, "-w", "-l", log, "start"],
            check=True,
            capture_output=True,
            env=self.env,
        )

    def stop(self, mode: str = "immediate") -> None:
        """Stop the server (``immediate``: as a crash would, no clean shutdown)."""
        subprocess.run(
            [*self.ctl, "-m", mode, "-w", "stop"], check=True, capture_output=True, env=self.env
        )

    def remove(self) -> None:
        subprocess.run([*self.ctl, "-m", "fast", "-w", "stop"], capture_output=True, env=self.env)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL 15 server in a temporary directory, for this test session.

    It fails (never skips) when the server cannot start: CI runs on the same machine kind.
    """
    server = PostgresServer()
    try:
        yield server.url
    finally:
        server.remove()


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test's own, which it may stop and start (an outage)
    without touching the session's server. It fails (never skips) when it cannot start."""
    server = PostgresServer()
    try:
        yield server
    finally:
        server.remove()


def start_redis(root: Path, port: int) -> subprocess.Popen[bytes]:
    """A real Redis server on ``127.0.0.1:port``, answering PING when this returns.

    Nothing is saved to disk. It fails (never skips) when the server cannot start.
    """
    server = subprocess.Popen(
        [
            "/usr/bin/redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--dir",
            str(root),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10.0
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return server
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            server.wait(timeout=10)
            raise RuntimeError(f"redis-server did not start on port {port}")
        time.sleep(0.05)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A real Redis server on a loopback port in a temporary directory, for this session."""
    root = Path(tempfile.mkdtemp(prefix="scala40-redis-"))
    port = free_port()
    server = start_redis(root, port)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)


class RedisServer:
    """A Redis of a test's own, which it may stop (as a crash: SIGKILL) and start again
    on the same port, without touching the session's Redis."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="scala40-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = start_redis(self.root, self.port)

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)

    def start(self) -> None:
        self.process = start_redis(self.root, self.port)

    def remove(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A Redis server of this test's own (an outage to make). It fails, never skips,
    when it cannot start."""
    server = RedisServer()
    try:
        yield server
    finally:
        server.remove()
