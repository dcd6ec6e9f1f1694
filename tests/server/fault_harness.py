"""Liveness as a figure: three ``scala40 serve`` nodes on one PostgreSQL and one Redis of the
harness's own, tables played by scripted people (and a bot each), and faults injected one at
a time, each bounded in time — a node killed (SIGKILL), a node paused past its lease (SIGSTOP,
then SIGCONT), Redis killed and started again, PostgreSQL stopped ``-m immediate`` and
started again.

What a player would notice is measured from their side: the time each table's version rose,
as its people were told, every move a person was told took effect, the pages that were told
to give up (4401/4404/4000). After the run the database is read: every acknowledged move must
be stored, every view a seat was sent must match the record replayed at that version (a
version with two actions shows up there), and no table may go longer than lease + 5 s
without a move once the last fault before that move has ended.

The test suite runs a short plan (tests/server/test_fault_harness.py); a long run is a command
that prints the report as JSON::

    python -m tests.server.fault_harness --minutes 8
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select
from websockets.exceptions import ConnectionClosed, WebSocketException

from scala40.bots import make_bot
from scala40.notation.actions import format_action
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json
from scala40.storage import schema

from .cluster_nodes import Cluster, NodeProcess, Player
from .conftest import PostgresServer, RedisServer

FINAL_CLOSES = (4000, 4401, 4404)
"""Close codes after which the page stops reconnecting (static/js/connection.js)."""

STALL_MARGIN = 5.0
"""The promise: no table goes longer than lease + this without a move after a fault ends."""


class FaultKind(Enum):
    """The faults the harness injects."""

    KILL = "sigkill"
    PAUSE = "sigstop"
    REDIS = "redis_restart"
    POSTGRES = "postgres_restart"


@dataclass
class Fault:
    """One injected fault: when it began and ended (monotonic seconds) and what it did."""

    kind: FaultKind
    started: float
    ended: float = 0.0
    node: str | None = None
    handovers: list[float] = field(default_factory=list)
    """Seconds from the fault's start until each table its node held was held under a new
    lease: by another node, or (a kill) by the node's next life, started at once as a
    service manager would — both fence the dead life's writes out (a newer epoch)."""
    held: int = 0
    """Tables its node held when it began (a kill or a pause)."""
    retaken: int = 0
    """Of those, the tables the killed node's next life took back itself."""
    moved: int = 0
    """Tables whose lease changed hands between the fault's start and its recovery."""


@dataclass
class TableLog:
    """What the people at one table were told, with when."""

    table_id: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0
    moves: list[float] = field(default_factory=list)
    """When the table's version was first seen to rise (monotonic seconds)."""
    ended_at: float | None = None
    acknowledged: dict[int, str] = field(default_factory=dict)
    """version → the person's move they were told took effect at that version."""
    final_closes: list[int] = field(default_factory=list)
    players: dict[int, Player] = field(default_factory=dict)

    def told(self, msg: dict[str, Any], now: float) -> None:
        with self.lock:
            if msg["v"] > self.version:
                self.version = msg["v"]
                self.moves.append(now)
            if msg["view"]["status"] == "over" and self.ended_at is None:
                self.ended_at = now

    def moved_since(self, when: float) -> bool:
        with self.lock:
            return (self.ended_at is not None and self.ended_at <= when) or any(
                t > when for t in reversed(self.moves[-50:])
            )


