"""The README's first command serves a lobby whose invite reaches the machine at another
address than loopback: what a friend's phone in the room opens (issue 28's "done when").

Only this machine's own addresses are contacted; no packet leaves it."""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = "from scala40.cli import main; main()"


def first_command() -> list[str]:
    """The ``scala40 serve …`` words of the README's first shell command."""
    block = re.search(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    assert block is not None, "the README opens with a sh block of commands"
    first = next(line for line in block.group(1).splitlines() if line and line[0] != "#")
    serve = first.rsplit("&&", 1)[-1]
    words = shlex.split(serve)
    assert words[:2] == ["scala40", "serve"], f"the README's first command ends with {serve!r}"
    return words[2:]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, str]]:
    """The README's first command on a free port, and what it printed on starting."""
    port = free_port()
    printed = tmp_path / "serve.out"
    with printed.open("w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from scala40.cli import main; main()",
                "serve",
                *first_command(),
                "--port",
                str(port),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={"SCALA40_DATA": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONUNBUFFERED": "1"},
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, printed.read_text()
            assert time.monotonic() < deadline, f"not serving after 60 s: {printed.read_text()}"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        yield port, printed.read_text()
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_the_readme_s_first_command_serves_an_invite_another_address_opens(
    served: tuple[int, str],
) -> None:
    port, said = served
    told = httpx.get(f"http://127.0.0.1:{port}/api/invite", timeout=5).json()
    assert told["addresses"], f"no network address offered: {told}"
    made = httpx.post(
        f"http://127.0.0.1:{port}/api/tables",
        json={"seats": ["human", "human"], "nickname": "Anna"},
        timeout=10,
    )
    assert made.status_code == 201, made.text
    share = httpx.URL(made.json()["share_url"])
    address = told["addresses"][0]
    assert not address.startswith("http://127."), address
    # serve told it on starting, as the lobby's invite offers it.
    assert f"{address}/" in said, said
    # The invite link at that address opens the table's page, and its API seats Bea.
    page = httpx.get(f"{address}{share.path}?{share.query.decode()}", timeout=10)
    assert page.status_code == 200 and "<html" in page.text.lower()
    table_id = made.json()["table_id"]
    joined = httpx.post(
        f"{address}/api/tables/{table_id}/join", json={"nickname": "Bea"}, timeout=10
    )
    assert joined.status_code == 200, joined.text
