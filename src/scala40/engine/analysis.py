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
from itertools import combinations, compress
from typing import Literal, assert_never, cast

from scala40.engine.actions import Meld, MeldSpec
from scala40.engine.cards import ACE, HIGH_ACE, JOKER, KINDS, card_value_table, penalty_table
from scala40.engine.figures import figures
from scala40.engine.melds import TableMeld, fit_map
from scala40.engine.native import NATIVE
from scala40.engine.rules import Rules

Objective = Literal["points", "penalty"]
"""What :func:`solve` maximizes: the points laid (to open) or the penalty out of hand."""


JOKER_BITS: tuple[int, ...] = tuple(((1 << j) - 1) << (JOKER + 1) for j in range(64))
"""``j`` jokers as bits above the natural kinds' (a hand holding ``w`` jokers has
``JOKER_BITS[w]``; a meld needing ``j`` fits the jokers iff its bits are among them)."""


Row = tuple[int, int, int, int, int, int]
"""A candidate meld as :attr:`Candidate.row` gives it."""


class Candidate:
    """One meld that can be laid from a hand: what it uses and what it is worth.

    The :class:`TableMeld` itself is built only when asked for: the search looks at many
    candidates and keeps few.
    """

    __slots__ = (
        "_action",
        "_code",
        "_mask",
        "_mask2",
        "_meld",
        "_row",
        "_spec",
        "jokers",
        "naturals",
        "penalty",
        "points",
        "shape",
    )

    def __init__(
        self,
        shape: tuple[bool, int, int, int, tuple[int, ...]],
        naturals: tuple[int, ...],
        jokers: int,
        points: int,
        penalty: int,
    ) -> None:
        self.shape = shape
        """(is_run, suit or rank, lo, hi, joker ranks or joker suits); sets: lo = suits mask."""
        self._meld: TableMeld | None = None
        self._spec: MeldSpec | None = None
        self._action: Meld | None = None
        self._row: Row | None = None
        self._code = -1
        self.naturals = naturals
        self._mask = -1
        self._mask2 = 0
        self.jokers = jokers
        self.points = points
        self.penalty = penalty

    def laid(self) -> tuple[int, ...]:
        """The kinds this meld takes from the hand, jokers last: what the rule on the
        cards left in hand (:func:`~scala40.engine.going_out.leave_code`) is asked about."""
        return (*self.naturals, *(JOKER,) * self.jokers)

    @property
    def mask(self) -> int:
        """The kinds it uses, one bit each (for bitwise search over a hand's cards); worked
        out on first use, since most candidates are never asked."""
        if self._mask < 0:
            mask = twice = 0
            for k in self.naturals:
                if mask >> k & 1:
                    twice |= 1 << k  # a run holding both natural aces uses the ace twice
                mask |= 1 << k
            self._mask = mask
            self._mask2 = twice
        return self._mask

    @property
    def mask2(self) -> int:
        """The kinds it uses twice (only a run with both natural aces)."""
        if self._mask < 0:
            self.mask  # noqa: B018 (works both out)
        return self._mask2

    @property
    def row(self) -> Row:
        """What a search over combinations of melds reads, in one tuple (worked out on
        first use and kept: a candidate is shared by every hand holding its suit's or its
        rank's cards): the kinds it uses, those it uses twice, its jokers, points and
        cards, and its kinds with its jokers as :data:`JOKER_BITS` in one bit set
        (``fit & ~hand == 0``: it fits in ``hand``)."""
        row = self._row
        if row is None:
            mask = self.mask
            jokers = self.jokers
            row = self._row = (
                mask,
                self._mask2,
                jokers,
                self.points,
                len(self.naturals) + jokers,
                mask | JOKER_BITS[jokers],
            )
        return row

    @property
    def code(self) -> int:
        """What laying it takes from the solver's code of a hand's counts (``_UNIT``):
        worked out on first use and kept, like :attr:`row`."""
        code = self._code
        if code < 0:
            code = self.jokers * _UNIT[JOKER]
            for k in self.naturals:
                code += _UNIT[k]
            self._code = code
        return code

    @property
    def meld(self) -> TableMeld:
        if self._meld is None:
            is_run, a, lo, hi, extra = self.shape
            if is_run:
                self._meld = TableMeld.run(a, lo, hi, extra)
            else:
                self._meld = TableMeld.set_of(a, [t for t in range(4) if lo >> t & 1], extra)
        return self._meld

    def spec(self) -> MeldSpec:
        """The action form, made once per shape: a shape is one meld whichever hand it
        comes from, so every candidate of that shape shares it (and skips its meld)."""
        spec = self._spec
        if spec is None:
            spec = _SPECS.get(self.shape)
            if spec is None:
                spec = _SPECS[self.shape] = meld_spec(self.meld)
            self._spec = spec
        return spec

    def action(self) -> Meld:
        """The :class:`Meld` action laying it, made once like :meth:`spec`."""
        if self._action is None:
            self._action = Meld(self.spec())
        return self._action

    def __repr__(self) -> str:
        return f"Candidate({self.meld.text()!r}, {self.points})"


