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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL 15 server in a temporary directory, for this test session.

    It fails (never skips) when the server cannot start: CI runs on the same machine kind.
    """
    root = Path(tempfile.mkdtemp(prefix="scala40-pg-"))
    data = root / "data"
    shutil.chown(root, "postgres", "postgres")
    port = free_port()
    as_postgres = ["runuser", "-u", "postgres", "--"]
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    subprocess.run(
        [*as_postgres, str(PG_BIN / "initdb"), "-D", str(data), "--auth=trust", "-U", "postgres"],
        check=True,
        capture_output=True,
        env=env,
    )
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {root}"
    ctl = [*as_postgres, str(PG_BIN / "pg_ctl"), "-D", str(data)]
    subprocess.run(
        [*ctl, "-o", options, "-w", "-l", str(root / "log"), "start"],
        check=True,
        capture_output=True,
        env=env,
    )
    try:
        subprocess.run(
            [*as_postgres, str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "scala40"],
            check=True,
            capture_output=True,
            env=env,
        )
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/scala40"
    finally:
        subprocess.run([*ctl, "-m", "fast", "-w", "stop"], capture_output=True, env=env)
        shutil.rmtree(root, ignore_errors=True)


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
