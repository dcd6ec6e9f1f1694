"""One learning seat against the project's bots, as a Gymnasium environment.

``scala40.rl.gym_env(seat=0, opponents="club", players=4)``: the learner plays
``seat`` with the ids of :mod:`scala40.rl.encoding`; every other seat is a bot from
:func:`scala40.bots.make_bot` (one level for all, or one per seat in seat order; the old
level names work too) that sees only its own view. Observations are the same dict as the
PettingZoo environment's (``"observation"``, ``"action_mask"``). An episode is a match,
ending early when the learner's seat is eliminated, and is truncated after ``max_steps``
moves (the bots' included).

Plain Gymnasium has no notion of masks: :meth:`Scala40GymEnv.action_masks` gives them to
trainers that ask (MaskablePPO and the like), and an illegal id is by default refused with
``illegal_reward`` and nothing else changes (``info["illegal"]`` names why);
``on_illegal="raise"`` raises :class:`~scala40.engine.errors.IllegalAction` instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces

from scala40.bots import Bot, make_bot
from scala40.engine.errors import IllegalAction
from scala40.engine.match import HandRecord
from scala40.engine.views import PlayerView
from scala40.rl.aec import MAX_STEPS, observation_space
from scala40.rl.rewards import REWARDS, hand_rewards, match_rewards
from scala40.rl.rules_arg import RulesArg, rules_of
from scala40.rl.session import MatchSession

if TYPE_CHECKING:
    import numpy.typing as npt

Obs = dict[str, "npt.NDArray[Any]"]


class Scala40GymEnv(gymnasium.Env[Obs, np.int64]):
    """The single-agent environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it per instance)

    def __init__(
        self,
        rules: RulesArg = None,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "beginner",
        reward: str = "hand",
        max_steps: int = MAX_STEPS,
        on_illegal: str = "penalize",
        illegal_reward: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules_of(rules, players)
        n = self.rules.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0 to {n - 1}, not {seat}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if on_illegal not in ("penalize", "raise"):
            raise ValueError(f"on_illegal must be 'penalize' or 'raise', not {on_illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        levels = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != n - 1:
            raise ValueError(f"give one bot level for all, or {n - 1} (one per other seat)")
        self.bots: dict[int, Bot] = {}
        others = [s for s in range(n) if s != seat]
        for s, level in zip(others, levels, strict=True):
            self.bots[s] = make_bot(level)
        self.seat = seat
        self.reward_mode = reward
        self.max_steps = max_steps
        self.on_illegal = on_illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.session = MatchSession(self.rules)
        self.observation_space = observation_space(  # type: ignore[assignment]
            self.session.encoder.size, self.session.size
        )
        self.action_space = spaces.Discrete(self.session.size)
        self._bot_rng = random.Random(0)
        self._moves = 0
        self._pending = 0.0

    # Gymnasium API ---------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(2**62))
        self._bot_rng = random.Random(int(self.np_random.integers(2**62)))
        self.session.reset(match_seed)
        self._moves = 0
        self._pending = 0.0
        self._play_bots()
        self._pending = 0.0  # nothing the learner did earned what happened before its turn
        return self._obs(), {}

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self._finished():
            raise RuntimeError("the episode is over: call reset()")
        try:
            record = self.session.step(action)
        except IllegalAction as err:
            if self.on_illegal == "raise":
                raise
            self._moves += 1
            truncated = self._moves >= self.max_steps
            return self._obs(), self.illegal_reward, False, truncated, {"illegal": err.reason}
        self._moves += 1
        self._settle(record)
        self._play_bots()
        reward, self._pending = self._pending, 0.0
        terminated = self._finished()
        truncated = not terminated and self._moves >= self.max_steps
        return self._obs(), reward, terminated, truncated, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        deal = self.session.deal
        melds = " | ".join(m.text() for m in deal.table) or "-"
        return f"totals {self.session.match.totals}; table: {melds}; to play: seat " + str(
            self.session.current_seat
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The ids the learner may play now, true or false per id of the action space: what
        maskable trainers (sb3-contrib's ``MaskablePPO``) call before each step. The same
        as the observation's ``"action_mask"``; all false once the episode is over."""
        return self._obs_mask().astype(np.bool_)

    # Inside -----------------------------------------------------------------------------------
    def _finished(self) -> bool:
        return self.session.over or self.seat not in self.session.deal.seats

    def _obs_mask(self) -> npt.NDArray[np.int8]:
        live = not self._finished() and self.session.current_seat == self.seat
        return self.session.mask().copy() if live else np.zeros(self.session.size, np.int8)

    def _obs(self) -> Obs:
        return {"observation": self.session.observe(self.seat), "action_mask": self._obs_mask()}

    def _settle(self, record: HandRecord | None) -> None:
        if record is not None and self.reward_mode == "hand":
            self._pending += hand_rewards(record, self.rules.players)[self.seat]
        if self.session.over and self.reward_mode == "match":
            self._pending += match_rewards(self.session.match)[self.seat]

    def _play_bots(self) -> None:
        """Bots move until it is the learner's turn or the episode ends."""
        session = self.session
        while not self._finished() and self._moves < self.max_steps:
            seat = session.current_seat
            if seat == self.seat:
                return
            view = PlayerView.of_match(session.match, seat)
            action = self.bots[seat].choose(view, self._bot_rng)
            self._moves += 1
            self._settle(session.play(action))


def gym_env(
    seat: int = 0,
    opponents: str | Sequence[str] = "beginner",
    players: int | None = None,
    rules: RulesArg = None,
    **options: Any,
) -> Scala40GymEnv:
    """One learning ``seat`` against bots of level ``opponents`` (see the module docstring)."""
    return Scala40GymEnv(rules, players=players, seat=seat, opponents=opponents, **options)
