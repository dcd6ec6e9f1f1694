"""Where the cards of one deal are and whose turn it is: the fields and what they say.

A :class:`Position` holds one deal's whole true state and answers questions about it; it
moves no card. :class:`~scala40.engine.state.Deal` adds the moves (``apply``, ``check``
and the code that moves cards). The rule families that only decide (which card may end
the turn, how many cards a play may leave, when the stock runs out) are typed against
``Position``, so the types say what their docstrings say: they decide, the deal moves the
cards (python-chess's ``BaseBoard`` under ``Board``, scalachess's ``Position``).

Every way to build one (dealing, setting up, a view's world) goes through
:meth:`Position._fill`, the one place that names every field; :meth:`Position.clone`, the
hot one, copies them itself (its docstring has the numbers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Self

from scala40.engine.cards import JOKER, KINDS, card_name, card_text
from scala40.engine.melds import TableMeld, fit_map, joker_ends
from scala40.engine.pack import PackCount, check_pack, count_pack
from scala40.engine.phases import OVER, Ending, Phase
from scala40.engine.rules import Rules
from scala40.engine.turn import PastTurn, Turn


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: who went out (player index) and what everyone pays."""

    winner: int | None
    penalties: tuple[int, ...]
    chiusura_in_mano: bool
    doubled: bool
    reason: Ending
    hands: tuple[tuple[int, ...], ...]
    """Every player's cards at the end, as kinds: revealed now that the hand is over."""


CACHE_SLOTS: Final = frozenset({"_fits"})
"""The fields of :class:`Position` worked out from the others (what fits the table): not
state."""


def _check_players(
    n: int,
    current: int,
    opened: Sequence[bool] | None,
    seats: Sequence[int] | None,
    known: Sequence[Sequence[int]] | None,
    turns_done: int | None,
    reshuffles: int,
) -> None:
    """Refuse, by name, a set-up position whose players do not add up (before anything
    indexes with them and fails far from the cause)."""
    if n < 2:
        raise ValueError(f"a hand needs at least 2 players, not {n}")
    if type(current) is not int or not 0 <= current < n:
        raise ValueError(f"current must be a player 0 to {n - 1}, not {current!r}")
    if opened is not None and len(opened) != n:
        raise ValueError(f"opened must say for each of the {n} players, not {len(opened)}")
    if seats is not None:
        if len(seats) != n:
            raise ValueError(f"seats must name a seat for each of the {n} players")
        if len(set(seats)) != n or any(type(s) is not int or s < 0 for s in seats):
            raise ValueError(f"seats must be distinct seat numbers, not {list(seats)}")
    if known is not None and len(known) > n:
        raise ValueError(f"known lists {len(known)} players, but the hand has {n}")
    if turns_done is not None and turns_done < 0:
        raise ValueError(f"turns_done must be 0 or more, not {turns_done}")
    if reshuffles < 0:
        raise ValueError(f"reshuffles must be 0 or more, not {reshuffles}")


