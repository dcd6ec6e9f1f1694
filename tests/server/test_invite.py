"""Invites that reach a friend: the port checked before the table is announced, the
machine's network addresses told when the server listens on every address, a QR code."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from scala40.server.http.invite import invite_json, network_addresses
from scala40.server.settings import Settings


def test_serve_on_a_busy_port_says_so_and_announces_nothing(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                "from scala40.cli import main; main()",
                "serve",
                "--port",
                str(port),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            env={"SCALA40_DATA": str(tmp_path), "PATH": "/usr/bin:/bin"},
            check=False,
        )
    assert done.returncode == 2, done
    assert "the table is open" not in done.stdout
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "--port" in done.stderr


def test_at_loopback_the_server_says_how_to_invite_others(client: Any) -> None:
    told = client.get("/api/invite").json()
    assert told["addresses"] == []
    assert "--host 0.0.0.0" in told["how"]
    local = invite_json(Settings(listen_host="127.0.0.1", listen_port=8000))
    assert local["addresses"] == [] and "--host 0.0.0.0" in str(local["how"])


def test_on_every_address_the_server_lists_the_machines_network_addresses() -> None:
    told = invite_json(Settings(listen_host="0.0.0.0", listen_port=8123))
    mine = network_addresses(ipv6=False)
    assert told["addresses"] == [f"http://{a}:8123" for a in mine]
    for address in mine:
        assert not address.startswith("127.") and ":" not in address
    # Only addresses the machine has: each binds here (no packet is sent anywhere).
    for address in mine:
        with socket.socket() as s:
            s.bind((address, 0))


def test_the_qr_code_is_an_svg_picture(client: Any) -> None:
    link = "http://192.0.2.7:8000/t/abc123?join"
    r = client.get("/api/qr.svg", params={"link": link})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert (
        r.text.startswith("<svg") and "http://www.w3.org/2000/svg" in r.text and "<path" in r.text
    )
    # tests/e2e/test_invite.py decodes what chromium draws of it.


def test_a_qr_code_is_made_of_web_links_only(client: Any) -> None:
    for bad in ("javascript:alert(1)", "", "http://x/" + "a" * 600):
        r = client.get("/api/qr.svg", params={"link": bad})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_link"
