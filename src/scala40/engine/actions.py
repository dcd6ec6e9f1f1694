"""The actions a player takes in a hand, as small immutable values.

Cards are named by kind (``scala40.engine.cards``): the two copies of a card are
interchangeable, so "discard the 7♥" is the whole of the player's choice. A new meld is a
:class:`MeldSpec`: its cards in table order plus, for each joker, the identity declared
for it (a run's joker may leave it ``None``: its place fixes it).
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40.engine.cards import JOKER, card_name


@dataclass(frozen=True, slots=True)
class MeldSpec:
    """Cards of a new meld in table order; ``declared[i]`` names what a joker at ``i`` is."""

    cards: tuple[int, ...]
    declared: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        if not self.declared:
            object.__setattr__(self, "declared", (None,) * len(self.cards))
        elif len(self.declared) != len(self.cards):
            raise ValueError("MeldSpec.declared needs one entry per card")
        else:
            # Only jokers carry a declaration; naturals are what they are.
            object.__setattr__(
                self,
                "declared",
                tuple(
                    d if c == JOKER else None
                    for c, d in zip(self.cards, self.declared, strict=True)
                ),
            )

    def __str__(self) -> str:
        return " ".join(
            card_name(c) if c != JOKER or d is None else f"JK={card_name(d)}"
            for c, d in zip(self.cards, self.declared, strict=True)
        )


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""


@dataclass(frozen=True, slots=True)
class TakePozzo:
    """Take the top card of the pozzo (it must be used this turn under most rules)."""


@dataclass(frozen=True, slots=True)
class Open:
    """Open: lay several new melds at once, worth at least the opening points."""

    melds: tuple[MeldSpec, ...]


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay one new meld, once opened."""

    meld: MeldSpec


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one card to table meld ``target``; ``end`` ("low"/"high") where it is a choice."""

    card: int
    target: int
    end: str | None = None
    declared: int | None = None


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Put the natural ``card`` in place of the joker of meld ``target`` that stands for it."""

    card: int
    target: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card on the pozzo; ends the turn (and the hand, if it was the last card)."""

    card: int


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back everything laid down this turn (the draw stays)."""


Action = DrawStock | TakePozzo | Open | Meld | LayOff | SwapJoker | Discard | TakeBack
