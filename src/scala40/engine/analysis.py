"""Exact hand analysis: candidate melds, the best opening, the least-penalty partition.

The search is exact: it branches on the lowest natural card still in hand (left in hand,
or laid in one of the candidate melds that contain it) and memoizes on the remaining
counts, so every packing of disjoint melds is considered once. Constraints of the rules
(cards that must stay in hand, a pozzo card that must be used, FISCA's "jokers only once
the joker-free melds reach 40") ride along as a small extra state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from scala40.engine.actions import MeldSpec
from scala40.engine.cards import ACE, HIGH_ACE, JOKER, KINDS, card_value_table, penalty_table
from scala40.engine.melds import TableMeld
from scala40.engine.rules import Rules


class Candidate:
    """One meld that can be laid from a hand: what it uses and what it is worth."""

    __slots__ = ("jokers", "meld", "naturals", "penalty", "points")

    def __init__(self, meld: TableMeld, naturals: tuple[int, ...], jokers: int, points: int,
                 penalty: int) -> None:
        self.meld = meld
        self.naturals = naturals
        self.jokers = jokers
        self.points = points
        self.penalty = penalty

    def spec(self) -> MeldSpec:
        return meld_spec(self.meld)

    def __repr__(self) -> str:
        return f"Candidate({self.meld.text()!r}, {self.points})"


def meld_spec(meld: TableMeld) -> MeldSpec:
    """The action form of a meld: its cards in table order and its jokers' identities."""
    cards = tuple(meld.cards())
    declared = tuple(k if c == JOKER else None for c, k in zip(cards, meld.slots, strict=True))
    return MeldSpec(cards, declared)


def _joker_choices(n: int, missing: Sequence[int], jokers: int, rules: Rules) -> list[tuple[int, ...]]:
    """Sets of slot indices that jokers may fill: all missing slots, plus optional others."""
    limit = min(jokers, rules.max_jokers, n - 1)
    if len(missing) > limit:
        return []
    out: list[tuple[int, ...]] = []
    others = [i for i in range(n) if i not in missing]
    for extra in range(0, limit - len(missing) + 1):
        for chosen in combinations(others, extra):
            slots = tuple(sorted((*missing, *chosen)))
            if slots and n - len(slots) < rules.natural_minimum:
                continue
            out.append(slots)
    return out


def candidate_melds(counts: Sequence[int], rules: Rules, *, jokers: bool = True) -> list[Candidate]:
    """Every meld (with each joker placement and identity) that ``counts`` can lay."""
    values = card_value_table(rules.face_values)
    pens = penalty_table(rules.face_values)
    joker_pen = pens[JOKER]
    njokers = counts[JOKER] if jokers else 0
    mj = min(njokers, rules.max_jokers)
    both_aces = rules.two_natural_aces_in_run
    max_run = rules.max_run
    out: list[Candidate] = []
    for suit in range(4):
        base = suit * 13
        have = [0] * 15
        for r in range(1, 14):
            have[r] = counts[base + r - 1]
        have[HIGH_ACE] = have[ACE]
        if sum(1 for r in range(1, 14) if have[r]) + mj < 3:
            continue
        for lo in range(1, 13):
            if not have[lo] and not mj:
                continue
            missing: list[int] = []
            top = min(HIGH_ACE, lo + max_run - 1)
            for hi in range(lo, top + 1):
                if hi == HIGH_ACE and lo == ACE:
                    if have[ACE] < 2:
                        missing.append(hi - lo)
                elif not have[hi]:
                    missing.append(hi - lo)
                if len(missing) > mj:
                    break
                n = hi - lo + 1
                if n < 3:
                    continue
                for slots in _joker_choices(n, missing, njokers, rules):
                    if (lo == ACE and hi == HIGH_ACE and 0 not in slots and n - 1 not in slots
                            and not both_aces):
                        continue
                    nat = tuple(
                        base + (r - 1 if r < HIGH_ACE else 0)
                        for r in range(lo, hi + 1)
                        if r - lo not in slots
                    )
                    meld = TableMeld.run(suit, lo, hi, [lo + i for i in slots])
                    out.append(Candidate(meld, nat, len(slots), sum(values[lo : hi + 1]),
                                         sum(pens[k] for k in nat) + len(slots) * joker_pen))
    for rank in range(1, 14):
        present = [s for s in range(4) if counts[s * 13 + rank - 1]]
        if len(present) + mj < 3:
            continue
        worth = values[HIGH_ACE if rank == ACE else rank]
        for size in (3, 4):
            for suits in combinations(range(4), size):
                missing = [i for i, s in enumerate(suits) if s not in present]
                if len(missing) > mj:
                    continue
                for slots in _joker_choices(size, missing, njokers, rules):
                    joker_suits = [suits[i] for i in slots]
                    meld = TableMeld.set_of(rank, suits, joker_suits)
                    nat = tuple(s * 13 + rank - 1 for i, s in enumerate(suits) if i not in slots)
                    out.append(Candidate(meld, nat, len(slots), size * worth,
                                         sum(pens[k] for k in nat) + len(slots) * joker_pen))
    return out


@dataclass(frozen=True, slots=True)
class Solution:
    """A chosen packing of melds: their total points and the penalty they take out of hand."""

    melds: tuple[TableMeld, ...]
    points: int
    penalty_removed: int
    cards_left: int

    def specs(self) -> tuple[MeldSpec, ...]:
        return tuple(meld_spec(m) for m in self.melds)


_NONE = -(10**9)


