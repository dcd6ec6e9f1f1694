"""Where the time of ``state.observation_tensor(player)`` goes in the OpenSpiel game.

    python scripts/profile_openspiel_tensor.py [--positions 3000] [--seed 1] [--top 12]

Collects ``--positions`` decision states of ``python_scala40`` (two players, random legal
play from ``game.new_initial_state()``), then prints:

* the CPU time per call of the parts of a call: the whole call as a user makes it; the
  path pyspiel's C++ takes (``pyspiel.State.observation_tensor``, which asks the game for
  the tensor's size by building a new initial state and writing its tensor, then runs the
  observer's ``set_from`` and converts the floats to a list); ``set_from`` alone;
  ``game.observation_tensor_size()`` alone; a list of that many floats from numpy;
* a cProfile of the calls as a user makes them, by own time.

A measuring tool: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import scala40.rl.openspiel_game  # noqa: F401  (registers python_scala40)


def positions(game: Any, count: int, seed: int) -> list[Any]:
    """Decision states of random legal hands, each a clone."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                out.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return out


def per_call_us(states: list[Any], call: Callable[[Any], object]) -> float:
    """CPU microseconds per call, the best of three passes (results not kept)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for state in states:
            call(state)
        best = min(best, time.process_time() - start)
    return best / len(states) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    game = pyspiel.load_game("python_scala40")
    states = positions(game, args.positions, args.seed)
    observer = game.make_py_observer()
    size = game.observation_tensor_size()
    zeros = np.zeros(size, np.float32)
    parts = {
        "state.observation_tensor(p)": lambda s: s.observation_tensor(s.current_player()),
        "pyspiel C++ path": lambda s: pyspiel.State.observation_tensor(s, s.current_player()),
        "observer.set_from": lambda s: observer.set_from(s, s.current_player()),
        "game.observation_tensor_size()": lambda s: game.observation_tensor_size(),
        f"numpy tolist of {size} floats": lambda s: zeros.tolist(),
    }
    print(f"{len(states)} positions, CPU microseconds per call (best of 3 passes):")
    for name, call in parts.items():
        print(f"  {name:<34} {per_call_us(states, call):8.1f}")
    profile = cProfile.Profile()
    profile.enable()
    for state in states:
        state.observation_tensor(state.current_player())
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
