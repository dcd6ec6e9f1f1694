"""The expert: the club player, who also reads the table before it discards.

The club player (:mod:`scala40.bots.heuristic`) already refuses to hand the next player a
card it could lay off on the table — that is public. What it cannot see is a card that
goes with two cards in the next player's hand. The expert asks the reading model
(:mod:`scala40.bots.reading`) how likely each card it may discard is to feed the next
player, and prices that chance in penalty points against the club player's own judgement
of the card: a feed costs a few points while the next player holds many cards (one more
card down), and up to the expert's whole hand once it holds few (the feed may let it go
out). Everything else — the draw, the opening, melds and lay-offs — is the club player's.

Measured with the arena (docs/bots.md): the whole edge over the club player comes from
these discards; searching play-outs on top (:mod:`scala40.bots.strong`) found nothing
more, so the expert decides in a few milliseconds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scala40.bots.base import world_of
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.reading import Reader, Table
from scala40.engine.actions import Action, Discard
from scala40.engine.cards import penalty_table
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView


@dataclass(frozen=True, slots=True)
class Caution:
    """What feeding the next player costs, in penalty points (measured: docs/bots.md)."""

    feed: float = 10.0
    """A feed to a player with many cards: one more card down, a turn closer to out."""
    close: int = 4
    """Cards the next player holds at most for a feed to threaten to end the hand."""
    at_stake: float = 1.0
    """Share of the penalty left in one's own hand that a feed to a close hand risks."""

    def scaled(self, players: int) -> tuple[float, float]:
        """(feed, at_stake) at a table of ``players``: with more players a feed hurts the
        feeder less (the next player going out costs every other seat alike, and the hand
        passes through others before it comes back), so both shrink by the opponents."""
        share = 1.0 / max(1, players - 1)
        return self.feed * share, self.at_stake * share


_READER: Reader | None = None


def reader() -> Reader:
    """The shipped reading model, loaded once per process."""
    global _READER
    if _READER is None:
        _READER = Reader.load()
    return _READER


class ExpertBot:
    """The club player, discarding with the reading model's chance of a feed priced in."""

    name = "expert"

    def __init__(self, caution: Caution | None = None, base: HeuristicBot | None = None) -> None:
        self.caution = caution if caution is not None else Caution()
        self.base = base if base is not None else HeuristicBot()
        self.model = reader()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return self.choose_in(view, world_of(view, rng), rng)

    def choose_in(self, view: PlayerView, world: Deal, rng: random.Random) -> Action:
        """:meth:`choose` in a world already dealt from ``view`` (a search's play-out or
        plan): the club player's move, with the discard weighed for feeding."""
        action = self.base.choose_in(view, world, rng)
        if not isinstance(action, Discard) or not _next_takes(view):
            return action
        ranked = self._weighed(view, world)
        return ranked[0] if len(ranked) > 1 else action

    def discard(self, view: PlayerView, rng: random.Random) -> Discard | None:
        """The discard with the best worth once feeding is priced in (``None``: the next
        player cannot take a discard, so the club player's choice stands)."""
        if not _next_takes(view):
            return None
        ranked = self._weighed(view, world_of(view, rng))
        return ranked[0] if len(ranked) > 1 else None

    def ranked_discards(self, view: PlayerView, world: Deal) -> list[Discard]:
        """Every legal discard, the expert's favourite first: by worth once feeding is
        priced in, or the club player's order while the next player cannot take one."""
        if not _next_takes(view):
            return self.base.ranked_discards(view, world)
        return self._weighed(view, world)

    def _weighed(self, view: PlayerView, world: Deal) -> list[Discard]:
        scored = self.base.scored_discards(view, world)
        if len(scored) <= 1:
            return [action for action, _ in scored]
        nxt = (view.me + 1) % len(view.seats)
        caution = self.caution
        feed, at_stake = caution.scaled(len(view.seats))
        pay = penalty_table(view.rules.face_values)
        mine = sum(pay[k] for k in view.hand)
        close = view.hand_sizes[nxt] <= caution.close
        table = Table.of(view, nxt)
        worths: list[tuple[float, int, Discard]] = []
        for order, (action, score) in enumerate(scored):
            card = action.card
            cost = feed
            if close:
                cost += at_stake * (mine - pay[card])
            worths.append((score - cost * self.model.chance(table, card), -order, action))
        # Best worth first; among equal worths the club player's earlier choice, as the
        # first-best rule of a single pick would have it.
        worths.sort(key=lambda w: (w[0], w[1]), reverse=True)
        return [action for _, _, action in worths]


def _next_takes(view: PlayerView) -> bool:
    """Whether the next player may take this turn's discard at all: opened, or allowed to
    open with the pozzo's card."""
    nxt = (view.me + 1) % len(view.seats)
    return view.opened[nxt] or view.rules.open_from_pozzo != "no"
