"""Computer players. Each sees one seat's :class:`~scala40.engine.views.PlayerView` only.

``make_bot("greedy")`` builds a bot by level name; :data:`LEVELS` lists the names.
``make_bot("cmd:python bot.py")`` builds a :class:`ProgramBot`: an outside program that
plays over the bot protocol (docs/bot-protocol.md), so every bot list accepts one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from scala40.bots.base import Bot
from scala40.bots.greedy import GreedyBot
from scala40.bots.heuristic import HeuristicBot, Hint
from scala40.bots.program import PREFIX, ProgramBot
from scala40.bots.random_bot import RandomBot
from scala40.bots.strong import StrongBot

LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bot(level: str) -> Bot:
    """A new bot of the named level (``ValueError`` naming the levels otherwise).

    ``cmd:COMMAND`` names a program run over the bot protocol; ``ValueError`` when its
    program cannot be found, before anything is started.
    """
    if level.strip()[: len(PREFIX)].lower() == PREFIX:
        return ProgramBot(level.strip()[len(PREFIX) :])
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
    "ProgramBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
]
