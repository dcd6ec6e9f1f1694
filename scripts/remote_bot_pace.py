"""How fast a remote bot plays through ``scala40 bot-connect``: a measurement, not a test.

Starts a ``scala40 serve`` (SQLite in a temporary folder, no bot pause), a bot account and
``scala40 bot-connect`` running examples/bots/simple.py, then has the bot make MATCHES
one-hand bot-only tables against the club bot, one after another, and prints for each the
wall time, the moves in its record (both seats') and the milliseconds a move, then the totals.

    python scripts/remote_bot_pace.py --matches 10
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.serving import SCALA40, free_port, serve  # noqa: E402

SIMPLE = ROOT / "examples" / "bots" / "simple.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = serve(port, Path(folder))
        base = f"http://127.0.0.1:{port}"
        owner = httpx.post(f"{base}/api/players", json={"nickname": "Owner"}).json()["key"]
        key = httpx.post(
            f"{base}/api/bots/accounts", json={"player_key": owner, "name": "pace"}
        ).json()["key"]
        bridge = subprocess.Popen(
            [str(SCALA40), "bot-connect", base, "--", sys.executable, str(SIMPLE)],
            env={**os.environ, "SCALA40_BOT_KEY": key},
            stderr=subprocess.DEVNULL,
        )
        try:
            while not httpx.get(f"{base}/api/bots").json()["remote"]:
                time.sleep(0.05)
            total_s = 0.0
            total_moves = 0
            print("match  seconds  moves  ms/move")
            for n in range(1, args.matches + 1):
                began = time.perf_counter()
                made = httpx.post(
                    f"{base}/api/bots/tables",
                    json={
                        "seats": ["bot:remote:pace", "bot:club"],
                        "rules": {"preset": "fisca", "changes": {"fixed_hands": 1}},
                    },
                    headers={"Authorization": f"Bearer {key}"},
                ).json()
                table_id = made["table_id"]
                while httpx.get(f"{base}/api/tables/{table_id}").json()["status"] != "over":
                    time.sleep(0.02)
                seconds = time.perf_counter() - began
                record = json.loads(httpx.get(f"{base}/api/tables/{table_id}/record").text)
                moves = sum(len(hand["actions"]) for hand in record["hands"])
                total_s += seconds
                total_moves += moves
                print(f"{n:5d}  {seconds:7.2f}  {moves:5d}  {1000 * seconds / moves:7.1f}")
            print(f"total  {total_s:7.2f}  {total_moves:5d}  {1000 * total_s / total_moves:7.1f}")
        finally:
            bridge.terminate()
            bridge.wait()
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
