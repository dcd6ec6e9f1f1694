"""Where a turn stands: its phase, and where its card was drawn from (RULES.md §3).

Both are ``StrEnum`` members whose values are the texts the views, the records and the web
protocol have always carried (``"draw"``, ``"pozzo"``...), so a member compares equal to
its text and serialises as it; code names the member, never the text.
"""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class Phase(StrEnum):
    """A turn begins by drawing, then plays (melds, lay-offs, swaps) until the discard."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"
    """The hand has ended."""


@unique
class Drew(StrEnum):
    """Where this turn's card came from (``NOTHING`` before the draw)."""

    NOTHING = ""
    STOCK = "stock"
    POZZO = "pozzo"


__all__ = ["Drew", "Phase"]
