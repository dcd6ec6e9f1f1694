"""The master's parts, measured one against another on the very same deals.

``scala40 arena`` compares levels; a part of the master (its belief about the next hand,
its budget of worlds) is a constructor option of :class:`~scala40.bots.planner.PlannerBot`
and has no level of its own. This command plays each named variant against the club
player on the same duplicate heads-up deals (FISCA), alternating the order of the
variants from deal to deal so that the machine's load falls on all of them alike, and
prints each one's edge over the club player and the paired difference of every two::

    .venv/bin/python -m tests.bots.master_variants --seed 7001 --deals 250 \\
        no-belief-32 belief-32 belief-48

Run it on an installed compiled build (``scripts/test`` makes ``.venv-compiled``): the
master thinks against a clock, and on the pure build the clock ends searches sooner.
A figure, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable, Sequence

import scala40.bots as bots
from scala40 import arena
from scala40.bots.base import Bot
from scala40.bots.paired import mean_se
from scala40.bots.planner import PlannerBot
from scala40.engine.rules import Rules

VARIANTS: dict[str, Callable[[], Bot]] = {
    "no-belief-32": lambda: PlannerBot(read=False, worlds=32),
    "belief-32": lambda: PlannerBot(read=True, worlds=32),
    "no-belief-48": lambda: PlannerBot(read=False, worlds=48),
    "belief-48": lambda: PlannerBot(read=True, worlds=48),
    "master": PlannerBot,
}
"""The variants by name: with or without the belief (:func:`scala40.bots.worlds.belief`),
and the worlds a decision deals (``master``: the level as shipped)."""

Row = dict[str, tuple[float, list[float]]]
"""Per variant: its edge over the club player on one deal, and its decision times."""


def _deal(task: tuple[arena.ArenaConfig, Sequence[str], int]) -> tuple[int, Row]:
    config, names, deal = task
    order = list(names) if deal % 2 == 0 else list(reversed(names))
    row: Row = {}
    for name in order:
        # The worker is forked: setting the level here reaches only this process.
        bots.LEVELS["master"] = VARIANTS[name]
        games = arena.play_deal(config, deal)
        times = [
            t for g in games for seat, e in enumerate(g.lineup) if e == 0 for t in g.times[seat]
        ]
        # The arena's own paired edge, over this one deal's seatings.
        row[name] = (arena.pair_edges(config.names, games)[0].edge, times)
    return deal, row


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    return mean_se(sum(values), sum(v * v for v in values), len(values))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("variants", nargs="+", choices=sorted(VARIANTS))
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    names: list[str] = args.variants
    rules = Rules.build(None, {"players": "2"})
    config = arena.make_config(["master", "club"], rules, hands=args.deals, seed=args.seed)
    started = time.perf_counter()
    tasks = [(config, names, d) for d in range(args.deals)]
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        rows = dict(pool.imap_unordered(_deal, tasks))
    print(f"seed {args.seed}, {args.deals} deals, {time.perf_counter() - started:.0f} s")
    edges = {n: [rows[d][n][0] for d in range(args.deals)] for n in names}
    for name in names:
        times = sorted(t for d in range(args.deals) for t in rows[d][name][1])
        mean, se = _mean_se(edges[name])
        p95 = times[int(0.95 * len(times))] * 1000
        print(f"{name} - club: {mean:+.2f} ± {se:.2f} a hand; decisions p95 {p95:.0f} ms")
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            mean, se = _mean_se([y - x for x, y in zip(edges[a], edges[b], strict=True)])
            print(f"{b} - {a}: {mean:+.2f} ± {se:.2f} a hand (paired by deal)")


if __name__ == "__main__":
    main()
