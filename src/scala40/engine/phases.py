"""Where a turn stands: its phase, where its card was drawn from, how a hand ended.

Both are ``StrEnum`` members whose values are the texts the views, the records and the web
protocol have always carried (``"draw"``, ``"pozzo"``...), so a member compares equal to
its text and serialises as it; code names the member, never the text.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final


@unique
class Phase(StrEnum):
    """A turn begins by drawing, then plays (melds, lay-offs, swaps) until the discard."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"
    """The hand has ended."""


DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
"""The phases as module globals, for the hot checks (the hand, the generator, the bots, the
RL layer): a module global reads in ~20 ns, an enum member (``Phase.DRAW``) in ~150 ns on
Python 3.11."""


@unique
class Drew(StrEnum):
    """Where this turn's card came from (``NOTHING`` before the draw)."""

    NOTHING = ""
    STOCK = "stock"
    POZZO = "pozzo"


@unique
class Ending(StrEnum):
    """How a hand ended (RULES.md §7, §8)."""

    WENT_OUT = "went_out"
    STOCK_OUT = "stock_out"
    """The pozzo left nothing to rebuild the stock with: everybody counts."""
    STOCK_END = "stock_end"
    """``stock_out = "end_hand"``: the turn that drew the last card ended the hand."""
    RESHUFFLE_LIMIT = "reshuffle_limit"
    """The stock ran out after ``reshuffle_limit`` rebuilds: everybody counts."""


__all__ = ["DRAW", "OVER", "PLAY", "Drew", "Ending", "Phase"]
