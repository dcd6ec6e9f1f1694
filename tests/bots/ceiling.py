"""How much stronger than the club player can a search over its choices be?

The strong bot (:mod:`scala40.bots.strong`) improves the club player of
:mod:`scala40.bots.heuristic` by one step: it tries the club player's few best
candidates (draw from the stock or the pozzo, open now or wait, its best discards) in
dealt worlds and plays each one out with the club player in every seat. This harness
measures the ceiling of that idea, so a strength target can be judged against what the
game allows rather than against hope. Three measurements, each a command that prints
figures (nothing here is a bot level; the oracles read the true hand on purpose)::

    # 1. Per decision: the best candidate's gain over the club player's choice, each
    #    judged over many worlds dealt from the seat's view (the perfect one-step search).
    .venv/bin/python -m tests.bots.ceiling decisions --positions 80 --worlds 300

    # 2. Oracles that play the same search in the TRUE hand, heads-up duplicate deals:
    #    knowing everything (the stock order too), or only the other hands.
    .venv/bin/python -m tests.bots.ceiling oracle --know all --deals 40
    .venv/bin/python -m tests.bots.ceiling oracle --know hands --deals 80 --worlds 24

    # 3. What a per-hand edge is worth in heads-up matches to 101, by resampling the
    #    club player's own hand results.
    .venv/bin/python -m tests.bots.ceiling edge --hands 1500

    # 5. What reading the next hand is worth: a club player that never discards a card
    #    the next player's TRUE hand could take (an oracle), split by that hand's size.
    .venv/bin/python -m tests.bots.ceiling feed --deals 1000
    .venv/bin/python -m tests.bots.ceiling feed --deals 1000 --sizes 1-3

    # 4. Is the club player's own judgement at its best? Its weights changed one by one,
    #    duplicate heads-up hands against the unchanged club player.
    .venv/bin/python -m tests.bots.ceiling style --set base_risk=0.1 --deals 1000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from scala40.bots.base import world_of
from scala40.bots.heuristic import HeuristicBot, Style
from scala40.bots.rollout import heuristic_play_out, outcome
from scala40.bots.strong import StrongBot
from scala40.bots.worlds import deal_consistent
from scala40.engine.actions import Action, Discard
from scala40.engine.errors import IllegalAction
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

from .duplicate import (
    MAX_ACTIONS,
    Game,
    deal_of,
    duplicate,
    finish_hand,
    play_hand,
    summarize,
)

# 1. Per decision ------------------------------------------------------------------------


def positions(rules: Rules, seed: int, count: int) -> list[PlayerView]:
    """Views met by the club player in self-play: two random decisions per hand."""
    rng = random.Random(seed)
    out: list[PlayerView] = []
    number = 0
    while len(out) < count:
        deck, shuffle_seed = deal_of(rules, seed, number)
        number += 1
        hand = Deal.deal(rules, deck, shuffle_seed=shuffle_seed)
        bots = [HeuristicBot() for _ in range(rules.players)]
        picks = set(rng.sample(range(60), 2))
        step = 0
        while not hand.over and step < MAX_ACTIONS:
            view = PlayerView.of(hand, hand.seats[hand.current])
            action = bots[hand.current].choose(view, rng)
            if step in picks and len(out) < count:
                out.append(view)
            hand.apply(action)
            step += 1
    return out


def candidate_gains(view: PlayerView, worlds: int, seed: int) -> list[list[float]]:
    """Per dealt world, what each alternative the strong bot would search scores over the
    club player's own choice, in penalty points; empty when there is no choice."""
    rng = random.Random(seed)
    candidates = StrongBot().candidates(view, world_of(view, rng), rng)
    diffs: list[list[float]] = [[] for _ in candidates[1:]]
    for _ in range(worlds):
        deal_seed = rng.getrandbits(64)
        dealt = deal_consistent(view, random.Random(deal_seed))
        scores = [_played_out(dealt, c, view.me, deal_seed + 1) for c in candidates]
        base = scores[0]
        if base is None or None in scores:
            continue
        for i, score in enumerate(scores[1:]):
            diffs[i].append(score - base)  # type: ignore[operator]
    return [d for d in diffs if len(d) > 1]


