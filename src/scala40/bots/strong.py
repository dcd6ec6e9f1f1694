"""A searching player: the club player's plan, checked by playing it out in dealt worlds.

At each real decision of a turn (draw from the stock or take the pozzo; open now or
wait; which card to discard) it deals the unseen cards again and again with the engine's
:func:`~scala40.engine.views.resample` (so it never reads a hidden card), plays each
candidate action in each dealt world, and finishes the hand with the club player of
:mod:`scala40.bots.heuristic` in every seat (:func:`~scala40.bots.rollout.
heuristic_play_out`). Realistic play-outs matter more than many: hands then end as they
do at the table, so the value of a joker, a pair or a high card is what it really is.

This is a *rollout* improvement of the club player (one step of policy iteration): the
club player's own choice is the reference, every candidate meets the same dealt worlds
and the same luck (common random numbers), and the search departs from the plan only
when another candidate is better by a clear margin. The candidates are the club
player's few best discards (its ranking prunes the hopeless ones), candidates that fall
clearly behind are dropped so the budget goes to the close calls, and the budget is a
clock (``think_ms``) and/or a number of dealt worlds (``max_worlds``). The other choices
of a turn (which melds, which lay-offs) follow the club player.
"""

from __future__ import annotations

import random
import time
from typing import Literal

from scala40.bots.base import legal_first, world_of
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.paired import DROP_AFTER, Paired
from scala40.bots.rollout import heuristic_play_out, match_value, outcome
from scala40.bots.worlds import deal_consistent
from scala40.engine.actions import Action, Discard, DrawStock, Open, TakePozzo
from scala40.engine.errors import IllegalAction
from scala40.engine.phases import DRAW
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

WORLDS_PER_SECOND = 32
"""Worlds dealt per second of thinking by default: 32 worlds, measured here at about
0.5 s of one core heads-up and 1.1 s at four players (longer play-outs), fill the
default one-second budget; the clock (``think_ms``) still caps the search on a busy
machine or a big table. Counting worlds rather than only watching the clock keeps a
seeded game the same from one machine to the next."""


class StrongBot:
    """Search the draw, the opening and the discard; follow the club player otherwise."""

    name = "strong"

    def __init__(
        self,
        think_ms: float = 1000.0,
        base: HeuristicBot | None = None,
        max_worlds: int | Literal["auto"] | None = "auto",
        width: int = 4,
        match_aware: bool = True,
    ) -> None:
        self.think_ms = think_ms
        """Thinking budget per searched decision, in milliseconds."""
        self.base = base if base is not None else HeuristicBot()
        self.max_worlds = max_worlds
        """An iteration budget: dealt worlds per decision (``None``: the clock alone;
        ``"auto"``: :data:`WORLDS_PER_SECOND` per second of ``think_ms``, so a longer
        budget really searches longer). Whichever budget runs out first ends the search."""
        self.width = width
        """Discards searched: the club player's best ``width``."""
        self.match_aware = match_aware
        """Judge play-outs by the match standing (:func:`~scala40.bots.rollout.match_value`)
        when the view holds match scores, else by the hand's penalties."""
        self.departures = 0
        """Searched decisions where the search overruled the club player."""
        self.worlds = 0
        """Worlds dealt over this bot's life (for measuring the search's speed)."""
        self.searches = 0

    def world_budget(self) -> int | None:
        """Worlds a search may deal before it stops (``None``: only the clock stops it)."""
        if self.max_worlds == "auto":
            return max(DROP_AFTER + 1, round(WORLDS_PER_SECOND * self.think_ms / 1000.0))
        return self.max_worlds

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        world = world_of(view, rng)
        candidates = self.candidates(view, world, rng)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates, rng)

    def candidates(self, view: PlayerView, world: Deal, rng: random.Random) -> list[Action]:
        """What a search in ``view`` compares: the club player's choice first, then the
        alternatives worth searching (one element: nothing to search). ``world`` is a
        world dealt from ``view``, used only to ask the engine what is legal. Public so
        that studies of the search (``tests/bots/ceiling.py``) judge the same choices."""
        planned = self.base.choose_in(view, world, rng)
        if view.phase == DRAW:
            other: Action = DrawStock() if isinstance(planned, TakePozzo) else TakePozzo()
            return [planned, other] if world.check(other) is None else [planned]
        if isinstance(planned, Open):
            # Open now, or keep the hand closed this turn (and discard instead).
            rest = self._discards(view, world, self.width - 1)
            return [planned, *rest]
        if isinstance(planned, Discard):
            ranked = self._discards(view, world, self.width)
            return [planned, *(a for a in ranked if a != planned)][: self.width]
        return [planned]

    def _discards(self, view: PlayerView, world: Deal, count: int) -> list[Action]:
        return legal_first(world, self.base.ranked_discards(view, world), count)

    def _search(self, view: PlayerView, candidates: list[Action], rng: random.Random) -> Action:
        """Paired play-outs against the plan (candidate 0), dropping clear losers."""
        n = len(candidates)
        alive = list(range(n))
        paired = Paired(n)
        deadline = time.perf_counter() + self.think_ms / 1000.0
        cap = self.world_budget()
        self.searches += 1
        worlds = 0
        while len(alive) > 1:
            seed = rng.getrandbits(64)
            dealt = deal_consistent(view, random.Random(seed))
            scores: dict[int, float] = {}
            for i in alive:
                world = dealt.clone()
                try:
                    world.apply(candidates[i])
                except IllegalAction:
                    continue
                heuristic_play_out(world, random.Random(seed + 1))
                value = match_value(world, view.me, view) if self.match_aware else None
                scores[i] = outcome(world, view.me) if value is None else value
            worlds += 1
            if 0 in scores:
                for i, sc in scores.items():
                    paired.add(i, sc - scores[0])
            if cap is not None and worlds >= cap:
                break
            if time.perf_counter() >= deadline:
                break
            if worlds >= DROP_AFTER:
                alive = [i for i in alive if i == 0 or not paired.behind(i)]
        self.worlds += worlds
        best = paired.choice()
        self.departures += best != 0
        return candidates[best]
