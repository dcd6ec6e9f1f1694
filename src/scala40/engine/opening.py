"""Whether melds laid together open (RULES.md §5): the points threshold and the joker rule.

Decides and never assigns: the hand's ``open`` action, the paper referee (``scala40
check``) and anyone else asking "does this open?" get the same answer from here, and
:func:`openings` lists every legal opening for the legal-action generator and the pozzo
rule's search alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, assert_never

from scala40.engine.actions import MeldSpec, Open
from scala40.engine.analysis import (
    JOKER_BITS,
    Candidate,
    HandKey,
    Row,
    candidates_of,
    held_levels,
    key_of,
    opening_within_reach,
)
from scala40.engine.cards import JOKER
from scala40.engine.errors import IllegalAction, Problem, Refusal
from scala40.engine.going_out import leave_code
from scala40.engine.melds import TableMeld, all_melds_points
from scala40.engine.phases import Drew
from scala40.engine.rules import Rules

if TYPE_CHECKING:
    # Type-only, and it must stay so: the hand asks this family whether melds open, and
    # :func:`openings` asks the hand (``deal.check``) about an opening that leaves the
    # pozzo card for later. That recursion (state -> pozzo -> opening -> state) is a rule
    # of Scala 40, not a layering fault; only the types close the loop.
    from scala40.engine.state import Deal

_FROM_POZZO: Final = Drew.POZZO
"""For the hot checks: a module global reads in ~20 ns, an enum member in ~150 ns."""


def jokers_barred(rules: Rules, opened_now: bool) -> bool:
    """``open_without_jokers = "strict"``: no joker may be placed anywhere (a new meld, a
    lay-off) in the turn one opens."""
    return opened_now and rules.open_without_jokers == "strict"


def swaps_barred(rules: Rules, opened_now: bool) -> bool:
    """No joker swap in the turn one opens under ``"strict"``: the recovered joker could
    not be laid again, unless ``keep_swapped_joker`` lets it stay in hand."""
    return jokers_barred(rules, opened_now) and not rules.keep_swapped_joker


def opening_code(
    points: int, plain_points: int, jokers: bool, rules: Rules, *, whole_hand: bool = False
) -> Refusal | None:
    """Why melds worth ``points`` (``plain_points`` of them in joker-free melds; ``jokers``:
    some meld holds a joker) do not open, or ``None``: the numbers alone decide, so the
    legal-action generator asks without building the melds."""
    if whole_hand:
        return None
    need = rules.opening_points
    if points < need:
        return Refusal.BELOW_OPENING
    mode = rules.open_without_jokers
    if not jokers or mode == "no":
        return None
    if mode == "strict":
        return Refusal.JOKER_IN_OPENING
    if mode == "fisca":
        return Refusal.JOKER_IN_OPENING if plain_points < need else None
    assert_never(mode)


def opening_refusal(
    melds: Sequence[TableMeld], rules: Rules, *, whole_hand: bool = False
) -> IllegalAction | None:
    """Why ``melds`` (valid each) laid together are not an opening, or ``None``.

    ``whole_hand``: the melds use every card but the discard, so the player goes out at
    once (going out in one turn needs no threshold, nor the joker-free rule).
    """
    if not melds:
        return IllegalAction(Refusal.EMPTY_OPENING, "an opening needs at least one meld")
    points = all_melds_points(melds, rules)
    plain = all_melds_points([m for m in melds if not m.jokers], rules)
    jokers = any(m.jokers for m in melds)
    code = opening_code(points, plain, jokers, rules, whole_hand=whole_hand)
    if code is None:
        return None
    need = rules.opening_points
    if code == Refusal.BELOW_OPENING:
        reason = f"an opening needs {need} points; these melds make {points}"
        return IllegalAction(code, reason, {"need": need, "points": points})
    if rules.open_without_jokers == "strict":
        reason = "under these rules you may not place a joker in the turn you open"
        return IllegalAction(code, reason, {"problem": Problem.STRICT})
    reason = (
        f"a joker may join the opening only once the joker-free melds reach {need}; "
        f"they make {plain}"
    )
    return IllegalAction(
        code, reason, {"problem": Problem.PLAIN_FIRST, "need": need, "points": plain}
    )


def openings(deal: Deal) -> list[Open]:
    """Every legal opening of the current (unopened) player, each listed once.

    Melds are combined in the order of the candidate list; a combination is an opening
    when it reaches the opening points (or lays down all but one card, a chiusura in mano,
    which needs no minimum) and passes the rules on jokers, the pozzo card and the cards
    left in hand.

    The combinations are walked depth-first in candidate order, each candidate read as
    its :attr:`~scala40.engine.analysis.Candidate.row` (worked out once and shared by
    every hand holding its cards). A node carries the
    candidates that still fit in the cards left (a child filters its parent's list, which
    shrinks fast as cards go down), so a combination costs one bit test per candidate
    that could still join it, and one that nothing extends makes no call of its own.
    """
    rules = deal.rules
    p = deal.turn.player
    counts = deal.hands[p]
    size = deal.sizes[p]
    levels = held_levels(counts)
    key = key_of(levels[0], levels[1], counts[JOKER], rules, not jokers_barred(rules, True))
    pending = deal.turn.drew == _FROM_POZZO and not deal.turn.pozzo_used
    memo: OpeningsKey | None = None
    if deal.turn.drew != _FROM_POZZO:
        memo = (
            key,
            levels[2] & key[0],
            counts[JOKER],
            size,
            deal.first_round_done,
            rules.opening_points,
            rules.open_without_jokers,
            rules.go_out_without_discard,
        )
        known = _OPENINGS.get(memo)
        if known is not None:
            return list(known)
    out = _openings(deal, key, levels, counts, size, pending)
    if memo is not None:
        if len(_OPENINGS) >= _OPENINGS_LIMIT:
            _OPENINGS.clear()
        _OPENINGS[memo] = tuple(out)
    return out


OpeningsKey = tuple[HandKey, int, int, int, bool, int, str, bool | str]
"""What the openings of a hand depend on when the card came from the stock: its candidate
melds' key, its kinds held three times (3 decks), jokers and size, whether the first round
is done, and the rules on the threshold, on jokers in it and on going out without a
discard (the last two ask :func:`~scala40.engine.going_out.leave_code` about a chiusura)."""

_OPENINGS: dict[OpeningsKey, tuple[Open, ...]] = {}
"""Each hand's openings, listed once: asked again at the next decision on an unchanged
hand (a bot's view, a search probe, an environment's mask) and at the next turn when the
card drawn and the card thrown meld with nothing."""
_OPENINGS_LIMIT = 64


def _openings(
    deal: Deal,
    key: HandKey,
    levels: tuple[int, int, int],
    counts: list[int],
    size: int,
    pending: bool,
) -> list[Open]:
    """:func:`openings`, searched (``levels``: the kinds held once, twice, three times)."""
    rules = deal.rules
    cands = candidates_of(key, rules)
    if not cands:
        return []
    rows = [c.row for c in cands]
    usable = 0
    jokers = 0
    for row in rows:
        usable |= row[0]
        jokers |= row[2]
    if not opening_within_reach(usable, counts, size, rules, jokers=jokers > 0):
        return []  # out of reach: the common answer, before any search
    search = _Search(deal, cands, rows, size, pending)
    h1, h2, h3 = levels
    wild = counts[JOKER]
    # Every candidate fits the whole hand, but a run holding both natural aces needs
    # both copies, and jokers beyond those held never fit.
    hand = ~(h1 | JOKER_BITS[wild])
    fits = search.fits
    twice = search.twice
    root = [k for k in range(len(cands)) if not (fits[k] & hand or twice[k] & ~h2)]
    search.extend(root, h1, h2, h3, wild, 0, 0, 0)
    return search.out


class _Search:
    """The depth-first walk of :func:`_openings` over one hand's candidate melds.

    An object, not nested functions: a nested function that calls itself is a reference
    cycle (it holds the cell that holds it), so every search left its hand's deal, and all
    the deal holds, for the cyclic garbage collector, which then took a tenth of random
    play; and the compiled build calls a method directly, where it called a nested
    function through Python's generic call with its integers boxed.
    """

    __slots__ = (
        "cands",
        "chosen",
        "deal",
        "doubled",
        "fits",
        "in_opening",
        "kept",
        "need",
        "out",
        "pending",
        "rows",
        "rules",
        "size",
        "specs",
        "taken",
        "twice",
        "whole_at",
    )

    def __init__(
        self, deal: Deal, cands: list[Candidate], rows: list[Row], size: int, pending: bool
    ) -> None:
        rules = deal.rules
        self.deal = deal
        self.rules = rules
        self.cands = cands
        self.rows = rows
        self.size = size
        self.pending = pending
        self.need = rules.opening_points
        self.whole_at = size - 1  # cards laid from which the rest is a chiusura in mano
        self.taken = deal.turn.pozzo_card
        self.kept = deal.turn.drew == _FROM_POZZO and not pending  # the card may stay in hand
        self.in_opening = rules.open_from_pozzo == "opening"
        self.out: list[Open] = []
        self.chosen: list[int] = []
        self.specs: list[MeldSpec | None] = [None] * len(cands)
        self.fits = [row[5] for row in rows]
        self.twice = [row[1] for row in rows]
        self.doubled = any(self.twice)

    def spelled(self) -> tuple[MeldSpec, ...]:
        """The chosen candidates as the opening's melds."""
        specs = self.specs
        cands = self.cands
        melds: list[MeldSpec] = []
        for i in self.chosen:
            spec = specs[i]
            if spec is None:
                spec = specs[i] = cands[i].spec()
            melds.append(spec)
        return tuple(melds)

    def laid(self) -> tuple[int, ...]:
        """The kinds the chosen candidates take from the hand."""
        cands = self.cands
        return tuple(k for i in self.chosen for k in cands[i].laid())

    def offer(self, points: int, plain: int, used: int) -> None:
        """Keep the chosen candidates as an opening if every rule lets them open."""
        left = self.size - used
        whole = left <= 1
        # ``plain`` < ``points`` exactly when some chosen meld holds a joker.
        if opening_code(points, plain, plain < points, self.rules, whole_hand=whole) is not None:
            return
        deal = self.deal
        taken = self.taken
        laid: tuple[int, ...] | None = None
        if whole:
            laid = self.laid()
            if leave_code(deal, left, laid) is not None:
                return
            if left == 1 and self.kept and taken not in laid and deal.check(Open(self.spelled())):
                return  # only the kept pozzo card is left, and it is no discard
        action = Open(self.spelled())
        if self.pending:
            if laid is None:
                laid = self.laid()
            # The card must be in the opening, or still have a use after it: the latter is
            # a search, left to the full check.
            if taken not in laid and (self.in_opening or deal.check(action) is not None):
                return
        self.out.append(action)

    def extend(
        self,
        fit: list[int],
        h1: int,
        h2: int,
        h3: int,
        wild: int,
        points: int,
        plain: int,
        used: int,
    ) -> None:
        """Every opening that adds candidates of ``fit`` (in order) to the chosen ones;
        ``h1``-``h3``: the kinds left once, twice, three times, ``wild`` the jokers."""
        rows = self.rows
        chosen = self.chosen
        need = self.need
        whole_at = self.whole_at
        fits = self.fits
        twice = self.twice
        doubled = self.doubled
        joker_bits = JOKER_BITS
        for at, i in enumerate(fit):
            m, m2, j, worth, n, _ = rows[i]
            pts = points + worth
            u = used + n
            a1, a2, a3 = h1 & ~(m & ~h2), h2 & ~(m & ~h3), h3 & ~m
            if m2:
                a1, a2, a3 = a1 & ~(m2 & ~a2), a2 & ~(m2 & ~a3), a3 & ~m2
            w = wild - j
            pln = plain if j else plain + worth
            chosen.append(i)
            if pts >= need or u >= whole_at:
                self.offer(pts, pln, u)
            # The candidates from this one on that still fit in the cards left.
            hand = ~(a1 | joker_bits[w])
            if not doubled:
                nxt = [k for k in fit[at:] if not fits[k] & hand]
            else:
                nxt = [k for k in fit[at:] if not (fits[k] & hand or twice[k] & ~a2)]
            if nxt:
                self.extend(nxt, a1, a2, a3, w, pts, pln, u)
            chosen.pop()
