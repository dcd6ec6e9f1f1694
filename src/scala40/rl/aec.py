"""Scala 40 as a PettingZoo AEC environment: one agent per seat, masks in the observation.

``scala40.rl.pettingzoo_env(players=4, rules={"opening_points": 40})`` builds it. An
episode is one match (one hand under ``single_hand``); agents are ``player_0`` ..
``player_{n-1}`` by table seat. Each observation is a dict: ``"observation"`` (the seat's
tensor, :mod:`scala40.rl.observation`) and ``"action_mask"`` (``int8``, the legal ids of
:mod:`scala40.rl.encoding`; all zeros when it is not the agent's turn). Rewards come at
hand or match end (``reward="hand"|"match"``, :mod:`scala40.rl.rewards`); an episode still
going after ``max_steps`` ids is truncated. An illegal id raises
:class:`~scala40.engine.errors.IllegalAction` and changes nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from scala40.engine.cards import card_name
from scala40.rl.observation import OBS_HIGH
from scala40.rl.rewards import REWARDS, hand_rewards, match_rewards
from scala40.rl.rules_arg import RulesArg, rules_of
from scala40.rl.session import MatchSession

if TYPE_CHECKING:
    import numpy.typing as npt

MAX_STEPS = 20_000
"""Default truncation bound of an episode, in action ids (uniformly random legal play ends a
FISCA match of four in about 1,500)."""


def observation_space(obs_size: int, actions: int) -> spaces.Dict:
    """The dict space shared by the PettingZoo and Gymnasium environments."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, OBS_HIGH, (obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


class Scala40Env(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "scala40_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RulesArg = None,
        *,
        players: int | None = None,
        reward: str = "hand",
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.rules = rules_of(rules, players)
        self.reward_mode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.session = MatchSession(self.rules)
        n = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.session.encoder.size, self.session.size)
        act_space = spaces.Discrete(self.session.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._rng = random.Random()
        self._no_moves = np.zeros(self.session.size, np.int8)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # Episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match; the same ``seed`` deals and plays out the same way."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.session.reset(self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.session.current_seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.agent_name_mapping[agent]
        live = (
            agent == self.agent_selection
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        )
        mask = self.session.mask().copy() if live else self._no_moves.copy()
        return {"observation": self.session.observe(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: None is only for finished agents")
        record = self.session.step(action)  # an illegal id raises here, nothing changed
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        n = self.rules.players
        if record is not None and self.reward_mode == "hand":
            for s, r in enumerate(hand_rewards(record, n)):
                self.rewards[self.possible_agents[s]] = r
        if self.session.over:
            if self.reward_mode == "match":
                for s, r in enumerate(match_rewards(self.session.match)):
                    self.rewards[self.possible_agents[s]] = r
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.session.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.session.current_seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``): melds, pozzo top, card counts."""
        if self.render_mode is None:
            return None
        deal = self.session.deal
        lines = [f"hand {self.session.match.hand_number}, totals {self.session.match.totals}"]
        for t, meld in enumerate(deal.table):
            lines.append(f"  meld {t}: {meld.text()}")
        top = card_name(deal.pozzo[-1]) if deal.pozzo else "-"
        sizes = ", ".join(f"seat {s}: {deal.sizes[p]}" for p, s in enumerate(deal.seats))
        lines.append(f"  pozzo {top}, stock {len(deal.stock)}, cards {sizes}")
        lines.append(f"  to play: seat {self.session.current_seat} ({deal.phase})")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release (no window, no files)."""


def pettingzoo_env(
    players: int | None = None,
    rules: RulesArg = None,
    *,
    reward: str = "hand",
    max_steps: int = MAX_STEPS,
    render_mode: str | None = None,
) -> Scala40Env:
    """A Scala 40 AEC environment for ``players`` seats (2..6; default: the rules')."""
    return Scala40Env(
        rules, players=players, reward=reward, max_steps=max_steps, render_mode=render_mode
    )
