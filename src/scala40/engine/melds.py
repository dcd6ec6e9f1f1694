"""Melds: runs and sets, their jokers' identities, points, lay-offs and joker swaps.

A :class:`TableMeld` is immutable; every change to the table builds a new one, so a state
clone can share melds freely. Runs are kept in ascending order: slot ``i`` of a run stands
for rank ``lo + i`` (rank 14 is the ace above the king). Each slot holds an *identity*
(the natural kind it is or stands for) and the ``jokers`` bit mask says which slots are
physically jokers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scala40.engine.cards import (
    ACE,
    HIGH_ACE,
    JOKER,
    SUIT_LETTERS,
    card_name,
    card_value_table,
    kind_of,
    rank_of,
    suit_of,
)
from scala40.engine.errors import IllegalAction, Problem, Refusal
from scala40.engine.figures import figures
from scala40.engine.rules import Rules

LOW: Final = "low"
HIGH: Final = "high"


class TableMeld:
    """A run or a set lying on the table."""

    __slots__ = ("_fit", "_joker_ends", "hi", "is_run", "jokers", "lo", "rank", "slots", "suit")

    def __init__(
        self,
        is_run: bool,
        suit: int,
        lo: int,
        hi: int,
        rank: int,
        slots: tuple[int, ...],
        jokers: int,
    ) -> None:
        self.is_run = is_run
        self.suit = suit
        self.lo = lo
        self.hi = hi
        self.rank = rank
        self.slots = slots
        self.jokers = jokers
        self._fit: tuple[tuple[bool, bool], dict[int, list[str | None]]] | None = None
        """What :func:`fit_map` found, and for which run rules: a meld never changes."""
        self._joker_ends: tuple[object, tuple[str | None, ...]] | None = None
        """What :func:`joker_ends` found, and for which rules."""

    # Construction -----------------------------------------------------------------
    @staticmethod
    def run(suit: int, lo: int, hi: int, joker_ranks: Sequence[int] = ()) -> TableMeld:
        mask = 0
        for r in joker_ranks:
            mask |= 1 << (r - lo)
        slots = tuple(kind_of(suit, r) for r in range(lo, hi + 1))
        return TableMeld(True, suit, lo, hi, 0, slots, mask)

    @staticmethod
    def set_of(rank: int, suits: Sequence[int], joker_suits: Sequence[int] = ()) -> TableMeld:
        """A set; ``suits`` lists every suit present, ``joker_suits`` those held by jokers."""
        ordered = sorted(suits)
        slots = tuple(kind_of(s, rank) for s in ordered)
        mask = 0
        for i, s in enumerate(ordered):
            if s in joker_suits:
                mask |= 1 << i
        return TableMeld(False, -1, 0, 0, rank, slots, mask)

    # Reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.slots)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TableMeld)
            and self.slots == other.slots
            and self.jokers == other.jokers
            and self.is_run == other.is_run
            and self.lo == other.lo
        )

    def __hash__(self) -> int:
        return hash((self.slots, self.jokers, self.is_run, self.lo))

    def __repr__(self) -> str:
        return f"TableMeld({self.text()!r})"

    @property
    def kind(self) -> str:
        return "run" if self.is_run else "set"

    @property
    def joker_count(self) -> int:
        return self.jokers.bit_count()

    def slot_rank(self, i: int) -> int:
        """Rank that slot ``i`` stands for (14 for an ace above the king)."""
        return self.lo + i if self.is_run else self.rank

    def cards(self) -> list[int]:
        """The physical cards of the meld as kinds, in table order."""
        return [JOKER if self.jokers >> i & 1 else k for i, k in enumerate(self.slots)]

    def naturals(self) -> list[int]:
        return [k for i, k in enumerate(self.slots) if not self.jokers >> i & 1]

    def joker_identities(self) -> list[int]:
        return [k for i, k in enumerate(self.slots) if self.jokers >> i & 1]

    def points(self, rules: Rules) -> int:
        return meld_points(self, card_value_table(rules.face_values))

    def has_both_natural_aces(self) -> bool:
        return (
            self.is_run
            and self.lo == ACE
            and self.hi == HIGH_ACE
            and not self.jokers & 1
            and not self.jokers >> (len(self.slots) - 1) & 1
        )

    def text(self) -> str:
        """Cards in table order; jokers as ``JK=7♥`` so their identity shows."""
        return " ".join(
            f"JK={card_name(k)}" if self.jokers >> i & 1 else card_name(k)
            for i, k in enumerate(self.slots)
        )


def meld_points(meld: TableMeld, values: tuple[int, ...]) -> int:
    if meld.is_run:
        return sum(values[meld.lo : meld.hi + 1])
    return len(meld.slots) * values[HIGH_ACE if meld.rank == ACE else meld.rank]


# Validation of a meld as laid down ------------------------------------------------------


def _refuse(reason: str, problem: Problem, **facts: int | tuple[int, ...]) -> IllegalAction:
    """An ``invalid_meld`` refusal; ``problem`` names which meld rule it breaks (the pages
    word each one), ``facts`` its specifics (``cards`` as kinds, jokers included)."""
    return IllegalAction(Refusal.INVALID_MELD, reason, {"problem": problem, **facts})


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def check_meld_shape(meld: TableMeld, rules: Rules, *, new: bool) -> None:
    """Raise unless ``meld`` obeys the joker and length limits of ``rules``.

    ``new`` marks a meld being laid from hand, which the five-card run limit caps; a run
    that grows past five by a lay-off is split instead (see :func:`lay_off`). Called for
    every meld the legal moves consider: the refusals' cards are listed only on refusal.
    """
    n = len(meld.slots)
    jokers = meld.joker_count
    if n < 3:
        raise _refuse("a meld needs at least 3 cards", Problem.TOO_FEW, cards=tuple(meld.cards()))
    if jokers == n:
        raise _refuse(
            "a meld of only jokers is never legal", Problem.ONLY_JOKERS, cards=tuple(meld.cards())
        )
    fig = figures(rules)
    if jokers > fig.max_jokers:
        allowed = "one joker" if rules.max_jokers == 1 else f"{rules.max_jokers} jokers"
        raise _refuse(
            f"a meld may hold at most {allowed}: {meld.text()}",
            Problem.TOO_MANY_JOKERS,
            cards=tuple(meld.cards()),
            allowed=rules.max_jokers,
        )
    if jokers and n - jokers < fig.natural_minimum:
        raise _refuse(
            f"a meld with jokers needs at least {rules.natural_minimum} natural cards: "
            f"{meld.text()}",
            Problem.FEW_NATURALS,
            cards=tuple(meld.cards()),
            need=rules.natural_minimum,
        )
    if meld.is_run:
        if new and n > fig.max_run:
            raise _refuse(
                f"runs may hold at most {rules.max_run} cards: {meld.text()}",
                Problem.RUN_TOO_LONG,
                cards=tuple(meld.cards()),
                allowed=rules.max_run,
            )
        if not fig.two_natural_aces_in_run and meld.has_both_natural_aces():
            raise _refuse(
                f"a run may not hold both aces as natural cards: {meld.text()}",
                Problem.TWO_ACES,
                cards=tuple(meld.cards()),
            )
    elif n > 4:
        raise _refuse(
            "a set holds at most 4 cards, one per suit",
            Problem.SET_TOO_BIG,
            cards=tuple(meld.cards()),
        )


def _run_layouts(cards: Sequence[int]) -> list[tuple[int, bool]]:
    """Every (lo, descending) reading of ``cards`` as a run that fits the naturals' ranks."""
    n = len(cards)
    first = next(i for i, c in enumerate(cards) if c != JOKER)
    r0 = rank_of(cards[first])
    options = (ACE, HIGH_ACE) if r0 == ACE else (r0,)
    layouts: list[tuple[int, bool]] = []
    for descending in (False, True):
        for r in options:
            lo = r - first if not descending else r + first - (n - 1)
            if lo < 1 or lo + n - 1 > HIGH_ACE:
                continue
            ok = True
            for i, c in enumerate(cards):
                if c == JOKER:
                    continue
                want = lo + (n - 1 - i if descending else i)
                have = rank_of(c)
                if not (have == want or (have == ACE and want == HIGH_ACE)):
                    ok = False
                    break
            if ok and (lo, descending) not in layouts:
                layouts.append((lo, descending))
    return layouts


