"""A simple, honest player that plays the obvious move and nothing cleverer.

It opens the moment its best opening reaches the threshold, then sheds penalty as fast as
the rules allow: the melds that take the most penalty out of hand, then every natural
card that fits the table. It takes the pozzo only when opened and the card can be laid
off at once, and discards its costliest card that no planned meld needs. It is
stateless: every call re-reads the view, so the game loop may ask it at any point of a
turn. Every action is checked in a determinized world before it is returned; when the
plan has no legal move it falls back on a random legal one, so it never plays illegally.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scala40.bots.base import any_legal, first_legal, world_of
from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import best_opening, solve
from scala40.engine.cards import JOKER, KINDS, penalty_table
from scala40.engine.discard import legal_discards
from scala40.engine.legal import legal_actions
from scala40.engine.melds import HIGH, LOW, SWAP
from scala40.engine.phases import DRAW
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView


class GreedyBot:
    """Open as soon as possible, then lay down the most penalty; discard the costliest."""

    name = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        world = world_of(view, rng)
        if view.phase == DRAW:
            wanted: Action = TakePozzo() if _pozzo_lays_off(view, world) else DrawStock()
            return first_legal(world, (wanted, DrawStock())) or any_legal(world, rng)
        for action in _plan(view, world):
            if world.check(action) is None and not _cornered(world, action):
                return action
        return _way_out(world, rng)


def _cornered(world: Deal, action: Action) -> bool:
    """After ``action`` only a take-back is legal (say the last card is a joker a house rule
    will not let go on the pozzo). The bot is stateless: after the take-back it would plan
    the same cards again, and the turn would never end."""
    if isinstance(action, Discard):
        return False
    after = world.clone()
    after.apply(action)
    left = legal_actions(after)
    return bool(left) and all(isinstance(a, TakeBack) for a in left)


def _way_out(world: Deal, rng: random.Random) -> Action:
    """A random legal action when the plan has none: one that leaves the turn a way to end
    if there is one, a take-back only when nothing else is legal."""
    actions = legal_actions(world)
    onward = [a for a in actions if not isinstance(a, TakeBack) and not _cornered(world, a)]
    return rng.choice(onward) if onward else any_legal(world, rng)


def _pozzo_lays_off(view: PlayerView, world: Deal) -> bool:
    """Opened, and the pozzo's top card is a natural with a plain lay-off (no swap)."""
    if not view.opened[view.me] or not view.pozzo:
        return False
    top = view.pozzo[-1]
    return top != JOKER and any(how != SWAP for _, how in world.fits().get(top, ()))


def _leave(view: PlayerView) -> int:
    """Cards to keep: one for the discard, two before everyone has played a turn."""
    return 1 if view.turns_done >= len(view.seats) else 2


def _plan(view: PlayerView, world: Deal) -> Iterator[Action]:
    """Candidate actions of the play phase, best first (the caller keeps the first legal)."""
    if not view.turn.must_go_out:
        if view.turn.pozzo_card is not None and not view.turn.pozzo_used:
            yield from _uses(view, world, view.turn.pozzo_card)
        if view.turn.jokers_owed:
            yield from _uses(view, world, JOKER)
        if view.opened[view.me]:
            yield from _opened_moves(view, world)
        else:
            yield from _openings(view, world)
    yield from _discards(view, world)


def _openings(view: PlayerView, world: Deal) -> Iterator[Action]:
    counts = world.hands[world.current]
    rules = view.rules
    best = best_opening(counts, rules, leave=_leave(view))
    if best is not None and best.opens:
        yield Open(best.solution.specs())
    if view.turns_done >= len(view.seats):
        # A chiusura in mano: the whole hand but the discard, worth any points.
        whole = solve(counts, rules, objective="penalty", leave=1)
        if whole is not None and whole.melds and whole.cards_left == 1:
            yield Open(whole.specs())


def _opened_moves(view: PlayerView, world: Deal) -> Iterator[Action]:
    counts = world.hands[world.current]
    rules = view.rules
    sol = solve(counts, rules, objective="penalty", leave=_leave(view))
    if sol is not None:
        yield from (Meld(spec) for spec in sol.specs())
    if rules.keep_swapped_joker:
        # The joker comes to hand to stay: a free upgrade of a natural card.
        for card, where in world.fits().items():
            if counts[card]:
                yield from (SwapJoker(card, t) for t, how in where if how == SWAP)
    pay = penalty_table(rules.face_values)
    for card in sorted(range(JOKER), key=lambda k: -pay[k]):
        if counts[card]:
            yield from _lay_offs(world, card)


def _lay_offs(world: Deal, card: int) -> Iterator[Action]:
    if card == JOKER:
        for t, meld in enumerate(world.table):
            for end in (LOW, HIGH) if meld.is_run else (None,):
                yield LayOff(JOKER, t, end)
        return
    for t, how in world.fits().get(card, ()):
        if how != SWAP:
            yield LayOff(card, t, how)


def _uses(view: PlayerView, world: Deal, card: int) -> Iterator[Action]:
    """Ways to lay ``card`` this turn: a lay-off, else a new meld (or opening) holding it."""
    yield from _lay_offs(world, card)
    counts = world.hands[world.current]
    sol = solve(counts, view.rules, objective="penalty", leave=_leave(view), must_use=card)
    if sol is None or not sol.melds:
        return
    if view.opened[view.me]:
        for spec in sol.specs():
            if card in spec.cards:
                yield Meld(spec)
    else:
        yield Open(sol.specs())


def _discards(view: PlayerView, world: Deal) -> Iterator[Action]:
    """Legal discards, costliest first, sparing the cards of the best melds in hand."""
    counts = world.hands[world.current]
    planned = [0] * KINDS
    sol = solve(counts, view.rules, leave=1)
    for meld in sol.melds if sol is not None else ():
        for k in meld.cards():
            planned[k] += 1
    pay = penalty_table(view.rules.face_values)
    legal = legal_discards(world)
    legal.sort(key=lambda k: (counts[k] > planned[k], pay[k], k), reverse=True)
    yield from (Discard(k) for k in legal)
