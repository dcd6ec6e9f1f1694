"""A match driven by action ids: the core the PettingZoo and Gymnasium environments share.

It owns the true :class:`~scala40.engine.match.Match`, the opening being built (if any)
and the legal mask of the current position, computed once per position and reused by
every caller until the next move.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, SupportsIndex

import numpy as np

from scala40.engine.actions import Action
from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.match import HandRecord, Match
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.rl.moves import Build, Moves
from scala40.rl.observation import ObservationEncoder

if TYPE_CHECKING:
    import numpy.typing as npt


class MatchSession:
    """One match at a time; ``reset`` deals a new one."""

    def __init__(self, rules: Rules, moves: Moves | None = None) -> None:
        self.rules = rules
        self.moves = moves or Moves(rules)
        self.encoder = ObservationEncoder(rules, self.moves.layout)
        self.size = self.moves.size
        self._mask = np.zeros(self.size, np.int8)
        self._mask_ok = False
        self.match = Match(rules, seed=0)
        self.build: Build | None = None
        self.steps = 0

    def reset(self, seed: int) -> None:
        self.match = Match(self.rules, seed=seed)
        self.build = None
        self.steps = 0
        self._mask_ok = False

    @property
    def deal(self) -> Deal:
        return self.match.deal

    @property
    def current_seat(self) -> int:
        return self.match.current_seat

    @property
    def over(self) -> bool:
        return self.match.over

    def mask(self) -> npt.NDArray[np.int8]:
        """The legal ids of the current seat (a shared buffer: copy it to keep it)."""
        if not self._mask_ok:
            self.moves.mask(self.match.deal, self.build, self._mask)
            self._mask_ok = True
        return self._mask

    def observe(
        self, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The observation of ``seat`` (its own build shows only on its own turn)."""
        deal = self.match.deal
        build = self.build if deal.seats[deal.current] == seat else None
        return self.encoder.from_hand(deal, seat, self.match.totals, build, out)

    def step(self, action: SupportsIndex) -> HandRecord | None:
        """Play id ``action`` for the current seat; the finished hand's record, if any.

        An illegal id raises :class:`IllegalAction` and changes nothing.
        """
        mask = self.mask()
        try:
            a = operator.index(action)  # ints and numpy integers, nothing else
        except TypeError:
            raise IllegalAction(Refusal.BAD_ACTION, f"{action!r} is not an action id") from None
        if not 0 <= a < self.size:
            raise IllegalAction(Refusal.BAD_ACTION, f"action {a} is outside 0..{self.size - 1}")
        if not mask[a]:
            raise IllegalAction(
                Refusal.ILLEGAL_ACTION,
                f"{self.moves.layout.describe(a)} (id {a}) is not legal now",
            )
        result = self.moves.resolve_legal(self.match.deal, self.build, a)
        self.steps += 1
        self._mask_ok = False
        if result is None or isinstance(result, Build):
            self.build = result
            return None
        return self.play(result)

    def play(self, action: Action) -> HandRecord | None:
        """Apply an engine action for the current seat (bots in the Gymnasium wrapper)."""
        self.build = None
        self._mask_ok = False
        before = len(self.match.history)
        self.match.apply(action)
        if len(self.match.history) > before:
            return self.match.history[-1]
        return None
