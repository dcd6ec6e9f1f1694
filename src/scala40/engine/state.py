"""One hand of Scala 40 as a state machine: draw, meld, lay off, swap, discard, go out.

A :class:`Deal` holds the whole true state (every player's cards, the stock order) and is
the only object that does; players and bots see a
:class:`~scala40.engine.views.PlayerView`. Where the current turn stands is one immutable
:class:`~scala40.engine.turn.Turn` value. Players are indexed 0..n-1 in play
order *of this deal's seats* (``seats[i]`` is the table seat); player 0 is the first to
play, on the dealer's left.

Every action is checked completely before anything changes, so a refused action
(:class:`IllegalAction`) leaves the state untouched. ``clone()`` is a cheap copy for
search: hands are count arrays, melds are immutable and shared.

This module holds the state and the code that moves cards; the rules that decide live in
their families, each asked by the hand and by the legal-action generator alike:
:mod:`~scala40.engine.opening` (§5: what opens, jokers in the opening turn),
:mod:`~scala40.engine.pozzo` (§4, §11: when the pozzo card may be taken),
:mod:`~scala40.engine.discard` (§4: which card may end the turn),
:mod:`~scala40.engine.going_out` (§7: how many cards a play may leave),
:mod:`~scala40.engine.stock` (§8: when the stock runs out), with the shapes of melds,
lay-offs and swaps in :mod:`~scala40.engine.melds` and the pack in
:mod:`~scala40.engine.pack`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from scala40.engine import discard as discard_rules
from scala40.engine import going_out
from scala40.engine import pozzo as pozzo_rules
from scala40.engine import stock as stock_rules
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
from scala40.engine.cards import JOKER, KINDS, card_name
from scala40.engine.errors import Fact, IllegalAction, Problem, Refusal
from scala40.engine.melds import (
    HIGH,
    LOW,
    TableMeld,
    all_melds_points,
    build_meld,
    fit_map,
    joker_ends,
    lay_off,
    swap_joker,
)
from scala40.engine.opening import jokers_barred, opening_refusal, swaps_barred
from scala40.engine.pack import PackCount, check_pack, count_pack
from scala40.engine.phases import DRAW, OVER, PLAY, Drew, Ending, Phase
from scala40.engine.rules import Rules
from scala40.engine.scoring import hand_penalties
from scala40.engine.turn import PastTurn, Turn, TurnStart

_FROM_POZZO: Final = Drew.POZZO
"""For the hot checks: a module global reads in ~20 ns, an enum member (``Drew.POZZO``)
in ~150 ns on Python 3.11."""


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


def _card_ok(card: object, *, natural: bool = False) -> None:
    """Refuse what is not a card kind before it can index anything."""
    top = JOKER - 1 if natural else JOKER
    if type(card) is not int or not 0 <= card <= top:
        raise IllegalAction(Refusal.BAD_CARD, f"{card!r} is not a card")


def _target_ok(target: object) -> None:
    if type(target) is not int:
        raise IllegalAction(Refusal.NO_SUCH_MELD, f"{target!r} is not a meld number")


def _spec_ok(spec: object) -> None:
    if not isinstance(spec, MeldSpec):
        raise IllegalAction(Refusal.BAD_ACTION, f"{spec!r} is not a meld")
    for c in spec.cards:
        _card_ok(c)
    for d in spec.declared:
        if d is not None:
            _card_ok(d, natural=True)


CACHE_SLOTS: Final = frozenset({"_fits"})
"""The fields of :class:`Deal` worked out from the others (what fits the table): not state."""


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
class Deal:
    """The true state of one deal of Scala 40: where every card is, and whose turn it is.

    "Hand" in the game's speech is both the deal (*la mano*) and the cards a player holds;
    here the deal is a ``Deal`` and a player's cards are ``hands[p]``. The fields are
    declared once, below (the dataclass makes them slots); :meth:`clone` copies them.
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
    def deal(
        cls,
        rules: Rules,
        deck: Sequence[int],
        seats: Sequence[int] | None = None,
        shuffle_seed: int = 0,
    ) -> Deal:
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
        self = cls.__new__(cls)
        self.rules = rules
        self.seats = seats
        self.n = n
        self.hands = hands
        self.sizes = [13] * n
        self.shuffle_seed = shuffle_seed
        self.reshuffles = 0
        first = stock.pop()
        if rules.no_joker_first_discard:
            rng = random.Random(shuffle_seed ^ 0x5CA1A40)
            while first == JOKER:
                stock.insert(rng.randrange(len(stock) + 1), first)
                first = stock.pop()
        self.stock = stock
        self.pozzo = [first]
        self.table = []
        self.opened = [False] * n
        self.known = [[0] * KINDS for _ in range(n)]
        self.turn = Turn.begin(0)
        self.turns_done = 0
        self.result = None
        self.history = ()
        self.first_free = rules.first_pozzo_free
        self.bottom_known = 0
        self._table_changed()
        return self

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
    ) -> Deal:
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
        self = cls.__new__(cls)
        self.rules = rules
        self.seats = tuple(range(n)) if seats is None else tuple(seats)
        self.n = n
        self.hands = counts
        self.sizes = [sum(h) for h in counts]
        self.stock = list(stock)
        self.pozzo = list(pozzo)
        self.table = list(table)
        self.opened = list(opened) if opened is not None else [False] * n
        self.known = [[0] * KINDS for _ in range(n)]
        for p, cards in enumerate(known or ()):
            for c in cards:
                self.known[p][c] += 1
                if self.known[p][c] > counts[p][c]:
                    raise ValueError(
                        f"player {p} is said to be known to hold {card_name(c)} but does not"
                    )
        if not self.stock:
            raise ValueError("the stock is empty: a turn starts with a card to draw")
        if not 0 <= bottom_known <= len(self.stock):
            raise ValueError(f"bottom_known must be 0 to the stock size, not {bottom_known}")
        self.turn = Turn.begin(current)
        self.turns_done = n if turns_done is None else turns_done
        self.result = None
        self.history = ()
        self.first_free = rules.first_pozzo_free and self.turns_done == 0
        self.shuffle_seed = shuffle_seed
        self.reshuffles = reshuffles
        self.bottom_known = bottom_known
        self._table_changed()
        return self

    def clone(self) -> Deal:
        """An independent copy for search (melds are immutable and shared)."""
        c = Deal.__new__(Deal)
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
        c.shuffle_seed = self.shuffle_seed
        c.reshuffles = self.reshuffles
        c.result = self.result
        c.history = self.history
        c.bottom_known = self.bottom_known
        c._fits = self._fits
        return c

    # Reading -----------------------------------------------------------------------
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

    # The one entry point -------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player, or raise :class:`IllegalAction`."""
        if self.turn.phase == OVER:
            raise IllegalAction(Refusal.HAND_OVER, "the hand is over")
        t = type(action)
        if t is DrawStock:
            self._draw_stock()
        elif t is TakePozzo:
            self._take_pozzo()
        elif t is Discard:
            assert isinstance(action, Discard)
            _card_ok(action.card)
            self._discard(action.card)
        elif t is Open:
            assert isinstance(action, Open)
            if not isinstance(action.melds, tuple | list):
                raise IllegalAction(Refusal.BAD_ACTION, "an opening lists its melds")
            for spec in action.melds:
                _spec_ok(spec)
            self._open(action.melds)
        elif t is Meld:
            assert isinstance(action, Meld)
            _spec_ok(action.meld)
            self._meld(action.meld)
        elif t is LayOff:
            assert isinstance(action, LayOff)
            _card_ok(action.card)
            _target_ok(action.target)
            if action.end not in (None, LOW, HIGH):
                raise IllegalAction(
                    Refusal.BAD_ACTION, f"an end is low or high, not {action.end!r}"
                )
            if action.declared is not None:
                _card_ok(action.declared, natural=True)
            self._lay_off(action.card, action.target, action.end, action.declared)
        elif t is SwapJoker:
            assert isinstance(action, SwapJoker)
            _card_ok(action.card)
            _target_ok(action.target)
            self._swap(action.card, action.target)
        elif t is TakeBack:
            self._take_back()
        else:
            raise IllegalAction(Refusal.UNKNOWN_ACTION, f"{action!r} is not a Scala 40 action")

    def check(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal (state untouched)."""
        probe = self.clone()
        try:
            probe.apply(action)
        except IllegalAction as err:
            return err
        return None

    # Drawing ---------------------------------------------------------------------------
    def _need_phase(self, phase: Phase) -> None:
        if self.turn.phase != phase:
            if phase == DRAW:
                raise IllegalAction(Refusal.ALREADY_DREW, "you have already drawn this turn")
            raise IllegalAction(
                Refusal.DRAW_FIRST, "draw a card first (from the stock or the pozzo)"
            )

    def _draw_stock(self) -> None:
        self._need_phase(DRAW)
        card = self.stock.pop()
        if self.bottom_known > len(self.stock):
            self.bottom_known = len(self.stock)
        p = self.turn.player
        self.hands[p][card] += 1
        self.sizes[p] += 1
        self.turn = self.turn.drawn(Drew.STOCK, self._start(p, pozzo_used=True))

    def _take_pozzo(self) -> None:
        self._need_phase(DRAW)
        refused = pozzo_rules.take_refusal(self)
        if refused is not None:
            raise refused
        self.move_pozzo_card()

    def move_pozzo_card(self) -> None:
        """Move the top pozzo card into the current player's hand, unchecked.

        ``TakePozzo`` checks first; the pozzo rules' search calls this on its probes.
        """
        p = self.turn.player
        rules = self.rules
        used = pozzo_rules.free_take(self) or rules.keep_pozzo_card
        if not self.opened[p] and rules.open_from_pozzo == "keep":
            used = True
        card = self.pozzo.pop()
        self.hands[p][card] += 1
        self.sizes[p] += 1
        self.known[p][card] += 1
        self.turn = self.turn.drawn(_FROM_POZZO, self._start(p, used), card, used)

    def _start(self, p: int, pozzo_used: bool) -> TurnStart:
        """Player ``p``'s situation right after the draw (what a take-back restores)."""
        return TurnStart(
            tuple(self.hands[p]),
            self.sizes[p],
            tuple(self.table),
            self.opened[p],
            tuple(self.known[p]),
            pozzo_used,
            len(self.stock),
        )

    # Melding ---------------------------------------------------------------------------
    def _can_meld(self) -> None:
        self._need_phase(PLAY)
        if self.turn.must_go_out:
            raise IllegalAction(
                Refusal.CHIUSURA_PENDING,
                "you laid down your hand for a chiusura in mano: discard your last card "
                "(or take back)",
            )

    def _take_from_hand(self, p: int, cards: Sequence[int]) -> list[int]:
        """Counts after removing ``cards`` from player ``p``'s hand, or raise."""
        counts = self.hands[p][:]
        for c in cards:
            counts[c] -= 1
            if counts[c] < 0:
                raise IllegalAction(
                    Refusal.NOT_IN_HAND,
                    f"you do not hold {self._copies(c, cards)}",
                    self._copies_facts(c, cards),
                )
        return counts

    @staticmethod
    def _copies_facts(c: int, cards: Sequence[int]) -> dict[str, Fact]:
        times = sum(1 for x in cards if x == c)
        return (
            {"card": c} if times == 1 else {"problem": Problem.COPIES, "card": c, "copies": times}
        )

    @staticmethod
    def _copies(c: int, cards: Sequence[int]) -> str:
        times = sum(1 for x in cards if x == c)
        return card_name(c) if times == 1 else f"{times} × {card_name(c)}"

    def _leave_check(self, left: int, laid: Sequence[int]) -> bool:
        """Refuse a play leaving ``left`` cards if §7 forbids it; ``True``: it goes out."""
        refused = going_out.leave_refusal(self, left, laid)
        if refused is not None:
            raise refused
        return left == 0

    def _open(self, specs: Sequence[MeldSpec]) -> None:
        self._can_meld()
        turn = self.turn
        p = turn.player
        rules = self.rules
        if self.opened[p]:
            raise IllegalAction(
                Refusal.ALREADY_OPENED, "you have already opened: lay melds one by one"
            )
        melds = [build_meld(s.cards, s.declared, rules) for s in specs]
        all_cards = [c for s in specs for c in s.cards]
        counts = self._take_from_hand(p, all_cards)
        left = self.sizes[p] - len(all_cards)
        refused = opening_refusal(melds, rules, whole_hand=left <= 1)
        if refused is not None:
            raise refused
        owes_pozzo = (
            turn.drew == _FROM_POZZO and not turn.pozzo_used and turn.pozzo_card not in all_cards
        )
        if owes_pozzo and rules.open_from_pozzo == "opening":
            raise IllegalAction(
                Refusal.POZZO_IN_OPENING,
                f"you took the {self.taken_name()} from the pozzo: it must be part of your opening",
            )
        goes_out = self._leave_check(left, all_cards)
        if owes_pozzo:
            probe = self.clone()
            probe._lay_opening(p, counts, all_cards, melds, left)
            if pozzo_rules.stranded_by(self, probe):
                raise IllegalAction(
                    Refusal.POZZO_STRANDED,
                    f"this opening leaves the {self.taken_name()} you took from the "
                    "pozzo with no meld or lay-off this turn",
                )
        self._lay_opening(p, counts, all_cards, melds, left)
        if goes_out:
            self._end_went_out(p, chiusura=True, without_discard=True)

    def _lay_opening(
        self, p: int, counts: list[int], laid: Sequence[int], melds: Sequence[TableMeld], left: int
    ) -> None:
        """Put a checked opening on the table."""
        self._commit_cards(p, counts, laid)
        self.opened[p] = True
        for m in melds:
            self._put_meld(m)
        # Only a chiusura in mano lays down a hand worth less than the opening.
        short = left <= 1 and all_melds_points(melds, self.rules) < self.rules.opening_points
        t = self.turn
        self.turn = t.played(
            pozzo_used=t.pozzo_used or t.pozzo_card in laid,
            jokers_owed=t.jokers_owed,
            opened=True,
            short=short,
        )

    def _commit_cards(self, p: int, counts: list[int], laid: Sequence[int]) -> None:
        """Take the laid cards out of player ``p``'s hand (``counts`` is the hand after)."""
        self.hands[p] = counts
        self.sizes[p] -= len(laid)
        known = self.known[p]
        for c in laid:
            if known[c]:
                known[c] -= 1

    def _put_meld(self, meld: TableMeld) -> None:
        if self.rules.complete_set_to_stock and not meld.is_run and len(meld.slots) == 4:
            self._to_stock_bottom(meld.cards())
        else:
            self.table.append(meld)
        self._table_changed()

    def _to_stock_bottom(self, cards: list[int]) -> None:
        """``complete_set_to_stock``: a completed set goes, face down, under the stock."""
        self.stock[0:0] = cards
        self.bottom_known += len(cards)

    def _meld(self, spec: MeldSpec) -> None:
        self._can_meld()
        p = self.turn.player
        if not self.opened[p]:
            raise IllegalAction(
                Refusal.NOT_OPENED, "you have not opened: your first melds must make an opening"
            )
        meld = build_meld(spec.cards, spec.declared, self.rules)
        if JOKER in spec.cards:
            self._joker_placement_allowed()
        counts = self._take_from_hand(p, spec.cards)
        left = self.sizes[p] - len(spec.cards)
        goes_out = self._leave_check(left, spec.cards)
        self._commit_cards(p, counts, spec.cards)
        self._count_play(spec.cards)
        self._put_meld(meld)
        if goes_out:
            self._end_went_out(p, chiusura=False, without_discard=True)

    def _joker_placement_allowed(self) -> None:
        if jokers_barred(self.rules, self.turn.opened_now):
            raise IllegalAction(
                Refusal.JOKER_IN_OPENING,
                "under these rules you may not place a joker in the turn you open",
            )

    def _count_play(self, laid: Sequence[int], *, laid_off: bool = False) -> None:
        """Count a meld or a lay-off of ``laid`` in the turn.

        Laying the card taken from the pozzo uses it; jokers laid settle the recovered
        jokers the player owes; a lay-off means going out is no chiusura in mano.
        """
        t = self.turn
        owed = t.jokers_owed
        if owed:
            owed = max(0, owed - sum(1 for c in laid if c == JOKER))
        self.turn = t.played(
            pozzo_used=t.pozzo_used or t.pozzo_card in laid, jokers_owed=owed, laid_off=laid_off
        )

    def _target(self, target: int) -> TableMeld:
        if not 0 <= target < len(self.table):
            raise IllegalAction(
                Refusal.NO_SUCH_MELD,
                f"there is no meld number {target} on the table ({len(self.table)} melds)",
            )
        return self.table[target]

    def _lay_off(self, card: int, target: int, end: str | None, declared: int | None) -> None:
        self._can_meld()
        p = self.turn.player
        if not self.opened[p]:
            raise IllegalAction(
                Refusal.NOT_OPENED, "you have not opened: lay-offs are allowed only after opening"
            )
        meld = self._target(target)
        if card == JOKER:
            self._joker_placement_allowed()
        counts = self._take_from_hand(p, (card,))
        result = lay_off(meld, card, self.rules, end, declared)
        left = self.sizes[p] - 1
        goes_out = self._leave_check(left, (card,))
        self._commit_cards(p, counts, (card,))
        self._count_play((card,), laid_off=True)
        self.table[target : target + 1] = []
        if (
            self.rules.complete_set_to_stock
            and len(result) == 1
            and not result[0].is_run
            and len(result[0].slots) == 4
        ):
            self._to_stock_bottom(result[0].cards())
        else:
            self.table[target:target] = result
        self._table_changed()
        if goes_out:
            self._end_went_out(p, chiusura=False, without_discard=True)

    def _swap(self, card: int, target: int) -> None:
        self._can_meld()
        turn = self.turn
        p = turn.player
        rules = self.rules
        if not self.opened[p]:
            raise IllegalAction(
                Refusal.NOT_OPENED, "you have not opened: no joker swap before opening"
            )
        meld = self._target(target)
        if swaps_barred(rules, turn.opened_now):
            raise IllegalAction(
                Refusal.JOKER_IN_OPENING,
                "under these rules a joker recovered in the turn you open could not be laid again",
            )
        counts = self._take_from_hand(p, (card,))
        new = swap_joker(meld, card, rules)
        counts[JOKER] += 1
        self.hands[p] = counts
        known = self.known[p]
        if known[card]:
            known[card] -= 1
        known[JOKER] += 1
        self.turn = turn.played(
            pozzo_used=turn.pozzo_used or turn.pozzo_card == card,
            jokers_owed=turn.jokers_owed + (0 if rules.keep_swapped_joker else 1),
            laid_off=True,
        )
        self.table[target] = new
        self._table_changed()

    def _take_back(self) -> None:
        self._need_phase(PLAY)
        if not self.turn.actions_now:
            raise IllegalAction(
                Refusal.NOTHING_TO_TAKE_BACK, "you have laid nothing down this turn"
            )
        start = self.turn.start
        assert start is not None and start.hand is not None
        hand = start.hand
        p = self.turn.player
        self.sizes[p] = start.size
        self.table = list(start.table)
        self.opened[p] = start.opened
        # Cards laid and taken back were seen by everyone: they are known to be in hand.
        now = self.hands[p]
        restored = list(start.known)
        for k in range(KINDS):
            returned = hand[k] - now[k]
            if returned > restored[k]:
                # Seen going down and coming back; the public cannot tell them apart from
                # copies already known, so it knows at least this many.
                restored[k] = returned
        self.hands[p] = list(hand)
        self.known[p] = restored
        extra = len(self.stock) - start.stock_len
        if extra > 0:
            del self.stock[:extra]
            self.bottom_known -= extra
        self.turn = self.turn.taken_back(start.pozzo_used)
        self._table_changed()

    # Discarding -------------------------------------------------------------------------
    def discard_ban(self, card: int) -> IllegalAction | None:
        """Why the current player may not discard ``card`` now (``None``: allowed)."""
        return discard_rules.discard_refusal(self, card)

    def can_discard(self, card: int) -> bool:
        """Whether the current player may discard ``card`` now (no reason built: fast)."""
        return discard_rules.discard_code(self, card) is None

    def _discard(self, card: int) -> None:
        ban = self.discard_ban(card)
        if ban is not None:
            raise ban
        turn = self.turn
        p = turn.player
        self.hands[p][card] -= 1
        self.sizes[p] -= 1
        if self.known[p][card]:
            self.known[p][card] -= 1
        pozzo = self.pozzo
        start = turn.start
        if turn.pozzo_card is not None:
            past = PastTurn(p, turn.pozzo_card, True, start is not None and start.opened, card)
        else:
            offered = pozzo[-1] if pozzo else None
            past = PastTurn(p, offered, False, start is not None and start.opened, card)
        self.history += (past,)
        pozzo.append(card)
        if self.sizes[p] == 0:
            # A chiusura in mano: opened this turn and laid only new melds (no lay-off, no swap).
            chiusura = turn.opened_now and not turn.laid_off_now
            self._end_went_out(p, chiusura=chiusura, without_discard=False)
            return
        self.turns_done += 1
        self.first_free = False
        ending = stock_rules.ending_before_rebuild(self)
        if ending is not None:
            self._end_counting(ending)
            return
        if not self.stock:
            self._reshuffle()
            if not self.stock:
                self._end_counting(Ending.STOCK_OUT)
                return
        self.turn = Turn.begin((p + 1) % self.n)

    def _reshuffle(self) -> None:
        """The pozzo but its top card becomes the new stock, shuffled (RULES.md §8)."""
        top = self.pozzo.pop()
        pile = self.pozzo
        self.reshuffles += 1
        stock_rules.shuffle_rebuilt(pile, self.shuffle_seed, self.reshuffles)
        self.stock = pile
        self.pozzo = [top]
        self.bottom_known = 0

    # Ending -------------------------------------------------------------------------------
    def _end_went_out(self, p: int, *, chiusura: bool, without_discard: bool) -> None:
        rules = self.rules
        doubled = without_discard and rules.go_out_without_discard == "double"
        penalties = hand_penalties(self.hands, self.opened, p, chiusura, doubled, rules)
        self._finish(p, penalties, chiusura, doubled, Ending.WENT_OUT)

    def _end_counting(self, reason: Ending) -> None:
        penalties = hand_penalties(self.hands, self.opened, None, False, False, self.rules)
        self._finish(None, penalties, False, False, reason)

    def _finish(
        self,
        winner: int | None,
        penalties: list[int],
        chiusura: bool,
        doubled: bool,
        reason: Ending,
    ) -> None:
        self.result = HandResult(
            winner,
            tuple(penalties),
            chiusura,
            doubled,
            reason,
            tuple(tuple(self.hand_cards(q)) for q in range(self.n)),
        )
        self.turn = self.turn._replace(phase=OVER)
