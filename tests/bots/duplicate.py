"""Duplicate hands: each deal is played once per seat by the first bot, the second bot
in every other seat (heads-up: each deal twice, seats swapped).

Playing every deal from every seat cancels the luck of the cards, so a small sample
already shows which bot plays better. Each action is checked against the true hand
before it is applied: a bot that tries an illegal action fails loudly.

Measure from the command line (figures printed, never asserted)::

    .venv/bin/python -m tests.bots.duplicate --deals 500 heuristic greedy
    .venv/bin/python -m tests.bots.duplicate --deals 300 --rule open_from_pozzo=any_use \
        heuristic greedy
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scala40.bots import make_bot
from scala40.bots.base import Bot
from scala40.engine.actions import Action
from scala40.engine.cards import pack_list
from scala40.engine.rules import Rules
from scala40.engine.scoring import count_penalty
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

MAX_ACTIONS = 4000
"""A hand still going after this many actions is stopped and everybody counts.

Such hands exist: when the table offers no lay-off (only complete sets) players left with
one or two cards can never go out, and the pozzo is reshuffled into the stock forever.
"""


@dataclass(frozen=True)
class Game:
    """One deal played once: what each bot paid and who went out."""

    deal: int
    penalties: tuple[float, float]
    """(first bot, the mean of the second bot's seats)."""
    winner: int | None
    """0 when the first bot went out, 1 a second bot, ``None`` when nobody did."""


def deal_of(rules: Rules, seed: int, number: int) -> tuple[list[int], int]:
    """The deck (top card last) and reshuffle seed of deal ``number``."""
    rng = random.Random(f"duplicate:{seed}:{number}")
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    return deck, rng.getrandbits(63)


def play_hand(
    rules: Rules, deck: list[int], shuffle_seed: int, bots: Sequence[Bot]
) -> tuple[tuple[int, ...], int | None]:
    """Play one hand with ``bots[p]`` at player ``p`` (0 plays first): what each pays and
    who went out (``None`` if nobody did)."""
    hand = Deal.deal(rules, deck, shuffle_seed=shuffle_seed)
    rng = random.Random(shuffle_seed)

    def choose(deal: Deal, step: int) -> Action:
        return bots[deal.current].choose(PlayerView.of(deal, deal.seats[deal.current]), rng)

    return finish_hand(hand, choose)


def finish_hand(
    deal: Deal, choose: Callable[[Deal, int], Action]
) -> tuple[tuple[int, ...], int | None]:
    """Play ``deal`` to its end with ``choose(deal, step)`` for the current player (each
    action checked before it is applied), or until :data:`MAX_ACTIONS`, when everybody
    counts: what each pays and who went out (``None`` if nobody did)."""
    for step in range(MAX_ACTIONS):
        if deal.result is not None:
            return deal.result.penalties, deal.result.winner
        action = choose(deal, step)
        refusal = deal.check(action)
        assert refusal is None, f"player {deal.current} tried {action}: {refusal.reason}"
        deal.apply(action)
    if deal.result is not None:
        return deal.result.penalties, deal.result.winner
    return tuple(count_penalty(h, deal.rules) for h in deal.hands), None


def duplicate(
    rules: Rules,
    first: Callable[[], Bot],
    second: Callable[[], Bot],
    deals: int,
    seed: int = 0,
) -> list[Game]:
    """Every deal once per seat: the first bot there, the second bot everywhere else."""
    n = rules.players
    games = []
    for number in range(deals):
        deck, shuffle_seed = deal_of(rules, seed, number)
        for at in range(n):
            bots = [first() if p == at else second() for p in range(n)]
            pays, out = play_hand(rules, deck, shuffle_seed, bots)
            others = [pays[p] for p in range(n) if p != at]
            winner = None if out is None else (0 if out == at else 1)
            games.append(Game(number, (float(pays[at]), sum(others) / len(others)), winner))
    return games


@dataclass(frozen=True)
class Summary:
    games: int
    mean_first: float
    mean_second: float
    diff: float
    """Mean of (first's penalty - second's penalty) per game: negative favours the first."""
    stderr: float
    """Standard error of ``diff``, over deals (the games of a deal are paired)."""
    out_first: int
    out_second: int


def summarize(games: Sequence[Game]) -> Summary:
    per_deal: dict[int, list[float]] = {}
    for g in games:
        per_deal.setdefault(g.deal, []).append(g.penalties[0] - g.penalties[1])
    diffs = [sum(d) / len(d) for d in per_deal.values()]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return Summary(
        games=len(games),
        mean_first=sum(g.penalties[0] for g in games) / len(games),
        mean_second=sum(g.penalties[1] for g in games) / len(games),
        diff=mean,
        stderr=math.sqrt(var / n),
        out_first=sum(1 for g in games if g.winner == 0),
        out_second=sum(1 for g in games if g.winner == 1),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", nargs="?", default="heuristic")
    parser.add_argument("second", nargs="?", default="greedy")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default=None, help="a preset (fisca, house)")
    parser.add_argument("--rule", action="append", default=[], help="KEY=VALUE")
    args = parser.parse_args(argv)
    keys = dict(item.split("=", 1) for item in args.rule)
    keys.setdefault("players", "2")
    rules = Rules.build(args.rules, keys)
    start = time.perf_counter()
    games = duplicate(
        rules, lambda: make_bot(args.first), lambda: make_bot(args.second), args.deals, args.seed
    )
    s = summarize(games)
    elapsed = time.perf_counter() - start
    print(f"rules: {rules.changes()}")
    print(f"{s.games} games ({args.deals} deals x {rules.players} seats) in {elapsed:.1f} s")
    print(f"mean penalty: {args.first} {s.mean_first:.2f}, {args.second} {s.mean_second:.2f}")
    print(f"difference per game: {s.diff:+.2f} ± {s.stderr:.2f} (1 s.e., paired by deal)")
    print(
        f"went out: {args.first} {s.out_first}, {args.second} {s.out_second}, "
        f"nobody {s.games - s.out_first - s.out_second}"
    )


if __name__ == "__main__":
    main()