_SPECS: dict[tuple[bool, int, int, int, tuple[int, ...]], MeldSpec] = {}
"""Each shape's action form (:meth:`Candidate.spec`): a few thousand shapes exist."""


def meld_spec(meld: TableMeld) -> MeldSpec:
    """The action form of a meld: its cards in table order and its jokers' identities."""
    cards = tuple(meld.cards())
    declared = tuple(k if c == JOKER else None for c, k in zip(cards, meld.slots, strict=True))
    return MeldSpec(cards, declared)


_CHOICES: dict[tuple[int, tuple[int, ...], int, int], list[tuple[int, ...]]] = {}


def _joker_choices(
    n: int, missing: tuple[int, ...], limit: int, minimum: int
) -> list[tuple[int, ...]]:
    """Sets of slot indices that jokers may fill: all missing slots, plus optional others.

    ``limit`` is how many jokers may go in (hand and rules); ``minimum`` the fewest
    naturals a meld with jokers keeps. Memoized: the same shapes recur hand after hand.
    """
    key = (n, missing, limit, minimum)
    hit = _CHOICES.get(key)
    if hit is not None:
        return hit
    limit = min(limit, n - 1)
    out: list[tuple[int, ...]] = []
    if len(missing) <= limit:
        others = [i for i in range(n) if i not in missing]
        for extra in range(0, limit - len(missing) + 1):
            for chosen in combinations(others, extra):
                slots = tuple(sorted((*missing, *chosen)))
                if slots and n - len(slots) < minimum:
                    continue
                out.append(slots)
    _CHOICES[key] = out
    return out


