"""Learning environments: a fixed action encoding, PettingZoo, OpenSpiel and Gymnasium.

Needs the optional extra ``scala40[rl]``; the rest of the package never imports it.
The constructors below import their library only when called (see docs/rl.md):

* :func:`pettingzoo_env` -- the AEC environment, one agent per seat;
* :func:`gym_env` -- one learning seat against bots, as a Gymnasium environment;
* :func:`register_openspiel` -- registers ``python_scala40`` for ``pyspiel.load_game``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scala40.rl.aec import Scala40Env
    from scala40.rl.single_agent import Scala40GymEnv


def pettingzoo_env(*args: Any, **kwargs: Any) -> Scala40Env:
    """``scala40.rl.aec.pettingzoo_env``: players, rules, reward, max_steps, render_mode."""
    from scala40.rl.aec import pettingzoo_env as make

    return make(*args, **kwargs)


def gym_env(*args: Any, **kwargs: Any) -> Scala40GymEnv:
    """``scala40.rl.single_agent.gym_env``: seat, opponents, players, rules, reward, ..."""
    from scala40.rl.single_agent import gym_env as make

    return make(*args, **kwargs)


def register_openspiel() -> None:
    """Register ``python_scala40`` with OpenSpiel (idempotent)."""
    from scala40.rl import openspiel_game

    openspiel_game.register()


__all__ = ["gym_env", "pettingzoo_env", "register_openspiel"]
