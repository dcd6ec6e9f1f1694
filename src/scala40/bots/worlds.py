"""Worlds a search deals: the unseen cards dealt again, consistent with the others' play.

A search must never read a hidden card, so it imagines the others' hands: the engine's
:func:`~scala40.engine.views.resample` deals every card the seat cannot see at random.
What the table has seen still says something about those hands, and a world that
contradicts it misleads the search (see :func:`deal_consistent`); a world that fits it
badly is dealt less often than one that fits it well (:func:`belief`).
"""

from __future__ import annotations

import random

from scala40.bots.reading import goes_with
from scala40.engine.analysis import best_opening, solve
from scala40.engine.cards import JOKER
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample

MAX_DEALS = 40
"""Deals tried for a world consistent with what the others did before taking one as is."""

READ_CARDS = 6
"""An opened player's hidden cards at most for :func:`belief` to read its hand: few
enough that one card fed to it may take it out, which is where reading pays."""

READ_FROM = 3
"""Hidden cards at least for :func:`belief`: a card that goes with two hidden cards says
little about a hand of two, which must keep whatever it holds (measured: as likely in
the real hands as in uniform worlds)."""

READ_TURNS = 4
"""The reader's own latest turns read: older ones speak of cards long since laid."""

THREW_FIT = 0.1
"""How much less likely a world is for each card a reader threw that goes with two of its
hidden cards there. Measured on club-player heads-up self-play (3,000 hands, hands of
3-6 hidden cards, the reader's last four turns): such a card goes with the real hand 10
times less often, in odds, than with a consistent world's (0.4% against 3.2%)."""

LEFT_FIT = 0.4
"""The same for a card the reader left on the pozzo, once opened: measured 3.5 times less
often (1.0% against 3.5%; a card taken must be laid at once, a hand may wait for a better
one). 0.4 rather than 0.29 because, with 0.3, the believed worlds went on to hold such
cards 1.3 times less often than the real hands (what a player left and threw overlaps)."""


def deal_consistent(view: PlayerView, rng: random.Random, *, read: bool = True) -> Deal:
    """A world dealt by :func:`resample` in which the others' hands agree with their play.

    A uniform deal ignores what the table has seen: a player who had a turn and did not
    open cannot be holding an opening, and an opened player who had a turn would have
    laid down any meld in hand. Worlds that contradict this are dealt again (up to
    :data:`MAX_DEALS` times), so play-outs do not imagine opponents about to go out that
    the table shows are not; without it the search sheds high cards in a panic.

    On top of that, when an opened player holds a few hidden cards, its recent play says
    which cards it does not hold (:func:`belief`): a world is kept with probability its
    belief weight (rejection sampling), so the worlds dealt follow the belief without
    weights to carry through the search's paired means. If no world is kept within
    :data:`MAX_DEALS`, the likeliest consistent one dealt is taken (else the last dealt).
    ``read=False`` deals without the belief (for measuring what it adds).
    """
    readers = _readers(view) if read else []
    best: Deal | None = None
    best_weight = -1.0
    world = resample(view, rng)
    for _ in range(MAX_DEALS - 1):
        weight = belief(view, world, readers) if readers else 1.0
        kept = weight >= 1.0 or rng.random() < weight
        if (kept or weight > best_weight) and _consistent(view, world):
            if kept:
                return world
            best, best_weight = world, weight
        world = resample(view, rng)
    return world if best is None else best


def _readers(view: PlayerView) -> list[int]:
    """The others whose hands :func:`belief` reads: opened, with :data:`READ_FROM` to
    :data:`READ_CARDS` hidden cards."""
    out = []
    for p in range(len(view.seats)):
        if p == view.me or not view.opened[p]:
            continue
        hidden = view.hand_sizes[p] - len(view.known[p])
        if READ_FROM <= hidden <= READ_CARDS:
            out.append(p)
    return out


def belief(view: PlayerView, world: Deal, readers: list[int] | None = None) -> float:
    """How likely the table's play makes ``world``'s hidden hands, relative to a uniform
    deal (at most 1): each card a reader threw, or left on the pozzo once opened, in its
    latest :data:`READ_TURNS` turns lowers it (:data:`THREW_FIT`, :data:`LEFT_FIT`) if the
    card goes with two of the reader's cards in ``world``
    (:func:`~scala40.bots.reading.goes_with`). Jokers say nothing of the rest of a hand
    and are not read. Only ``view`` and ``world`` are read: no hidden card of the table."""
    weight = 1.0
    for p in _readers(view) if readers is None else readers:
        hand = world.hands[p]
        turns = 0
        for past in reversed(view.history):
            if past.player != p:
                continue
            turns += 1
            if turns > READ_TURNS or not past.opened:
                break
            left = past.offered
            if left is not None and not past.took and left < JOKER and goes_with(left, hand):
                weight *= LEFT_FIT
            if past.discard < JOKER and goes_with(past.discard, hand):
                weight *= THREW_FIT
    return weight


def _consistent(view: PlayerView, world: Deal) -> bool:
    rules = view.rules
    n = len(view.seats)
    for p in range(n):
        if p == view.me or view.turns_done <= p:
            continue  # no turn played yet: nothing to read from it
        counts = world.hands[p]
        if not view.opened[p]:
            best = best_opening(counts, rules, leave=1 if view.turns_done > n else 2)
            if best is not None and best.opens:
                return False
        elif view.hand_sizes[p] >= 4:
            sol = solve(counts, rules, objective="penalty", leave=1)
            if sol is not None and sol.melds:
                return False
    return True