def solve(
    counts: Sequence[int],
    rules: Rules,
    *,
    objective: str = "points",
    leave: int = 0,
    must_use: int | None = None,
    jokers: bool = True,
    jokers_after: int | None = None,
) -> Solution | None:
    """The best packing of disjoint new melds from ``counts``; ``None`` if none is allowed.

    ``objective`` "points" maximizes meld points (ties: more penalty out of hand);
    "penalty" maximizes the penalty laid down (ties: more points). ``leave`` is how many
    cards must stay in hand; ``must_use`` a kind that must be in a meld; ``jokers_after``
    lets jokers be used only when the joker-free melds reach that many points (FISCA's
    ``open_without_jokers``). An empty packing is a valid answer worth 0.
    """
    cands = candidate_melds(counts, rules, jokers=jokers)
    by_kind: dict[int, list[Candidate]] = {}
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    for c in cands:
        # Melds using the same cards for the same worth are interchangeable in the search.
        sig = (c.naturals, c.jokers, c.points)
        if sig in seen:
            continue
        seen.add(sig)
        by_kind.setdefault(min(c.naturals), []).append(c)
    # Kinds that no candidate uses can only stay in hand.
    useful = sorted({k for c in cands for k in c.naturals})
    work = [0] * KINDS
    for k in useful:
        work[k] = counts[k]
    work[JOKER] = counts[JOKER] if jokers else 0
    fixed_left = sum(counts) - sum(work)
    cap_jf = jokers_after if jokers_after is not None else 0
    big = 1000
    memo: dict[tuple[bytes, int, int, int, int], tuple[int, tuple[object, ...] | None]] = {}
    weight_of = (
        (lambda c: c.points * big + c.penalty)
        if objective == "points"
        else (lambda c: c.penalty * big + c.points)
    )

    def search(left: int, jf: int, jused: int, kused: int) -> tuple[int, tuple[object, ...] | None]:
        k = -1
        for kk in useful:
            if work[kk]:
                k = kk
                break
        if k < 0:
            total_left = left + work[JOKER] + fixed_left
            if total_left < leave:
                return _NONE, None
            if jused and jf < cap_jf:
                return _NONE, None
            if must_use is not None and not kused:
                return _NONE, None
            return 0, ()
        key = (bytes(work), min(left, leave), min(jf, cap_jf), jused, kused)
        hit = memo.get(key)
        if hit is not None:
            return hit
        work[k] -= 1
        best_w, best_chain = search(left + 1, jf, jused, kused)
        work[k] += 1
        for c in by_kind.get(k, ()):
            if c.jokers > work[JOKER]:
                continue
            ok = True
            for kk in c.naturals:
                work[kk] -= 1
                if work[kk] < 0:
                    ok = False
            if ok:
                work[JOKER] -= c.jokers
                w, chain = search(
                    left,
                    jf + (c.points if not c.jokers else 0),
                    jused or (1 if c.jokers else 0),
                    kused or (1 if must_use is not None and (must_use in c.naturals or (must_use == JOKER and c.jokers)) else 0),
                )
                work[JOKER] += c.jokers
                if chain is not None:
                    w += weight_of(c)
                    if w > best_w:
                        best_w, best_chain = w, (c, chain)
            for kk in c.naturals:
                work[kk] += 1
        memo[key] = (best_w, best_chain)
        return best_w, best_chain

    if jokers_after is not None and jokers_after <= 0:
        cap_jf = 0
    w, chain = search(0, 0, 0, 0)
    if chain is None:
        return None
    melds: list[TableMeld] = []
    points = penalty = used = 0
    node: tuple[object, ...] = chain
    while node:
        c, rest = node
        assert isinstance(c, Candidate)
        melds.append(c.meld)
        points += c.points
        penalty += c.penalty
        used += len(c.naturals) + c.jokers
        node = rest  # type: ignore[assignment]
    return Solution(tuple(melds), points, penalty, sum(counts) - used)


@dataclass(frozen=True, slots=True)
class OpeningAnalysis:
    """The highest-scoring opening of a hand and whether it reaches the threshold."""

    solution: Solution
    threshold: int

    @property
    def points(self) -> int:
        return self.solution.points

    @property
    def opens(self) -> bool:
        return bool(self.solution.melds) and self.solution.points >= self.threshold

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        return self.solution.melds


def best_opening(
    counts: Sequence[int], rules: Rules, *, must_use: int | None = None, leave: int = 1
) -> OpeningAnalysis | None:
    """The opening worth most points from ``counts`` under ``rules``.

    It keeps ``leave`` cards in hand (one, for the discard) and, with ``must_use``, lays
    that kind (the pozzo card under ``open_from_pozzo = "opening"``). ``None`` when no
    packing satisfies the constraints.
    """
    jokers = rules.open_without_jokers != "strict"
    after = rules.opening_points if rules.open_without_jokers == "fisca" else None
    sol = solve(counts, rules, leave=leave, must_use=must_use, jokers=jokers, jokers_after=after)
    if sol is None:
        return None
    return OpeningAnalysis(sol, rules.opening_points)


def least_penalty(counts: Sequence[int], rules: Rules, *, leave: int = 0) -> Solution:
    """The melds that leave the least penalty in hand (for an opened player)."""
    sol = solve(counts, rules, objective="penalty", leave=leave)
    assert sol is not None or leave > 0
    if sol is None:
        return Solution((), 0, 0, sum(counts))
    return sol


def counts_of(cards: Sequence[int]) -> list[int]:
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    return counts


__all__ = [
    "ACE",
    "Candidate",
    "OpeningAnalysis",
    "Solution",
    "best_opening",
    "candidate_melds",
    "counts_of",
    "least_penalty",
    "meld_spec",
    "solve",
]
