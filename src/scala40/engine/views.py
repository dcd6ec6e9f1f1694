"""What one seat may know, what anyone may know, and determinization of the rest.

This module is the one place where hidden information is cut out of the true state.
:meth:`PlayerView.of` builds a seat's view from the true :class:`Deal`: the seat's own
cards and public facts only (others' card counts, cards publicly known to be in their
hands, the pozzo, the table, the stock size). :meth:`PlayerView.public` builds, from the
same ``Deal`` and by the same code, the view of someone with no cards at all (a seat
eliminated from the match, a watcher, a panel showing only what the whole table knows).
Nothing else builds a view from a true state: the server, the TUI and the bots read
these (the server also decodes a view from its own JSON, which holds only a view); the
RL encoder's fast path reads the true hand, and its tests hold it equal to the encoding
of these views. A view is never made by taking one seat's view and blanking its cards:
that is how a field added later leaks.
:func:`resample` deals the unseen cards at random into a full ``Deal`` consistent with a
seat's view, for determinized search; it reads nothing but the view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import compress
from operator import mul
from typing import Final

from scala40.engine.cards import JOKER, KINDS, pack_counts
from scala40.engine.match import Match
from scala40.engine.melds import TableMeld
from scala40.engine.native import NATIVE
from scala40.engine.phases import PLAY, Phase
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.turn import PastTurn, Turn

_set: Final = object.__setattr__
"""How a frozen dataclass sets its fields in its constructor."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of a hand in progress, or anyone's (:meth:`public`)."""

    rules: Rules
    seat: int
    """The viewing table seat; for a public view a seat out of the hand, or -1."""
    seats: tuple[int, ...]
    """Seats in this hand's play order (index = player)."""
    me: int
    """This seat's player index in the hand; -1 in a public view."""
    hand: tuple[int, ...]
    """Own cards as sorted kinds; empty in a public view."""
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    """Cards each player is publicly known to hold (taken from the pozzo, recovered jokers)."""
    pozzo: tuple[int, ...]
    table: tuple[TableMeld, ...]
    stock_size: int
    stock_bottom: tuple[int, ...]
    """Cards everyone saw go under the stock, still there (complete_set_to_stock)."""
    opened: tuple[bool, ...]
    turn: Turn
    """The current turn, the same value the deal holds; its ``start`` keeps the current
    player's hand at the draw only in that player's own view (never in a public view)."""
    turns_done: int
    first_free: bool
    scores: tuple[int, ...] = ()
    """Match totals (per seat, or per team with partnerships); empty for a lone hand."""
    eliminated: tuple[bool, ...] = ()
    dealer: int = -1
    hand_number: int = 1
    """The hand's number in its match, from 1; a lone hand (no match) is hand 1, as the
    ``hand_over`` that ends it says: one count for every reader of a view."""
    history: tuple[PastTurn, ...] = ()
    """The finished turns of this deal, oldest first (:class:`PastTurn`): every draw's
    source, the pozzo card it left or took, every discard. Public, as at a real table."""

    def __init__(
        self,
        rules: Rules,
        seat: int,
        seats: tuple[int, ...],
        me: int,
        hand: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        known: tuple[tuple[int, ...], ...],
        pozzo: tuple[int, ...],
        table: tuple[TableMeld, ...],
        stock_size: int,
        stock_bottom: tuple[int, ...],
        opened: tuple[bool, ...],
        turn: Turn,
        turns_done: int,
        first_free: bool,
        scores: tuple[int, ...] = (),
        eliminated: tuple[bool, ...] = (),
        dealer: int = -1,
        hand_number: int = 1,
        history: tuple[PastTurn, ...] = (),
    ) -> None:
        """The dataclass's own constructor, written out: the one it generates is Python
        that a compiled build runs in the interpreter at every view (3.3 µs, most of a
        seat's view); written here, it is compiled with the class. The same fields in the
        same order with the same defaults (a test holds them to the dataclass's fields).

        Compiled, each field is stored in place: the class is native, and its frozen
        ``__setattr__`` guards the fields from outside code only (1.8 µs for the twenty
        through ``object.__setattr__``, each a generic call; 0.2 µs so). As Python,
        that would raise, so they are set as a frozen dataclass sets them."""
        if NATIVE:
            self.rules = rules  # type: ignore[misc]
            self.seat = seat  # type: ignore[misc]
            self.seats = seats  # type: ignore[misc]
            self.me = me  # type: ignore[misc]
            self.hand = hand  # type: ignore[misc]
            self.hand_sizes = hand_sizes  # type: ignore[misc]
            self.known = known  # type: ignore[misc]
            self.pozzo = pozzo  # type: ignore[misc]
            self.table = table  # type: ignore[misc]
            self.stock_size = stock_size  # type: ignore[misc]
            self.stock_bottom = stock_bottom  # type: ignore[misc]
            self.opened = opened  # type: ignore[misc]
            self.turn = turn  # type: ignore[misc]
            self.turns_done = turns_done  # type: ignore[misc]
            self.first_free = first_free  # type: ignore[misc]
            self.scores = scores  # type: ignore[misc]
            self.eliminated = eliminated  # type: ignore[misc]
            self.dealer = dealer  # type: ignore[misc]
            self.hand_number = hand_number  # type: ignore[misc]
            self.history = history  # type: ignore[misc]
            return
        _set(self, "rules", rules)
        _set(self, "seat", seat)
        _set(self, "seats", seats)
        _set(self, "me", me)
        _set(self, "hand", hand)
        _set(self, "hand_sizes", hand_sizes)
        _set(self, "known", known)
        _set(self, "pozzo", pozzo)
        _set(self, "table", table)
        _set(self, "stock_size", stock_size)
        _set(self, "stock_bottom", stock_bottom)
        _set(self, "opened", opened)
        _set(self, "turn", turn)
        _set(self, "turns_done", turns_done)
        _set(self, "first_free", first_free)
        _set(self, "scores", scores)
        _set(self, "eliminated", eliminated)
        _set(self, "dealer", dealer)
        _set(self, "hand_number", hand_number)
        _set(self, "history", history)

    @property
    def current(self) -> int:
        """The player whose turn it is (``turn.player``)."""
        return self.turn.player

    @property
    def phase(self) -> Phase:
        """The phase of the current turn (``turn.phase``)."""
        return self.turn.phase

    @property
    def my_turn(self) -> bool:
        return self.turn.player == self.me

    @property
    def is_public(self) -> bool:
        """Whether this is a public view (:meth:`public`): no player of its own, no cards."""
        return self.me < 0

    @staticmethod
    def of_match(match: Match, seat: int) -> PlayerView:
        """The view of ``seat`` in the current hand of ``match``, scores included."""
        deal = match.deal
        if seat not in deal.seats:
            raise ValueError(f"seat {seat} does not play this hand")
        return _cut(deal, seat, deal.seats.index(seat), match)

    @staticmethod
    def public_of_match(match: Match, seat: int = -1) -> PlayerView:
        """:meth:`public` for the current hand of ``match``, scores included.

        ``seat`` is a table seat that sits out this hand (eliminated) and watches it, or
        -1 for nobody in particular.
        """
        if seat in match.deal.seats:
            raise ValueError(f"seat {seat} plays this hand: its view is PlayerView.of")
        return _cut(match.deal, seat, -1, match)

    @staticmethod
    def of(deal: Deal, seat: int) -> PlayerView:
        """The view of ``seat`` (a table seat number taking part in this hand)."""
        if seat not in deal.seats:
            raise ValueError(f"seat {seat} does not play this hand")
        return _cut(deal, seat, deal.seats.index(seat))

    @staticmethod
    def public(deal: Deal, seat: int = -1) -> PlayerView:
        """What anyone may know of ``deal``: the public facts and no private card at all.

        For whoever holds no cards in this hand: a seat eliminated from the match, a
        watcher, a display of the table. ``me`` is -1, ``hand`` is empty and
        ``turn_start`` holds no hand; every other field is what every seat's view holds.
        ``seat`` is the watching table seat, which must not play this hand (a player's
        view is :meth:`of`), or -1 for nobody in particular.

        Built from the true hand by the same code as :meth:`of`, never by blanking a
        player's view, so no private field can slip through.
        """
        if seat in deal.seats:
            raise ValueError(f"seat {seat} plays this hand: its view is PlayerView.of")
        return _cut(deal, seat, -1)

    def unseen(self) -> list[int]:
        """Kinds this seat cannot place: in others' hands (not publicly known) or in the stock.

        For a public view: every player's private cards and the hidden stock."""
        global _last_unseen
        last = _last_unseen
        if last is not None and last[0] is self:
            return list(last[1])
        left = pack_counts(self.rules.decks, self.rules.joker_count)
        for k in self.hand:
            left[k] -= 1
        for k in self.pozzo:
            left[k] -= 1
        for m in self.table:
            for k in m.slots:
                left[k] -= 1
            if m.jokers:
                # Slots held by jokers stand for naturals that are not on the table.
                for k in m.joker_identities():
                    left[k] += 1
                left[JOKER] -= m.jokers.bit_count()
        for p, cards in enumerate(self.known):
            if p != self.me:
                for k in cards:
                    left[k] -= 1
        for k in self.stock_bottom:
            left[k] -= 1
        kinds = spread(left)
        _last_unseen = (self, kinds)
        return list(kinds)


