"""What one seat may know, and determinization of everything it may not.

This module is the one place where hidden information is cut out: a :class:`PlayerView`
is built from the true :class:`Hand` and holds the seat's own cards and public facts only
(others' card counts, cards publicly known to be in their hands, the pozzo, the table,
the stock size). :func:`resample` deals the unseen cards at random into a full ``Hand``
consistent with the view, for determinized search; it reads nothing but the view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from scala40.engine.cards import KINDS, pack_counts
from scala40.engine.match import Match
from scala40.engine.melds import TableMeld
from scala40.engine.phases import Drew, Phase
from scala40.engine.rules import Rules
from scala40.engine.state import PLAY, Hand, TurnStart


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of a hand in progress."""

    rules: Rules
    seat: int
    seats: tuple[int, ...]
    """Seats in this hand's play order (index = player)."""
    me: int
    """This seat's player index in the hand."""
    hand: tuple[int, ...]
    """Own cards as sorted kinds."""
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    """Cards each player is publicly known to hold (taken from the pozzo, recovered jokers)."""
    pozzo: tuple[int, ...]
    table: tuple[TableMeld, ...]
    stock_size: int
    stock_bottom: tuple[int, ...]
    """Cards everyone saw go under the stock, still there (complete_set_to_stock)."""
    opened: tuple[bool, ...]
    current: int
    phase: Phase
    turns_done: int
    drew: Drew
    pozzo_card: int
    pozzo_used: bool
    opened_now: bool
    actions_now: int
    jokers_owed: int
    laid_off_now: bool
    must_go_out: bool
    first_free: bool
    turn_start: TurnStart | None
    """Public facts at the current player's draw (table, stock size, opened, known cards),
    plus the hand at the draw when the viewer is the current player."""
    scores: tuple[int, ...] = ()
    """Match totals (per seat, or per team with partnerships); empty for a lone hand."""
    eliminated: tuple[bool, ...] = ()
    dealer: int = -1
    hand_number: int = 0

    @property
    def my_turn(self) -> bool:
        return self.current == self.me

    @staticmethod
    def of_match(match: Match, seat: int) -> PlayerView:
        """The view of ``seat`` in the current hand of ``match``, scores included."""
        return replace(
            PlayerView.of(match.hand, seat),
            scores=tuple(match.totals),
            eliminated=tuple(match.eliminated),
            dealer=match.dealer,
            hand_number=match.hand_number,
        )

    @staticmethod
    def of(hand: Hand, seat: int) -> PlayerView:
        """The view of ``seat`` (a table seat number taking part in this hand)."""
        if seat not in hand.seats:
            raise ValueError(f"seat {seat} does not play this hand")
        me = hand.seats.index(seat)
        start = hand.snapshot
        if start is not None and hand.current != me:
            # Another player's hand at their draw is theirs alone.
            start = replace(start, hand=None)
        return PlayerView(
            rules=hand.rules,
            seat=seat,
            seats=hand.seats,
            me=me,
            hand=tuple(hand.hand_cards(me)),
            hand_sizes=tuple(hand.sizes),
            known=tuple(tuple(k for k in range(KINDS) for _ in range(h[k])) for h in hand.known),
            pozzo=tuple(hand.pozzo),
            table=tuple(hand.table),
            stock_size=len(hand.stock),
            stock_bottom=tuple(hand.stock[: hand.bottom_known]),
            opened=tuple(hand.opened),
            current=hand.current,
            phase=hand.phase,
            turns_done=hand.turns_done,
            drew=hand.drew,
            pozzo_card=hand.pozzo_card,
            pozzo_used=hand.pozzo_used,
            opened_now=hand.opened_now,
            actions_now=hand.actions_now,
            jokers_owed=hand.jokers_owed,
            laid_off_now=hand.laid_off_now,
            must_go_out=hand.must_go_out,
            first_free=hand.first_free,
            turn_start=start,
        )

    def unseen(self) -> list[int]:
        """Kinds this seat cannot place: in others' hands (not publicly known) or in the stock."""
        left = pack_counts(self.rules.decks, self.rules.joker_count)
        for k in self.hand:
            left[k] -= 1
        for k in self.pozzo:
            left[k] -= 1
        for m in self.table:
            for k in m.cards():
                left[k] -= 1
        for p, cards in enumerate(self.known):
            if p != self.me:
                for k in cards:
                    left[k] -= 1
        for k in self.stock_bottom:
            left[k] -= 1
        return [k for k in range(KINDS) for _ in range(left[k])]


def resample(view: PlayerView, rng: random.Random) -> Hand:
    """A full hand consistent with ``view``: the unseen cards dealt at random.

    Others get their publicly known cards plus random unseen ones up to their hand
    size; the rest forms the stock (known bottom cards kept in place). The reshuffle
    seed is drawn afresh, so nothing of the true future leaks through it.
    """
    pool = view.unseen()
    rng.shuffle(pool)
    n = len(view.seats)
    hands = [[0] * KINDS for _ in range(n)]
    for k in view.hand:
        hands[view.me][k] += 1
    for p in range(n):
        if p == view.me:
            continue
        for k in view.known[p]:
            hands[p][k] += 1
        need = view.hand_sizes[p] - len(view.known[p])
        for _ in range(need):
            hands[p][pool.pop()] += 1
    stock = list(view.stock_bottom) + pool
    h = Hand.__new__(Hand)
    h.rules = view.rules
    h.seats = view.seats
    h.n = n
    h.hands = hands
    h.sizes = list(view.hand_sizes)
    h.stock = stock
    h.pozzo = list(view.pozzo)
    h.table = list(view.table)
    h.opened = list(view.opened)
    h.known = [[0] * KINDS for _ in range(n)]
    for p, cards in enumerate(view.known):
        for k in cards:
            h.known[p][k] += 1
    h.current = view.current
    h.phase = view.phase
    h.turns_done = view.turns_done
    h.drew = view.drew
    h.pozzo_card = view.pozzo_card
    h.pozzo_used = view.pozzo_used
    h.opened_now = view.opened_now
    h.actions_now = view.actions_now
    h.jokers_owed = view.jokers_owed
    h.laid_off_now = view.laid_off_now
    h.must_go_out = view.must_go_out
    h.first_free = view.first_free
    h.shuffle_seed = rng.getrandbits(63)
    h.reshuffles = 0
    h.result = None
    h.bottom_known = len(view.stock_bottom)
    h._fits = None
    h.snapshot = None
    start = view.turn_start
    if view.phase == PLAY and start is not None:
        if start.hand is None:
            # Rebuild the current player's hand at the draw from public moves since then.
            counts = hands[view.current][:]
            for m in view.table:
                for k in m.cards():
                    counts[k] += 1
            for m in start.table:
                for k in m.cards():
                    counts[k] -= 1
            extra = len(stock) - start.stock_len
            for k in stock[: max(0, extra)]:
                counts[k] += 1
            start = replace(start, hand=tuple(counts))
        h.snapshot = start
    return h
