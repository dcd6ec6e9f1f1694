"""Computer players. Each sees one seat's :class:`~scala40.engine.views.PlayerView` only.

``make_bot("greedy")`` builds a bot by level name; :data:`LEVELS` lists the names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from scala40.bots.base import Bot
from scala40.bots.greedy import GreedyBot
from scala40.bots.heuristic import HeuristicBot, Hint
from scala40.bots.random_bot import RandomBot
from scala40.bots.strong import StrongBot

LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bot(level: str) -> Bot:
    """A new bot of the named level (``ValueError`` naming the levels otherwise)."""
    try:
        return LEVELS[level.strip().lower()]()
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}"
        ) from None


__all__ = [
    "LEVELS",
    "Bot",
    "GreedyBot",
    "HeuristicBot",
    "Hint",
    "RandomBot",
    "StrongBot",
    "make_bot",
]
