"""The pack check: are these cards exactly the pack, and if not, which cards are wrong?

Conservation (RULES.md §1) is the engine's first invariant: every kind of card is
somewhere exactly as many times as the pack holds it. A deck about to be dealt, a position
set up by hand, each deck of a saved record and the state after every action must all pass
the same test, and a refusal must name the card at fault (and, when the cards lie in
zones such as hands, table, pozzo and stock, where the extra copies are). Four hand-made
copies of that count had drifted into four wordings; :func:`count_pack` is the one count
and :meth:`PackCount.problem` the one wording. A caller only chooses how a card is
spelled (``7♥`` here, ``7H`` in the notation layer) and what the cards are called
("the deck", "the position").

>>> from scala40.engine.rules import Rules
>>> deck = list(range(53)) * 2 + [52, 52]
>>> count_pack(Rules(), deck).exact
True
>>> deck[0] = 6
>>> print(count_pack(Rules(), deck).problem("the deck"))
too many 7♥: the pack holds 2 copies of 7♥, the deck has 3; the deck loses cards of the pack: A♥
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scala40.engine.cards import JOKER, KINDS, card_name, pack_counts
from scala40.engine.errors import PackError
from scala40.engine.rules import Rules

Zones = Iterable[tuple[str, Iterable[object]]]
"""Cards by where they lie: ``("hands[0]", [...])``, ``("pozzo", [...])``..."""


@dataclass(frozen=True, slots=True)
class PackCount:
    """Some cards counted against the pack of some rules."""

    pack: tuple[int, ...]
    """Copies of each kind the pack holds."""
    counts: tuple[int, ...]
    """Copies of each kind counted."""
    places: tuple[tuple[str, ...], ...]
    """For each kind, the zones it was found in, in the order given (empty without zones)."""
    foreign: tuple[object, ...]
    """Values that are no card kind, in the order met; they are not counted."""

    @property
    def over(self) -> tuple[int, ...]:
        """Kinds counted more often than the pack holds them."""
        return tuple(k for k in range(KINDS) if self.counts[k] > self.pack[k])

    @property
    def missing(self) -> tuple[int, ...]:
        """Kinds counted less often than the pack holds them."""
        return tuple(k for k in range(KINDS) if self.counts[k] < self.pack[k])

    @property
    def exact(self) -> bool:
        """The cards are the whole pack, every copy once (conservation holds)."""
        return not self.foreign and self.counts == self.pack

    def left(self) -> list[int]:
        """The cards of the pack not counted, as kinds in kind order."""
        return [k for k in range(KINDS) for _ in range(max(0, self.pack[k] - self.counts[k]))]

    def problem(
        self, holder: str, *, whole: bool = True, name: Callable[[int], str] = card_name
    ) -> str | None:
        """What is wrong, in words, or ``None`` when nothing is.

        ``holder`` names the cards ("the deck", "the position"); ``name`` spells a kind.
        With ``whole=False`` the cards need only be part of the pack (missing cards are
        fine). Values that are no card come first, then each card with too many copies
        (with its places, when counted by zone), then the cards missing.
        """
        parts: list[str] = []
        if self.foreign:
            parts.append(f"not a card kind: {', '.join(repr(v) for v in self.foreign)}")
        for k in self.over:
            card, held = name(k), self.pack[k]
            if k == JOKER:
                what = "no jokers" if held == 0 else f"{held} joker{'s' if held != 1 else ''}"
            else:
                what = f"{held} cop{'ies' if held != 1 else 'y'} of {card}"
            where = f" (in {', '.join(self.places[k])})" if self.places[k] else ""
            parts.append(
                f"too many {card}: the pack holds {what}, {holder} has {self.counts[k]}{where}"
            )
        if whole and self.missing:
            lost = []
            for k in self.missing:
                gone = self.pack[k] - self.counts[k]
                lost.append(name(k) if gone == 1 else f"{name(k)} ×{gone}")
            parts.append(f"{holder} loses cards of the pack: {', '.join(lost)}")
        return "; ".join(parts) or None

    def check(
        self,
        holder: str,
        *,
        whole: bool = True,
        name: Callable[[int], str] = card_name,
        context: str = "",
    ) -> None:
        """Raise :class:`PackError` naming the :meth:`problem`, after ``context: ``, if any."""
        problem = self.problem(holder, whole=whole, name=name)
        if problem is None:
            return
        raise PackError(
            f"{context}: {problem}" if context else problem,
            self.over,
            self.missing if whole else (),
            self.foreign,
        )


def count_pack(rules: Rules, cards: Iterable[object] = (), *, zones: Zones = ()) -> PackCount:
    """Count ``cards`` and the cards of ``zones`` against the pack of ``rules``.

    Anything that is not a card kind (an ``int`` 0..52; a ``bool`` is none) is set aside
    in :attr:`PackCount.foreign` rather than counted.
    """
    counts = [0] * KINDS
    places: list[list[str]] = [[] for _ in range(KINDS)]
    foreign: list[object] = []
    for k in cards:
        if type(k) is int and 0 <= k < KINDS:
            counts[k] += 1
        else:
            foreign.append(k)
    for where, zone in zones:
        for k in zone:
            if type(k) is int and 0 <= k < KINDS:
                counts[k] += 1
                if where not in places[k]:
                    places[k].append(where)
            else:
                foreign.append(k)
    return PackCount(
        pack=tuple(pack_counts(rules.decks, rules.joker_count)),
        counts=tuple(counts),
        places=tuple(tuple(p) for p in places),
        foreign=tuple(foreign),
    )


def check_pack(
    rules: Rules,
    cards: Iterable[object] = (),
    *,
    zones: Zones = (),
    holder: str,
    whole: bool = True,
    name: Callable[[int], str] = card_name,
    context: str = "",
) -> PackCount:
    """:func:`count_pack`, then raise :class:`PackError` if the cards break the pack.

    Returns the count, so a caller can go on from it (say, to the cards left over).
    """
    count = count_pack(rules, cards, zones=zones)
    count.check(holder, whole=whole, name=name, context=context)
    return count