def build_meld(
    cards: Sequence[int],
    declared: Sequence[int | None] | None = None,
    rules: Rules | None = None,
    *,
    require_set_suits: bool = True,
) -> TableMeld:
    """Validate cards laid in table order and return the meld they make.

    ``declared`` gives, position by position, the identity a joker is declared to stand
    for (``None`` where nothing was declared; naturals are ignored). In a run the joker's
    place fixes its identity, and a declaration that contradicts it makes the meld invalid.
    In a set of three the joker's suit must be declared unless ``require_set_suits`` is
    false (the referee, where the value does not depend on it). Raises
    :class:`IllegalAction` with code ``invalid_meld`` and the reason.
    """
    rules = rules or Rules()
    n = len(cards)
    decl: list[int | None] = list(declared) if declared is not None else [None] * n
    if len(decl) != n:
        raise ValueError("declared must give one entry per card")
    if n < 3:
        raise _refuse("a meld needs at least 3 cards", Problem.TOO_FEW, cards=tuple(cards))
    naturals = [c for c in cards if c != JOKER]
    if not naturals:
        raise _refuse(
            "a meld of only jokers is never legal", Problem.ONLY_JOKERS, cards=tuple(cards)
        )
    ranks = {rank_of(c) for c in naturals}
    suits = [suit_of(c) for c in naturals]
    set_like = len(ranks) == 1
    distinct = len(ranks) == len(naturals) or (
        # Both aces of a suit: A-2-...-K-A, legal only with two_natural_aces_in_run.
        len(ranks) == len(naturals) - 1 and sum(1 for c in naturals if rank_of(c) == ACE) == 2
    )
    run_like = len(set(suits)) == 1 and distinct
    joker_decl = [d for c, d in zip(cards, decl, strict=True) if c == JOKER and d is not None]
    if set_like and run_like:
        # One natural card and jokers: the declarations say which it is; a run by default.
        r = next(iter(ranks))
        if joker_decl and all(rank_of(d) == r for d in joker_decl):
            run_like = False
        else:
            set_like = False
    if set_like:
        meld = _build_set(cards, decl, naturals, require_set_suits)
    elif run_like:
        meld = _build_run(cards, decl)
    else:
        if len(ranks) == 1:
            raise _refuse(
                f"a set needs cards of different suits: {_cards_text(cards)}",
                Problem.SET_SUITS,
                cards=tuple(cards),
            )
        if len(set(suits)) == 1:
            raise _refuse(
                f"a run needs consecutive cards of one suit: {_cards_text(cards)}",
                Problem.RUN_GAP,
                cards=tuple(cards),
            )
        raise _refuse(
            f"{_cards_text(cards)} is neither a run (one suit, consecutive) "
            "nor a set (one rank, different suits)",
            Problem.NEITHER,
            cards=tuple(cards),
        )
    check_meld_shape(meld, rules, new=True)
    return meld


