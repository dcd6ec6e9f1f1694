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

This module holds the code that moves cards; the fields and what they say are its
:class:`~scala40.engine.position.Position`, and the rules that decide live in their
families, each asked by the hand and by the legal-action generator alike:
:mod:`~scala40.engine.opening` (§5: what opens, jokers in the opening turn),
:mod:`~scala40.engine.pozzo` (§4, §11: when the pozzo card may be taken),
:mod:`~scala40.engine.discard` (§4: which card may end the turn),
:mod:`~scala40.engine.going_out` (§7: how many cards a play may leave),
:mod:`~scala40.engine.stock` (§8: when the stock runs out), with the shapes of melds,
lay-offs and swaps in :mod:`~scala40.engine.melds` and the pack in
:mod:`~scala40.engine.pack`.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    lay_off,
    swap_joker,
)
from scala40.engine.opening import jokers_barred, opening_refusal, swaps_barred
from scala40.engine.phases import DRAW, OVER, PLAY, Drew, Ending, Phase
from scala40.engine.position import HandResult, Position
from scala40.engine.scoring import hand_penalties
from scala40.engine.turn import PastTurn, Turn, TurnStart, new_value

_FROM_POZZO: Final = Drew.POZZO
"""For the hot checks: a module global reads in ~20 ns, an enum member (``Drew.POZZO``)
in ~150 ns on Python 3.11."""


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


class Deal(Position):
    """One deal of Scala 40 that can be played: the :class:`Position` and the moves.

    Every action goes through :meth:`apply`, checked completely before anything changes;
    the rule families decide, this class moves the cards.
    """

    __slots__ = ()

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
        return new_value(
            TurnStart,
            (
                tuple(self.hands[p]),
                self.sizes[p],
                tuple(self.table),
                self.opened[p],
                tuple(self.known[p]),
                pozzo_used,
                len(self.stock),
            ),
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
        if (
            left == 1
            and turn.drew == _FROM_POZZO
            and turn.pozzo_used
            and turn.pozzo_card not in all_cards
        ):
            # The one card left is the card kept from the pozzo (``keep``, a free first
            # take, ``keep_pozzo_card``): never this turn's discard.
            probe = self.clone()
            probe._lay_opening(p, counts, all_cards, melds, left)
            if pozzo_rules.kept_card_stranded(self, probe):
                raise IllegalAction(
                    Refusal.POZZO_STRANDED,
                    f"this opening leaves you only the {self.taken_name()} you took from "
                    "the pozzo, which cannot be this turn's discard",
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
            # Opened this turn and laid only new melds: a chiusura in mano, as when the same
            # melds end with a discard (RULES.md §7, §9).
            turn = self.turn
            chiusura = turn.opened_now and not turn.laid_off_now
            self._end_went_out(p, chiusura=chiusura, without_discard=True)

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
            took = (p, turn.pozzo_card, True, start is not None and start.opened, card)
            past = new_value(PastTurn, took)
        else:
            offered = pozzo[-1] if pozzo else None
            drew = (p, offered, False, start is not None and start.opened, card)
            past = new_value(PastTurn, drew)
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
