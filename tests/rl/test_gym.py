"""The Gymnasium wrapper: one learning seat, the other seats played by the project's bots."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from scala40.engine.errors import IllegalAction
from scala40.rl import gym_env


def test_check_env() -> None:
    check_env(gym_env(seat=1, opponents="greedy", players=3), skip_render_check=True)


def run(env_seed: int, **options: object) -> tuple[float, int, bool, bool]:
    env = gym_env(**options)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=env_seed)
    rng = np.random.default_rng(env_seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal), "the learner is asked to move only when it has a legal move"
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert "illegal" not in info
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, terminated, truncated


def test_a_hand_against_heuristic_bots_ends_with_a_payout() -> None:
    total, steps, terminated, truncated = run(
        4, seat=0, opponents="heuristic", players=2, rules={"single_hand": True}
    )
    assert terminated and not truncated
    assert steps > 5
    assert total != 0.0


def test_one_bot_level_per_seat_and_the_same_seed_replays() -> None:
    options = {"seat": 2, "opponents": ["random", "greedy"], "players": 3, "max_steps": 300}
    assert run(9, **options) == run(9, **options)


def test_illegal_ids_are_penalized_or_raised_and_change_nothing() -> None:
    env = gym_env(players=2)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert reward == env.illegal_reward and not terminated and not truncated
    assert "not legal now" in info["illegal"]
    assert np.array_equal(after["observation"], obs["observation"])
    strict = gym_env(players=2, on_illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_bad_options_are_named() -> None:
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        gym_env(seat=2, players=2)
    with pytest.raises(ValueError, match="unknown bot level"):
        gym_env(opponents="grandmaster", players=2)
    with pytest.raises(ValueError, match="one per other seat"):
        gym_env(opponents=["random"], players=3)


def test_action_masks_give_the_legal_ids_as_maskable_trainers_ask() -> None:
    """MaskablePPO-style trainers call ``env.action_masks()`` before every step: a boolean
    array over the action space, true exactly for the ids the learner may play now."""
    env = gym_env(seat=1, opponents="greedy", players=3, max_steps=400)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(200):
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(masks))))
        assert "illegal" not in info
        if terminated or truncated:
            break
    if terminated:
        assert not env.action_masks().any()