def selection_refusal(cards: Sequence[int], rules: Rules) -> IllegalAction | None:
    """Why ``cards``, picked from a hand in any order, make no new meld; ``None`` when some
    order of them does.

    A player's selection has no order yet: the page of the seat to move shows this reason
    while cards are selected (the VIEW lists the melds the hand can make, not why the
    others fail). :func:`build_meld` judges the cards in the order a player would lay
    them: a set as picked, a run by rank with each joker in a gap first, then at the ends
    (the ace low, then high). The first refusal is the one a player means.
    """
    naturals = sorted((c for c in cards if c != JOKER), key=rank_of)
    jokers = [c for c in cards if c == JOKER]
    orders = [list(cards)]
    if len({suit_of(c) for c in naturals}) == 1 and len({rank_of(c) for c in naturals}) > 1:
        orders = [_run_order(naturals, jokers, high) for high in (False, True)]
    first: IllegalAction | None = None
    for order in orders:
        try:
            build_meld(order, None, rules, require_set_suits=False)
        except IllegalAction as refused:
            first = first or refused
            continue
        return None
    return first


def _run_order(naturals: list[int], jokers: list[int], high_ace: bool) -> list[int]:
    """``naturals`` of one suit by rank (an ace above the king when ``high_ace``; of two
    aces, one below and one above), each gap filled with jokers while they last, the rest
    of the jokers at the high end, or the low end past the ace."""
    aces = [c for c in naturals if rank_of(c) == ACE]
    placed = [(rank_of(c), c) for c in naturals if rank_of(c) != ACE]
    if len(aces) == 2:
        placed += [(ACE, aces[0]), (HIGH_ACE, aces[1])]
    else:
        placed += [(HIGH_ACE if high_ace else ACE, c) for c in aces]
    placed.sort()
    spare = len(jokers)
    out: list[int] = []
    for i, (rank, card) in enumerate(placed):
        if i:
            gap = min(spare, max(0, rank - placed[i - 1][0] - 1))
            out.extend([JOKER] * gap)
            spare -= gap
        out.append(card)
    above = min(spare, HIGH_ACE - placed[-1][0])
    return [JOKER] * (spare - above) + out + [JOKER] * above