def _group(suits: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    return suits, sum(1 << t for t in suits)


_SUIT_GROUPS = [_group(g) for size in (3, 4) for g in combinations(range(4), size)]


def _natural_groups(present: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """Sets of three or four made of the suits present (no joker)."""
    if len(present) < 3:
        return []
    return [_group(g) for size in (3, 4) for g in combinations(present, size)]


_RUN_CACHE: dict[tuple[object, ...], list[Candidate]] = {}
_SET_CACHE: dict[tuple[object, ...], list[Candidate]] = {}
_PRESENT = bytes.maketrans(bytes(range(256)), b"0" + b"1" * 255)
_DOUBLE = bytes.maketrans(bytes(range(256)), b"00" + b"1" * 254)
_TRIPLE = bytes.maketrans(bytes(range(256)), b"000" + b"1" * 253)
_SUIT = 0x1FFF


def presence(counts: Sequence[int], table: bytes = _PRESENT) -> int:
    """Bit ``k`` set when the hand holds kind ``k`` (52 naturals): in Python via one bytes
    pass (a Python loop over 52 kinds costs four times as much), compiled by a loop (the
    bytes pass's allocations and the parse of a 52-digit string cost five times as much;
    :mod:`~scala40.engine.native`)."""
    if NATIVE and isinstance(counts, list):
        return _at_least(counts, 1 if table is _PRESENT else 2 if table is _DOUBLE else 3)
    return int(bytes(counts[51::-1]).translate(table), 2)


def doubles(counts: Sequence[int]) -> int:
    """Bit ``k`` set when the hand holds two or more of natural kind ``k``."""
    return presence(counts, _DOUBLE)


def triples(counts: Sequence[int]) -> int:
    """Bit ``k`` set when the hand holds three or more of natural kind ``k`` (3 decks)."""
    return presence(counts, _TRIPLE)


def held_levels(counts: Sequence[int]) -> tuple[int, int, int]:
    """:func:`presence`, :func:`doubles` and :func:`triples` of a hand."""
    if NATIVE and isinstance(counts, list):
        return held_levels_by_loop(counts)
    return presence(counts), presence(counts, _DOUBLE), presence(counts, _TRIPLE)


def held_levels_by_loop(counts: list[int]) -> tuple[int, int, int]:
    """:func:`held_levels` in one loop over the 52 natural kinds (the compiled build's way)."""
    once = twice = thrice = 0
    for k in range(52):
        n = counts[k]
        if n:
            bit = 1 << k
            once |= bit
            if n > 1:
                twice |= bit
                if n > 2:
                    thrice |= bit
    return once, twice, thrice


def _at_least(counts: list[int], least: int) -> int:
    """The kinds held ``least`` times or more, one loop (the compiled build's way)."""
    bits = 0
    for k in range(52):
        if counts[k] >= least:
            bits |= 1 << k
    return bits


def meldable_bits(counts: Sequence[int], jokers: int) -> int:
    """Bit ``k`` set: natural kind ``k`` of the hand could be in a meld with at most one
    joker (a set's rank held in enough suits; a run window of three with at most
    ``jokers`` (0 or 1) gaps). Every candidate meld's naturals are among these cards.
    Bit arithmetic on 13-bit suit masks: it keys the memo of :func:`candidate_melds`."""
    return _meldable(presence(counts), jokers)


def _meldable(held: int, jokers: int) -> int:
    """:func:`meldable_bits` of the hand whose kinds held are the bits of ``held``."""
    a, b, c, d = held & _SUIT, held >> 13 & _SUIT, held >> 26 & _SUIT, held >> 39 & _SUIT
    ranks = _set_ranks(a, b, c, d, jokers)
    usable = 0
    for t, m in enumerate((a, b, c, d)):
        u = m & ranks
        if m & 1:
            m |= 1 << 13  # the ace above the king
        x, y, z = m, m >> 1, m >> 2
        w = x & y & z if not jokers else (x & y) | (x & z) | (y & z)
        run = m & (w | w << 1 | w << 2)
        if run >> 13 & 1:
            run |= 1
        usable |= ((u | run) & _SUIT) << (13 * t)
    return usable


def _set_ranks(a: int, b: int, c: int, d: int, jokers: int) -> int:
    """Bit ``r`` set: rank ``r + 1`` is held in enough suits (``a``..``d``, 13-bit masks)
    for a set with ``jokers`` (0 or more) jokers: three suits, or two with a joker."""
    if jokers:
        return (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    return (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)


_HAND_CACHE: dict[HandKey, list[Candidate]] = {}
"""Whole hands, asked again at every decision of a turn and in every search probe."""
_CACHE_LIMIT = 200_000


def _shape(rules: Rules, mj: int) -> tuple[object, ...]:
    """The rules a hand's candidate melds depend on, with the jokers it may use: the memo key."""
    return figures(rules).shapes[mj]


def candidate_melds(counts: Sequence[int], rules: Rules, *, jokers: bool = True) -> list[Candidate]:
    """Every meld (with each joker placement and identity) that ``counts`` can lay.

    The list is shared (memoized): callers read it and never change it. A hand's melds
    depend only on which kinds it holds, which twice or more (a run uses both copies of a
    card only as its two aces; a set never), and the jokers it may use: two bit sets and
    a number key the memo, so no per-card tuple is built. With at most one joker a meld,
    cards in no meld (:func:`meldable_bits`) are dropped from the key first, so hands
    differing only in them share one list. A suit's runs depend only on that suit's bits,
    a rank's sets only on its suits: both are memoized too, since the same patterns recur
    hand after hand in search.
    """
    return candidates_of(hand_key(counts, rules, jokers), rules)


HandKey = tuple[int, int, tuple[object, ...]]
"""What a hand's candidate melds depend on (:func:`hand_key`)."""


def candidates_of(key: HandKey, rules: Rules) -> list[Candidate]:
    """:func:`candidate_melds` of the hand ``key`` stands for (the memo's own entry)."""
    hit = _HAND_CACHE.get(key)
    if hit is None:
        hit = _collect(key, rules)
    return hit


def hand_key(counts: Sequence[int], rules: Rules, jokers: bool) -> HandKey:
    """What a hand's candidate melds depend on: the kinds held (those in no meld dropped,
    with at most one joker a meld), those held twice, and the rules with the jokers it
    may use."""
    held, twice, _ = held_levels(counts)
    return key_of(held, twice, counts[JOKER], rules, jokers)


def key_of(held: int, twice: int, njokers: int, rules: Rules, jokers: bool) -> HandKey:
    """:func:`hand_key` from the hand's :func:`presence`, :func:`doubles` and jokers (for
    a caller that needs those bit sets too)."""
    fig = figures(rules)
    most = fig.max_jokers
    mj = (njokers if njokers < most else most) if jokers else 0
    if mj < 2:
        held &= _meldable(held, mj)
    return held, twice & held, fig.shapes[mj]


def _collect(key: HandKey, rules: Rules) -> list[Candidate]:
    """The candidate melds of the hand ``key`` stands for, put in the memo."""
    if (
        len(_RUN_CACHE) > _CACHE_LIMIT
        or len(_SET_CACHE) > _CACHE_LIMIT
        or len(_HAND_CACHE) > _CACHE_LIMIT
    ):
        _RUN_CACHE.clear()
        _SET_CACHE.clear()
        _HAND_CACHE.clear()
    held, twice, shape = key
    mj = cast(int, shape[-1])
    out: list[Candidate] = []
    need = 3 - mj  # naturals a meld needs at least (more with min_naturals: a bound only)
    for suit in range(4):
        row = held >> 13 * suit & _SUIT
        if row.bit_count() < need:
            continue  # too few cards of the suit for any run
        out.extend(_runs_of(suit, row, twice >> 13 * suit & _SUIT, mj, shape, rules))
    a, b, c, d = held & _SUIT, held >> 13 & _SUIT, held >> 26 & _SUIT, held >> 39 & _SUIT
    ranks = _set_ranks(a, b, c, d, mj) if mj < 2 else a | b | c | d
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() - 1
        mask = (a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3
        if mask.bit_count() < need:
            continue  # too few suits of the rank for any set
        out.extend(_sets_of(r + 1, mask, mj, shape, rules))
    _HAND_CACHE[key] = out
    return out


def meld_readings(cards: Sequence[int], rules: Rules, limit: int = 12) -> list[MeldSpec]:
    """Every way ``cards`` (all of them) make one meld: the candidate melds that lay
    exactly these cards, the most points first (at most ``limit``), each joker's identity
    declared. Where there are several (8♣ 9♣ JK: the joker is the 7♣ or the 10♣; the
    suit of a set's joker) a player must say which one is meant: the terminal asks from
    this list, as the web table asks from the same candidates."""
    if len(cards) < 3 or all(k == JOKER for k in cards):
        return []
    laid = sorted(cards)
    found = [c for c in candidate_melds(counts_of(cards), rules) if sorted(c.laid()) == laid]
    found.sort(key=lambda c: -c.points)  # stable: the engine's order among equals
    return [c.spec() for c in found[:limit]]


def _runs_of(
    suit: int, row: int, twice: int, mj: int, shape: tuple[object, ...], rules: Rules
) -> list[Candidate]:
    """The runs of one suit, memoized: ``row`` has bit ``r`` for the rank ``r + 1`` held,
    ``twice`` for the ranks held twice or more."""
    key = (suit, row, twice, shape)
    runs = _RUN_CACHE.get(key)
    if runs is None:
        pattern = tuple((row >> r & 1) + (twice >> r & 1) for r in range(13))
        runs = _RUN_CACHE[key] = _suit_runs(suit, pattern, mj, rules)
    return runs


def _sets_of(
    rank: int, mask: int, mj: int, shape: tuple[object, ...], rules: Rules
) -> list[Candidate]:
    """The sets of one rank, memoized: ``mask`` has bit ``t`` for each suit held."""
    key = (rank, mask, shape)
    sets = _SET_CACHE.get(key)
    if sets is None:
        sets = _SET_CACHE[key] = _rank_sets(rank, mask, mj, rules)
    return sets


def melds_with(counts: Sequence[int], card: int, rules: Rules) -> list[Candidate]:
    """The candidate melds of ``counts`` that lay the natural ``card``: the runs of its
    suit and the sets of its rank only (the same memo as :func:`candidate_melds`, without
    assembling the whole hand's list)."""
    mj = min(counts[JOKER], figures(rules).max_jokers)
    shape = _shape(rules, mj)
    suit, rank0 = divmod(card, 13)
    base = suit * 13
    row = twice = 0
    for r in range(13):
        n = counts[base + r]
        if n:
            row |= 1 << r
            if n > 1:
                twice |= 1 << r
    runs = _runs_of(suit, row, twice, mj, shape, rules)
    mask = 0
    for t in range(4):
        if counts[t * 13 + rank0]:
            mask |= 1 << t
    sets = _sets_of(rank0 + 1, mask, mj, shape, rules)
    return [c for c in (*runs, *sets) if card in c.naturals]


def opening_within_reach(
    usable: int, counts: Sequence[int], size: int, rules: Rules, *, jokers: bool
) -> bool:
    """A cheap necessary condition for any opening: the natural cards in ``usable`` (bit
    ``k``: kind ``k`` could be in some meld), each at its best worth, plus the jokers when
    ``jokers``, reach the opening points — or cover all but one of the ``size`` cards (a
    chiusura in mano needs no points). It may say yes wrongly, never no wrongly."""
    values = card_value_table(rules.face_values)
    best = max(values)
    points = cards = 0
    for k in compress(range(JOKER), counts):
        if usable >> k & 1:
            n = counts[k]
            cards += n
            points += n * (best if k % 13 == 0 else values[k % 13 + 1])
    if jokers:
        cards += counts[JOKER]
        points += counts[JOKER] * best
    return points >= rules.opening_points or cards >= size - 1


def meld_bound(counts: Sequence[int], card: int, rules: Rules) -> int:
    """An upper bound of the points of a new meld from ``counts`` that uses ``card``.

    0 means no meld can use it. Cheap (no search): adding ``card`` to a hand raises its
    best opening by at most this much, since the rest of a new packing was possible
    without it. Search and bots use it to skip the exact solver.
    """
    if card == JOKER:
        return 10**6 if counts[JOKER] <= sum(counts) - counts[JOKER] else 0
    fig = figures(rules)
    values = card_value_table(fig.face_values)
    mj = min(counts[JOKER], fig.max_jokers)
    s, r = card // 13, card % 13 + 1
    best = 0
    others = sum(1 for t in range(4) if t != s and counts[t * 13 + r - 1])
    if others + 1 + mj >= 3:
        best = min(4, others + 1 + mj) * values[HIGH_ACE if r == ACE else r]
    base = s * 13
    have = [0, *counts[base : base + 13], counts[base]]
    for at in (ACE, HIGH_ACE) if r == ACE else (r,):
        # Widest window around the card, bridging up to ``mj`` gaps on each side (an
        # over-estimate is still a bound).
        lo, gaps = at, 0
        while lo > 1 and (have[lo - 1] or gaps < mj):
            if not have[lo - 1]:
                gaps += 1
            lo -= 1
        hi, gaps = at, 0
        while hi < HIGH_ACE and (have[hi + 1] or gaps < mj):
            if not have[hi + 1]:
                gaps += 1
            hi += 1
        if hi - lo >= 2:
            best = max(best, sum(values[lo : hi + 1]))
    return best


def _suit_runs(suit: int, pattern: tuple[int, ...], mj: int, rules: Rules) -> list[Candidate]:
    """The runs of one suit a hand can lay, ``pattern`` giving its copies of A..K."""
    values = card_value_table(rules.face_values)
    pens = penalty_table(rules.face_values)
    joker_pen = pens[JOKER]
    minimum = rules.natural_minimum
    both_aces = rules.two_natural_aces_in_run
    max_run = rules.max_run
    vsum = [0] * 16
    for r in range(1, 15):
        vsum[r + 1] = vsum[r] + values[r]
    out: list[Candidate] = []
    append = out.append
    base = suit * 13
    have = [0, *pattern, pattern[0]]
    present = sum(1 for c in pattern if c)
    if present + mj < 3:
        return out
    row = [0] + [base + r - 1 for r in range(1, 14)] + [base]
    prow = [pens[k] for k in row]
    for lo in range(1, 13):
        if not have[lo] and not mj:
            continue
        missing: list[int] = []
        top = min(HIGH_ACE, lo + max_run - 1)
        pen = 0
        for hi in range(lo, top + 1):
            if hi == HIGH_ACE and lo == ACE:
                if have[ACE] < 2:
                    missing.append(hi - lo)
            elif not have[hi]:
                missing.append(hi - lo)
            if len(missing) > mj:
                break
            pen += prow[hi]
            if hi - lo < 2:
                continue
            points = vsum[hi + 1] - vsum[lo]
            if not missing:
                if not (lo == ACE and hi == HIGH_ACE and not both_aces):
                    append(
                        Candidate((True, suit, lo, hi, ()), tuple(row[lo : hi + 1]), 0, points, pen)
                    )
                if not mj:
                    continue
            span = row[lo : hi + 1]
            both_ends = lo == ACE and hi == HIGH_ACE and not both_aces
            for slots in _joker_choices(hi - lo + 1, tuple(missing), mj, minimum):
                if not slots:
                    continue
                if both_ends and 0 not in slots and hi - lo not in slots:
                    continue
                nat = list(span)
                jpen = 0
                for i in reversed(slots):  # slots ascend: delete from the right
                    del nat[i]
                    jpen += prow[lo + i]
                n = len(slots)
                append(
                    Candidate(
                        (True, suit, lo, hi, tuple([lo + i for i in slots])),
                        tuple(nat),
                        n,
                        points,
                        pen - jpen + n * joker_pen,
                    )
                )
    return out


def _rank_sets(rank: int, mask: int, mj: int, rules: Rules) -> list[Candidate]:
    """The sets of one rank a hand can lay, ``mask`` giving the suits it holds."""
    values = card_value_table(rules.face_values)
    pens = penalty_table(rules.face_values)
    joker_pen = pens[JOKER]
    minimum = rules.natural_minimum
    present_suits = [t for t in range(4) if mask >> t & 1]
    out: list[Candidate] = []
    if len(present_suits) + mj < 3:
        return out
    worth = values[HIGH_ACE if rank == ACE else rank]
    pen1 = pens[rank - 1]
    groups = _SUIT_GROUPS if mj else _natural_groups(present_suits)
    for suits, smask in groups:
        missing_t = tuple(i for i, t in enumerate(suits) if t not in present_suits)
        if len(missing_t) > mj:
            continue
        size = len(suits)
        for slots in _joker_choices(size, missing_t, mj, minimum) if mj else ((),):
            nat = tuple(t * 13 + rank - 1 for i, t in enumerate(suits) if i not in slots)
            out.append(
                Candidate(
                    (False, rank, smask, 0, tuple(suits[i] for i in slots)),
                    nat,
                    len(slots),
                    size * worth,
                    len(nat) * pen1 + len(slots) * joker_pen,
                )
            )
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
    objective: Objective = "points",
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
    if objective == "points":
        by_points = True
    elif objective == "penalty":
        by_points = False
    else:
        assert_never(objective)

    # Per candidate: (candidate, naturals, jokers, weight, joker-free points, uses must_use).
    entries: dict[int, list[Entry]] = {}
    for k, lst in by_kind.items():
        entries[k] = [
            (
                c,
                c.naturals,
                c.jokers,
                c.points * big + c.penalty if by_points else c.penalty * big + c.points,
                0 if c.jokers else c.points,
                1
                if must_use is not None
                and (must_use in c.naturals or (must_use == JOKER and c.jokers > 0))
                else 0,
                c.code,
            )
            for c in lst
        ]
    simple = leave == 0 and cap_jf == 0 and must_use is None
    solver = _Solver(useful, work, entries, fixed_left, leave, cap_jf, must_use, simple)
    code = work[JOKER] * _UNIT[JOKER]
    for k in useful:
        code += work[k] * _UNIT[k]
    _, chain = solver.search(0, 0, 0, 0, 0, code)
    if chain is None:
        return None
    melds: list[TableMeld] = []
    points = penalty = used = 0
    node: tuple[object, ...] = chain
    while node:
        c = cast(Candidate, node[0])
        melds.append(c.meld)
        points += c.points
        penalty += c.penalty
        used += len(c.naturals) + c.jokers
        node = cast(tuple[object, ...], node[1])
    return Solution(tuple(melds), points, penalty, sum(counts) - used)


Entry = tuple[Candidate, tuple[int, ...], int, int, int, int, int]
"""A candidate as :class:`_Solver` reads it: (candidate, naturals, jokers, weight,
joker-free points, uses ``must_use``, what laying it takes from the counts' code)."""

_UNIT: tuple[int, ...] = tuple(1 << (5 * k) for k in range(KINDS))
"""One card of kind ``k`` in the counts' code that keys the solver's memo: five bits a
kind (a hand holds at most three of a natural, and at most 20 jokers are dealt), so the
code is the counts themselves, kept up to date by one subtraction a step where making a
``bytes`` of the 54 counts at every node took a third of the search."""


class _Solver:
    """The memoized search of :func:`solve`: an object, not a nested function, since a
    nested function that calls itself is a reference cycle, left for the cyclic garbage
    collector with all it holds (and the compiled build calls a method directly)."""

    __slots__ = (
        "cap_jf",
        "entries",
        "fixed_left",
        "leave",
        "memo",
        "must_use",
        "n_useful",
        "simple",
        "useful",
        "work",
    )

    def __init__(
        self,
        useful: list[int],
        work: list[int],
        entries: dict[int, list[Entry]],
        fixed_left: int,
        leave: int,
        cap_jf: int,
        must_use: int | None,
        simple: bool,
    ) -> None:
        self.useful = useful
        self.n_useful = len(useful)
        self.work = work
        self.entries = entries
        self.fixed_left = fixed_left
        self.leave = leave
        self.cap_jf = cap_jf
        self.must_use = must_use
        self.simple = simple
        self.memo: dict[object, tuple[int, tuple[object, ...] | None]] = {}

    def search(
        self, i: int, left: int, jf: int, jused: int, kused: int, code: int
    ) -> tuple[int, tuple[object, ...] | None]:
        """The best weight and chain of candidates from the ``i``-th useful kind on, with
        ``left`` cards left in hand so far, ``jf`` joker-free points laid, ``jused``: a
        joker laid, ``kused``: ``must_use`` laid; ``code``: the counts left (``_UNIT``)."""
        work = self.work
        useful = self.useful
        n_useful = self.n_useful
        while i < n_useful and not work[useful[i]]:
            i += 1
        if i == n_useful:
            if left + work[JOKER] + self.fixed_left < self.leave:
                return _NONE, None
            if jused and jf < self.cap_jf:
                return _NONE, None
            if self.must_use is not None and not kused:
                return _NONE, None
            return 0, ()
        k = useful[i]
        if self.simple:
            key: object = code
        else:
            leave = self.leave
            cap_jf = self.cap_jf
            key = (
                code,
                left if left < leave else leave,
                jf if jf < cap_jf else cap_jf,
                jused,
                kused,
            )
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        work[k] -= 1
        best_w, best_chain = self.search(i, left + 1, jf, jused, kused, code - _UNIT[k])
        work[k] += 1
        jokers_here = work[JOKER]
        for c, naturals, nj, weight, jf_add, k_add, taken in self.entries.get(k, ()):
            if nj > jokers_here:
                continue
            ok = True
            for kk in naturals:
                work[kk] -= 1
                if work[kk] < 0:
                    ok = False
            if ok:
                work[JOKER] = jokers_here - nj
                w, chain = self.search(
                    i, left, jf + jf_add, jused or (1 if nj else 0), kused or k_add, code - taken
                )
                work[JOKER] = jokers_here
                if chain is not None:
                    w += weight
                    if w > best_w:
                        best_w, best_chain = w, (c, chain)
            for kk in naturals:
                work[kk] += 1
        memo[key] = (best_w, best_chain)
        return best_w, best_chain


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


def fitting_cards(
    counts: Sequence[int], table: Sequence[TableMeld], rules: Rules
) -> dict[int, list[tuple[int, str | None]]]:
    """Cards of a hand that fit the table: kind -> [(meld index, how)].

    ``how`` is an end ("low"/"high") for a run, ``None`` for a set's missing suit, or
    ``"swap"`` when the card frees the joker standing for it. Jokers are not listed (a
    joker fits any run end with room, see :func:`scala40.engine.melds.lay_off`).
    """
    out: dict[int, list[tuple[int, str | None]]] = {}
    for t, meld in enumerate(table):
        for k, hows in fit_map(meld, rules).items():
            if counts[k]:
                out.setdefault(k, []).extend((t, h) for h in hows)
    return out


def counts_of(cards: Sequence[int]) -> list[int]:
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    return counts


__all__ = [
    "Candidate",
    "OpeningAnalysis",
    "Solution",
    "best_opening",
    "candidate_melds",
    "counts_of",
    "doubles",
    "fitting_cards",
    "held_levels",
    "held_levels_by_loop",
    "least_penalty",
    "meld_bound",
    "meld_spec",
    "meldable_bits",
    "melds_with",
    "opening_within_reach",
    "presence",
    "solve",
]
