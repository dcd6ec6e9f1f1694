"""What a move costs the servers, in CPU, with 1, 2 and 3 nodes on one machine.

A benchmark that prints figures and asserts nothing. For each configuration — N ``scala40
serve`` nodes (a fresh database on one PostgreSQL, one Redis, all on loopback) and the load
client (:mod:`scala40.loadtest`) playing M tables whose seats are spread over the nodes — it
samples the node processes' CPU (user + system, from /proc through psutil) while the tables
play, and divides what they spent between the first and the last acknowledged move by the
moves acknowledged in between. With N > 1 most seats are relayed: their socket is on a node
that does not play the table (cluster/node.py), which is what this measures ("relayed").
"direct" measures the same nodes given their own addresses (``--public-url``) and clients
that ask to be sent to the node that plays their table (``direct=1``, close 4307), as the
table page does: no socket is relayed then.

Configurations alternate within a run (round after round, the order of node counts rotated),
so a machine whose load changes meanwhile weighs on all of them alike; the spread of the
rounds is printed beside the median. "flat" clients answer at once; "paced" ones think a
while, as people do, so the nodes' idle loops weigh in too. Run::

    python -m tests.server.relay_cost --rounds 3 --seconds 30

To see where the CPU goes, a sampling profiler can watch a node meanwhile, e.g.
``py-spy record --gil --format raw --pid PID`` (``pip install py-spy``; the profile in
docs/deploy.md, "What a relayed move costs", was taken so).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import redis

from scala40 import loadtest

from .cluster_nodes import Cluster
from .conftest import PostgresServer, RedisServer
from .helpers import own_database

SAMPLE_EVERY = 0.2
"""Seconds between two readings of the nodes' CPU."""


@dataclass(frozen=True, slots=True)
class Pace:
    name: str
    tables: int
    think_ms: float


class Sampler(threading.Thread):
    """Reads the summed CPU seconds of some processes every :data:`SAMPLE_EVERY`."""

    def __init__(self, pids: list[int]) -> None:
        super().__init__(daemon=True)
        self.procs = [psutil.Process(pid) for pid in pids]
        self.samples: list[tuple[float, float]] = []
        self.done = threading.Event()

    def cpu(self) -> float:
        total = 0.0
        for proc in self.procs:
            times = proc.cpu_times()
            total += times.user + times.system
        return total

    def run(self) -> None:
        while not self.done.is_set():
            self.samples.append((time.time(), self.cpu()))
            self.done.wait(SAMPLE_EVERY)
        self.samples.append((time.time(), self.cpu()))

    def at(self, moment: float) -> float:
        """The CPU seconds spent by ``moment`` (interpolated between two readings)."""
        before = max((s for s in self.samples if s[0] <= moment), default=self.samples[0])
        after = min((s for s in self.samples if s[0] >= moment), default=self.samples[-1])
        if after[0] == before[0]:
            return before[1]
        share = (moment - before[0]) / (after[0] - before[0])
        return before[1] + share * (after[1] - before[1])


def measure(
    postgres: PostgresServer,
    redis_url: str,
    folder: Path,
    nodes: int,
    pace: Pace,
    seconds: float,
    lease: float,
    idle_seconds: float,
    direct: bool = False,
) -> dict[str, Any]:
    """One configuration: start ``nodes`` nodes, let them idle, play, stop them; with
    ``direct``, the nodes give their addresses and the clients ask to be sent there."""
    redis.Redis.from_url(redis_url).flushall()  # no inbox nor liveness of an earlier run
    folder.mkdir(parents=True)  # each configuration's node logs of its own
    db_url = own_database(postgres.url, "relaycost")
    cluster = Cluster(db_url, redis_url, folder, lease_seconds=lease, direct=direct)
    try:
        cluster.add(nodes)
        pids = [n.process.pid for n in cluster.nodes if n.process is not None]
        sampler = Sampler(pids)
        idle_from = sampler.cpu()
        time.sleep(idle_seconds)
        idle = (sampler.cpu() - idle_from) / idle_seconds
        sampler.start()
        try:
            tally = loadtest.play(
                [n.url for n in cluster.nodes],
                pace.tables,
                hands=50,
                think_ms=pace.think_ms,
                seed=nodes,
                seconds=seconds,
                direct=direct,
            )
        finally:
            sampler.done.set()
            sampler.join()
    finally:
        cluster.stop()
    acked = sorted(tally.acked)
    if len(acked) < 2:
        raise RuntimeError(f"{nodes} node(s), {pace.name}: no moves ({tally.samples})")
    start, end = acked[0], acked[-1]
    cpu = sampler.at(end) - sampler.at(start)
    moves = len(acked) - 1  # the moves acknowledged after the first one, within the window
    return {
        "nodes": nodes,
        "mode": "direct" if direct else "relayed",
        "pace": pace.name,
        "moves": moves,
        "moves_per_s": round(moves / (end - start), 1),
        "cpu_ms_per_move": round(cpu / moves * 1000, 3),
        "idle_cpu_ms_per_s": round(idle * 1000, 2),
        "errors": tally.errors,
        "error_samples": tally.samples,
        "p50_ms": round(loadtest.percentile([x * 1000 for x in tally.latencies], 50), 1),
    }