class Person(threading.Thread):
    """One seat's page: reconnects as static/js/connection.js does (½ s, doubling to 15 s,
    back to ½ s once open; gives up on 4000/4401/4404, and then the person reloads after 5 s),
    and plays with the easy bot's choice after a short thought."""

    def __init__(self, harness: Harness, log: TableLog, seat: int, token: str, seed: int):
        super().__init__(daemon=True, name=f"{log.table_id}:{seat}")
        self.harness = harness
        self.log = log
        self.rng = random.Random(seed)
        self.player = Player(harness.cluster, log.table_id, token, self.rng)
        log.players[seat] = self.player
        self.bot = make_bot("easy")

    def run(self) -> None:
        delay = 0.5
        while not self.harness.stopping.is_set():
            node = self.harness.proxy_pick(self.rng)
            if node is not None:
                try:
                    self.player.connect(node)
                    delay = 0.5
                    self.play()
                except ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd is not None else None
                    if code in FINAL_CLOSES:
                        with self.log.lock:
                            self.log.final_closes.append(code)
                        self.harness.stopping.wait(5.0)
                except (OSError, TimeoutError, WebSocketException):
                    pass
                self.player.close()
                if self.log.ended_at is not None:
                    return
            self.harness.stopping.wait(delay * (0.8 + self.rng.random() * 0.4))
            delay = min(delay * 2, 15.0)

    def play(self) -> None:
        player = self.player
        player.send({"type": "sync"})
        pending: tuple[int, str, float] | None = None  # (version, move, when sent)
        thinking: tuple[int, float] | None = None  # (version, when to move)
        while not self.harness.stopping.is_set():
            msg = player.read(0.05)
            now = time.monotonic()
            if msg is not None and msg["type"] == "state":
                self.log.told(msg, now)
                if pending is not None and msg["v"] > pending[0]:
                    event = msg.get("event") or {}
                    if msg["v"] == pending[0] + 1 and event.get("seat") == msg["view"]["seat"]:
                        with self.log.lock:
                            self.log.acknowledged[msg["v"]] = pending[1]
                    pending = None
            elif msg is not None and msg["type"] == "error" and pending is not None:
                pending = None  # refused (stale, or not saved): look again and try again
                player.send({"type": "sync"})
            if pending is not None and now - pending[2] > self.harness.limit + 2.0:
                # No answer for longer than the promise allows (already a stall the report
                # shows): the person looks again, as one would by reloading.
                pending = None
                player.send({"type": "sync"})
            state = player.state
            if state is None:
                continue
            view = state["view"]
            if view["status"] == "over":
                return
            if pending is not None or view["status"] != "playing" or not view["my_turn"]:
                thinking = None
                continue
            if thinking is None or thinking[0] != state["v"]:
                thinking = (state["v"], now + self.rng.uniform(0.1, 0.4))
            elif now >= thinking[1]:
                action = self.bot.choose(view_from_json(view), self.rng)
                player.send({"type": "action", "v": state["v"], "action": action_to_dict(action)})
                pending = (state["v"], format_action(action), now)
                thinking = None


