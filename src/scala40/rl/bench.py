"""``scala40 bench --rl`` and ``--openspiel``: steps per second of the learning
environments, printed only.

The policy is uniformly random over the legal mask, and every step goes through the
public AEC loop (``last()`` builds the observation and the mask, ``step`` plays), so the
figure is what a learner's data collection would see. ``env_steps_per_s`` is wall-clock;
``cpu_steps_per_s`` counts this process's CPU time only, a steadier figure on a machine
shared with other work (``load_average`` says how busy it was). ``build`` says which build
of the engine stepped it (compiled or pure, :mod:`scala40.compiled`).

Beside it, with OpenSpiel installed, the same environment at two players against
OpenSpiel's own gin rummy RL environment in alternating rounds (:func:`run_rl_vs_gin_env`).

``scala40 bench --openspiel``: the OpenSpiel game against OpenSpiel's own gin rummy, both
played through pyspiel's Python API, with and without the observation tensor
(:func:`run_openspiel`).
"""

from __future__ import annotations

import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from scala40.compiled import installed_build
from scala40.rl.aec import pettingzoo_env


class _AecLoop:
    """Random legal steps of the PettingZoo environment through the public AEC loop,
    resumable across slices of time: what :func:`run_rl` and :func:`run_rl_vs_gin_env`
    both measure."""

    def __init__(self, players: int, seed: int) -> None:
        self.env = pettingzoo_env(players=players)
        self.rng = np.random.default_rng(seed)
        self.env.reset(seed=seed)
        self.episodes = 0
        self.hands = 0
        """Hands of the finished episodes."""

    def play(self, seconds: float, clock: Callable[[], float] = time.process_time) -> int:
        """Steps until ``seconds`` of ``clock`` have passed (looked at every 64 steps, so
        it stops mid-episode); the steps taken."""
        env = self.env
        rng = self.rng
        steps = 0
        deadline = clock() + seconds
        while True:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    self.episodes += 1
                    self.hands += env.session.match.hand_number
                    env.reset(seed=int(rng.integers(2**31)))
                continue
            legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
            if steps % 64 == 0 and clock() >= deadline:
                return steps

    def rate(self, seconds: float) -> float:
        """Steps a CPU-second over a slice of about ``seconds`` of this process's CPU time."""
        start = time.process_time()
        steps = self.play(seconds)
        return steps / (time.process_time() - start)


def run_rl(seconds: float = 5.0, seed: int = 1, players: int = 4) -> dict[str, Any]:
    """Play random legal matches for about ``seconds``; figures as a dict."""
    loop = _AecLoop(players, seed)
    env = loop.env
    start = time.perf_counter()
    cpu_start = time.process_time()
    steps = loop.play(seconds, time.perf_counter)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "build": installed_build().value,
        "env_steps_per_s": round(steps / elapsed),
        "cpu_steps_per_s": round(steps / cpu) if cpu > 0 else None,
        "load_average": round(os.getloadavg()[0], 2),
        "steps": steps,
        "episodes": loop.episodes,
        "hands": loop.hands + env.session.match.hand_number,
        "seconds": round(elapsed, 2),
        "players": players,
        "actions": env.session.size,
        "observation_size": env.session.encoder.size,
        "python": platform.python_version(),
    }


GIN_ENV_ROUNDS = 6
"""Rounds of the comparison with OpenSpiel's gin rummy environment (:func:`run_rl_vs_gin_env`)."""


class _GinEnvLoop:
    """Random legal steps of OpenSpiel's own RL environment on its C++ gin rummy
    (``rl_environment.Environment("gin_rummy")``), as its users step it: each step returns
    every player's observation (the information state tensor) and legal actions, and the
    environment samples the chance outcomes (the stock's draws) inside its steps."""

    def __init__(self, seed: int) -> None:
        from open_spiel.python import rl_environment  # type: ignore[import-untyped]

        self.env = rl_environment.Environment(
            "gin_rummy", chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed)
        )
        self.rng = random.Random(seed)
        self.step = self.env.reset()

    def play(self, seconds: float) -> float:
        """Steps a CPU-second over a slice of about ``seconds`` of this process's CPU time."""
        env = self.env
        rng = self.rng
        step = self.step
        steps = 0
        start = time.process_time()
        deadline = start + seconds
        while True:
            if step.last():
                step = env.reset()
                continue
            seen = step.observations
            step = env.step([rng.choice(seen["legal_actions"][seen["current_player"]])])
            steps += 1
            if steps % 64 == 0 and time.process_time() >= deadline:
                break
        self.step = step
        return steps / (time.process_time() - start)


def run_rl_vs_gin_env(
    seconds: float = 12.0, seed: int = 1, rounds: int = GIN_ENV_ROUNDS
) -> dict[str, Any]:
    """The PettingZoo environment beside OpenSpiel's gin rummy environment, both two
    players, random legal steps with each one's observations, in ``rounds`` alternating
    rounds (A B, then B A) of ``seconds / (2 * rounds)`` CPU-seconds each; the ratio is
    each round's, as its median and range. Empty without OpenSpiel."""
    try:
        gin = _GinEnvLoop(seed)
    except ImportError:
        return {}
    ours = _AecLoop(2, seed)
    slice_s = seconds / (2 * rounds)
    a_rates: list[float] = []
    b_rates: list[float] = []
    for r in range(rounds):
        if r % 2 == 0:
            a_rates.append(ours.rate(slice_s))
            b_rates.append(gin.play(slice_s))
        else:
            b_rates.append(gin.play(slice_s))
            a_rates.append(ours.rate(slice_s))
    return {
        "pettingzoo_2p_steps_per_s": _spread(a_rates),
        "gin_env_steps_per_s": _spread(b_rates),
        "gin_env_ratio": _spread([a / b for a, b in zip(a_rates, b_rates, strict=True)], 3),
        "gin_env_rounds": rounds,
    }


