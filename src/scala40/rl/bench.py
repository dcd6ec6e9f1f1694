"""``scala40 bench --rl``: steps per second of the PettingZoo environment, printed only.

The policy is uniformly random over the legal mask, and every step goes through the
public AEC loop (``last()`` builds the observation and the mask, ``step`` plays), so the
figure is what a learner's data collection would see. ``env_steps_per_s`` is wall-clock;
``cpu_steps_per_s`` counts this process's CPU time only, a steadier figure on a machine
shared with other work (``load_average`` says how busy it was). ``build`` says which build
of the engine stepped it (compiled or pure, :mod:`scala40.compiled`).
"""

from __future__ import annotations

import os
import platform
import time
from typing import Any

import numpy as np

from scala40.compiled import installed_build
from scala40.rl.aec import pettingzoo_env


def run_rl(seconds: float = 5.0, seed: int = 1, players: int = 4) -> dict[str, Any]:
    """Play random legal matches for about ``seconds``; figures as a dict."""
    env = pettingzoo_env(players=players)
    rng = np.random.default_rng(seed)
    steps = episodes = hands = 0
    env.reset(seed=seed)
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                episodes += 1
                hands += env.session.match.hand_number
                if time.perf_counter() >= deadline:
                    break
                env.reset(seed=int(rng.integers(2**31)))
            continue
        legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
        env.step(int(legal[int(rng.random() * len(legal))]))
        steps += 1
        if steps % 256 == 0 and time.perf_counter() >= deadline:
            hands += env.session.match.hand_number
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "build": installed_build().value,
        "env_steps_per_s": round(steps / elapsed),
        "cpu_steps_per_s": round(steps / cpu) if cpu > 0 else None,
        "load_average": round(os.getloadavg()[0], 2),
        "steps": steps,
        "episodes": episodes,
        "hands": hands,
        "seconds": round(elapsed, 2),
        "players": players,
        "actions": env.session.size,
        "observation_size": env.session.encoder.size,
        "python": platform.python_version(),
    }
