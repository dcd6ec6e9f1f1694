"""Legal-action generation.

Every action is generated legal by construction: the melds a hand can form come from the
analysis (valid each, made of cards held), lay-offs and swaps from what fits the table
(:meth:`Deal.fits`, :meth:`Deal.joker_spots`), and each is then put to the same rule
functions the hand's own checks use — how many cards a play may leave
(:mod:`~scala40.engine.going_out`), whether melds open (:mod:`~scala40.engine.opening`),
which card may be discarded (:mod:`~scala40.engine.discard`), whether the pozzo may be
taken (:mod:`~scala40.engine.pozzo`). The one rare case with a search behind it (an
opening that leaves a card taken from the pozzo unused) goes through the full check.
The tests prove the generator exact by asking the checker about every generated action
and about actions drawn from a wider universe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from scala40.engine import discard as discard_rules
from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import Candidate, candidate_melds, opening_within_reach
from scala40.engine.cards import JOKER, KINDS
from scala40.engine.going_out import leave_code
from scala40.engine.melds import SWAP
from scala40.engine.opening import jokers_barred, opening_code, swaps_barred
from scala40.engine.phases import DRAW, OVER, PLAY, Drew
from scala40.engine.pozzo import may_take
from scala40.engine.rules import Rules

if TYPE_CHECKING:
    from scala40.engine.state import Deal

_DISCARDS: Final = tuple(Discard(k) for k in range(KINDS))
"""Actions are immutable values: the generator hands out shared ones where it can."""
_DRAW_STOCK: Final = DrawStock()
_TAKE_POZZO: Final = TakePozzo()
_TAKE_BACK: Final = TakeBack()
_LAY_OFFS: dict[tuple[int, int, str | None], LayOff] = {}
_SWAPS: dict[tuple[int, int], SwapJoker] = {}
_FROM_POZZO: Final = Drew.POZZO


def legal_actions(hand: Deal) -> list[Action]:
    """Every legal action of the current player, in a stable order: new melds or
    openings, then lay-offs and swaps meld by meld, then discards, then the take-back."""
    phase = hand.turn.phase
    if phase == OVER:
        return []
    if phase == DRAW:
        if may_take(hand):
            return [_DRAW_STOCK, _TAKE_POZZO]
        return [_DRAW_STOCK]
    out: list[Action] = []
    if not hand.turn.must_go_out:
        if hand.opened[hand.turn.player]:
            _add_opened_plays(hand, out)
        else:
            out.extend(openings(hand))
    discards = _DISCARDS
    out.extend([discards[k] for k in discard_rules.legal_discards(hand)])
    if hand.turn.actions_now:
        out.append(_TAKE_BACK)
    return out


def legal_discards(hand: Deal) -> list[int]:
    """Kinds the current player may discard now."""
    return discard_rules.legal_discards(hand)


def _laid(c: Candidate) -> tuple[int, ...]:
    return (*c.naturals, *(JOKER,) * c.jokers)


def opened_plays(hand: Deal) -> list[Action]:
    """The legal new melds, lay-offs and swaps of the current player, who has opened, in
    the play phase (the part of :func:`legal_actions` before the discards)."""
    out: list[Action] = []
    if hand.turn.phase == PLAY and not hand.turn.must_go_out and hand.opened[hand.turn.player]:
        _add_opened_plays(hand, out)
    return out


def _add_opened_plays(hand: Deal, out: list[Action]) -> None:
    """New melds, lay-offs and swaps of a player who has opened (RULES.md §3, §6)."""
    rules = hand.rules
    p = hand.turn.player
    counts = hand.hands[p]
    size = hand.sizes[p]
    strict_now = jokers_barred(rules, hand.turn.opened_now)
    for c in candidate_melds(counts, rules, jokers=not strict_now):
        left = size - len(c.naturals) - c.jokers
        if left <= 1 and leave_code(hand, left, _laid(c)) is not None:
            continue
        out.append(c.action())
    table = hand.table
    if not table:
        return
    by_meld: list[list[Action]] = [[] for _ in table]
    fits = hand.fits()
    single = size - 1
    may_swap = not swaps_barred(rules, hand.turn.opened_now)
    lay_offs = _LAY_OFFS
    for k, spots in sorted(fits.items()):
        if not counts[k]:
            continue
        lay_ok = single > 1 or leave_code(hand, single, (k,)) is None
        for t, how in spots:
            if how == SWAP:
                if may_swap:
                    key2 = (k, t)
                    swap = _SWAPS.get(key2)
                    if swap is None:
                        swap = _SWAPS[key2] = SwapJoker(k, t)
                    by_meld[t].append(swap)
            elif lay_ok:
                end = how if k % 13 == 0 and table[t].is_run else None
                key = (k, t, end)
                action = lay_offs.get(key)
                if action is None:
                    action = lay_offs[key] = LayOff(k, t, end)
                by_meld[t].append(action)
    if (
        counts[JOKER]
        and not strict_now
        and (single > 1 or leave_code(hand, single, (JOKER,)) is None)
    ):
        for t, end in hand.joker_spots():
            key = (JOKER, t, end)
            action = lay_offs.get(key)
            if action is None:
                action = lay_offs[key] = LayOff(JOKER, t, end)
            by_meld[t].append(action)
    for actions in by_meld:
        out.extend(actions)


def openings(hand: Deal) -> list[Open]:
    """Every legal opening of the current (unopened) player, each listed once.

    Melds are combined in the order of the candidate list; a combination is an opening
    when it reaches the opening points (or lays down all but one card, a chiusura in mano,
    which needs no minimum) and passes the rules on jokers, the pozzo card and the cards
    left in hand.
    """
    rules = hand.rules
    p = hand.turn.player
    counts = hand.hands[p]
    size = hand.sizes[p]
    cands = candidate_melds(counts, rules, jokers=not jokers_barred(rules, True))
    need = rules.opening_points
    if not cands or not _may_open(cands, counts, size, rules):
        return []
    pending = hand.turn.drew == _FROM_POZZO and not hand.turn.pozzo_used
    taken = hand.turn.pozzo_card
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
            laid = tuple(k for c in chosen for k in _laid(c))
            if leave_code(hand, left, laid) is not None:
                return
        action = Open(tuple([c.spec() for c in chosen]))
        if pending:
            if laid is None:
                laid = tuple(k for c in chosen for k in _laid(c))
            # The card must be in the opening, or still have a use after it: the latter is
            # a search, left to the full check.
            if taken not in laid and (in_opening or hand.check(action) is not None):
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
