"""Legal-action generation.

The generator proposes every action that could be legal (all melds the hand can form,
every lay-off, swap and discard, every opening) and keeps those the state's own checker
accepts, so generator and checker agree by construction; the tests prove the generator
misses nothing by asking the checker about actions drawn from a wider universe.
"""

from __future__ import annotations

from collections.abc import Iterator

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import Candidate, candidate_melds, meld_spec
from scala40.engine.cards import JOKER, KINDS
from scala40.engine.melds import HIGH, LOW
from scala40.engine.pozzo import may_take
from scala40.engine.state import DRAW, OVER, Hand


def legal_actions(hand: Hand) -> list[Action]:
    """Every legal action of the current player, in a stable order."""
    if hand.phase == OVER:
        return []
    if hand.phase == DRAW:
        out: list[Action] = [DrawStock()]
        if may_take(hand):
            out.append(TakePozzo())
        return out
    out = []
    p = hand.current
    if not hand.must_go_out:
        candidates = _melding(hand) if hand.opened[p] else iter(openings(hand))
        for a in candidates:
            if hand.check(a) is None:
                out.append(a)
    out.extend(Discard(k) for k in legal_discards(hand))
    if hand.actions_now:
        out.append(TakeBack())
    return out


def legal_discards(hand: Hand) -> list[int]:
    """Kinds the current player may discard now."""
    counts = hand.hands[hand.current]
    return [k for k in range(KINDS) if counts[k] and hand.can_discard(k)]


def lay_off_candidates(hand: Hand) -> Iterator[Action]:
    """Lay-offs and swaps worth checking for the current player (not yet filtered)."""
    counts = hand.hands[hand.current]
    for t, meld in enumerate(hand.table):
        for k in range(KINDS):
            if not counts[k]:
                continue
            if k == JOKER:
                if meld.is_run:
                    yield LayOff(JOKER, t, LOW)
                    yield LayOff(JOKER, t, HIGH)
                else:
                    yield LayOff(JOKER, t)
                continue
            if meld.is_run and k % 13 == 0:
                yield LayOff(k, t, LOW)
                yield LayOff(k, t, HIGH)
            else:
                yield LayOff(k, t)
            if k in meld.slots and meld.jokers:
                yield SwapJoker(k, t)


def _melding(hand: Hand) -> Iterator[Action]:
    counts = hand.hands[hand.current]
    for c in candidate_melds(counts, hand.rules):
        yield Meld(c.spec())
    yield from _fast_filter(hand, lay_off_candidates(hand))


def _fast_filter(hand: Hand, actions: Iterator[Action]) -> Iterator[Action]:
    """Drop natural lay-offs that cannot fit before paying for a full check."""
    fits = hand.fits()
    for a in actions:
        if isinstance(a, LayOff | SwapJoker) and a.card != JOKER and a.card not in fits:
            continue
        yield a


def openings(hand: Hand) -> list[Open]:
    """Every combination of disjoint new melds that could open (checked by the caller).

    Openings are listed once each: melds in the order of the candidate list, each
    combination worth at least the opening points, or laying down all but one card
    (a chiusura in mano, which needs no minimum).
    """
    rules = hand.rules
    counts = hand.hands[hand.current][:]
    size = hand.sizes[hand.current]
    cands = candidate_melds(counts, rules)
    need = rules.opening_points
    out: list[Open] = []
    chosen: list[Candidate] = []

    def extend(start: int, points: int, used: int) -> None:
        if chosen and (points >= need or size - used <= 1):
            out.append(Open(tuple(meld_spec(c.meld) for c in chosen)))
        for i in range(start, len(cands)):
            c = cands[i]
            if c.jokers > counts[JOKER]:
                continue
            ok = True
            for k in c.naturals:
                counts[k] -= 1
                if counts[k] < 0:
                    ok = False
            if ok:
                counts[JOKER] -= c.jokers
                chosen.append(c)
                extend(i, points + c.points, used + len(c.naturals) + c.jokers)
                chosen.pop()
                counts[JOKER] += c.jokers
            for k in c.naturals:
                counts[k] += 1

    extend(0, 0, 0)
    return out


def meld_actions(hand: Hand) -> list[MeldSpec]:
    """New melds the current (opened) player could lay now."""
    return [c.spec() for c in candidate_melds(hand.hands[hand.current], hand.rules)]
