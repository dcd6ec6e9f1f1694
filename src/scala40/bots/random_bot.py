"""The weakest honest player: any legal action, uniformly at random.

It is the baseline every other bot must beat, and a fuzzer for the game loop: over many
hands it tries every kind of action the rules allow. It takes back only when that is the
one thing left to do, so a turn always moves on.
"""

from __future__ import annotations

import random

from scala40.bots.base import any_legal, world_of
from scala40.engine.actions import Action
from scala40.engine.views import PlayerView


class RandomBot:
    """Uniformly random legal actions (TakeBack only when it is the only action)."""

    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return any_legal(world_of(view, rng), rng)