def _build_set(
    cards: Sequence[int], decl: Sequence[int | None], naturals: list[int], require: bool
) -> TableMeld:
    rank = rank_of(naturals[0])
    nat_suits = [suit_of(c) for c in naturals]
    if len(set(nat_suits)) != len(nat_suits):
        raise _refuse(
            f"a set needs cards of different suits: {_cards_text(cards)}",
            Problem.SET_SUITS,
            cards=tuple(cards),
        )
    if len(cards) > 4:
        raise _refuse(
            "a set holds at most 4 cards, one per suit", Problem.SET_TOO_BIG, cards=tuple(cards)
        )
    missing = [s for s in range(4) if s not in nat_suits]
    joker_suits: list[int] = []
    undeclared = 0
    for c, d in zip(cards, decl, strict=True):
        if c != JOKER:
            continue
        if d is None:
            undeclared += 1
            continue
        if rank_of(d) != rank or suit_of(d) not in missing or suit_of(d) in joker_suits:
            raise _refuse(
                f"the joker cannot be {card_name(d)} in the set {_cards_text(cards)}: "
                "it must stand for a missing suit of the same rank",
                Problem.JOKER_IN_SET,
                cards=tuple(cards),
                card=d,
            )
        joker_suits.append(suit_of(d))
    free = [s for s in missing if s not in joker_suits]
    if undeclared:
        if require and len(free) > undeclared:
            options = " or ".join(SUIT_LETTERS[s] for s in free)
            raise IllegalAction(
                Refusal.DECLARE_JOKER,
                f"say which suit the joker stands for in {_cards_text(cards)} ({options})",
            )
        joker_suits.extend(free[:undeclared])
    return TableMeld.set_of(rank, nat_suits + joker_suits, joker_suits)


