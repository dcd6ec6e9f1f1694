"""What a bot is, and the one way a bot learns what it may do.

A bot is handed a :class:`~scala40.engine.views.PlayerView` and nothing else: it never
sees the true :class:`~scala40.engine.state.Deal`, so it cannot peek at other hands or
the stock order. To ask the engine's checker about its own turn it plays in a
*determinized* world, :func:`~scala40.engine.views.resample`, where the unseen cards are
dealt at random; on the bot's own turn what is legal depends only on what the seat knows,
so an action legal in that world is legal in the real one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final, Protocol, runtime_checkable

from scala40.engine.actions import Action, Discard, DrawStock, TakeBack
from scala40.engine.legal import legal_actions
from scala40.engine.scoring import cards_penalty
from scala40.engine.state import Deal
from scala40.engine.turn_end import way_to_discard
from scala40.engine.views import PlayerView, checking_world

PREFIX: Final = "cmd:"
"""How a bot list names a program: ``cmd:python examples/bots/simple.py`` (the program
seat itself is :class:`~scala40.bots.program.ProgramBot`)."""


@runtime_checkable
class Bot(Protocol):
    """A player program: one action at a time, from one seat's view.

    The game loop calls :meth:`choose` again and again during the bot's turn (draw,
    melds, lay-offs, the discard), each time with a fresh view, until the turn ends.
    """

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The next action for the seat of ``view``; it must be legal."""
        ...


def world_of(view: PlayerView, rng: random.Random | None = None) -> Deal:
    """A full hand consistent with ``view``, for asking the engine what is legal.

    What is legal in a turn depends only on what the seat sees, so the world is the
    engine's :func:`~scala40.engine.views.checking_world` (unseen cards in a fixed order):
    no shuffle, and ``rng`` (kept for callers that pass one) is not drawn from. A search
    over what the others hold deals its own random worlds (``resample``).
    """
    if not view.my_turn:
        raise ValueError("a bot is asked to act only on its own turn")
    return checking_world(view)


def first_legal(world: Deal, actions: Iterable[Action]) -> Action | None:
    """The first of ``actions`` the engine accepts in ``world`` (``None`` if none)."""
    for action in actions:
        if world.check(action) is None:
            return action
    return None


def legal_first(world: Deal, actions: Iterable[Action], count: int) -> list[Action]:
    """The first ``count`` of ``actions`` the engine accepts in ``world``, in their order
    (a search's few best discards of a ranking)."""
    out: list[Action] = []
    for action in actions:
        if len(out) >= count:
            break
        if world.check(action) is None:
            out.append(action)
    return out


TURN_MOVES = 60
"""Moves one turn may hold before whoever drives a bot ends the turn for it with
:func:`ending_move`: the web table for a bot seat or a stand-in, a search's play-out for
the bots it rolls out with. A turn holds at most a draw, a move for each of fourteen cards
and the discard, and a bot that takes back does not redo it for long: a bot past this is
caught in a loop (swap a joker, lay it, lay off, take back, …), which would spin a table
and grow its store, or keep a search from ever answering."""


def any_legal(world: Deal, rng: random.Random) -> Action:
    """A random legal action, taking back only when nothing else is possible."""
    actions = legal_actions(world)
    if not actions:
        raise ValueError("no legal action: the hand is over")
    pool = [a for a in actions if not isinstance(a, TakeBack)] or actions
    return rng.choice(pool)


def ending_move(world: Deal) -> Action:
    """The shortest way to the end of the turn from here: the draw from the stock; the
    discard of the card that would cost most left in hand; else the first play of the
    engine's way to a legal discard (a card taken from the pozzo must be used first, a
    joker won by a swap laid again); else the take-back, after which there is one.

    What a table plays for a seat whose bot has made a whole turn's worth of moves without
    ending it: a bot caught in a loop cannot keep a table (and its store) spinning."""
    actions = legal_actions(world)
    if not actions:
        raise ValueError("no legal action: the hand is over")
    draws = [a for a in actions if isinstance(a, DrawStock)]
    if draws:
        return draws[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        return max(discards, key=lambda a: cards_penalty([a.card], world.rules))
    line = way_to_discard(world)
    if line:
        return line[0]
    return next((a for a in actions if isinstance(a, TakeBack)), actions[0])