def held_out_gain(diffs: list[list[float]]) -> float:
    """What choosing by half the worlds gains, judged on the other half (no selection
    bias): the best alternative on the even worlds if it beats the plan there, scored on
    the odd ones; 0 when the plan is kept."""
    if not diffs:
        return 0.0
    pick = max(range(len(diffs)), key=lambda i: statistics.fmean(diffs[i][0::2]))
    if statistics.fmean(diffs[pick][0::2]) <= 0.0:
        return 0.0
    return statistics.fmean(diffs[pick][1::2])


def _played_out(dealt: Deal, action: Action, me: int, seed: int) -> float | None:
    world = dealt.clone()
    try:
        world.apply(action)
    except IllegalAction:
        return None
    heuristic_play_out(world, random.Random(seed))
    return outcome(world, me) * 100.0


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def _decision_task(task: tuple[PlayerView, int, int]) -> list[list[float]]:
    return candidate_gains(*task)


def decisions(rules: Rules, count: int, worlds: int, seed: int, workers: int) -> None:
    views = positions(rules, seed, count)
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_decision_task, [(v, worlds, i) for i, v in enumerate(views)]))
    searched = [r for r in results if r]
    stats = [[_mean_se(d) for d in r] for r in searched]
    in_sample = [max(0.0, max(m for m, _ in r)) for r in stats]
    clear = sum(1 for r in stats if any(m > 2 * se for m, se in r))
    held = [held_out_gain(r) for r in searched]
    held_mean, held_se = _mean_se(held) if len(held) > 1 else (0.0, 0.0)
    per_hand = _searched_per_hand(rules, seed)
    print(f"rules: {rules.changes()}; {worlds} worlds per candidate")
    print(f"{len(views)} decisions, {len(searched)} with a choice to search")
    print(f"searched decisions per player per hand: {per_hand:.1f}")
    print(f"decisions where some candidate beats the plan by > 2 s.e.: {clear}")
    gain = statistics.fmean(in_sample) if in_sample else 0.0
    print(f"best candidate over the plan, same worlds (biased up): {gain:.2f} points")
    print(
        f"choosing on half the worlds, judged on the other half: {held_mean:+.2f} ± "
        f"{held_se:.2f} points per searched decision = {held_mean * per_hand:+.2f} ± "
        f"{held_se * per_hand:.2f} per hand"
    )
    print(f"({time.perf_counter() - start:.0f} s)")


def _searched_per_hand(rules: Rules, seed: int, hands: int = 20) -> float:
    """How many of a player's decisions in a hand offer the search a choice."""
    counted = 0
    for number in range(hands):
        deck, shuffle_seed = deal_of(rules, seed + 1, number)
        hand = Deal.deal(rules, deck, shuffle_seed=shuffle_seed)
        bots = [HeuristicBot() for _ in range(rules.players)]
        rng = random.Random(number)
        steps = 0
        while not hand.over and steps < MAX_ACTIONS:
            view = PlayerView.of(hand, hand.seats[hand.current])
            if hand.current == 0:
                counted += len(StrongBot().candidates(view, hand.clone(), rng)) > 1
            hand.apply(bots[hand.current].choose(view, rng))
            steps += 1
    return counted / hands


# 2. Oracles -------------------------------------------------------------------------------


def oracle_choice(deal: Deal, know: str, worlds: int, seed: int) -> Action:
    """The strong bot's candidates judged in the true hand: as it is (``know="all"``),
    or with the stock shuffled again in each world (``know="hands"``)."""
    view = PlayerView.of(deal, deal.seats[deal.current])
    rng = random.Random(seed)
    candidates = StrongBot().candidates(view, deal.clone(), rng)
    if len(candidates) == 1:
        return candidates[0]
    best, best_value = candidates[0], -math.inf
    for action in candidates:
        total = 0.0
        for w in range(worlds):
            world = deal.clone()
            if know == "hands":
                shuffler = random.Random(seed * 1000 + w)
                rest = world.stock[world.bottom_known :]
                shuffler.shuffle(rest)
                world.stock[world.bottom_known :] = rest
                world.shuffle_seed = shuffler.getrandbits(63)
            score = _played_out(world, action, deal.current, w)
            total += score if score is not None else -math.inf
        if total / worlds > best_value:
            best, best_value = action, total / worlds
    return best


