"""Several ``scala40 serve`` nodes on one PostgreSQL database and one Redis, as processes this
test starts, kills with SIGKILL and starts again; and players who reconnect to any node."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from scala40.storage import schema

from .conftest import free_port
from .helpers import own_database


@dataclass
class NodeProcess:
    name: str
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@dataclass
class Cluster:
    """Nodes started from the command line, as an operator would."""

    db_url: str
    redis_url: str
    folder: Path
    lease_seconds: float = 1.0
    direct: bool = False
    """Each node gives its own address (``--public-url``): clients that ask are sent to
    the node that plays their table instead of being relayed. Each node also takes the
    others' pages as its own (``--allow-origin``): a page of one node sent to another
    node's address there is another origin."""
    site: str = ""
    """The address of a proxy in front of the nodes (``http://HOST:PORT``): each node
    gives ``SITE/n/NAME`` as its own (``--public-url``), a path the proxy sends to that
    node alone, as docs/deploy.md configures nginx."""
    nodes: list[NodeProcess] = field(default_factory=list)
    started: int = 0

    def add(self, count: int = 1) -> list[NodeProcess]:
        made = []
        for _ in range(count):
            node = NodeProcess(f"node{len(self.nodes) + 1}", free_port())
            self.nodes.append(node)
            made.append(node)
        for node in made:
            self.start(node)
        for node in made:
            self.wait_ready(node)
        return made

    def start(self, node: NodeProcess) -> None:
        self.started += 1
        env = {**os.environ, "SCALA40_DATA": str(self.folder)}
        log = open(self.folder / f"{node.name}.{self.started}.log", "wb")  # noqa: SIM115
        node.process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from scala40.cli import main; main()",
                "serve",
                "--port",
                str(node.port),
                "--db",
                self.db_url,
                "--redis",
                self.redis_url,
                "--node",
                node.name,
                "--lease-seconds",
                str(self.lease_seconds),
                "--bot-pause",
                "0.02",
                "--summary-pause",
                "0",
                "--secret-file",
                str(self.folder / "server.key"),
                *(["--public-url", node.url] if self.direct else []),
                *(["--public-url", f"{self.site}/n/{node.name}"] if self.site else []),
                *(
                    arg
                    for other in (self.nodes if self.direct else [])
                    if other is not node
                    for arg in ("--allow-origin", other.url)
                ),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        log.close()

    def wait_ready(self, node: NodeProcess, seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.ready(node):
                return
            time.sleep(0.1)
        raise AssertionError(f"{node.name} did not start: " + self.log_tail(node))

    def ready(self, node: NodeProcess) -> bool:
        """The node says it can serve (it may still be starting: ``False``; it died: an error)."""
        assert node.process is not None and node.process.poll() is None, (
            f"{node.name} exited: " + self.log_tail(node)
        )
        try:
            return httpx.get(node.url + "/api/health", timeout=3.0).status_code == 200
        except httpx.HTTPError:
            return False

    def log_tail(self, node: NodeProcess) -> str:
        logs = sorted(self.folder.glob(f"{node.name}.*.log"))
        return logs[-1].read_text(errors="replace")[-3000:] if logs else ""

    def kill(self, node: NodeProcess) -> None:
        assert node.process is not None
        node.process.send_signal(signal.SIGKILL)
        node.process.wait(timeout=10)
        node.process = None

    def live(self) -> list[NodeProcess]:
        return [n for n in self.nodes if n.process is not None]

    def stop(self) -> None:
        for node in self.nodes:
            if node.process is not None:
                node.process.terminate()
        for node in self.nodes:
            if node.process is not None:
                try:
                    node.process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    # Still closing its sockets (a loaded machine): killed, and reaped.
                    node.process.kill()
                    node.process.wait(timeout=10)
                node.process = None

    # The shared database, read as a test may ----------------------------------------------
    def holder(self, table_id: str) -> tuple[str, int, float] | None:
        engine = create_engine(self.db_url)
        try:
            with engine.connect() as conn:
                t = schema.table_leases
                row = conn.execute(select(t).where(t.c.table_id == table_id)).first()
        finally:
            engine.dispose()
        return None if row is None else (row.node, int(row.epoch), float(row.expires))

    def stored_actions(self, table_id: str) -> dict[int, tuple[int, str]]:
        engine = create_engine(self.db_url)
        try:
            with engine.connect() as conn:
                a = schema.actions
                rows = conn.execute(
                    select(a.c.version, a.c.seat, a.c.action).where(a.c.table_id == table_id)
                ).all()
        finally:
            engine.dispose()
        return {int(r.version): (int(r.seat), str(r.action)) for r in rows}

    def node_named(self, name: str) -> NodeProcess:
        return next(n for n in self.nodes if n.name == name)


class Player:
    """One seat's client: connects to a node, keeps the newest state, plays moves."""

    def __init__(self, cluster: Cluster, table_id: str, token: str, rng: random.Random) -> None:
        self.cluster = cluster
        self.table_id = table_id
        self.token = token
        self.rng = rng
        self.ws: ClientConnection | None = None
        self.node: NodeProcess | None = None
        self.state: dict[str, Any] | None = None
        self.views: list[tuple[int, dict[str, Any]]] = []
        """Every (version, VIEW) this seat was sent, from whichever node."""

    def connect(self, node: NodeProcess | None = None) -> None:
        self.close()
        self.node = node or self.rng.choice(self.cluster.live())
        base = self.node.url.replace("http", "ws", 1)
        opening = connect(f"{base}/ws/{self.table_id}?token={self.token}", open_timeout=10)
        self.ws = opening.__enter__()  # closed by close(), not by a with block
        self.state = None

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
        self.ws = None

    def read(self, seconds: float) -> dict[str, Any] | None:
        """The next message (``None`` after ``seconds`` of silence); raises
        ConnectionClosed when the socket ends."""
        assert self.ws is not None
        try:
            raw = self.ws.recv(timeout=seconds)
        except TimeoutError:
            return None
        msg: dict[str, Any] = json.loads(raw)
        if msg["type"] == "state":
            self.state = msg
            self.views.append((msg["v"], msg["view"]))
        return msg

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(message))


__all__ = ["Cluster", "ConnectionClosed", "NodeProcess", "Player", "own_database"]
