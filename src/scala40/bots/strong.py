"""A searching player: determinized Monte Carlo over the seat's information set.

At each real decision (draw from the stock or take the pozzo; open now or wait; which
card to discard) it deals the unseen cards again and again with the engine's
:func:`~scala40.engine.views.resample` (so it never reads a hidden card), plays every
candidate action in each dealt world, finishes the hand with the fast play-out policy of
:mod:`scala40.bots.rollout`, and keeps the action with the best mean outcome. The other
choices of a turn (which melds, which lay-offs) follow the base bot, which is sound
there and would only waste the thinking budget.
"""

from __future__ import annotations

import random
import time

from scala40.bots.base import Bot, world_of
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.rollout import outcome, play_out
from scala40.engine.actions import Action, Discard, DrawStock, Open, TakePozzo
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_discards
from scala40.engine.state import DRAW, Hand
from scala40.engine.views import PlayerView, resample


class StrongBot:
    """Search the draw, the opening and the discard; follow the base bot otherwise."""

    name = "strong"

    def __init__(
        self, think_ms: float = 1000.0, base: Bot | None = None, max_worlds: int | None = None
    ) -> None:
        self.think_ms = think_ms
        """Thinking budget per searched decision, in milliseconds."""
        self.base: Bot = base if base is not None else HeuristicBot()
        self.max_worlds = max_worlds
        """An iteration budget instead of (or besides) the clock: worlds per candidate."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        world = world_of(view, rng)
        planned, candidates = self._candidates(view, world, rng)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, planned, candidates, rng)

    def _candidates(
        self, view: PlayerView, world: Hand, rng: random.Random
    ) -> tuple[Action, list[Action]]:
        """The base bot's choice and the alternatives worth searching against it."""
        if view.phase == DRAW:
            drawn: list[Action] = [DrawStock()]
            if world.check(TakePozzo()) is None:
                drawn.append(TakePozzo())
            planned_draw = self.base.choose(view, rng)
            return (planned_draw if planned_draw in drawn else drawn[0]), drawn
        planned = self.base.choose(view, rng)
        if isinstance(planned, Open):
            # Open now, or keep the hand closed this turn (then some discard).
            return planned, [planned, *self._discards(world)]
        if isinstance(planned, Discard):
            return planned, self._discards(world) or [planned]
        return planned, [planned]

    @staticmethod
    def _discards(world: Hand) -> list[Action]:
        return [Discard(k) for k in legal_discards(world)]

    def _search(
        self, view: PlayerView, planned: Action, candidates: list[Action], rng: random.Random
    ) -> Action:
        """Paired play-outs: every candidate meets the same dealt worlds and the same luck.

        Differences against the base bot's choice are measured world by world (common
        random numbers), and the search departs from that choice only when a candidate is
        better by more than two standard errors: noise alone must not overrule a sound
        plan.
        """
        if planned not in candidates:
            candidates = [planned, *candidates]
        base_i = candidates.index(planned)
        n = len(candidates)
        diffs: list[list[float]] = [[] for _ in range(n)]
        deadline = time.perf_counter() + self.think_ms / 1000.0
        rounds = 0
        while True:
            seed = rng.getrandbits(64)
            scores: list[float | None] = []
            for action in candidates:
                world = resample(view, random.Random(seed))
                try:
                    world.apply(action)
                except IllegalAction:
                    scores.append(None)
                    continue
                play_out(world, random.Random(seed + 1))
                scores.append(outcome(world, view.me))
            base = scores[base_i]
            if base is not None:
                for i, sc in enumerate(scores):
                    if sc is not None:
                        diffs[i].append(sc - base)
            rounds += 1
            if self.max_worlds is not None and rounds >= self.max_worlds:
                break
            if self.max_worlds is None and time.perf_counter() >= deadline:
                break
        best, best_mean = base_i, 0.0
        for i, d in enumerate(diffs):
            if i == base_i or len(d) < 3:
                continue
            mean = sum(d) / len(d)
            var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
            if mean > best_mean and mean > 2 * (var / len(d)) ** 0.5:
                best, best_mean = i, mean
        return candidates[best]
