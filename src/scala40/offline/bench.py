"""How long each bot level takes to choose a move: the same measure in CPython and in the
browser (the local table's Worker runs it on Pyodide), so the two can be set side by side
(``python scripts/measure_offline.py``).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from scala40.bots import make_bot
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation.codec import JSONDict


def decision_times(level: str, decisions: int, seed: int = 1) -> list[float]:
    """Seconds each of ``decisions`` choices took, a bot of ``level`` playing every seat of
    four-seat FISCA matches dealt from ``seed`` on (the same positions everywhere)."""
    rules = Rules.build("fisca", {"players": 4})
    match = Match(rules, seed, 0)
    bot = make_bot(level)
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < decisions:
        if match.over:
            seed += 1
            match = Match(rules, seed, 0)
        view = PlayerView.of_match(match, match.current_seat)
        start = time.perf_counter()
        action = bot.choose(view, rng)
        times.append(time.perf_counter() - start)
        match.apply(action)
    return times


def figures(levels: Sequence[str], decisions: int) -> JSONDict:
    """Each level's median and 95th percentile decision time, in milliseconds."""
    out: JSONDict = {}
    for level in levels:
        times = sorted(decision_times(level, decisions))
        cuts = statistics.quantiles(times, n=20, method="inclusive")
        out[level] = {
            "decisions": decisions,
            "p50_ms": round(statistics.median(times) * 1000, 2),
            "p95_ms": round(cuts[18] * 1000, 2),
        }
    return out