_last_unseen: tuple[PlayerView, tuple[int, ...]] | None = None
"""The last view asked for its unseen cards, and the answer: a bot asks twice per decision
(dealing its world, then weighing its cards). A view never changes, so the same object
has the same answer."""


_ONE_OF: tuple[bytes, ...] = tuple(bytes((k,)) for k in range(KINDS))


def spread(counts: list[int]) -> tuple[int, ...]:
    """Kinds in order, each as many times as ``counts`` says (none if below one): in Python
    through bytes (one C pass), compiled by a loop (:mod:`~scala40.engine.native`)."""
    if NATIVE:
        return spread_by_loop(counts)
    return tuple(b"".join(map(mul, _ONE_OF, counts)))


def spread_by_loop(counts: list[int]) -> tuple[int, ...]:
    """:func:`spread` by a loop over the kinds (the compiled build's way)."""
    out: list[int] = []
    for k in range(len(counts)):
        n = counts[k]
        while n > 0:
            out.append(k)
            n -= 1
    return tuple(out)


def _held(counts: list[int]) -> tuple[int, ...]:
    """The kinds of a hand's ``counts`` (none negative), in order: in Python, ``compress``
    for a hand mostly of one card a kind, else :func:`spread`."""
    if NATIVE:
        return spread_by_loop(counts)
    kinds = tuple(compress(_KINDS, counts))
    if len(kinds) == sum(counts):
        return kinds
    return spread(counts)