def _build_run(cards: Sequence[int], decl: Sequence[int | None]) -> TableMeld:
    n = len(cards)
    suit = suit_of(next(c for c in cards if c != JOKER))
    layouts = _run_layouts(cards)
    if not layouts:
        raise _refuse(
            f"a run needs consecutive cards of one suit with no wrap (K-A-2 is not a run): "
            f"{_cards_text(cards)}",
            Problem.RUN_WRAP,
            cards=tuple(cards),
        )
    chosen: tuple[int, bool] | None = None
    for lo, descending in layouts:
        ok = True
        for i, (c, d) in enumerate(zip(cards, decl, strict=True)):
            if c == JOKER and d is not None:
                want = lo + (n - 1 - i if descending else i)
                if d != kind_of(suit, want):
                    ok = False
        if ok:
            chosen = (lo, descending)
            break
    if chosen is None:
        bad = next(d for c, d in zip(cards, decl, strict=True) if c == JOKER and d is not None)
        raise _refuse(
            f"the joker's place fixes what it stands for: it cannot be {card_name(bad)} "
            f"in {_cards_text(cards)}",
            Problem.JOKER_IN_RUN,
            cards=tuple(cards),
            card=bad,
        )
    lo, descending = chosen
    order = list(reversed(cards)) if descending else list(cards)
    joker_ranks = [lo + i for i, c in enumerate(order) if c == JOKER]
    return TableMeld.run(suit, lo, lo + n - 1, joker_ranks)


# Changing a meld on the table ------------------------------------------------------------


def _split_long_run(meld: TableMeld, rules: Rules) -> list[TableMeld]:
    """Under ``max_run_length_5`` a six-card run splits into two runs of three."""
    if not meld.is_run or len(meld.slots) <= rules.max_run:
        return [meld]
    mid = meld.lo + 3
    low = TableMeld.run(
        meld.suit, meld.lo, mid - 1, [meld.lo + i for i in range(3) if meld.jokers >> i & 1]
    )
    high = TableMeld.run(
        meld.suit,
        mid,
        meld.hi,
        [meld.lo + i for i in range(3, len(meld.slots)) if meld.jokers >> i & 1],
    )
    return [low, high]


def lay_off(
    meld: TableMeld, card: int, rules: Rules, end: str | None = None, declared: int | None = None
) -> list[TableMeld]:
    """The meld(s) that result from laying ``card`` off on ``meld``, or raise.

    A natural card goes where it belongs (an ace on a 2-…-K run needs ``end``); a joker
    goes at the named ``end`` of a run, or takes the missing suit of a set of three.
    Returns one meld, or two when a run split under ``max_run_length_5``.
    """
    new = _extended(meld, card, rules, end, declared)
    check_meld_shape(new, rules, new=False)
    return _split_long_run(new, rules)