async def _bus_cost(url: str, count: int = 3000) -> dict[str, float]:
    """The CPU this process spends (µs) on the bus alone: writing an entry the size of a
    move's patch, one at a time; reading such entries in bulk; and one written then
    read, as a relayed message at a quiet table is."""
    from scala40.server.cluster.bus import Kind, NodeBus

    a, b = NodeBus(url, "cost-a"), NodeBus(url, "cost-b")
    await a.start()
    await b.start()
    ops = ",".join(['{"op":"replace","path":"/hand/3","value":"7H"}'] * 12)
    body = {"conn": "c" * 24, "epoch": 3, "frame": [f'{{"type":"patch","ops":[{ops}]}}', 12]}
    try:
        began = time.process_time()
        for _ in range(count):
            await a.send(b.node, Kind.DELIVER, body)
        sent = time.process_time()
        got = 0
        while got < count:
            got += len(await b.receive(block_ms=100))
        read = time.process_time()
        for _ in range(count // 6):
            await a.send(b.node, Kind.DELIVER, body)
            await b.receive(block_ms=100)
        both = time.process_time()
    finally:
        await a.close()
        await b.close()
    return {
        "write_us": (sent - began) / count * 1e6,
        "read_in_bulk_us": (read - sent) / count * 1e6,
        "write_then_read_us": (both - read) / (count // 6) * 1e6,
    }


def _label(nodes: int, mode: str) -> str:
    return "1 node" if nodes == 1 else f"{nodes} nodes {mode}"


def _spread(values: list[float]) -> str:
    return (
        f"{statistics.median(values):.2f} ms ({min(values):.2f}–{max(values):.2f},"
        f" {len(values)} rounds)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.server.relay_cost", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--nodes", default="1,2,3", help="node counts to compare")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0, help="play per configuration")
    parser.add_argument("--flat-tables", type=int, default=8)
    parser.add_argument("--paced-tables", type=int, default=24)
    parser.add_argument("--think-ms", type=float, default=250.0, help="paced clients' pause")
    parser.add_argument("--paces", default="flat,paced")
    parser.add_argument(
        "--modes",
        default="relayed,direct",
        help="how sockets reach a table another node plays: relayed, direct (the nodes"
        " give --public-url and the clients ask to be sent there)",
    )
    parser.add_argument("--lease", type=float, default=5.0, help="--lease-seconds of the nodes")
    parser.add_argument("--idle", type=float, default=3.0, help="idle seconds measured first")
    parser.add_argument("--json", action="store_true", help="also print every row as JSON")
    parser.add_argument(
        "--bus", action="store_true", help="only the bus's own CPU an entry (no nodes)"
    )
    args = parser.parse_args(argv)
    if args.bus:
        server = RedisServer()
        try:
            for _ in range(args.rounds):
                figures = asyncio.run(_bus_cost(server.url))
                print(", ".join(f"{k} {v:.0f}" for k, v in figures.items()), flush=True)
        finally:
            server.remove()
        return 0
    counts = [int(n) for n in args.nodes.split(",")]
    modes = args.modes.split(",")
    # One node relays nothing: it is measured once, the others in each mode.
    configs = [(n, m) for n in counts for m in (["relayed"] if n == 1 else modes)]
    paces = {
        "flat": Pace("flat", args.flat_tables, 0.0),
        "paced": Pace("paced", args.paced_tables, args.think_ms),
    }
    chosen = [paces[p] for p in args.paces.split(",")]
    postgres = PostgresServer()
    redis_server = RedisServer()
    folder = Path(tempfile.mkdtemp(prefix="scala40-relaycost-"))
    rows: list[dict[str, Any]] = []
    try:
        for r in range(args.rounds):
            order = configs[r % len(configs) :] + configs[: r % len(configs)]
            for pace in chosen:
                for n, mode in order:
                    row = measure(
                        postgres,
                        redis_server.url,
                        folder / f"round{r + 1}-{pace.name}-{n}-{mode}",
                        n,
                        pace,
                        args.seconds,
                        args.lease,
                        args.idle,
                        direct=mode == "direct",
                    )
                    row["round"] = r + 1
                    rows.append(row)
                    print(
                        f"round {r + 1} {pace.name:>5} {_label(n, mode)}: {row['moves']:>6} moves,"
                        f" {row['moves_per_s']:>6} /s, {row['cpu_ms_per_move']:.3f} ms CPU a move,"
                        f" idle {row['idle_cpu_ms_per_s']} ms/s, p50 {row['p50_ms']} ms,"
                        f" errors {row['errors']} {row['error_samples'][:2]}",
                        flush=True,
                    )
    finally:
        postgres.remove()
        redis_server.remove()
    print(f"\nserver CPU a move (median, min–max), {os.cpu_count()} cores, logs in {folder}:")
    for pace in chosen:
        medians: dict[tuple[int, str], float] = {}
        for n, mode in configs:
            values = [
                row["cpu_ms_per_move"]
                for row in rows
                if row["nodes"] == n and row["mode"] == mode and row["pace"] == pace.name
            ]
            medians[n, mode] = statistics.median(values)
            print(f"  {pace.name:>5} {_label(n, mode)}: {_spread(values)}")
        one = medians.get((1, "relayed"))
        if one is not None:
            ratios = ", ".join(
                f"{_label(n, mode)} / 1 node = {medians[n, mode] / one:.2f}×"
                for n, mode in configs
                if n != 1
            )
            print(f"  {pace.name:>5} ratios: {ratios}")
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