_KINDS = range(KINDS)


def _cut(deal: Deal, seat: int, me: int, match: Match | None = None) -> PlayerView:
    """The view of player ``me`` of ``deal`` (table seat ``seat``), or the public view
    when ``me`` is -1: the only code that copies fields of the true state into a view.
    With ``match``, its public facts too (totals, eliminations, dealer, hand number), in
    the same constructor call: a server cuts a view per seat per move."""
    turn = deal.turn
    if me < 0 or turn.player != me:
        # The current player's hand at the draw is theirs alone.
        turn = turn.without_hand()
    return PlayerView(
        rules=deal.rules,
        seat=seat,
        seats=deal.seats,
        me=me,
        # Checked, not indexed with -1: hand_cards(-1) would be the last player's cards.
        hand=_held(deal.hands[me]) if me >= 0 else (),
        hand_sizes=tuple(deal.sizes),
        known=tuple(_held(h) if any(h) else () for h in deal.known),
        pozzo=tuple(deal.pozzo),
        table=tuple(deal.table),
        stock_size=len(deal.stock),
        stock_bottom=tuple(deal.stock[: deal.bottom_known]),
        opened=tuple(deal.opened),
        turn=turn,
        turns_done=deal.turns_done,
        first_free=deal.first_free,
        scores=() if match is None else tuple(match.totals),
        eliminated=() if match is None else tuple(match.eliminated),
        dealer=-1 if match is None else match.dealer,
        hand_number=1 if match is None else match.hand_number,
        history=deal.history,
    )