def _oracle_task(task: tuple[Rules, str, int, int, int, int]) -> list[tuple[float, bool]]:
    rules, know, worlds, seed, lo, hi = task
    out = []
    for number in range(lo, hi):
        deck, shuffle_seed = deal_of(rules, seed, number)
        for at in range(rules.players):
            out.append(_oracle_game(rules, deck, shuffle_seed, at, know, worlds))
    return out


def _oracle_game(
    rules: Rules, deck: list[int], shuffle_seed: int, at: int, know: str, worlds: int
) -> tuple[float, bool]:
    """One deal with the oracle at player ``at``, club players elsewhere: the oracle's
    penalty minus the others' mean, and whether it went out."""
    hand = Deal.deal(rules, deck, shuffle_seed=shuffle_seed)
    rng = random.Random(shuffle_seed)
    bots = [HeuristicBot() for _ in range(rules.players)]

    def choose(deal: Deal, step: int) -> Action:
        p = deal.current
        if p == at:
            return oracle_choice(deal, know, worlds, step)
        return bots[p].choose(PlayerView.of(deal, deal.seats[p]), rng)

    pays, winner = finish_hand(hand, choose)
    others = [pays[q] for q in range(rules.players) if q != at]
    return pays[at] - sum(others) / len(others), winner == at


