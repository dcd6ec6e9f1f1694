"""``scala40 loadtest``: many tables of four scripted people against a running server.

Each table is created and joined over the HTTP API like a browser would, then four
WebSocket clients play: each rebuilds its seat's PlayerView from the VIEW JSON
(:func:`~scala40.notation.view.view_from_json`), lets the easy bot (greedy) choose, waits a
human-like moment and sends the move. The figures are actions per second and the
action-to-broadcast latency: from sending an action to receiving the state it produced.
``actions_per_s`` counts the whole run (tables finish at different times);
``steady_actions_per_s`` only the stretch while every table was still playing.
Tables play single hands (``--hands`` sets ``fixed_hands``) that end when the stock runs
out (``stock_out = "end_hand"``), so every table finishes by itself; ``--seconds`` stops
the clients earlier, for a run of bounded length. Against a cluster whose nodes give their
own addresses (``scala40 serve --public-url``), ``--direct`` makes each client ask, as the
table page does, to be sent to the node that plays its table rather than relayed.
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import random
import statistics
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from scala40.bots import make_bot
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json
from scala40.server.wire.refusals import CloseCode
from scala40.tableview.patch import apply as apply_patch

SEATS = 4
IDLE_SECONDS = 60.0
"""A client that hears nothing this long counts an error and gives up."""
MAX_HOPS = 3
"""4307s a client follows in a row; then it asks to be relayed (as the table page does)."""
SENDS_PER_SECOND = 18
"""Messages a client sends in any second at most: below the server's 20 a connection
(``rate_per_second``), beyond which it drops a message with an error. A client that answers
at once on a fast server would pass it: its move and then its ``sync`` dropped, it would
wait for an answer that never comes and stall its table (a run of 2026-12-07, clients sent
straight to their table's node)."""


class _Pacer:
    """Keeps one client's messages within :data:`SENDS_PER_SECOND`."""

    def __init__(self) -> None:
        self.sent: deque[float] = deque(maxlen=SENDS_PER_SECOND)

    async def send(self, ws: websockets.ClientConnection, text: str) -> None:
        if len(self.sent) == SENDS_PER_SECOND:
            wait = self.sent[0] + 1.0 - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
        self.sent.append(time.monotonic())
        await ws.send(text)


@dataclass
class Tally:
    """What one process's clients measured."""

    latencies: list[float] = field(default_factory=list)
    acked: list[float] = field(default_factory=list)
    """Wall-clock time of each acknowledged action (comparable across processes)."""
    finished: list[float] = field(default_factory=list)
    """Wall-clock time each client saw its match end."""
    actions: int = 0
    errors: int = 0
    samples: list[str] = field(default_factory=list)
    hands: int = 0

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.samples) < 5:
            self.samples.append(text)

    def merge(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.acked += other.acked
        self.finished += other.finished
        self.actions += other.actions
        self.errors += other.errors
        self.samples += other.samples[: max(0, 5 - len(self.samples))]
        self.hands += other.hands


@dataclass(frozen=True, slots=True)
class Plan:
    urls: tuple[str, ...]
    """The nodes: table n is made on node n and its seat i joined and played through
    node n + i (round the list), so with several nodes every table is played across them."""
    tables: int
    hands: int
    think_ms: float
    seed: int
    until: float | None = None
    """Wall-clock time at which every client stops (``None``: when its match is over)."""
    direct: bool = False
    """Each client asks to be sent to the node that plays its table (``direct=1``)."""


def _ws_base(url: str) -> str:
    return "ws" + url[len("http") :] if url.startswith("http") else url


def _node(plan: Plan, n: int) -> str:
    return plan.urls[n % len(plan.urls)].rstrip("/")


async def _open_table(http: httpx.AsyncClient, plan: Plan, n: int) -> list[tuple[str, str, str]]:
    """A table of four human seats, joined by three more clients: (node, table id, token)
    for each seat, the node being the one its client plays through."""
    # A hand ends when the stock first runs out: scripted play cannot drag on for ever.
    changes: dict[str, Any] = {"stock_out": "end_hand"}
    changes.update({"single_hand": True} if plan.hands == 1 else {"fixed_hands": plan.hands})
    made = await http.post(
        _node(plan, n) + "/api/tables",
        json={"seats": ["human"] * SEATS, "nickname": f"Load {n}A", "rules": {"changes": changes}},
    )
    made.raise_for_status()
    table = made.json()
    out = [(_node(plan, n), table["table_id"], table["token"])]
    for i in range(1, SEATS):
        node = _node(plan, n + i)
        joined = await http.post(
            f"{node}/api/tables/{table['table_id']}/join",
            json={"nickname": f"Load {n}{'ABCD'[i]}"},
        )
        joined.raise_for_status()
        out.append((node, table["table_id"], joined.json()["token"]))
    return out


async def _player(
    base: str,
    table_id: str,
    token: str,
    think: float,
    rng: random.Random,
    tally: Tally,
    until: float | None = None,
    direct: bool = False,
) -> None:
    """One scripted person: play on their turns until the match is over (or ``until``, a
    wall-clock time). Like the page, it asks for patches and keeps its VIEW by applying
    them (tableview/patch.py), and, with ``direct``, follows a 4307 to the node that plays
    the table."""
    address = _ws_base(base)
    for hop in range(MAX_HOPS + 1):
        asks = direct and hop < MAX_HOPS
        url = f"{address}/ws/{table_id}?token={token}&patches=1" + ("&direct=1" if asks else "")
        try:
            async with websockets.connect(url, max_size=1 << 20) as ws:
                await _play_on(ws, table_id, think, rng, tally, until)
                return
        except websockets.ConnectionClosed as closed:
            if not asks or closed.rcvd is None or closed.rcvd.code != CloseCode.ELSEWHERE:
                raise
            address = closed.rcvd.reason  # the node that plays the table, at once


async def _play_on(
    ws: websockets.ClientConnection,
    table_id: str,
    think: float,
    rng: random.Random,
    tally: Tally,
    until: float | None,
) -> None:
    """:func:`_player`'s turns on an open socket."""
    bot = make_bot("easy")
    pacer = _Pacer()
    sent_v = -1
    sent_at = 0.0
    acted = -1
    held: dict[str, Any] | None = None
    while True:
        idle = IDLE_SECONDS if until is None else min(IDLE_SECONDS, until - time.time())
        try:
            # asyncio.timeout re-arms one timer; wait_for makes a task per message.
            async with asyncio.timeout(max(0.0, idle)):
                raw = await ws.recv()
        except TimeoutError:
            if until is not None and time.time() >= until:
                return  # time is up: not an error
            tally.error(f"table {table_id}: nothing heard for {IDLE_SECONDS:.0f} s")
            return
        now = time.perf_counter()
        msg = json.loads(raw)
        kind = msg.get("type")
        if kind == "error":
            tally.error(f"table {table_id}: {msg.get('code')}: {msg.get('message')}")
            sent_v = acted = -1
            await pacer.send(ws, json.dumps({"type": "sync"}))
            continue
        if kind == "hand_over":
            tally.hands += 1
            # A player reads the summary, then closes it: the table waits for that.
            hand = msg["summary"]["hand"]
            await pacer.send(ws, json.dumps({"type": "summary_closed", "hand": hand}))
            continue
        if kind == "patch":
            if held is None or msg["from"] != held["v"]:
                await pacer.send(ws, json.dumps({"type": "sync"}))
                continue
            msg = {"v": msg["v"], "view": apply_patch(held["view"], msg["ops"])}
        elif kind != "state":
            continue
        held = msg
        v = msg["v"]
        if sent_v >= 0 and v > sent_v:
            tally.latencies.append(now - sent_at)
            tally.acked.append(time.time())
            tally.actions += 1
            sent_v = -1
        view = msg["view"]
        if view["status"] == "over":
            tally.finished.append(time.time())
            return
        if not view["my_turn"] or v <= acted or sent_v >= 0:
            continue
        if think > 0:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        action = bot.choose(view_from_json(view), rng)
        await pacer.send(
            ws, json.dumps({"type": "action", "v": v, "action": action_to_dict(action)})
        )
        sent_v = acted = v
        sent_at = time.perf_counter()


async def _run(plan: Plan, first: int) -> Tally:
    tally = Tally()
    async with httpx.AsyncClient(timeout=30) as http:
        seats: list[tuple[str, str, str]] = []
        for n in range(first, first + plan.tables):
            try:
                seats += await _open_table(http, plan, n)
            except httpx.HTTPError as err:
                tally.error(f"creating table {n}: {err}")
    rng = random.Random(plan.seed * 1000 + first)
    # The clients' own garbage-collector pauses would count as server latency.
    gc.collect()
    gc.freeze()

    async def guarded(node: str, table_id: str, token: str, seed: int) -> None:
        try:
            await _player(
                node,
                table_id,
                token,
                plan.think_ms / 1000,
                random.Random(seed),
                tally,
                plan.until,
                plan.direct,
            )
        except (OSError, websockets.WebSocketException) as err:
            tally.error(f"table {table_id}: connection: {err}")

    await asyncio.gather(*(guarded(n, t, tok, rng.randrange(1 << 30)) for n, t, tok in seats))
    return tally


def _worker(plan: Plan, first: int) -> Tally:
    return asyncio.run(_run(plan, first))


def _shares(total: int, workers: int) -> list[int]:
    return [total // workers + (1 if i < total % workers else 0) for i in range(workers)]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def _steady_rate(tally: Tally) -> float:
    """Actions per second while every table was still playing (first move to first end, or
    to the last move when the run was stopped before any match was over)."""
    if not tally.acked:
        return 0.0
    start = min(tally.acked)
    end = min(tally.finished) if tally.finished else max(tally.acked)
    if end <= start:
        return 0.0
    return round(sum(1 for t in tally.acked if t <= end) / (end - start), 1)


def play(
    urls: str | Sequence[str],
    tables: int,
    *,
    hands: int = 1,
    think_ms: float = 500.0,
    seed: int = 1,
    workers: int = 1,
    seconds: float | None = None,
    direct: bool = False,
) -> Tally:
    """Play ``tables`` tables against the server at ``urls`` (one, or the nodes of a
    cluster, which share the tables' seats), for at most ``seconds`` if given; what the
    clients measured, every acknowledged move's time included (a caller may count what
    fell in a window of its own: tests/server/relay_cost.py)."""
    nodes = (urls,) if isinstance(urls, str) else tuple(urls)
    workers = max(1, min(workers, tables))
    until = None if seconds is None else time.time() + seconds
    tally = Tally()
    shares = [s for s in _shares(tables, workers) if s]
    firsts = [sum(shares[:i]) + 1 for i in range(len(shares))]
    plans = [Plan(nodes, share, hands, think_ms, seed, until, direct) for share in shares]
    if len(plans) == 1:
        return _worker(plans[0], 1)
    with multiprocessing.get_context("spawn").Pool(len(plans)) as pool:
        for part in pool.starmap(_worker, zip(plans, firsts, strict=True)):
            tally.merge(part)
    return tally


def run(
    urls: str | Sequence[str],
    tables: int,
    *,
    hands: int = 1,
    think_ms: float = 500.0,
    seed: int = 1,
    workers: int = 1,
    seconds: float | None = None,
    direct: bool = False,
) -> dict[str, Any]:
    """Play as :func:`play` does; the figures as a dict."""
    nodes = (urls,) if isinstance(urls, str) else tuple(urls)
    started = time.perf_counter()
    tally = play(
        nodes,
        tables,
        hands=hands,
        think_ms=think_ms,
        seed=seed,
        workers=workers,
        seconds=seconds,
        direct=direct,
    )
    seconds = time.perf_counter() - started
    steady = _steady_rate(tally)
    ms = [x * 1000 for x in tally.latencies]
    return {
        "nodes": len(nodes),
        "tables": tables,
        "clients": tables * SEATS,
        "hands": tally.hands // SEATS,
        "think_ms": think_ms,
        "workers": max(1, min(workers, tables)),
        "actions": tally.actions,
        "seconds": round(seconds, 2),
        "actions_per_s": round(tally.actions / seconds, 1) if seconds else 0.0,
        "steady_actions_per_s": steady,
        "p50_ms": round(percentile(ms, 50), 2),
        "p90_ms": round(percentile(ms, 90), 2),
        "p99_ms": round(percentile(ms, 99), 2),
        "max_ms": round(max(ms), 2) if ms else 0.0,
        "mean_ms": round(statistics.fmean(ms), 2) if ms else 0.0,
        "errors": tally.errors,
        "error_samples": tally.samples,
    }
