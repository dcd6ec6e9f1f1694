"""The PettingZoo AEC environment passes PettingZoo's own API and seed tests."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from scala40.engine.errors import IllegalAction, RulesError
from scala40.rl import pettingzoo_env

# PettingZoo's api_test warns about any dict observation (its own classic card games,
# gin rummy included, are on an allow-list); the dict is how masks travel, as documented.
DICT_OBSERVATION = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.filterwarnings(*DICT_OBSERVATION)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_api_test(players: int) -> None:
    api_test(pettingzoo_env(players=players), num_cycles=150)


@pytest.mark.filterwarnings(*DICT_OBSERVATION)
def test_api_test_through_the_end_of_a_match() -> None:
    # Single hands with a short truncation bound: finished agents are stepped out too.
    env = pettingzoo_env(players=3, rules={"single_hand": True}, max_steps=300)
    api_test(env, num_cycles=400)


@pytest.mark.filterwarnings(*DICT_OBSERVATION)
@pytest.mark.parametrize(
    "rules",
    [{"elimination": 51, "players": 3}, {"partnerships": True}, {"preset": "house"}],
)
def test_api_test_through_whole_matches(rules: dict[str, object]) -> None:
    # Seats eliminated on the way stay agents until the match ends, never selected.
    env = pettingzoo_env(rules=rules, reward="match", max_steps=4000)
    api_test(env, num_cycles=1400)


def test_seed_test() -> None:
    seed_test(lambda: pettingzoo_env(players=3), num_cycles=150)


def play_random(env_players: int, seed: int, **options: object) -> tuple[int, dict[str, float]]:
    env = pettingzoo_env(players=env_players, **options)  # type: ignore[arg-type]
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1
    return steps, totals


def test_reset_with_a_seed_replays_the_same_match() -> None:
    assert play_random(2, 7, max_steps=500) == play_random(2, 7, max_steps=500)
    assert play_random(2, 7, max_steps=500) != play_random(2, 8, max_steps=500)


def test_hand_rewards_are_zero_sum_and_come_at_hand_end() -> None:
    env = pettingzoo_env(players=2, rules={"single_hand": True}, max_steps=20_000)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    seen: list[dict[str, float]] = []
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if any(env.rewards.values()):
            seen.append(dict(env.rewards))
    # A single-hand match pays once per hand dealt: a hand nobody went out of (the stock
    # ran out past reshuffle_limit) is dealt again, since only going out wins it.
    assert seen and all(sum(s.values()) == pytest.approx(0.0) for s in seen)
    assert len(seen) == env.unwrapped.session.match.hand_number


def test_match_rewards_pay_the_winner() -> None:
    steps, totals = play_random(
        2, 11, rules={"single_hand": True}, reward="match", max_steps=20_000
    )
    assert steps > 0
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_truncation_after_the_bound() -> None:
    steps, _ = play_random(4, 1, max_steps=50)
    assert steps == 50


def test_observation_shape_and_mask_of_the_agent_to_play() -> None:
    env = pettingzoo_env(players=4)
    env.reset(seed=0)
    obs, *_ = env.last()
    space = env.observation_space(env.agent_selection)
    assert space.contains(obs)
    legal = np.flatnonzero(obs["action_mask"])
    assert 0 in legal  # draw from the stock
    waiting = env.observe(
        env.possible_agents[(env.possible_agents.index(env.agent_selection) + 1) % 4]
    )
    assert not waiting["action_mask"].any()


def test_bad_input_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env(players=2)
    env.reset(seed=0)
    agent = env.agent_selection
    before = env.observe(agent)["observation"].copy()
    with pytest.raises(IllegalAction, match="not legal now"):
        env.step(env.session.moves.layout.discard(0))
    with pytest.raises(IllegalAction, match="outside"):
        env.step(10**6)
    with pytest.raises(IllegalAction, match="is not an action id"):
        env.step("draw")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="None is only for finished agents"):
        env.step(None)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], before)
    with pytest.raises(RulesError):
        pettingzoo_env(players=2, rules={"opening_points": "lots"})
    with pytest.raises(ValueError, match="reward"):
        pettingzoo_env(players=2, reward="points")