OPENSPIEL_ROUNDS = 8
"""Rounds of the OpenSpiel comparison; each plays all four loops once, in alternating order."""


class _SpielLoop:
    """Random legal play through pyspiel's API, as an OpenSpiel user drives a game.

    A game starts from ``game.new_initial_state()``; chance outcomes are sampled with their
    probabilities; at each decision the mover's ``observation_tensor`` is asked for (when
    ``tensor``), then ``legal_actions()`` and ``apply_action`` of a uniform pick. A game
    left unfinished at the end of a slice goes on in the next one, so every slice counts
    only decisions (chance nodes are played in its time but not counted as steps).
    """

    def __init__(self, game: Any, tensor: bool, seed: int) -> None:
        self.game = game
        self.tensor = tensor
        self.rng = random.Random(seed)
        self.state = game.new_initial_state()

    def play(self, seconds: float) -> float:
        """Decisions a CPU-second over a slice of about ``seconds`` of this process's CPU
        time (at least one decision): on a machine shared with other work, waiting for a
        core is not the game's cost."""
        rng = self.rng
        state = self.state
        tensor = self.tensor
        steps = 0
        start = time.process_time()
        deadline = start + seconds
        while True:
            if state.is_terminal():
                state = self.game.new_initial_state()
            elif state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                if tensor:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
                if time.process_time() >= deadline:
                    break
        self.state = state
        return steps / (time.process_time() - start)


def _spread(values: list[float], digits: int = 0) -> dict[str, Any]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), digits or None),
        "min": round(ordered[0], digits or None),
        "max": round(ordered[-1], digits or None),
    }


def run_openspiel(
    seconds: float = 20.0, seed: int = 1, rounds: int = OPENSPIEL_ROUNDS
) -> dict[str, Any]:
    """Steps a second of ``python_scala40`` and of OpenSpiel's own ``gin_rummy`` (C++),
    both driven through pyspiel from Python, with and without the observation tensor.

    Both are two-player games at their defaults. Rates are decisions per CPU-second of this
    process (steadier than wall-clock on a shared machine; ``cpu_share`` is the CPU time
    over the wall-clock time of the run). Each round plays the four loops for
    ``seconds / (4 * rounds)`` CPU-seconds each, the order reversed every other round
    (A B A' B', then B' A' B A), so a change in the machine's load falls on all of them;
    each ratio is one round's, given as the median and range over the rounds.
    ``*_tensor_us`` is the time a call of ``observation_tensor`` adds to a step
    (1/with - 1/without) and ``*_tensor_share`` its share of a step with the tensor.
    """
    import pyspiel  # type: ignore[import-not-found]

    import scala40.rl.openspiel_game  # noqa: F401  (registers python_scala40)

    ours = pyspiel.load_game("python_scala40")
    theirs = pyspiel.load_game("gin_rummy")
    names = ("scala40", "gin_rummy", "scala40_no_tensor", "gin_rummy_no_tensor")
    loops = {
        "scala40": _SpielLoop(ours, True, seed),
        "gin_rummy": _SpielLoop(theirs, True, seed),
        "scala40_no_tensor": _SpielLoop(ours, False, seed),
        "gin_rummy_no_tensor": _SpielLoop(theirs, False, seed),
    }
    rates: dict[str, list[float]] = {name: [] for name in names}
    slice_s = seconds / (4 * rounds)
    cpu_start = time.process_time()
    start = time.perf_counter()
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            rates[name].append(loops[name].play(slice_s))
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start

    def per_round(f: Any) -> list[float]:
        return [f(*row) for row in zip(*(rates[n] for n in names), strict=True)]

    figures: dict[str, Any] = {}
    for name in names:
        figures[f"{name}_steps_per_s"] = _spread(rates[name])
    figures["ratio"] = _spread(per_round(lambda a, b, _a, _b: a / b), 3)
    figures["ratio_no_tensor"] = _spread(per_round(lambda _a, _b, a, b: a / b), 3)
    figures["scala40_tensor_us"] = _spread(per_round(lambda a, _b, a0, _b0: 1e6 / a - 1e6 / a0), 1)
    figures["gin_rummy_tensor_us"] = _spread(
        per_round(lambda _a, b, _a0, b0: 1e6 / b - 1e6 / b0), 1
    )
    figures["scala40_tensor_share"] = _spread(per_round(lambda a, _b, a0, _b0: 1 - a / a0), 3)
    figures["gin_rummy_tensor_share"] = _spread(per_round(lambda _a, b, _a0, b0: 1 - b / b0), 3)
    figures.update(
        {
            "observation_size": {
                "scala40": ours.observation_tensor_size(),
                "gin_rummy": theirs.observation_tensor_size(),
            },
            "rounds": rounds,
            "seconds": round(elapsed, 2),
            "cpu_share": round(cpu / elapsed, 2),
            "load_average": round(os.getloadavg()[0], 2),
            "python": platform.python_version(),
        }
    )
    return figures
