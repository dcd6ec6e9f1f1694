"""Computer players. Each sees one seat's :class:`~scala40.engine.views.PlayerView` only.

``make_bot("easy")`` builds a bot by level name; :data:`LEVELS` lists the names, and
:data:`ALIASES` the old names (``random``, ``greedy``, ``heuristic``, ``strong``) that are
still accepted everywhere a level is. :data:`OFFERED` are the levels the lobby and the
terminal offer a player, :data:`LABELS` their names in a player's words.
``make_bot("cmd:python bot.py")`` builds a :class:`ProgramBot`: an outside program that
plays over the bot protocol (docs/bot-protocol.md), so every bot list accepts one.

The program seat is imported only when one is asked for: it needs ``subprocess`` and
``resource``, which a browser's Python (Pyodide) does not have, and the built-in levels
must import and play there unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from scala40.bots.base import PREFIX, Bot
from scala40.bots.expert import ExpertBot
from scala40.bots.greedy import GreedyBot
from scala40.bots.heuristic import HeuristicBot, Hint
from scala40.bots.planner import PlannerBot
from scala40.bots.random_bot import RandomBot
from scala40.bots.strong import StrongBot

if TYPE_CHECKING:
    from scala40.bots.program import ProgramBot

LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "beginner": RandomBot,
    "easy": GreedyBot,
    "club": HeuristicBot,
    "expert": ExpertBot,
    "master": PlannerBot,
    "search": StrongBot,
}
"""The canonical level names, weakest first, and the bot each builds."""

ALIASES: Final[dict[str, str]] = {
    "random": "beginner",
    "greedy": "easy",
    "heuristic": "club",
    "strong": "master",
}
"""Old level names, still accepted: old name -> canonical name."""

OFFERED: Final[tuple[str, ...]] = ("beginner", "easy", "club", "expert", "master")
"""The levels a player is offered (lobby, terminal), weakest first; ``search``, the
decision-by-decision rollout search kept for studies, is accepted but not offered."""

LABELS: Final[dict[str, str]] = {
    "beginner": "Beginner",
    "easy": "Easy",
    "club": "Club player",
    "expert": "Expert",
    "master": "Master",
    "search": "Search (study)",
}
"""Each canonical level in a player's words."""


def canonical_level(name: str) -> str:
    """The canonical name of a level or of an old alias, any case (``ValueError`` naming
    the levels otherwise).

    >>> canonical_level("Heuristic")
    'club'
    >>> canonical_level("expert")
    'expert'
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in LEVELS:
        raise ValueError(f"unknown bot level {name!r}: choose one of {', '.join(LEVELS)}")
    return key


def level_label(level: str) -> str:
    """A level (or old name) in a player's words, ``"Club player"``; anything else, such as
    a program's ``cmd:...``, as it is written.

    >>> level_label("heuristic")
    'Club player'
    """
    try:
        return LABELS[canonical_level(level)]
    except ValueError:
        return level.strip()


def make_bot(level: str) -> Bot:
    """A new bot of the named level or old alias (``ValueError`` naming the levels otherwise).

    ``cmd:COMMAND`` names a program run over the bot protocol; ``ValueError`` when its
    program cannot be found, before anything is started.
    """
    if level.strip()[: len(PREFIX)].lower() == PREFIX:
        from scala40.bots.program import ProgramBot

        return ProgramBot(level.strip()[len(PREFIX) :])
    return LEVELS[canonical_level(level)]()


def __getattr__(name: str) -> type[ProgramBot]:
    """``scala40.bots.ProgramBot``, imported on first use (see the module's docstring)."""
    if name == "ProgramBot":
        from scala40.bots.program import ProgramBot

        return ProgramBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ALIASES",
    "LABELS",
    "LEVELS",
    "OFFERED",
    "Bot",
    "ExpertBot",
    "GreedyBot",
    "HeuristicBot",
    "Hint",
    "PlannerBot",
    "ProgramBot",
    "RandomBot",
    "StrongBot",
    "canonical_level",
    "level_label",
    "make_bot",
]
