"""The issue's "done when": a bot from outside the server's process, through ``scala40
bot-connect`` running examples/bots/simple.py, plays a whole match at a web table against
a person (a WebSocket client here) and another against the club bot at a bot-only table,
at a real ``scala40 serve``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from scala40.bots import make_bot
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json

from .remote_helpers import ONE_HAND
from .serving import SCALA40, free_port, serve

SIMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "simple.py"

pytestmark = pytest.mark.slow


def wait_for(check: Any, seconds: float = 60.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("waited in vain")


def play_as_person(url: str, seconds: float = 120.0) -> dict[str, Any]:
    """Play a seat over the table's socket (the easy level choosing) until the match is
    over; the last VIEW. One move per VIEW version, a little apart (a person's pace: the
    socket allows 20 messages a second); a refusal is answered by trying again."""
    bot = make_bot("easy")
    rng = random.Random(1)
    end = time.monotonic() + seconds
    acted = -1
    last: dict[str, Any] | None = None
    with connect(url, max_size=1 << 22) as ws:

        def act(state: dict[str, Any]) -> None:
            action = bot.choose(view_from_json(state["view"]), rng)
            move = {"type": "action", "v": state["v"], "action": action_to_dict(action)}
            time.sleep(0.06)
            ws.send(json.dumps(move))

        while time.monotonic() < end:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "error" and last is not None:
                time.sleep(0.5)
                act(last)
                continue
            if m["type"] != "state":
                continue
            view = m["view"]
            if view["status"] == "over":
                return dict(view)
            if view["status"] == "playing" and view["my_turn"] and m["v"] > acted:
                acted, last = m["v"], m
                act(m)
    raise AssertionError("the match did not end in time")


def test_a_bot_connected_from_outside_plays_a_person_and_the_club_bot(tmp_path: Path) -> None:
    port = free_port()
    server = serve(port, tmp_path)
    base = f"http://127.0.0.1:{port}"
    bridge: subprocess.Popen[str] | None = None
    try:
        # A wrong key is refused for good: the bridge stops, saying so, and retries nothing.
        refused = subprocess.run(
            [str(SCALA40), "bot-connect", base, "--", sys.executable, str(SIMPLE)],
            env={**os.environ, "SCALA40_BOT_KEY": "w" * 32},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert refused.returncode != 0
        assert "refused the key: no bot account has this key" in refused.stderr
        anna = httpx.post(f"{base}/api/players", json={"nickname": "Anna"}).json()["key"]
        r = httpx.post(
            f"{base}/api/bots/accounts",
            json={"player_key": anna, "name": "simple-py", "seating": "anyone"},
        )
        assert r.status_code == 201, r.text
        key = r.json()["key"]
        bridge = subprocess.Popen(
            [str(SCALA40), "bot-connect", base, "--games", "2", "--", sys.executable, str(SIMPLE)],
            env={**os.environ, "SCALA40_BOT_KEY": key},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wait_for(lambda: httpx.get(f"{base}/api/bots").json()["remote"])

        # A person (Bruno, rated) seats the bot at a web table and plays the match through.
        bruno = httpx.post(f"{base}/api/players", json={"nickname": "Bruno"}).json()["key"]
        r = httpx.post(
            f"{base}/api/tables",
            json={
                "seats": ["human", "bot:remote:simple-py"],
                "player_key": bruno,
                "rated": True,
                "rules": {"preset": "fisca", "changes": {"fixed_hands": 2}},
            },
        )
        assert r.status_code == 201, r.text
        table = r.json()
        ws_url = f"ws://127.0.0.1:{port}/ws/{table['table_id']}?token={table['token']}"
        last = play_as_person(ws_url)
        assert last["status"] == "over" and last["hand_number"] >= 2

        # The bot makes a bot-only table against the club bot with its key.
        r = httpx.post(
            f"{base}/api/bots/tables",
            json={"seats": ["bot:club", "bot:remote:simple-py"], "rules": ONE_HAND},
            headers={"Authorization": f"Bearer {key}"},
        )
        assert r.status_code == 201, r.text
        bot_only = r.json()["table_id"]
        wait_for(lambda: httpx.get(f"{base}/api/tables/{bot_only}").json()["status"] == "over", 120)

        out, _ = bridge.communicate(timeout=60)
        assert bridge.returncode == 0, out
        assert "connected to" in out and "as simple-py" in out
        assert "2 matches played" in out  # both match_over messages reached the program's bridge
        for table_id in (table["table_id"], bot_only):
            seats = httpx.get(f"{base}/api/tables/{table_id}").json()["seats"]
            assert "bot:remote:simple-py" in [s["kind"] for s in seats]
        # The program made every move itself: no decision fell to the built-in bot.
        log = (tmp_path / "serve.log").read_text()
        assert "remote:simple-py:" not in log, log[-2000:]
        assert "remote bot simple-py connected" in log or "simple-py" in out
    finally:
        if bridge is not None:
            if bridge.poll() is None:
                bridge.kill()
                bridge.wait()
            if bridge.stdout is not None:
                bridge.stdout.close()
        server.terminate()
        server.wait(timeout=30)


def test_bot_connect_reconnects_when_the_server_comes_back(tmp_path: Path) -> None:
    port = free_port()
    server = serve(port, tmp_path)
    base = f"http://127.0.0.1:{port}"
    made = subprocess.run(
        [str(SCALA40), "bot-account", "steady", "--db", f"sqlite:///{tmp_path / 'scala40.db'}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip().splitlines()[-1]
    bridge = subprocess.Popen(
        [str(SCALA40), "bot-connect", base, "--games", "1", "--", sys.executable, str(SIMPLE)],
        env={**os.environ, "SCALA40_BOT_KEY": key},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_for(lambda: httpx.get(f"{base}/api/bots").json()["remote"])
        server.terminate()
        server.wait(timeout=30)
        server = serve(port, tmp_path)  # the same server back, on the same port and store
        names = wait_for(
            lambda: [b["name"] for b in httpx.get(f"{base}/api/bots").json()["remote"]], 60
        )
        assert names == ["steady"]
        r = httpx.post(
            f"{base}/api/bots/tables",
            json={"seats": ["bot:remote:steady", "bot:easy"], "rules": ONE_HAND},
            headers={"Authorization": f"Bearer {key}"},
        )
        assert r.status_code == 201, r.text
        out, _ = bridge.communicate(timeout=120)
        assert bridge.returncode == 0 and "1 matches played" in out, out
        assert "reconnecting in" in out
    finally:
        if bridge.poll() is None:
            bridge.kill()
            bridge.wait()
        if bridge.stdout is not None:
            bridge.stdout.close()
        server.terminate()
        server.wait(timeout=30)
