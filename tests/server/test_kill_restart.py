"""``scala40 serve`` killed with SIGKILL comes back with every acknowledged move.

A real server process, a real WebSocket: play, kill -9, start again on the same database,
reconnect with the same seat token, find the exact last acknowledged state, play on.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from scala40 import loadtest
from scala40.bots import make_bot
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json

from .helpers import same_table
from .serving import free_port, serve

pytestmark = pytest.mark.slow


async def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if msg["type"] == "state":
            return dict(msg)


async def _play(
    url: str, actions: int, first: bool = False
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the state on connecting, the state after ``actions`` moves, at this seat's turn)."""
    bot = make_bot("greedy")
    rng = random.Random(3)
    async with websockets.connect(url) as ws:
        state = hello = await _next_state(ws)
        done = 0
        while True:
            view = state["view"]
            if view["my_turn"] and done >= actions:
                return hello, state
            if view["my_turn"]:
                action = bot.choose(view_from_json(view), rng)
                await ws.send(
                    json.dumps(
                        {"type": "action", "v": state["v"], "action": action_to_dict(action)}
                    )
                )
                done += 1
                new = await _next_state(ws)
                while new["v"] <= state["v"]:
                    new = await _next_state(ws)
                state = new
            else:
                state = await _next_state(ws)


def test_sigkill_and_restart_lose_no_acknowledged_move(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'kill.db'}"
    server = serve(port, tmp_path, db)
    try:
        made = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={
                "seats": ["human", "bot:greedy", "bot:random"],
                "nickname": "Anna",
                "rules": {"changes": {"elimination": 900}},
            },
        ).json()
        url = f"ws://127.0.0.1:{port}/ws/{made['table_id']}?token={made['token']}"
        _hello, before = asyncio.run(_play(url, 12))
        assert before["v"] >= 12
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server = serve(port, tmp_path, db)
    try:
        hello, after = asyncio.run(_play(url, 3))
        assert hello["v"] == before["v"]
        assert same_table(hello["view"], before["view"])
        assert after["v"] > before["v"]
        # The load benchmark's clients play a whole hand on the same server, error-free.
        figures = loadtest.run(f"http://127.0.0.1:{port}", 1, think_ms=50)
        assert figures["errors"] == 0, figures["error_samples"]
        assert figures["hands"] >= 1 and figures["actions"] >= 8
        assert figures["p50_ms"] <= figures["p99_ms"]
    finally:
        server.terminate()
        server.wait(10)
