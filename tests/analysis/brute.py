"""An independent brute force of the hand solver, for small hands.

It shares nothing with ``scala40.engine.analysis``: every sub-multiset of the hand is
laid out in every order a meld could take (naturals by rank, the ace low or high,
jokers at every position, every declared identity), and the engine's ``build_meld``
alone judges whether the layout is a meld under the rules. Values come from this
file's own reading of the card values (RULES.md §2). The best family of disjoint melds
is then found by exhaustive search.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from scala40.engine.cards import JOKER
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import TableMeld, build_meld
from scala40.engine.rules import Rules


def rank(kind: int) -> int:
    return kind % 13 + 1


def suit(kind: int) -> int:
    return kind // 13


def table_value(position_rank: int, face_values: str) -> int:
    """On-table worth of a rank position: 1 = low ace, 14 = high ace (or an ace in a set)."""
    if face_values == "high":
        return position_rank
    if position_rank == 14:
        return 11
    return min(position_rank, 10)


def hand_penalty(kind: int, face_values: str) -> int:
    """What a card left in hand costs."""
    if kind == JOKER:
        return 14 if face_values == "high" else 25
    r = rank(kind)
    if r == 1:
        return 14 if face_values == "high" else 11
    if face_values == "high":
        return r
    return min(r, 10)


def meld_value(meld: TableMeld, face_values: str) -> int:
    if meld.is_run:
        return sum(table_value(r, face_values) for r in range(meld.lo, meld.hi + 1))
    position = 14 if meld.rank == 1 else meld.rank
    return len(meld.slots) * table_value(position, face_values)


@dataclass(frozen=True)
class Option:
    """One meld a hand can lay: the cards it takes, its points and its penalty."""

    cards: tuple[int, ...]
    """Physical kinds used, sorted (JOKER for jokers)."""
    meld: TableMeld
    points: int
    penalty: int

    @property
    def jokers(self) -> int:
        return self.cards.count(JOKER)


def _layouts(cards: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int | None, ...]]]:
    """Every way worth trying to lay the sub-multiset ``cards`` in table order.

    Runs: the naturals by rank (the ace low, or high) with the jokers at every position,
    nothing declared (a run joker's place says what it is). Sets: the naturals then the
    jokers, each joker declared as every suit of the rank or left undeclared.
    """
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    n = len(cards)
    if not naturals:
        return []
    out: list[tuple[tuple[int, ...], tuple[int | None, ...]]] = []
    ranks = {rank(c) for c in naturals}
    if len(ranks) == 1:
        r = rank(naturals[0])
        identities: list[int | None] = [None, *(s * 13 + r - 1 for s in range(4))]
        layout = tuple(sorted(naturals)) + (JOKER,) * jokers
        for decl in _declarations(jokers, identities):
            out.append((layout, (None,) * len(naturals) + decl))
        if len(naturals) > 1:
            return out
    orders = [sorted(naturals, key=rank)]
    if 1 in ranks:
        orders.append(sorted(naturals, key=lambda c: rank(c) if rank(c) != 1 else 14))
    for order in orders:
        for slots in combinations(range(n), jokers):
            it = iter(order)
            layout_run = tuple(JOKER if i in slots else next(it) for i in range(n))
            out.append((layout_run, (None,) * n))
    return out


def _declarations(jokers: int, identities: list[int | None]) -> list[tuple[int | None, ...]]:
    if jokers == 0:
        return [()]
    out: list[tuple[int | None, ...]] = []
    for rest in _declarations(jokers - 1, identities):
        for first in identities:
            out.append((first, *rest))
    return out


def options(hand: list[int], rules: Rules, *, use_jokers: bool = True) -> list[Option]:
    """Every distinct meld (cards used, identity) the hand can lay."""
    pool = sorted(c for c in hand if use_jokers or c != JOKER)
    subsets: set[tuple[int, ...]] = set()
    for size in range(3, len(pool) + 1):
        for idx in combinations(range(len(pool)), size):
            subsets.add(tuple(pool[i] for i in idx))
    found: dict[tuple[object, ...], Option] = {}
    for cards in subsets:
        naturals = [c for c in cards if c != JOKER]
        if len({rank(c) for c in naturals}) > 1 and len({suit(c) for c in naturals}) > 1:
            continue  # neither one rank nor one suit: no layout can be a meld
        for layout, declared in _layouts(cards):
            try:
                meld = build_meld(layout, declared, rules)
            except IllegalAction:
                continue
            key = (cards, meld.is_run, meld.lo, meld.hi, meld.rank, meld.slots, meld.jokers)
            if key not in found:
                found[key] = Option(
                    cards,
                    meld,
                    meld_value(meld, rules.face_values),
                    sum(hand_penalty(c, rules.face_values) for c in cards),
                )
    return list(found.values())


@dataclass(frozen=True)
class Best:
    points: int
    penalty: int
    family: tuple[Option, ...]


def best(
    hand: list[int],
    rules: Rules,
    *,
    objective: str = "points",
    leave: int = 0,
    must_use: int | None = None,
    use_jokers: bool = True,
    jokers_after: int | None = None,
) -> Best | None:
    """The best family of disjoint melds under the constraints, or None if none is allowed.

    ``objective`` "points": most points, then most penalty laid; "penalty": the reverse.
    ``must_use``: some meld holds that kind (a joker: some meld holds a joker).
    ``jokers_after``: a joker may be used only if the joker-free melds make that much.
    """
    opts = options(hand, rules, use_jokers=use_jokers)
    have = Counter(hand)
    size = len(hand)
    top: list[Best | None] = [None]

    def score(b: Best) -> tuple[int, int]:
        return (b.points, b.penalty) if objective == "points" else (b.penalty, b.points)

    def feasible(family: list[Option]) -> bool:
        used = sum(len(o.cards) for o in family)
        if size - used < leave:
            return False
        if must_use is not None and not any(must_use in o.cards for o in family):
            return False
        if jokers_after is not None and any(o.jokers for o in family):
            plain = sum(o.points for o in family if not o.jokers)
            if plain < jokers_after:
                return False
        return True

    def walk(start: int, family: list[Option], left: Counter[int]) -> None:
        if feasible(family):
            cand = Best(
                sum(o.points for o in family), sum(o.penalty for o in family), tuple(family)
            )
            if top[0] is None or score(cand) > score(top[0]):
                top[0] = cand
        for i in range(start, len(opts)):
            # The same option may be used again (two copies of its cards).
            o = opts[i]
            need = Counter(o.cards)
            if all(left[k] >= c for k, c in need.items()):
                family.append(o)
                walk(i, family, left - need)
                family.pop()

    walk(0, [], have)
    return top[0]