def _shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``: for a plain ``random.Random`` the very same draws and order
    (CPython's Fisher-Yates over ``_randbelow_with_getrandbits``) without a call per card."""
    if type(rng) is not random.Random or len(cards) > len(_BITS):
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(cards) - 1, 0, -1):
        # j uniform in 0..i: draw bit_length(i + 1) bits until the value is small enough.
        j = getrandbits(bits[i])
        while j > i:
            j = getrandbits(bits[i])
        cards[i], cards[j] = cards[j], cards[i]


_BITS: tuple[int, ...] = tuple((i + 1).bit_length() for i in range(512))
"""Bits drawn for a value below ``i + 1``, by ``i`` (what ``randrange(i + 1)`` draws)."""


def resample(view: PlayerView, rng: random.Random) -> Deal:
    """A full hand consistent with ``view``: the unseen cards dealt at random.

    Others get their publicly known cards plus random unseen ones up to their hand
    size; the rest forms the stock (known bottom cards kept in place). The reshuffle
    seed is drawn afresh, so nothing of the true future leaks through it.

    A public view (:meth:`PlayerView.public`) is refused with ``ValueError``: it keeps no
    player's cards, so a world dealt from it is no seat's to search or to play in.
    """
    if view.is_public:
        raise ValueError(
            "resample needs a player's view (PlayerView.of): a public view has no own hand"
        )
    pool = view.unseen()
    _shuffle(pool, rng)
    return _dealt_from(view, pool, rng.getrandbits(63))


def checking_world(view: PlayerView) -> Deal:
    """A full hand consistent with ``view``, its unseen cards dealt in a fixed order.

    For asking the engine what this seat may do in its turn: every rule of a turn reads
    only the seat's own cards and public facts (the table, the pozzo, counts), so any
    consistent world answers alike, and dealing one without a shuffle or a generator is
    cheaper than :func:`resample`. Not for search over what the others hold: there the
    worlds must be random. Refused for a public view, like :func:`resample`.
    """
    if view.is_public:
        raise ValueError(
            "checking_world needs a player's view (PlayerView.of): a public view has no hand"
        )
    return _dealt_from(view, view.unseen(), 0)


def _dealt_from(view: PlayerView, pool: list[int], shuffle_seed: int) -> Deal:
    """The world of ``view`` with ``pool`` (its unseen cards, in the order to deal them)
    dealt to the others from the end and the rest left as the stock."""
    n = len(view.seats)
    me = view.me
    hands = [[0] * KINDS for _ in range(n)]
    mine = hands[me]
    for k in view.hand:
        mine[k] += 1
    for p in range(n):
        if p == me:
            continue
        held = hands[p]
        known = view.known[p]
        for k in known:
            held[k] += 1
        need = view.hand_sizes[p] - len(known)
        if need > 0:
            # The last ``need`` cards of the pool, as popping them one by one would deal.
            cut = len(pool) - need
            if cut < 0:
                raise IndexError("the view's hand sizes exceed its unseen cards")
            for k in pool[cut:]:
                held[k] += 1
            del pool[cut:]
    stock = list(view.stock_bottom) + pool
    known_held = [[0] * KINDS for _ in range(n)]
    for p, cards in enumerate(view.known):
        for k in cards:
            known_held[p][k] += 1
    turn = view.turn
    start = turn.start
    if turn.phase == PLAY and start is not None and start.hand is None:
        # Rebuild the current player's hand at the draw from public moves since then.
        counts = hands[turn.player][:]
        for m in view.table:
            for k in m.cards():
                counts[k] += 1
        for m in start.table:
            for k in m.cards():
                counts[k] -= 1
        extra = len(stock) - start.stock_len
        for k in stock[: max(0, extra)]:
            counts[k] += 1
        turn = turn._replace(start=start._replace(hand=tuple(counts)))
    return Deal._fill(
        rules=view.rules,
        seats=view.seats,
        n=n,
        hands=hands,
        sizes=list(view.hand_sizes),
        stock=stock,
        pozzo=list(view.pozzo),
        table=list(view.table),
        opened=list(view.opened),
        known=known_held,
        turn=turn,
        turns_done=view.turns_done,
        first_free=view.first_free,
        bottom_known=len(view.stock_bottom),
        shuffle_seed=shuffle_seed,
        reshuffles=0,
        result=None,
        history=view.history,
    )
