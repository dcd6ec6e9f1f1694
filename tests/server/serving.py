"""A real ``scala40 serve`` in a subprocess, for the harnesses that kill, fuzz or restart it.

Its database, key file and log live in one folder (nothing goes to the user's data
directory); the call returns once the server answers.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

SCALA40 = Path(sys.executable).with_name("scala40")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(port: int, folder: Path, db: str = "", *options: str) -> subprocess.Popen[bytes]:
    """``scala40 serve`` on ``port`` (``db``: a URL, default an SQLite file in ``folder``),
    with ``options`` added; ``RuntimeError`` if it exits or never answers."""
    command = [
        str(SCALA40),
        "serve",
        "--port",
        str(port),
        "--db",
        db or f"sqlite:///{folder / 'scala40.db'}",
        "--secret-file",
        str(folder / "server.key"),
        "--bot-pause",
        "0",
        "--summary-pause",
        "0",
        *options,
    ]
    log_path = folder / "serve.log"
    with log_path.open("ab") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=log)
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rules", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(f"scala40 serve exited: {log_path.read_text()}")
        time.sleep(0.05)
    proc.kill()
    proc.wait(timeout=10)
    raise RuntimeError("scala40 serve did not start listening")
