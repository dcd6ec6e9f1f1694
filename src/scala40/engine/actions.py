"""The actions a player takes in a hand, as small immutable values.

Cards are named by kind (``scala40.engine.cards``): the two copies of a card are
interchangeable, so "discard the 7♥" is the whole of the player's choice. A new meld is a
:class:`MeldSpec`: its cards in table order plus, for each joker, the identity declared
for it (a run's joker may leave it ``None``: its place fixes it).

Each action prints as its line of the notation (``str(Discard(card))`` is ``discard QS``,
docs/rules.md): debuggers, logs and bug reports show what a player would type. The text is
written here, where the actions are, because the engine imports nothing above it; the
notation's ``format_action`` checks an action and returns this same text, and reads it
back with ``parse_action``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40.engine.cards import JOKER, card_text


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

    def text(self, *, pretty: bool = False) -> str:
        """The meld's cards in table order, a declared joker as ``JK=7D``."""
        return " ".join(
            card_text(c, d, pretty=pretty) for c, d in zip(self.cards, self.declared, strict=True)
        )

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""

    def text(self, *, pretty: bool = False) -> str:
        return "draw"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class TakePozzo:
    """Take the top card of the pozzo (it must be used this turn under most rules)."""

    def text(self, *, pretty: bool = False) -> str:
        return "pozzo"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Open:
    """Open: lay several new melds at once, worth at least the opening points."""

    melds: tuple[MeldSpec, ...]

    def text(self, *, pretty: bool = False) -> str:
        """``open`` and the melds split by ``|``."""
        if not self.melds:
            return "open"
        return "open " + " | ".join(m.text(pretty=pretty) for m in self.melds)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay one new meld, once opened."""

    meld: MeldSpec

    def text(self, *, pretty: bool = False) -> str:
        return "meld " + self.meld.text(pretty=pretty)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one card to table meld ``target``; ``end`` ("low"/"high") where it is a choice."""

    card: int
    target: int
    end: str | None = None
    declared: int | None = None

    def text(self, *, pretty: bool = False) -> str:
        """``layoff``, the card (a declared joker as ``JK=7D``), the meld, maybe the end."""
        words = ["layoff", card_text(self.card, self.declared, pretty=pretty), str(self.target)]
        return " ".join(words if self.end is None else [*words, self.end])

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Put the natural ``card`` in place of the joker of meld ``target`` that stands for it."""

    card: int
    target: int

    def text(self, *, pretty: bool = False) -> str:
        return f"swap {card_text(self.card, pretty=pretty)} {self.target}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card on the pozzo; ends the turn (and the hand, if it was the last card)."""

    card: int

    def text(self, *, pretty: bool = False) -> str:
        return "discard " + card_text(self.card, pretty=pretty)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back everything laid down this turn (the draw stays)."""

    def text(self, *, pretty: bool = False) -> str:
        return "takeback"

    def __str__(self) -> str:
        return self.text()


Action = DrawStock | TakePozzo | Open | Meld | LayOff | SwapJoker | Discard | TakeBack
