"""SIGKILL ``scala40 serve`` in the middle of seat joins, restart it, look for stuck tables.

Each round creates tables of two people, sends the second player's join for all of them
at once, kills the server 1-30 ms later (the joins are then at every stage: unread,
being stored, stored but unanswered, answered), starts it again on the same database and checks
every table: a table is *stuck* when every seat is taken but it still waits (or it plays
with a free seat). Then each joiner asks again with the token it chose: it must get a seat
(the same one if its first join was stored), never ``table_full`` because of itself.

    python -m tests.server.join_kills --kills 30     # prints the figures (a measurement)

The test suite runs a few rounds of the same harness (tests/server/test_join_kills.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from .serving import free_port, serve


@dataclass
class Figures:
    kills: int = 0
    tables: int = 0
    joins_sent: int = 0
    joins_answered: int = 0
    joins_stored: int = 0
    """Joins found stored after the restart (answered or not)."""
    stuck: list[str] = field(default_factory=list)
    retries_refused: list[str] = field(default_factory=list)
    retries_other_seat: list[str] = field(default_factory=list)


async def _join_all(
    base: str,
    tables: list[str],
    tokens: dict[str, str],
    proc: subprocess.Popen[bytes],
    delay: float,
) -> int:
    """Send every join at once and kill the server ``delay`` seconds later; how many
    joins were answered before the kill."""
    async with httpx.AsyncClient(base_url=base, timeout=5) as http:
        # Open the connections first, so the joins leave at once when asked.
        await asyncio.gather(*(http.get("/api/rules") for _ in tables))

        async def one(table_id: str) -> bool:
            try:
                r = await http.post(
                    f"/api/tables/{table_id}/join",
                    json={"nickname": "Bea", "token": tokens[table_id]},
                )
            except httpx.HTTPError:
                return False
            return r.status_code == 200

        joins = [asyncio.ensure_future(one(t)) for t in tables]
        await asyncio.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        answered = await asyncio.gather(*joins)
    return sum(answered)


def run(kills: int, tables_per_round: int = 8, seed: int = 1, max_delay: float = 0.030) -> Figures:
    """``kills`` rounds of join, kill ``1 ms..max_delay`` after, restart, check."""
    rng = random.Random(seed)
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="scala40-kills-") as tmp:
        folder = Path(tmp)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = serve(port, folder, "", "--tables-per-minute", "100000")
        try:
            for _ in range(kills):
                tables = []
                for _ in range(tables_per_round):
                    made = httpx.post(
                        base + "/api/tables",
                        json={"seats": ["human", "human"], "nickname": "Anna"},
                        timeout=5,
                    ).json()
                    tables.append(made["table_id"])
                tokens = {t: secrets.token_urlsafe(32) for t in tables}
                delay = rng.uniform(0.001, max_delay)
                figures.joins_answered += asyncio.run(_join_all(base, tables, tokens, proc, delay))
                proc.wait()
                figures.kills += 1
                figures.joins_sent += len(tables)
                figures.tables += len(tables)
                proc = serve(port, folder, "", "--tables-per-minute", "100000")
                _check(base, tables, tokens, figures)
        finally:
            proc.kill()
            proc.wait()
    return figures


def _check(base: str, tables: list[str], tokens: dict[str, str], figures: Figures) -> None:
    for table_id in tables:
        info = httpx.get(f"{base}/api/tables/{table_id}", timeout=5).json()
        taken = [s["taken"] for s in info["seats"]]
        if (all(taken) and info["status"] == "waiting") or (
            not all(taken) and info["status"] == "playing"
        ):
            figures.stuck.append(table_id)
        stored_seat = 1 if taken[1] else None
        figures.joins_stored += stored_seat is not None
        again = httpx.post(
            f"{base}/api/tables/{table_id}/join",
            json={"nickname": "Bea", "token": tokens[table_id]},
            timeout=5,
        )
        if again.status_code != 200:
            figures.retries_refused.append(f"{table_id}: {again.text}")
        elif stored_seat is not None and again.json()["seat"] != stored_seat:
            figures.retries_other_seat.append(table_id)
        after = httpx.get(f"{base}/api/tables/{table_id}", timeout=5).json()
        if after["status"] != "playing":
            figures.stuck.append(f"{table_id} (after the retry: {after['status']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--tables", type=int, default=8, help="tables joined per kill")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay-ms", type=float, default=30.0)
    args = parser.parse_args()
    started = time.monotonic()
    f = run(args.kills, args.tables, args.seed, args.max_delay_ms / 1000)
    print(f"kills during joins:      {f.kills}")
    print(f"tables joined:           {f.tables}")
    print(f"joins sent:              {f.joins_sent}")
    print(f"answered before the kill: {f.joins_answered}")
    print(f"stored (found after it): {f.joins_stored}")
    print(f"stuck tables:            {len(f.stuck)} {f.stuck[:5]}")
    print(f"retried joins refused:   {len(f.retries_refused)} {f.retries_refused[:3]}")
    print(f"retries given another seat: {len(f.retries_other_seat)}")
    print(f"seconds:                 {time.monotonic() - started:.0f}")


if __name__ == "__main__":
    main()
