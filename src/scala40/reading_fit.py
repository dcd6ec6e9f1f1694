"""Fit the reading model (:mod:`scala40.bots.reading`) to self-play records.

One reproducible command (numpy, from the ``rl`` extra, is needed here and only here)::

    python -m scala40.reading_fit --hands 24000 --seed 0 --workers 2 \\
        --out src/scala40/bots/reading.json

The club player plays every seat of hands dealt from ``--seed`` under three table setups
(heads-up FISCA, three players FISCA, four players with the house rules). At every
discard where the next player may take the pozzo, each card the seat may legally discard
becomes one record: its :func:`~scala40.bots.reading.features`, read from the seat's view
only, and the label, read from the true deal: whether the next player could then take
that card (the engine's own check of a pozzo take). A logistic model is fitted by
Newton's method on four fifths of the hands and judged on the rest, by deal: area under
the ROC curve, recall of feeding cards at a fixed false-alarm rate, and calibration.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from scala40.bots.base import world_of
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.reading import NAMES, SETTINGS, Table, features
from scala40.engine.actions import Discard, TakePozzo
from scala40.engine.cards import pack_list
from scala40.engine.discard import legal_discards
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

SETUPS: tuple[tuple[str | None, int, float], ...] = (
    (None, 2, 0.6),
    (None, 3, 0.2),
    ("house", 4, 0.2),
)
"""(rules preset, players, share of the hands): heads-up FISCA is where a feed costs most."""

MAX_ACTIONS = 3000
"""A self-play hand still going after this many actions is dropped from there on."""

Floats = NDArray[np.float64]


def feeds(deal: Deal, card: int) -> bool:
    """Whether the next player could take ``card`` from the pozzo if the current player
    discarded it now (the truth a record is labelled with; it reads the whole deal)."""
    world = deal.clone()
    world.apply(Discard(card))
    return world.result is None and world.check(TakePozzo()) is None


@dataclass(frozen=True)
class Chunk:
    preset: str | None
    players: int
    seed: int
    first: int
    hands: int


def records(chunk: Chunk) -> tuple[list[list[float]], list[bool], list[int]]:
    """Features, labels and hand numbers of every discard offer in the chunk's hands."""
    rules = Rules.build(chunk.preset, {"players": str(chunk.players)})
    bot = HeuristicBot()
    xs: list[list[float]] = []
    ys: list[bool] = []
    hands: list[int] = []
    for number in range(chunk.first, chunk.first + chunk.hands):
        rng = random.Random(f"reading:{chunk.preset}:{chunk.players}:{chunk.seed}:{number}")
        deck = pack_list(rules.decks, rules.joker_count)
        rng.shuffle(deck)
        deal = Deal.deal(rules, deck, shuffle_seed=rng.getrandbits(63))
        for _ in range(MAX_ACTIONS):
            if deal.result is not None:
                break
            view = PlayerView.of(deal, deal.seats[deal.current])
            action = bot.choose(view, rng)
            if isinstance(action, Discard):
                nxt = (deal.current + 1) % deal.n
                if deal.opened[nxt] or rules.open_from_pozzo != "no":
                    cards = legal_discards(world_of(view))
                    if len(cards) > 1:
                        table = Table.of(view, nxt)
                        for card in cards:
                            xs.append(features(table, card))
                            ys.append(feeds(deal, card))
                            hands.append(number)
            deal.apply(action)
    return xs, ys, hands


def fit(x: Floats, y: Floats, ridge: float = 1e-3, rounds: int = 30) -> Floats:
    """Logistic regression by Newton's method (a small ridge keeps it well posed)."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w


def auc(p: Floats, y: Floats) -> float:
    """Area under the ROC curve: the chance a feeding card scores above a safe one."""
    order = np.argsort(p, kind="stable")
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y == 1
    n1 = int(pos.sum())
    n0 = len(y) - n1
    return float((ranks[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def recall_at(p: Floats, y: Floats, false_alarms: float) -> float:
    """Share of feeding cards flagged when ``false_alarms`` of the safe ones are."""
    threshold = np.quantile(p[y == 0], 1.0 - false_alarms)
    return float((p[y == 1] >= threshold).mean())


def calibration(p: Floats, y: Floats, bins: int = 10) -> list[dict[str, float]]:
    """Predicted against observed feed rate, by tenths of the predictions."""
    edges = np.quantile(p, np.linspace(0, 1, bins + 1))
    out = []
    for lo, hi in itertools.pairwise(edges):
        m = (p >= lo) & (p <= hi)
        if m.any():
            out.append(
                {
                    "predicted": round(float(p[m].mean()), 4),
                    "observed": round(float(y[m].mean()), 4),
                    "records": int(m.sum()),
                }
            )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24000, help="self-play hands in all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="where to write the model")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    chunks = []
    for preset, players, share in SETUPS:
        count = max(1, round(args.hands * share))
        step = max(1, count // (4 * max(1, args.workers)))
        for first in range(0, count, step):
            chunks.append(Chunk(preset, players, args.seed, first, min(step, count - first)))
    data: dict[str, tuple[list[list[float]], list[bool], list[bool]]] = {
        s: ([], [], []) for s in SETTINGS
    }
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for chunk, (x, y, hands) in zip(chunks, pool.map(records, chunks), strict=True):
            xs, ys, held_out = data["heads_up" if chunk.players == 2 else "table"]
            xs += x
            ys += y
            # One hand in five is held out, whole (its records are not independent).
            held_out += [h % 5 == 4 for h in hands]
    models = {}
    for setting, (xs, ys, held_out) in data.items():
        x_all = np.array(xs, dtype=np.float64)
        y_all = np.array(ys, dtype=np.float64)
        test = np.array(held_out, dtype=bool)
        w = fit(x_all[~test], y_all[~test])
        p = 1.0 / (1.0 + np.exp(-(x_all[test] @ w)))
        yt = y_all[test]
        report = {
            "records": len(y_all),
            "held_out_records": int(test.sum()),
            "feeding_share": round(float(y_all.mean()), 4),
            "auc": round(auc(p, yt), 4),
            "recall_at_10pct_false_alarms": round(recall_at(p, yt, 0.10), 4),
            "recall_at_20pct_false_alarms": round(recall_at(p, yt, 0.20), 4),
            "calibration": calibration(p, yt),
        }
        models[setting] = {
            "weights": {n: round(float(v), 6) for n, v in zip(NAMES, w, strict=True)},
            "held_out": report,
        }
        summary = {k: v for k, v in report.items() if k != "calibration"}
        print(setting, json.dumps(summary))
    model = {
        "model": "logistic",
        "names": list(NAMES),
        "models": models,
        "trained": {"hands": args.hands, "seed": args.seed, "setups": SETUPS},
    }
    print(f"fitted in {time.perf_counter() - start:.0f} s")
    if args.out is not None:
        args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
        print(f"model written to {args.out}")


if __name__ == "__main__":
    main()
