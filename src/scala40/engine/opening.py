"""Whether melds laid together open (RULES.md §5): the points threshold and the joker rule.

Decides and never assigns: the hand's ``open`` action, the paper referee (``scala40
check``) and anyone else asking "does this open?" get the same answer from here, and
:func:`openings` lists every legal opening for the legal-action generator and the pozzo
rule's search alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, assert_never

from scala40.engine.actions import Open
from scala40.engine.analysis import Candidate, candidate_melds, opening_within_reach
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
    """
    rules = deal.rules
    p = deal.turn.player
    counts = deal.hands[p]
    size = deal.sizes[p]
    cands = candidate_melds(counts, rules, jokers=not jokers_barred(rules, True))
    need = rules.opening_points
    if not cands or not _may_open(cands, counts, size, rules):
        return []
    pending = deal.turn.drew == _FROM_POZZO and not deal.turn.pozzo_used
    taken = deal.turn.pozzo_card
    in_opening = rules.open_from_pozzo == "opening"
    out: list[Open] = []
    chosen: list[Candidate] = []

    def offer(points: int, plain: int, used: int) -> None:
        left = size - used
        whole = left <= 1
        # ``plain`` < ``points`` exactly when some chosen meld holds a joker.
        if opening_code(points, plain, plain < points, rules, whole_hand=whole) is not None:
            return
        laid: tuple[int, ...] | None = None
        if whole:
            laid = tuple(k for c in chosen for k in c.laid())
            if leave_code(deal, left, laid) is not None:
                return
        action = Open(tuple([c.spec() for c in chosen]))
        if pending:
            if laid is None:
                laid = tuple(k for c in chosen for k in c.laid())
            # The card must be in the opening, or still have a use after it: the latter is
            # a search, left to the full check.
            if taken not in laid and (in_opening or deal.check(action) is not None):
                return
        out.append(action)

    n = len(cands)
    masks = [c.mask for c in cands]
    wilds = [c.jokers for c in cands]
    worth = [c.points for c in cands]
    sizes = [len(c.naturals) + c.jokers for c in cands]
    twice = [c.mask2 for c in cands]

    def extend(
        start: int, h1: int, h2: int, h3: int, wild: int, points: int, plain: int, used: int
    ) -> None:
        if chosen and (points >= need or size - used <= 1):
            offer(points, plain, used)
        for i in range(start, n):
            m = masks[i]
            j = wilds[i]
            if m & ~h1 or j > wild:
                continue
            a1, a2, a3 = h1 & ~(m & ~h2), h2 & ~(m & ~h3), h3 & ~m
            m2 = twice[i]
            if m2:
                if m2 & ~a1:
                    continue
                a1, a2, a3 = a1 & ~(m2 & ~a2), a2 & ~(m2 & ~a3), a3 & ~m2
            chosen.append(cands[i])
            extend(
                i,
                a1,
                a2,
                a3,
                wild - j,
                points + worth[i],
                plain if j else plain + worth[i],
                used + sizes[i],
            )
            chosen.pop()

    extend(0, *_levels(counts), counts[JOKER], 0, 0, 0)
    return out


def _may_open(cands: list[Candidate], counts: list[int], size: int, rules: Rules) -> bool:
    """:func:`opening_within_reach` for the cards the candidate melds use: it rules most
    hands out before the search."""
    usable = 0
    jokers = False
    for c in cands:
        usable |= c.mask
        jokers = jokers or c.jokers > 0
    return opening_within_reach(usable, counts, size, rules, jokers=jokers)


def _levels(counts: list[int]) -> tuple[int, int, int]:
    """A hand's natural cards as three bit sets: kinds held once or more, twice or more,
    three times (a pack has at most three copies of a card)."""
    one = two = three = 0
    for k in range(JOKER):
        n = counts[k]
        if n:
            bit = 1 << k
            one |= bit
            if n > 1:
                two |= bit
                if n > 2:
                    three |= bit
    return one, two, three
