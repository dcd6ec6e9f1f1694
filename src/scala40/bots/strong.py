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
from scala40.bots.greedy import GreedyBot
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
        self.base: Bot = base if base is not None else GreedyBot()
        self.max_worlds = max_worlds
        """An iteration budget instead of (or besides) the clock: worlds per candidate."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        world = world_of(view, rng)
        candidates = self._candidates(view, world, rng)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates, rng)

    def _candidates(self, view: PlayerView, world: Hand, rng: random.Random) -> list[Action]:
        if view.phase == DRAW:
            out: list[Action] = [DrawStock()]
            if world.check(TakePozzo()) is None:
                out.append(TakePozzo())
            return out
        planned = self.base.choose(view, rng)
        if isinstance(planned, Open):
            # Open now, or keep the hand closed this turn (then some discard).
            return [planned, *self._discards(world)]
        if isinstance(planned, Discard):
            return self._discards(world) or [planned]
        return [planned]

    @staticmethod
    def _discards(world: Hand) -> list[Action]:
        return [Discard(k) for k in legal_discards(world)]

    def _search(self, view: PlayerView, candidates: list[Action], rng: random.Random) -> Action:
        n = len(candidates)
        totals = [0.0] * n
        visits = [0] * n
        deadline = time.perf_counter() + self.think_ms / 1000.0
        rounds = 0
        while True:
            for i, action in enumerate(candidates):
                world = resample(view, rng)
                try:
                    world.apply(action)
                except IllegalAction:
                    totals[i] = float("-inf")
                    continue
                play_out(world, rng)
                totals[i] += outcome(world, view.me)
                visits[i] += 1
            rounds += 1
            if self.max_worlds is not None and rounds >= self.max_worlds:
                break
            if self.max_worlds is None and time.perf_counter() >= deadline:
                break
        best = max(range(n), key=lambda i: totals[i] / visits[i] if visits[i] else float("-inf"))
        return candidates[best]