class Harness:
    """The cluster, its tables and people, the faults, and the report."""

    def __init__(
        self,
        postgres: PostgresServer,
        redis: RedisServer,
        folder: Path,
        *,
        tables: int = 8,
        lease: float = 1.0,
        seed: int = 1,
    ) -> None:
        self.postgres = postgres
        self.redis = redis
        self.cluster = Cluster(postgres.url, redis.url, folder, lease)
        self.table_count = tables
        self.lease = lease
        self.limit = lease + STALL_MARGIN
        self.rng = random.Random(seed)
        self.stopping = threading.Event()
        self.proxy: set[str] = set()
        """The nodes a proxy would send a page to: a killed node until it is ready again
        is left out (as a proxy's failed connects would), a paused one is not."""
        self.proxy_lock = threading.Lock()
        self.logs: list[TableLog] = []
        self.people: list[Person] = []
        self.faults: list[Fault] = []
        self.engine = create_engine(postgres.url, pool_pre_ping=True)
        self.began = 0.0
        self.finished = 0.0
        self.load: list[str] = []

    # The cluster and its tables ---------------------------------------------------------
    def start(self) -> None:
        self.load.append(_uptime())
        self.cluster.add(3)
        self.proxy = {n.name for n in self.cluster.nodes}
        for number in range(self.table_count):
            owner = self.cluster.nodes[number % 3]
            other = self.cluster.nodes[(number + 1) % 3]
            body = {
                "seats": ["human", "human", "bot:easy"],
                "nickname": "Anna",
                "rules": {"changes": {"fixed_hands": 1000}},
            }
            made = httpx.post(owner.url + "/api/tables", json=body, timeout=10)
            assert made.status_code == 201, made.text
            table_id = made.json()["table_id"]
            joined = httpx.post(
                f"{other.url}/api/tables/{table_id}/join", json={"nickname": "Bruno"}, timeout=10
            )
            assert joined.status_code == 200, joined.text
            log = TableLog(table_id)
            self.logs.append(log)
            for seat, token in enumerate((made.json()["token"], joined.json()["token"])):
                self.people.append(Person(self, log, seat, token, self.rng.randrange(1 << 30)))
        self.began = time.monotonic()
        for person in self.people:
            person.start()

    def proxy_pick(self, rng: random.Random) -> NodeProcess | None:
        with self.proxy_lock:
            names = sorted(self.proxy)
        nodes = [n for n in self.cluster.nodes if n.name in names and n.process is not None]
        return rng.choice(nodes) if nodes else None

    def stop(self) -> None:
        self.stopping.set()
        for person in self.people:
            person.join(15)
        for node in self.cluster.nodes:
            if node.process is not None:
                with contextlib.suppress(ProcessLookupError):
                    node.process.send_signal(signal.SIGCONT)
        self.cluster.stop()

    def close(self) -> None:
        """Let go of the harness's own database connections (after the report)."""
        self.engine.dispose()

    def leases(self) -> dict[str, tuple[str, int, float]] | None:
        """Every table's (node, epoch, expires), or ``None`` while the database is away."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(schema.table_leases)).all()
        except Exception:
            return None
        return {r.table_id: (r.node, int(r.epoch), float(r.expires)) for r in rows}

    # Faults -----------------------------------------------------------------------------
    def run(self, plan: list[FaultKind]) -> None:
        """Play a little, then each fault of ``plan`` in turn, each followed by its recovery."""
        self.settle(time.monotonic(), first=True)
        for kind in plan:
            self.inject(kind)
        self.finished = time.monotonic()
        self.load.append(_uptime())

    def run_for(self, seconds: float) -> None:
        """Faults of every kind in a shuffled round, again and again, for ``seconds``."""
        self.settle(time.monotonic(), first=True)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            kinds = list(FaultKind)
            self.rng.shuffle(kinds)
            for kind in kinds:
                if time.monotonic() >= end:
                    break
                self.inject(kind)
        self.finished = time.monotonic()
        self.load.append(_uptime())

    def inject(self, kind: FaultKind) -> None:
        before = self.wait_leases()
        fault = Fault(kind, time.monotonic())
        held: dict[str, int] = {}
        if kind in (FaultKind.KILL, FaultKind.PAUSE):
            victim = self.victim(before)
            fault.node = victim.name
            now = time.time()
            held = {t: e for t, (n, e, x) in before.items() if n == victim.name and x > now}
            fault.held = len(held)
            assert victim.process is not None
            if kind is FaultKind.KILL:
                with self.proxy_lock:
                    self.proxy.discard(victim.name)
                fault.started = time.monotonic()
                self.cluster.kill(victim)
                fault.ended = time.monotonic()
                self.cluster.start(victim)  # a new life of the same node, as a service would
                threading.Thread(target=self.back_in_proxy, args=(victim,), daemon=True).start()
            else:
                fault.started = time.monotonic()
                victim.process.send_signal(signal.SIGSTOP)
                wake = fault.started + 2 * self.lease
                self.watch_handovers(fault, held, wake)
                time.sleep(max(0.0, wake - time.monotonic()))  # asleep for two leases
                victim.process.send_signal(signal.SIGCONT)
                fault.ended = time.monotonic()
        elif kind is FaultKind.REDIS:
            self.redis.stop()
            time.sleep(2.0)
            self.redis.start()
            fault.ended = time.monotonic()
        else:
            self.postgres.stop("immediate")
            time.sleep(2.0)
            self.postgres.start()
            fault.ended = time.monotonic()
        self.faults.append(fault)
        self.watch_handovers(fault, held, None)
        self.settle(fault.ended)
        after = self.wait_leases()
        fault.moved = sum(1 for t, (_n, e, _x) in before.items() if after.get(t, ("", e))[1] != e)

    def victim(self, leases: dict[str, tuple[str, int, float]]) -> NodeProcess:
        """A ready node, the one holding most tables first (so the fault moves some)."""
        ready = [n for n in self.cluster.nodes if n.process is not None and n.name in self.proxy]
        counts = {n.name: 0 for n in ready}
        now = time.time()
        for node, _e, expires in leases.values():
            if node in counts and expires > now:  # a lease it holds now, not an old row
                counts[node] += 1
        return max(ready, key=lambda n: (counts[n.name], self.rng.random()))

    def back_in_proxy(self, node: NodeProcess) -> None:
        end = time.monotonic() + 60
        while time.monotonic() < end and not self.stopping.is_set():
            with contextlib.suppress(AssertionError):
                if self.cluster.ready(node):
                    with self.proxy_lock:
                        self.proxy.add(node.name)
                    return
            time.sleep(0.1)

    def watch_handovers(self, fault: Fault, held: dict[str, int], until: float | None) -> None:
        """Record when each of ``held`` (table: the epoch of the lease the node held) is
        held under a newer lease that has not run out (until ``until``, or until all are,
        or lease + 5 s past the fault's end). After a kill the node's next life may be
        the one that takes a table back (other nodes leave a table alone while its
        holder's name says in Redis that it is alive, and the new life says so once the
        old one's word ran out): counted, and told apart in :attr:`Fault.retaken`. After
        a pause, only another node: the paused process is the same life."""
        waiting = dict(held)
        deadline = until if until is not None else fault.ended + self.limit
        while waiting and time.monotonic() < deadline:
            leases = self.leases()
            if leases is not None:
                now = time.time()
                for table_id, epoch in list(waiting.items()):
                    node, newer, expires = leases.get(table_id, (fault.node, epoch, 0.0))
                    same = node == fault.node
                    if (
                        newer > epoch
                        and expires > now
                        and (fault.kind is FaultKind.KILL or not same)
                    ):
                        fault.handovers.append(round(time.monotonic() - fault.started, 2))
                        fault.retaken += same
                        del waiting[table_id]
            time.sleep(0.05)
        for table_id in list(held):
            if table_id not in waiting:
                del held[table_id]

    def wait_leases(self) -> dict[str, tuple[str, int, float]]:
        end = time.monotonic() + 30
        while (leases := self.leases()) is None:
            assert time.monotonic() < end, "the database did not come back"
            time.sleep(0.1)
        return leases

    def settle(self, since: float, first: bool = False) -> None:
        """Wait until every table in play has moved since ``since`` (or the promise's limit
        has passed), then let play go on for a second."""
        deadline = since + (30.0 if first else self.limit + 0.5)
        while time.monotonic() < deadline:
            if all(log.moved_since(since) for log in self.logs):
                break
            time.sleep(0.05)
        time.sleep(1.0)

    # The report -------------------------------------------------------------------------
    def waits(self) -> list[tuple[str, float, str | None]]:
        """Every wait of every table for its next move, as (table, seconds, the fault it
        followed or ``None``): the longest stretch between two moves that no fault covers,
        so it is counted from a fault's end (or the previous move) to the next move or the
        next fault's start. A table that ended is left out after its end; the harness's end
        counts as a move."""
        found = []
        for log in self.logs:
            with log.lock:
                times = [self.began, *log.moves]
                stop = log.ended_at if log.ended_at is not None else self.finished
            times = [t for t in times if t <= stop] + [stop]
            for before, after in itertools.pairwise(times):
                found.append((log.table_id, *self.quiet(before, after)))
        return found

    def quiet(self, before: float, after: float) -> tuple[float, str | None]:
        """The longest stretch of ``before``–``after`` outside every fault, and the fault
        it followed (``None``: it began at ``before``)."""
        longest, follows = 0.0, None
        since, kind = before, None
        for fault in sorted(self.faults, key=lambda f: f.started):
            if fault.ended <= since or fault.started >= after:
                continue
            if fault.started - since > longest:
                longest, follows = fault.started - since, kind
            since, kind = max(since, fault.ended), fault.kind.value
        if after - since > longest:
            longest, follows = after - since, kind
        return longest, follows

    def stalls(self) -> list[dict[str, Any]]:
        """The waits longer than the promise's limit."""
        return [
            {"table": table, "seconds": round(seconds, 2), "after": kind}
            for table, seconds, kind in self.waits()
            if seconds > self.limit
        ]

    def recoveries(self, fault: Fault) -> list[float]:
        """For each table in play, seconds from the fault's end to its next move."""
        out = []
        for log in self.logs:
            with log.lock:
                if log.ended_at is not None and log.ended_at <= fault.ended:
                    continue
                later = [t for t in log.moves if t > fault.ended]
            out.append(round((later[0] if later else self.finished) - fault.ended, 2))
        return out

    def gaps_across(self, fault: Fault) -> list[float]:
        """For each table in play, what its people saw: seconds from its last move before the
        fault began to its first move after the fault ended."""
        out = []
        for log in self.logs:
            with log.lock:
                if log.ended_at is not None and log.ended_at <= fault.ended:
                    continue
                before = [t for t in log.moves if t <= fault.started]
                later = [t for t in log.moves if t > fault.ended]
            first = later[0] if later else self.finished
            out.append(round(first - (before[-1] if before else self.began), 2))
        return out

    def raw(self) -> dict[str, Any]:
        """The measurements themselves (seconds from the start of play), to look into a
        report's figures."""
        return {
            "faults": [
                {
                    "kind": f.kind.value,
                    "node": f.node,
                    "started": round(f.started - self.began, 3),
                    "ended": round(f.ended - self.began, 3),
                }
                for f in self.faults
            ],
            "moves": {
                log.table_id: [round(t - self.began, 3) for t in log.moves] for log in self.logs
            },
            "finished": round(self.finished - self.began, 3),
        }

    def lost_moves(self) -> dict[str, dict[int, str]]:
        lost: dict[str, dict[int, str]] = {}
        with self.engine.connect() as conn:
            a = schema.actions
            for log in self.logs:
                rows = conn.execute(
                    select(a.c.version, a.c.action).where(a.c.table_id == log.table_id)
                ).all()
                stored = {int(r.version): str(r.action) for r in rows}
                missing = {v: m for v, m in log.acknowledged.items() if stored.get(v) != m}
                if missing:
                    lost[log.table_id] = missing
        return lost

    def split_views(self) -> list[str]:
        """Tables where a view a seat was sent differs from the record replayed at that
        version (two actions told for one version, or a state from before a move)."""
        from .test_cluster import _check_views

        split = []
        for log in self.logs:
            try:
                _check_views(self.cluster, log.table_id, log.players)
            except AssertionError as err:
                split.append(f"{log.table_id}: {err}")
        return split

    def report(self) -> dict[str, Any]:
        stalls = self.stalls()
        per_kind: dict[str, Any] = {}
        for kind in FaultKind:
            faults = [f for f in self.faults if f.kind is kind]
            recoveries = [r for f in faults for r in self.recoveries(f)]
            handovers = [h for f in faults for h in f.handovers]
            per_kind[kind.value] = {
                "faults": len(faults),
                "stuck_tables": sum(
                    1 for f in faults for r in self.recoveries(f) if r > self.limit
                ),
                "longest_stall_after_end_s": max(recoveries, default=None),
                "median_first_move_after_end_s": _median(recoveries),
                "tables_held_by_the_node": sum(f.held for f in faults),
                "taken_back_by_its_next_life": sum(f.retaken for f in faults),
                "handover_s": _spread(handovers),
                "longest_gap_across_s": max(
                    (g for f in faults for g in self.gaps_across(f)), default=None
                ),
                "tables_moved": sum(f.moved for f in faults),
            }
        views = sum(len(p.views) for log in self.logs for p in log.players.values())
        return {
            "nodes": 3,
            "tables": len(self.logs),
            "lease_seconds": self.lease,
            "stall_limit_s": self.limit,
            "seconds": round(self.finished - self.began, 1),
            "load": self.load,
            "faults": per_kind,
            "versions_played": sum(log.version for log in self.logs),
            "acknowledged_moves": sum(len(log.acknowledged) for log in self.logs),
            "views_checked": views,
            "lost_moves": self.lost_moves(),
            "split_views": self.split_views(),
            "pages_told_to_give_up": [c for log in self.logs for c in log.final_closes],
            "stalls_over_limit": stalls,
            "longest_wait_s": round(max((w for _t, w, _k in self.waits()), default=0.0), 2),
        }


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 2) if values else None


def _spread(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {"min": min(values), "median": _median(values) or 0.0, "max": max(values)}


def _uptime() -> str:
    with open("/proc/loadavg") as f:
        return "load average " + " ".join(f.read().split()[:3])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.server.fault_harness", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--minutes", type=float, default=8.0)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--lease", type=float, default=2.0, help="--lease-seconds of the nodes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    postgres = PostgresServer()
    redis = RedisServer()
    folder = Path(tempfile.mkdtemp(prefix="scala40-faults-"))
    harness = Harness(postgres, redis, folder, tables=args.tables, lease=args.lease, seed=args.seed)
    try:
        harness.start()
        harness.run_for(args.minutes * 60)
    finally:
        harness.stop()
    try:
        report = harness.report()
    finally:
        harness.close()
        postgres.remove()
        redis.remove()
    (folder / "raw.json").write_text(json.dumps(harness.raw()))
    report["logs"] = str(folder)
    print(json.dumps(report, indent=2))
    broken = (
        report["lost_moves"]
        or report["split_views"]
        or report["pages_told_to_give_up"]
        or report["stalls_over_limit"]
    )
    return 1 if broken else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