@dataclass(slots=True, init=False, eq=False, repr=False)
class Position:
    """The true state of one deal of Scala 40: where every card is, and whose turn it is.

    "Hand" in the game's speech is both the deal (*la mano*) and the cards a player holds;
    here the deal is a ``Deal`` and a player's cards are ``hands[p]``. The fields are
    declared once, below (the dataclass makes them slots); :meth:`_fill` sets them.
    """

    rules: Rules
    seats: tuple[int, ...]
    """Table seats in this deal's play order (index = player)."""
    n: int
    hands: list[list[int]]
    """Each player's cards, as counts by kind."""
    sizes: list[int]
    stock: list[int]
    """Top card last."""
    pozzo: list[int]
    """Top card last."""
    table: list[TableMeld]
    opened: list[bool]
    known: list[list[int]]
    """Cards each player is publicly known to hold (taken from the pozzo, recovered jokers)."""
    turn: Turn
    turns_done: int
    first_free: bool
    bottom_known: int
    """How many cards at the bottom of the stock everyone saw go there (complete_set_to_stock)."""
    shuffle_seed: int
    reshuffles: int
    result: HandResult | None
    history: tuple[PastTurn, ...]
    """The finished turns, oldest first: public (every view shows them)."""
    _fits: dict[int, list[tuple[int, str | None]]] | None

    # Setting up --------------------------------------------------------------------
    @classmethod
    def _fill(
        cls,
        *,
        rules: Rules,
        seats: tuple[int, ...],
        n: int,
        hands: list[list[int]],
        sizes: list[int],
        stock: list[int],
        pozzo: list[int],
        table: list[TableMeld],
        opened: list[bool],
        known: list[list[int]],
        turn: Turn,
        turns_done: int,
        first_free: bool,
        bottom_known: int,
        shuffle_seed: int,
        reshuffles: int,
        result: HandResult | None,
        history: tuple[PastTurn, ...],
        fits: dict[int, list[tuple[int, str | None]]] | None = None,
    ) -> Self:
        """A position from every field, as given (no copy, no check): the one place that
        names them all, for :meth:`deal`, :meth:`setup` and a view's world
        (:func:`~scala40.engine.views.resample`); :meth:`clone` copies them itself.
        ``fits`` is the table's cache, or ``None`` to work it out when asked."""
        self = cls.__new__(cls)
        self.rules = rules
        self.seats = seats
        self.n = n
        self.hands = hands
        self.sizes = sizes
        self.stock = stock
        self.pozzo = pozzo
        self.table = table
        self.opened = opened
        self.known = known
        self.turn = turn
        self.turns_done = turns_done
        self.first_free = first_free
        self.bottom_known = bottom_known
        self.shuffle_seed = shuffle_seed
        self.reshuffles = reshuffles
        self.result = result
        self.history = history
        self._fits = fits
        return self

    @classmethod
    def deal(
        cls,
        rules: Rules,
        deck: Sequence[int],
        seats: Sequence[int] | None = None,
        shuffle_seed: int = 0,
    ) -> Self:
        """Deal a hand from ``deck`` (kinds, top card last, as a stock is held).

        Cards go one at a time to players 0..n-1 in turn, then the next card is turned up
        on the pozzo; the rest is the stock. ``shuffle_seed`` drives any later reshuffle
        of the pozzo into a new stock, so a hand replays exactly from its deal.
        """
        seats = tuple(range(rules.players)) if seats is None else tuple(seats)
        n = len(seats)
        whole = "the deck must be the whole pack for these rules"
        check_pack(rules, deck, holder="the deck", context=whole)
        if not n >= 2:
            raise ValueError("a hand needs at least 2 players")
        stock = list(deck)
        hands = [[0] * KINDS for _ in range(n)]
        for _ in range(13):
            for p in range(n):
                hands[p][stock.pop()] += 1
        first = stock.pop()
        if rules.no_joker_first_discard:
            rng = random.Random(shuffle_seed ^ 0x5CA1A40)
            while first == JOKER:
                stock.insert(rng.randrange(len(stock) + 1), first)
                first = stock.pop()
        return cls._fill(
            rules=rules,
            seats=seats,
            n=n,
            hands=hands,
            sizes=[13] * n,
            stock=stock,
            pozzo=[first],
            table=[],
            opened=[False] * n,
            known=[[0] * KINDS for _ in range(n)],
            turn=Turn.begin(0),
            turns_done=0,
            first_free=rules.first_pozzo_free,
            bottom_known=0,
            shuffle_seed=shuffle_seed,
            reshuffles=0,
            result=None,
            history=(),
        )

    @classmethod
    def setup(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[int]],
        *,
        table: Sequence[TableMeld] = (),
        pozzo: Sequence[int] = (),
        stock: Sequence[int] | None = None,
        opened: Sequence[bool] | None = None,
        current: int = 0,
        turns_done: int | None = None,
        seats: Sequence[int] | None = None,
        shuffle_seed: int = 0,
        known: Sequence[Sequence[int]] | None = None,
        reshuffles: int = 0,
        bottom_known: int = 0,
    ) -> Self:
        """Set up any position at the start of a turn (for tests, puzzles, bug reports).

        ``hands`` lists each player's cards as kinds; ``stock`` is top-last and defaults to
        the rest of the pack, shuffled by ``shuffle_seed``. Every card of the pack must be
        somewhere exactly once per copy. ``turns_done`` defaults to a finished first round.
        ``known`` lists the cards each player is publicly known to hold (taken from the
        pozzo, recovered jokers); ``reshuffles`` and ``bottom_known`` restore the stock's
        history so a saved position plays on exactly as the game it came from.
        """
        n = len(hands)
        _check_players(n, current, opened, seats, known, turns_done, reshuffles)
        zones: list[tuple[str, Sequence[int]]] = [(f"hands[{p}]", h) for p, h in enumerate(hands)]
        zones += [(f"table[{i}]", m.cards()) for i, m in enumerate(table)]
        zones.append(("pozzo", pozzo))
        if stock is None:
            rest = check_pack(rules, zones=zones, holder="the position", whole=False).left()
            random.Random(shuffle_seed).shuffle(rest)
            stock = rest
        zones.append(("stock", stock))
        check_pack(rules, zones=zones, holder="the position")
        counts = [[0] * KINDS for _ in range(n)]
        for p, cards in enumerate(hands):
            for c in cards:
                counts[p][c] += 1
        held = [[0] * KINDS for _ in range(n)]
        for p, cards in enumerate(known or ()):
            for c in cards:
                held[p][c] += 1
                if held[p][c] > counts[p][c]:
                    raise ValueError(
                        f"player {p} is said to be known to hold {card_name(c)} but does not"
                    )
        if not stock:
            raise ValueError("the stock is empty: a turn starts with a card to draw")
        if not 0 <= bottom_known <= len(stock):
            raise ValueError(f"bottom_known must be 0 to the stock size, not {bottom_known}")
        done = n if turns_done is None else turns_done
        return cls._fill(
            rules=rules,
            seats=tuple(range(n)) if seats is None else tuple(seats),
            n=n,
            hands=counts,
            sizes=[sum(h) for h in counts],
            stock=list(stock),
            pozzo=list(pozzo),
            table=list(table),
            opened=list(opened) if opened is not None else [False] * n,
            known=held,
            turn=Turn.begin(current),
            turns_done=done,
            first_free=rules.first_pozzo_free and done == 0,
            bottom_known=bottom_known,
            shuffle_seed=shuffle_seed,
            reshuffles=reshuffles,
            result=None,
            history=(),
        )

    def clone(self) -> Self:
        """An independent copy for search (melds are immutable and shared).

        The one builder that does not go through :meth:`_fill`: search clones at every
        check, and the call with nineteen keywords cost 0.5 µs over 2.6 µs (+20%, best of
        30 timings of this method each way on Python 3.11). The property tests
        (``fingerprint`` reads every slot) fail if a field is left out here.
        """
        cls = type(self)
        c = cls.__new__(cls)
        c.rules = self.rules
        c.seats = self.seats
        c.n = self.n
        c.hands = [h[:] for h in self.hands]
        c.sizes = self.sizes[:]
        c.stock = self.stock[:]
        c.pozzo = self.pozzo[:]
        c.table = self.table[:]
        c.opened = self.opened[:]
        c.known = [h[:] for h in self.known]
        c.turn = self.turn
        c.turns_done = self.turns_done
        c.first_free = self.first_free
        c.bottom_known = self.bottom_known
        c.shuffle_seed = self.shuffle_seed
        c.reshuffles = self.reshuffles
        c.result = self.result
        c.history = self.history
        c._fits = self._fits
        return c

    # Reading -----------------------------------------------------------------------
    def __repr__(self) -> str:
        """What a player at the table could say of the deal, for debuggers and logs:
        whose turn and phase, the card counts, the pozzo's top, the melds on the table.
        No hidden card is named: a repr ends up in logs and bug reports.

        >>> from scala40.engine.cards import pack_list
        >>> from scala40.engine.state import Deal
        >>> Deal.deal(Rules.build(None, {"players": "2"}), pack_list(2, 4), None, 1)
        Deal(seat 0 to play, draw, 0 turns done; cards [13, 13], stock 81, pozzo 2S, 0 melds)
        """
        top = card_text(self.pozzo[-1]) if self.pozzo else "empty"
        state = self.result.reason.value if self.result is not None else self.phase.value
        return (
            f"{type(self).__name__}(seat {self.seats[self.current]} to play, {state}, "
            f"{self.turns_done} turns done; cards {list(self.sizes)}, stock {len(self.stock)}, "
            f"pozzo {top}, {len(self.table)} melds)"
        )

    @property
    def current(self) -> int:
        """The player whose turn it is (``turn.player``)."""
        return self.turn.player

    @property
    def phase(self) -> Phase:
        """The phase of the current turn (``turn.phase``)."""
        return self.turn.phase

    @property
    def over(self) -> bool:
        return self.turn.phase == OVER

    @property
    def first_round_done(self) -> bool:
        """Whether every player has completed one full turn (going out is allowed)."""
        return self.turns_done >= self.n

    def taken_name(self) -> str:
        """The card taken from the pozzo this turn, by name (for the reasons of refusals)."""
        taken = self.turn.pozzo_card
        return "card" if taken is None else card_name(taken)

    def hand_cards(self, player: int) -> list[int]:
        """A player's cards as a sorted list of kinds."""
        return [k for k in range(KINDS) for _ in range(self.hands[player][k])]

    def fits(self) -> dict[int, list[tuple[int, str | None]]]:
        """Natural kinds that fit the table now, each with where: (meld index, how).

        ``how`` is an end ("low"/"high") for a run, ``None`` for a set's missing suit,
        or ``"swap"`` when the card frees the joker standing for it. Cached until the
        table changes: the discard ban and every lay-off search read it.
        """
        if self._fits is None:
            out: dict[int, list[tuple[int, str | None]]] = {}
            for t, m in enumerate(self.table):
                for k, hows in fit_map(m, self.rules).items():
                    lst = out.setdefault(k, [])
                    for h in hows:
                        lst.append((t, h))
            self._fits = out
        return self._fits

    def joker_spots(self) -> list[tuple[int, str | None]]:
        """Where a joker may be laid off now: (meld index, end), the end ``None`` on a set.

        Each meld keeps its own answer (:func:`~scala40.engine.melds.joker_ends`), so this
        only gathers them.
        """
        rules = self.rules
        return [(t, end) for t, m in enumerate(self.table) for end in joker_ends(m, rules)]

    def _table_changed(self) -> None:
        """Forget what was worked out from the table (what fits it)."""
        self._fits = None

    def pack_count(self) -> PackCount:
        """Every card counted by zone against the pack: the conservation check (RULES.md §1).

        ``pack_count().exact`` holds after every action; ``pack_count().check("the hand")``
        raises :class:`~scala40.engine.errors.PackError` naming any card lost or copied
        and the zones (``hands[0]``, ``table[2]``, ``pozzo``, ``stock``) its copies are in.
        """
        zones: list[tuple[str, Sequence[int]]] = [
            (f"hands[{p}]", self.hand_cards(p)) for p in range(self.n)
        ]
        zones += [(f"table[{i}]", m.cards()) for i, m in enumerate(self.table)]
        zones += [("pozzo", self.pozzo), ("stock", self.stock)]
        return count_pack(self.rules, zones=zones)

    def card_counts(self) -> list[int]:
        """Copies of each kind across every zone (:meth:`pack_count` checks them)."""
        total = [0] * KINDS
        for h in self.hands:
            for k in range(KINDS):
                total[k] += h[k]
        for k in self.stock:
            total[k] += 1
        for k in self.pozzo:
            total[k] += 1
        for m in self.table:
            for k in m.cards():
                total[k] += 1
        return total


__all__ = ["CACHE_SLOTS", "HandResult", "Position"]
