"""Where the current turn stands (RULES.md §4): one immutable value, shared where it can be.

A :class:`Turn` says whose turn it is, its phase, where its card came from and what has
been laid so far. Every field is public knowledge (the table saw the draw, the melds and
the lay-offs) except the hand kept in :attr:`Turn.start`, the current player's cards right
after the draw, which a take-back restores; a view cuts that hand out for every other seat
(:meth:`Turn.without_hand`).

The value is immutable, so a deal's clone, a seat's view and a resampled world share it
instead of copying its fields one by one; the deal replaces it when the turn moves on.
Its transitions are the methods below, each named after the moment of the turn it makes.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from scala40.engine.melds import TableMeld
from scala40.engine.phases import Drew, Phase

_PLAY = Phase.PLAY
_DRAW = Phase.DRAW
_NOTHING = Drew.NOTHING

new_value: Final = tuple.__new__
"""Makes one of this module's values from all its fields at once, ``new_value(Turn,
(...))``: a ``NamedTuple``'s own constructor is a Python function (its defaults, its
keywords), which costs 3.5 times as much in Python, and more from compiled code, which
must run it in the interpreter; the deal makes one at every action."""


class TurnStart(NamedTuple):
    """The current player's situation right after the draw: what a take-back restores.

    All of it is public except ``hand``, which a view keeps only for the player's own seat.
    """

    hand: tuple[int, ...] | None
    size: int
    table: tuple[TableMeld, ...]
    opened: bool
    known: tuple[int, ...]
    pozzo_used: bool
    stock_len: int


class Turn(NamedTuple):
    """One turn's progress: whose it is, its phase, what has been laid in it.

    A ``NamedTuple`` rather than a frozen dataclass because the deal makes a new one at
    every action: ``_replace`` and construction cost a fraction of a dataclass's.
    """

    player: int
    """The player (index in the hand's play order) whose turn it is."""
    phase: Phase
    drew: Drew = Drew.NOTHING
    """Where this turn's card came from (``NOTHING`` before the draw)."""
    pozzo_card: int | None = None
    """The card taken from the pozzo this turn (``None``: none taken)."""
    pozzo_used: bool = True
    """Whether the pozzo card has met its obligation (used this turn, or exempt)."""
    opened_now: bool = False
    """The player opened in this turn (the joker bans of §5 look at it)."""
    actions_now: int = 0
    """Melds, lay-offs and swaps made this turn (a take-back needs at least one)."""
    jokers_owed: int = 0
    """Recovered jokers still to be laid again this turn (``keep_swapped_joker`` off)."""
    laid_off_now: bool = False
    """A lay-off or swap was made this turn (then going out is no chiusura in mano)."""
    must_go_out: bool = False
    """The player laid down a hand worth less than an opening: only the chiusura remains."""
    start: TurnStart | None = None
    """The situation right after the draw; ``None`` before it."""

    @staticmethod
    def begin(player: int, phase: Phase = _DRAW) -> Turn:
        """A new turn for ``player``: nothing drawn, nothing laid."""
        return _nothing_laid(player, phase, _NOTHING, None, True, None)

    def drawn(
        self, drew: Drew, start: TurnStart, pozzo_card: int | None = None, pozzo_used: bool = True
    ) -> Turn:
        """The turn after its draw: ready to play, with the start a take-back goes back to."""
        return _nothing_laid(self.player, _PLAY, drew, pozzo_card, pozzo_used, start)

    def played(
        self,
        *,
        pozzo_used: bool,
        jokers_owed: int,
        laid_off: bool = False,
        opened: bool = False,
        short: bool = False,
    ) -> Turn:
        """The turn after one more meld, lay-off, swap or opening (``short``: an opening
        worth less than the opening points laid the whole hand down).

        Built field by field: ``_replace`` costs four times as much, and the pozzo's
        search plays thousands of these."""
        return new_value(
            Turn,
            (
                self.player,
                self.phase,
                self.drew,
                self.pozzo_card,
                pozzo_used,
                self.opened_now or opened,
                self.actions_now + 1,
                jokers_owed,
                self.laid_off_now or laid_off,
                self.must_go_out or short,
                self.start,
            ),
        )

    def taken_back(self, pozzo_used: bool) -> Turn:
        """The turn after a take-back: as at the draw, nothing laid."""
        return _nothing_laid(
            self.player, self.phase, self.drew, self.pozzo_card, pozzo_used, self.start
        )

    def without_hand(self) -> Turn:
        """This turn as any other seat sees it: the current player's cards at the draw cut."""
        start = self.start
        if start is None or start.hand is None:
            return self
        return self._replace(start=start._replace(hand=None))


def _nothing_laid(
    player: int,
    phase: Phase,
    drew: Drew,
    pozzo_card: int | None,
    pozzo_used: bool,
    start: TurnStart | None,
) -> Turn:
    """A turn in which nothing has been laid yet: at its start, after its draw, after a
    take-back."""
    return new_value(
        Turn, (player, phase, drew, pozzo_card, pozzo_used, False, 0, 0, False, False, start)
    )


class PastTurn(NamedTuple):
    """What the table saw of one finished turn: where its card came from and what went
    on the pozzo. A deal keeps them in order (:attr:`~scala40.engine.state.Deal.history`)
    and every view shows them, because a player at a real table remembers them: a card
    left on the pozzo, or thrown away, says what its player could not use."""

    player: int
    offered: int | None
    """The pozzo's top card at the draw (``None``: the pozzo was empty)."""
    took: bool
    """Whether the player took ``offered`` rather than drawing from the stock."""
    opened: bool
    """Whether the player had opened before this turn's draw."""
    discard: int
    """The card the turn ended with on the pozzo."""


__all__ = ["PastTurn", "Turn", "TurnStart"]