def oracle(rules: Rules, know: str, deals: int, worlds: int, seed: int, workers: int) -> None:
    start = time.perf_counter()
    chunk = max(1, deals // (4 * workers))
    tasks = [
        (rules, know, worlds, seed, lo, min(deals, lo + chunk)) for lo in range(0, deals, chunk)
    ]
    with ProcessPoolExecutor(workers) as pool:
        games = [g for part in pool.map(_oracle_task, tasks) for g in part]
    per_deal = [
        sum(d for d, _ in games[i : i + rules.players]) / rules.players
        for i in range(0, len(games), rules.players)
    ]
    mean, se = _mean_se(per_deal)
    out_rate = sum(1 for _, w in games if w) / len(games)
    print(f"rules: {rules.changes()}; oracle knows {know}; {worlds} world(s) per candidate")
    print(f"{len(games)} games ({deals} deals x {rules.players} seats)")
    print(f"oracle minus club player, penalty per hand: {mean:+.2f} ± {se:.2f} (1 s.e.)")
    print(f"oracle went out in {out_rate:.1%} of its hands")
    print(f"({time.perf_counter() - start:.0f} s)")


# 3. What an edge is worth -----------------------------------------------------------------


def match_win_rate(
    pairs: Sequence[tuple[int, int]], flip: float, limit: int, matches: int, seed: int
) -> tuple[float, float]:
    """(mean per-hand edge, match win rate) of a player who turns a share ``flip`` of its
    lost hands into won ones, heads-up matches to ``limit`` built from ``pairs``."""
    rng = random.Random(seed)
    wins = 0.0
    edges: list[int] = []
    for _ in range(matches):
        mine = theirs = 0
        while mine <= limit and theirs <= limit:
            a, b = rng.choice(pairs)
            if rng.random() < 0.5:
                a, b = b, a
            if a > b and rng.random() < flip:
                a, b = b, a
            edges.append(b - a)
            mine += a
            theirs += b
        if mine > limit and theirs > limit:
            wins += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        else:
            wins += theirs > limit
    return statistics.fmean(edges), wins / matches


def edge(rules: Rules, hands: int, seed: int) -> None:
    pairs = []
    for number in range(hands):
        deck, shuffle_seed = deal_of(rules, seed, number)
        pays, _ = play_hand(rules, deck, shuffle_seed, [HeuristicBot(), HeuristicBot()])
        pairs.append((pays[0], pays[1]))
    spread = statistics.pstdev(a - b for a, b in pairs)
    mean = statistics.fmean(x for pair in pairs for x in pair)
    print(f"{hands} club-player hands heads-up: mean penalty {mean:.1f}")
    print(f"spread (s.d.) of one hand's penalty difference: {spread:.1f} points")
    for flip in (0.0, 0.05, 0.1, 0.15, 0.2, 0.3):
        gain, rate = match_win_rate(pairs, flip, rules.elimination, 20000, seed)
        print(
            f"per-hand edge {gain:5.2f} points -> wins {rate:.1%} of matches to {rules.elimination}"
        )


# 4. The club player's weights -------------------------------------------------------------


def style(rules: Rules, changes: dict[str, float], deals: int, seed: int) -> None:
    varied = replace(Style(), **changes)
    start = time.perf_counter()
    games = duplicate(rules, lambda: HeuristicBot(varied), HeuristicBot, deals, seed)
    s = summarize(games)
    print(f"rules: {rules.changes()}; style changes: {changes}")
    print(f"{s.games} games ({deals} deals x {rules.players} seats)")
    print(f"changed minus club player, penalty per hand: {s.diff:+.2f} ± {s.stderr:.2f} (1 s.e.)")
    print(f"({time.perf_counter() - start:.0f} s)")


# 5. The feeding oracle -----------------------------------------------------------------


def feed(rules: Rules, deals: int, seed: int, sizes: tuple[int, int]) -> None:
    """The club player, except that it never discards a card the next player's true hand
    could take from the pozzo (when another discard is legal) while that hand holds
    ``sizes`` cards: the most any reading of the next hand can give the discard."""
    from scala40.reading_fit import feeds

    club = HeuristicBot()
    avoided = 0

    games = []
    start = time.perf_counter()
    for number in range(deals):
        deck, shuffle_seed = deal_of(rules, seed, number)
        for at in range(rules.players):
            hand = Deal.deal(rules, deck, shuffle_seed=shuffle_seed)
            rng = random.Random(shuffle_seed)

            def choose(h: Deal, step: int, at: int = at, rng: random.Random = rng) -> Action:
                nonlocal avoided
                view = PlayerView.of(h, h.seats[h.current])
                action = club.choose(view, rng)
                nxt = (h.current + 1) % h.n
                if (
                    h.current != at
                    or not isinstance(action, Discard)
                    or not sizes[0] <= h.sizes[nxt] <= sizes[1]
                    or not feeds(h, action.card)
                ):
                    return action
                for other in club.ranked_discards(view, world_of(view)):
                    if not feeds(h, other.card):
                        avoided += 1
                        return other
                return action

            pays, out = finish_hand(hand, choose)
            others = [pays[p] for p in range(rules.players) if p != at]
            winner = None if out is None else (0 if out == at else 1)
            games.append(Game(number, (float(pays[at]), sum(others) / len(others)), winner))
    s = summarize(games)
    print(f"rules: {rules.changes()}; next hand of {sizes[0]} to {sizes[1]} cards")
    print(f"{s.games} games ({deals} deals x {rules.players} seats), {avoided} feeds avoided")
    print(f"oracle minus club player, penalty per hand: {s.diff:+.2f} ± {s.stderr:.2f} (1 s.e.)")
    print(f"({time.perf_counter() - start:.0f} s)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("what", choices=("decisions", "oracle", "edge", "style", "feed"))
    parser.add_argument("--sizes", default="1-13", help="next hand sizes LOW-HIGH (feed)")
    parser.add_argument("--set", action="append", default=[], help="a Style weight KEY=VALUE")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--hands", type=int, default=1500)
    parser.add_argument("--know", choices=("all", "hands"), default="all")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    rules = Rules.build(None, {"players": args.players})
    runs: dict[str, Callable[[], Any]] = {
        "decisions": lambda: decisions(
            rules, args.positions, args.worlds or 300, args.seed, args.workers
        ),
        "oracle": lambda: oracle(
            rules, args.know, args.deals, args.worlds or 1, args.seed, args.workers
        ),
        "edge": lambda: edge(rules, args.hands, args.seed),
        "feed": lambda: feed(
            rules, args.deals, args.seed, tuple(int(x) for x in args.sizes.split("-", 1))
        ),
        "style": lambda: style(
            rules,
            {k: float(v) for k, v in (item.split("=", 1) for item in args.set)},
            args.deals,
            args.seed,
        ),
    }
    runs[args.what]()


if __name__ == "__main__":
    main()