def _extended(
    meld: TableMeld, card: int, rules: Rules, end: str | None, declared: int | None
) -> TableMeld:
    # Messages are built only on refusal: search tries many lay-offs that fail.
    if meld.is_run:
        lo, hi = meld.lo, meld.hi
        if card == JOKER:
            if declared is not None:
                # A declared identity names the end; one that fits neither end is refused.
                at_low = lo > 1 and declared == kind_of(meld.suit, lo - 1)
                at_high = hi < HIGH_ACE and declared == kind_of(meld.suit, hi + 1)
                if (
                    not (at_low or at_high)
                    or (end == LOW and not at_low)
                    or (end == HIGH and not at_high)
                ):
                    raise IllegalAction(
                        Refusal.DOES_NOT_FIT,
                        f"the joker cannot stand for {card_name(declared)} at the end of "
                        f"{meld.text()}",
                    )
                if end is None and at_low != at_high:
                    end = LOW if at_low else HIGH
            if end is None:
                if lo == 1:
                    end = HIGH
                elif hi == HIGH_ACE:
                    end = LOW
                else:
                    raise IllegalAction(
                        Refusal.CHOOSE_END,
                        f"say at which end of {meld.text()} the joker goes (low or high)",
                    )
            if end == LOW and lo > 1:
                return TableMeld(
                    True,
                    meld.suit,
                    lo - 1,
                    hi,
                    0,
                    (kind_of(meld.suit, lo - 1), *meld.slots),
                    meld.jokers << 1 | 1,
                )
            if end == HIGH and hi < HIGH_ACE:
                return TableMeld(
                    True,
                    meld.suit,
                    lo,
                    hi + 1,
                    0,
                    (*meld.slots, kind_of(meld.suit, hi + 1)),
                    meld.jokers | 1 << len(meld.slots),
                )
            raise IllegalAction(
                Refusal.NO_ROOM, f"the joker cannot go at the {end} end of {meld.text()}"
            )
        if card // 13 != meld.suit:
            raise IllegalAction(
                Refusal.DOES_NOT_FIT, f"{card_name(card)} is not of the suit of {meld.text()}"
            )
        r = card % 13 + 1
        fits_low = r == lo - 1
        fits_high = r == hi + 1 or (r == ACE and hi + 1 == HIGH_ACE)
        if fits_low and fits_high:
            if end is None:
                raise IllegalAction(
                    Refusal.CHOOSE_END,
                    f"say at which end of {meld.text()} the {card_name(card)} goes",
                )
            fits_low, fits_high = end == LOW, end == HIGH
        elif end is not None and ((end == LOW) != fits_low):
            fits_low = fits_high = False
        if fits_low:
            return TableMeld(True, meld.suit, lo - 1, hi, 0, (card, *meld.slots), meld.jokers << 1)
        if fits_high:
            return TableMeld(True, meld.suit, lo, hi + 1, 0, (*meld.slots, card), meld.jokers)
        raise IllegalAction(
            Refusal.DOES_NOT_FIT, f"{card_name(card)} does not extend the run {meld.text()}"
        )
    # A set.
    if len(meld.slots) >= 4:
        raise IllegalAction(Refusal.DOES_NOT_FIT, f"the set {meld.text()} is already complete")
    present = {k // 13 for k in meld.slots}
    missing = [s for s in range(4) if s not in present]
    if card == JOKER:
        if declared is not None and (
            rank_of(declared) != meld.rank or suit_of(declared) not in missing
        ):
            raise IllegalAction(
                Refusal.DOES_NOT_FIT,
                f"the joker cannot stand for {card_name(declared)} in {meld.text()}",
            )
        suit = suit_of(declared) if declared is not None else missing[0]
        joker_suits = [suit_of(k) for k in meld.joker_identities()] + [suit]
        return TableMeld.set_of(meld.rank, [*present, suit], joker_suits)
    if card % 13 + 1 != meld.rank:
        raise IllegalAction(
            Refusal.DOES_NOT_FIT, f"{card_name(card)} is not of the rank of {meld.text()}"
        )
    if card // 13 not in missing:
        if card in meld.joker_identities():
            raise IllegalAction(
                Refusal.DOES_NOT_FIT,
                f"the joker in {meld.text()} stands for {card_name(card)}: swap it instead",
            )
        raise IllegalAction(Refusal.DOES_NOT_FIT, f"{meld.text()} already has a {card_name(card)}")
    joker_suits = [suit_of(k) for k in meld.joker_identities()]
    return TableMeld.set_of(meld.rank, [*present, card // 13], joker_suits)


def swap_joker(meld: TableMeld, card: int, rules: Rules) -> TableMeld:
    """The meld after ``card`` replaces the joker that stands for it, or raise."""
    if card == JOKER:
        raise IllegalAction(
            Refusal.SWAP_NEEDS_NATURAL, "a joker is swapped out with a natural card"
        )
    for i, k in enumerate(meld.slots):
        if k == card and meld.jokers >> i & 1:
            new = TableMeld(
                meld.is_run,
                meld.suit,
                meld.lo,
                meld.hi,
                meld.rank,
                meld.slots,
                meld.jokers & ~(1 << i),
            )
            if new.has_both_natural_aces() and not rules.two_natural_aces_in_run:
                raise IllegalAction(
                    Refusal.INVALID_MELD,
                    f"swapping in {card_name(card)} would give {meld.text()} both aces as "
                    "natural cards",
                )
            return new
    raise IllegalAction(
        Refusal.NO_JOKER_TO_SWAP, f"no joker in {meld.text()} stands for {card_name(card)}"
    )


SWAP: Final = "swap"


def fit_map(meld: TableMeld, rules: Rules) -> dict[int, list[str | None]]:
    """Natural kinds that fit ``meld``, each with how: an end ("low"/"high"), ``None``
    (a set's missing suit) or ``"swap"`` (it frees the joker standing for it).

    Kept on the meld (melds are immutable and shared by every copy of the table): the
    answer is read again after every change to the table. Callers must not change it.
    """
    flags = (rules.max_run_length_5, rules.two_natural_aces_in_run)
    known = meld._fit
    if known is not None and known[0] == flags:
        return known[1]
    out = _fit_map(meld, rules)
    meld._fit = (flags, out)
    return out


def joker_ends(meld: TableMeld, rules: Rules) -> tuple[str | None, ...]:
    """Where a joker may be laid off on ``meld``: the run's ends (``"low"``/``"high"``)
    that take one, or ``None`` for a set of three. Kept on the meld, like :func:`fit_map`.
    """
    known = meld._joker_ends
    if known is not None and known[0] is rules:
        return known[1]
    ends: list[str | None] = []
    for end in (LOW, HIGH) if meld.is_run else (None,):
        try:
            lay_off(meld, JOKER, rules, end)
        except IllegalAction:
            continue
        ends.append(end)
    found = tuple(ends)
    meld._joker_ends = (rules, found)
    return found


def _fit_map(meld: TableMeld, rules: Rules) -> dict[int, list[str | None]]:
    out: dict[int, list[str | None]] = {}
    slots = meld.slots
    jokers = meld.jokers
    if meld.is_run:
        lo, hi, suit = meld.lo, meld.hi, meld.suit
        if lo > 1:
            out.setdefault(suit * 13 + lo - 2, []).append(LOW)
        if hi < HIGH_ACE:
            out.setdefault(suit * 13 + (hi if hi < 13 else 0), []).append(HIGH)
        if jokers:
            for i, k in enumerate(slots):
                if jokers >> i & 1:
                    out.setdefault(k, []).append(SWAP)
        exotic = rules.max_run_length_5 or (
            rules.two_natural_aces_in_run is False and (lo <= 2 and hi >= 13)
        )
        if exotic:
            # Rare shapes (a split, both aces): let the full check decide.
            for k, hows in list(out.items()):
                kept = [h for h in hows if _fits_really(meld, k, h, rules)]
                if kept:
                    out[k] = kept
                else:
                    del out[k]
        return out
    present = 0
    for k in slots:
        present |= 1 << (k // 13)
    rank0 = meld.rank - 1
    if len(slots) < 4:
        for s_ in range(4):
            if not present >> s_ & 1:
                out[s_ * 13 + rank0] = [None]
    if jokers:
        for i, k in enumerate(slots):
            if jokers >> i & 1:
                out.setdefault(k, []).append(SWAP)
    return out


def _fits_really(meld: TableMeld, card: int, how: str | None, rules: Rules) -> bool:
    try:
        if how == SWAP:
            swap_joker(meld, card, rules)
        else:
            lay_off(meld, card, rules, how)
    except IllegalAction:
        return False
    return True


def fitting_kinds(meld: TableMeld, rules: Rules) -> set[int]:
    """Natural kinds that could be laid off on, or swapped into, ``meld``."""
    return set(fit_map(meld, rules))


def all_melds_points(melds: Sequence[TableMeld], rules: Rules) -> int:
    values = card_value_table(rules.face_values)
    return sum(meld_points(m, values) for m in melds)
