"""Worlds a search deals: the unseen cards dealt again, consistent with the others' play.

A search must never read a hidden card, so it imagines the others' hands: the engine's
:func:`~scala40.engine.views.resample` deals every card the seat cannot see at random.
What the table has seen still says something about those hands, and a world that
contradicts it misleads the search (see :func:`deal_consistent`).
"""

from __future__ import annotations

import random

from scala40.engine.analysis import best_opening, solve
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample

MAX_DEALS = 40
"""Deals tried for a world consistent with what the others did before taking one as is."""


def deal_consistent(view: PlayerView, rng: random.Random) -> Deal:
    """A world dealt by :func:`resample` in which the others' hands agree with their play.

    A uniform deal ignores what the table has seen: a player who had a turn and did not
    open cannot be holding an opening, and an opened player who had a turn would have
    laid down any meld in hand. Worlds that contradict this are dealt again (up to
    :data:`MAX_DEALS` times), so play-outs do not imagine opponents about to go out that
    the table shows are not; without it the search sheds high cards in a panic.
    """
    world = resample(view, rng)
    for _ in range(MAX_DEALS - 1):
        if _consistent(view, world):
            break
        world = resample(view, rng)
    return world


def _consistent(view: PlayerView, world: Deal) -> bool:
    rules = view.rules
    n = len(view.seats)
    for p in range(n):
        if p == view.me or view.turns_done <= p:
            continue  # no turn played yet: nothing to read from it
        counts = world.hands[p]
        if not view.opened[p]:
            best = best_opening(counts, rules, leave=1 if view.turns_done > n else 2)
            if best is not None and best.opens:
                return False
        elif view.hand_sizes[p] >= 4:
            sol = solve(counts, rules, objective="penalty", leave=1)
            if sol is not None and sol.melds:
                return False
    return True
