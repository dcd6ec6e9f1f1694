"""The pozzo family (RULES.md §4, §5, §11): when the top card of the pozzo may be taken.

Taking the pozzo commits the player to using the card this turn, so a paper table makes a
player who cannot use it put it back. The program decides up front: the card may be taken
only when some sequence of the turn's legal plays uses it and still lets the turn end
(a discard, or going out). "Some sequence" matters: 8♠ laid off on 5♠6♠7♠ makes room for
the 9♠ taken; a joker won by a swap completes a new meld with the card; under
``open_from_pozzo = "any_use"`` an opening comes first and the card is laid off after it.

The functions here decide and never change the hand they are given; the search plays its
candidate sequences on clones. The common answers come from direct checks (a lay-off, a
swap, a new meld with cards from hand, the best opening); the search over sequences runs
only when those find nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final, assert_never

from scala40.engine import opening as opening_rules
from scala40.engine.actions import Action, LayOff, SwapJoker
from scala40.engine.analysis import best_opening, candidate_melds, meld_bound, melds_with, solve
from scala40.engine.cards import JOKER, card_name
from scala40.engine.discard import legal_discards
from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.melds import HIGH, LOW, SWAP, TableMeld, fit_map, lay_off, swap_joker
from scala40.engine.opening import jokers_barred
from scala40.engine.phases import Drew
from scala40.engine.rules import Rules

if TYPE_CHECKING:
    # Type-only, and it must stay so: the hand asks this family whether the pozzo may be
    # taken, and the answer plays candidate sequences on clones of the hand. That
    # recursion (state -> pozzo -> opening -> state) is a rule of Scala 40; only the types
    # close the loop.
    from scala40.engine.state import Deal

_FROM_POZZO: Final = Drew.POZZO

Fits = dict[int, list[tuple[int, str | None]]]
"""What :meth:`Deal.fits` answers: natural kind -> (meld index, how) for each place."""


def free_take(deal: Deal) -> bool:
    """``first_pozzo_free``: the first player may take the turned-up card with no duty."""
    return deal.first_free and deal.turns_done == 0 and len(deal.pozzo) == 1


def may_take(deal: Deal) -> bool:
    """Whether the current player, at the draw, may take the top pozzo card (fast: no
    reason is worded; :func:`take_refusal` says why not)."""
    return _take_code(deal) is None


def take_refusal(deal: Deal) -> IllegalAction | None:
    """Why the current player may not take the top pozzo card now (``None``: they may).

    The hand must be at its draw; the phase is the caller's check.
    """
    code = _take_code(deal)
    if code is None:
        return None
    if code == Refusal.POZZO_EMPTY:
        return IllegalAction(code, "the pozzo is empty: draw from the stock")
    name = card_name(deal.pozzo[-1])
    if code == Refusal.POZZO_UNUSABLE:
        reason = f"you can take the {name} only if you can use it this turn"
    elif code == Refusal.NOT_OPENED_POZZO:
        reason = "you have not opened: you may take the pozzo only once opened"
    else:
        what = "that uses it" if deal.rules.open_from_pozzo == "opening" else "this turn"
        reason = f"you have not opened: you may take the {name} only to open {what}"
    return IllegalAction(code, reason)


def _take_code(deal: Deal) -> Refusal | None:
    if not deal.pozzo:  # only a set-up position can have none
        return Refusal.POZZO_EMPTY
    if free_take(deal):
        return None
    card = deal.pozzo[-1]
    p = deal.turn.player
    counts = deal.hands[p][:]
    counts[card] += 1
    if deal.opened[p]:
        if usable_when_opened(deal, counts, card) or (
            _room_possible(deal, counts, card) and _used_by_a_sequence(deal, openings=False)
        ):
            return None
        return Refusal.POZZO_UNUSABLE
    rules = deal.rules
    mode = rules.open_from_pozzo
    if mode == "no":
        return Refusal.NOT_OPENED_POZZO
    leave = 1 if deal.first_round_done else 2
    if mode == "keep" and _opens_keeping(counts, card, rules):
        return None
    if mode != "opening" and mode != "any_use" and mode != "keep":
        assert_never(mode)
    opening = best_opening(counts, rules, must_use=card, leave=leave)
    if opening is not None and opening.opens:
        return None
    # ``keep`` asks less than ``any_use``: every line that uses the card is a keep line too
    # (an opening and then a lay-off of the card, a chiusura in mano with it).
    if mode != "opening" and (
        _usable_after_best_opening(deal, counts, card, leave)
        or _used_by_a_sequence(deal, openings=True)
    ):
        return None
    return Refusal.POZZO_NEEDS_OPENING


def _opens_keeping(counts: list[int], card: int, rules: Rules) -> bool:
    """``keep``: whether an opening without the taken card leaves it in hand beside a card
    to discard (the kept card may not be this turn's discard).

    After that discard the kept card is still in hand, so the first round's "nobody goes
    out yet" is met by the card itself. The lines that use the card are ``any_use``'s.
    """
    rest = counts[:]
    rest[card] -= 1
    without = best_opening(rest, rules, leave=1)
    return without is not None and without.opens


def _usable_after_best_opening(deal: Deal, counts: list[int], card: int, leave: int) -> bool:
    """``any_use``, the quick answer: the best opening without the card, then a direct use."""
    rules = deal.rules
    rest = counts[:]
    rest[card] -= 1
    opening = best_opening(rest, rules, leave=leave)
    if opening is None or not opening.opens:
        return False
    after = counts[:]
    for m in opening.melds:
        for k in m.cards():
            after[k] -= 1
    table = [*deal.table, *opening.melds]
    return usable(deal, after, card, table, leave, opening_turn=True)


def usable_when_opened(
    deal: Deal, counts: list[int], card: int, table: Sequence[TableMeld] | None = None
) -> bool:
    """Whether an opened player holding ``counts`` can use ``card`` directly this turn
    (one lay-off, swap or new meld) and still end the turn."""
    min_left = 1 if deal.first_round_done else 2
    if deal.rules.go_out_without_discard and deal.first_round_done:
        min_left = 0
    return usable(deal, counts, card, deal.table if table is None else table, min_left)


def usable(
    deal: Deal,
    counts: list[int],
    card: int,
    table: Sequence[TableMeld],
    min_left: int,
    *,
    opening_turn: bool = False,
) -> bool:
    """Whether ``card`` (in ``counts``) can be laid by one play, keeping ``min_left`` cards.

    A swap counts when the recovered joker may be kept, or can itself be laid again.
    """
    rules = deal.rules
    strict = jokers_barred(rules, opening_turn)
    size = sum(counts)
    if card != JOKER:
        for t, m in enumerate(table):
            for how in fit_map(m, rules).get(card, ()):
                if how != SWAP:
                    if size - 1 >= min_left:
                        return True
                    continue
                if rules.keep_swapped_joker:
                    return True
                if strict:
                    continue  # the recovered joker could not be laid in the opening turn
                # FISCA: the recovered joker must be laid again this turn.
                after = list(table)
                after[t] = swap_joker(m, card, rules)
                again = counts[:]
                again[card] -= 1
                again[JOKER] += 1
                if usable(deal, again, JOKER, after, min_left):
                    return True
    elif size - 1 >= min_left and not strict:
        for m in table:
            for end in (LOW, HIGH) if m.is_run else (None,):
                try:
                    lay_off(m, JOKER, rules, end)
                except IllegalAction:
                    continue
                return True
    # A new meld with cards from hand (the bound rules most hands out without a search).
    if not meld_bound(counts, card, rules):
        return False
    sol = solve(counts, rules, must_use=card, leave=min_left, jokers=not strict)
    return sol is not None and bool(sol.melds)


def stranded_by(deal: Deal, opened: Deal) -> bool:
    """Whether an opening leaves the untouched pozzo card with no use this turn.

    ``deal`` is the position before the opening, ``opened`` right after it.
    """
    p = deal.turn.player
    card = deal.turn.pozzo_card
    assert card is not None, "only an opening after a pozzo take can strand its card"
    table = opened.table
    if usable_when_opened(deal, opened.hands[p][:], card, table):
        return False
    return line_using(opened, card) is None


def kept_card_stranded(deal: Deal, opened: Deal) -> bool:
    """Whether an opening that left the card taken from the pozzo in hand (under
    ``open_from_pozzo = "keep"``, a free first take or ``keep_pozzo_card``) leaves the
    turn no way to end. The kept card is never this turn's discard, so when it
    is all the hand holds the turn ends only by using it (a lay-off that goes out under
    ``go_out_without_discard``); after an opening below the points (a chiusura in mano
    still owing its discard) not even that.

    ``deal`` is the position before the opening, ``opened`` right after it.
    """
    if legal_discards(opened):
        return False
    if opened.turn.must_go_out:
        return True
    probe = opened.clone()
    probe.turn = probe.turn._replace(pozzo_used=False)  # the search looks for a real use
    return stranded_by(deal, probe)


# The search over sequences ------------------------------------------------------------------


def _room_possible(deal: Deal, counts: list[int], card: int) -> bool:
    """A quick necessary condition for an opened player's sequence (no direct use found):
    a joker to win by a swap, or a run of the card's suit that the hand's cards and
    jokers can extend up to it. Most draws fail it, and then no search runs."""
    table = deal.table
    wild = counts[JOKER]
    for m in table:
        if m.jokers:
            for k in m.joker_identities():
                if counts[k] and k != card:
                    return True  # a swap wins a joker: a new meld or a bridge may follow
    if card == JOKER:
        return False
    suit, rank = card // 13, card % 13 + 1
    base = suit * 13
    for m in table:
        if not m.is_run or m.suit != suit:
            continue
        for at in (rank, 14) if rank == 1 else (rank,):
            if at > m.hi:
                gap = range(m.hi + 1, at)
            elif at < m.lo:
                gap = range(at + 1, m.lo)
            else:
                continue
            missing = sum(1 for r in gap if not counts[base + (r - 1) % 13])
            if len(gap) and missing <= wild:
                return True
    return False


def _used_by_a_sequence(deal: Deal, *, openings: bool) -> bool:
    """Whether, after taking the card, some sequence of legal plays uses it and the turn
    can still end. ``openings``: the player has not opened and may open first."""
    probe = deal.clone()
    probe.move_pozzo_card()
    # The search asks for a real use, whatever the keep rules say.
    probe.turn = probe.turn._replace(pozzo_used=False)
    card = probe.turn.pozzo_card
    assert card is not None
    return line_using(probe, card, openings=openings) is not None


def line_using(start: Deal, card: int, *, openings: bool = False) -> list[Action] | None:
    """Plays from ``start`` that use ``card`` (the card taken from the pozzo) and leave the
    turn free to end, found depth-first over the plays that can matter to the card, each
    position seen once; ``None``: there are none. ``openings``: the player has not opened
    and may open first.

    A position where the card is still in hand goes on only while a use remains possible
    (it fits, a joker is held, or :func:`_room_possible`); once the card is down, only a
    recovered joker (owed, or kept and barred as the discard) can keep the turn from
    ending. It answers whether the card
    may be taken, and shows a player (or a bot) that has lost its way in the turn the way
    on (:mod:`~scala40.engine.turn_end`).
    """
    return _LineSearch(start.current, card).visit(start, openings)


class _LineSearch:
    """The depth-first walk of :func:`line_using`: an object, not nested functions, since a
    nested function that calls itself is a reference cycle that left every deal it
    visited for the cyclic garbage collector (and the compiled build calls a method
    directly)."""

    __slots__ = ("card", "p", "seen")

    def __init__(self, p: int, card: int) -> None:
        self.p = p
        self.card = card
        self.seen: set[object] = set()

    def done(self, deal: Deal) -> bool:
        """The card is down and the turn may end (or the player went out)."""
        if deal.over:
            return deal.result is not None and deal.result.winner == self.p
        if not deal.turn.pozzo_used:
            return False
        return bool(legal_discards(deal))

    def visit(self, deal: Deal, may_open: bool) -> list[Action] | None:
        """A line from ``deal`` that ends :meth:`done`, or ``None``."""
        p = self.p
        card = self.card
        turn = deal.turn
        key = (
            tuple(deal.hands[p]),
            tuple(deal.table),
            turn.jokers_owed,
            deal.opened[p],
            turn.pozzo_used,
        )
        if key in self.seen:
            return None
        self.seen.add(key)
        if deal.opened[p]:
            counts = deal.hands[p]
            if turn.pozzo_used:
                # Only a joker can keep the turn from ending once the card is down: one
                # owed, or one kept (``keep_swapped_joker``) that may not be this turn's
                # discard and is all the hand holds (``done`` found no discard).
                if not (turn.jokers_owed or counts[JOKER]):
                    return None
            elif not (card in deal.fits() or counts[JOKER] or _room_possible(deal, counts, card)):
                return None
        for action in _plays(deal, card, may_open):
            after = deal.clone()
            try:
                after.apply(action)
            except IllegalAction:
                continue
            if self.done(after):
                return [action]
            if not after.over:
                rest = self.visit(after, False)
                if rest is not None:
                    return [action, *rest]
        return None


def _plays(deal: Deal, card: int, may_open: bool) -> Iterator[Action]:
    """The plays that can lead to using ``card``: using it, and what can make room for it.

    Other plays only spend cards, and can as well come after the card is down: a lay-off
    elsewhere, or away from the card, changes no end it could reach and frees no joker; a
    joker laid elsewhere only settles what the turn owes; a new meld without the card and
    a joker could have been laid with the card at the start (the direct check found none,
    and the hand only shrinks). Uses come first, so a direct answer is found at once.
    """
    p = deal.turn.player
    counts = deal.hands[p]
    rules = deal.rules
    if not deal.opened[p]:
        if may_open:
            yield from opening_rules.openings(deal)
        return
    fits = deal.fits()
    wild = counts[JOKER]
    if not deal.turn.pozzo_used:
        if counts[card]:
            yield from _placements(deal, card, fits)
            if card == JOKER:
                for c in candidate_melds(counts, rules):
                    if c.jokers:
                        yield c.action()
            elif wild:
                for c in melds_with(counts, card, rules):
                    yield c.action()
        # Room for the card: win a joker by a swap, or extend a run of its suit toward it
        # (with a natural or a joker).
        suit, rank = divmod(card, 13)
        toward: list[tuple[int, str | None]] = []
        if card != JOKER:
            for t, m in enumerate(deal.table):
                if m.is_run and m.suit == suit:
                    if rank + 1 > m.hi or rank == 0:  # an ace also goes above the K
                        toward.append((t, HIGH))
                    if rank + 1 < m.lo:
                        toward.append((t, LOW))
        for k, spots in fits.items():
            if not counts[k] or k == card:
                continue
            for t, how in spots:
                if how == SWAP:
                    yield SwapJoker(k, t)
                elif k // 13 == suit and (t, how) in toward:
                    yield LayOff(k, t, how)
        if wild:
            for t, how in toward:
                if (t, how) in deal.joker_spots():
                    yield LayOff(JOKER, t, how)
        return
    # The card is down: only a recovered joker (owed, or kept and all the hand holds) keeps
    # the turn from ending.
    if wild:
        yield from _placements(deal, JOKER, fits)
        for c in candidate_melds(counts, rules):
            if c.jokers:
                yield c.action()


def _placements(
    deal: Deal, card: int, fits: dict[int, list[tuple[int, str | None]]]
) -> Iterator[Action]:
    """Every lay-off and swap of ``card`` on the table."""
    if card == JOKER:
        for t, m in enumerate(deal.table):
            if m.is_run:
                yield LayOff(JOKER, t, LOW)
                yield LayOff(JOKER, t, HIGH)
            else:
                yield LayOff(JOKER, t)
        return
    for t, how in fits.get(card, ()):
        yield SwapJoker(card, t) if how == SWAP else LayOff(card, t, how)


__all__ = [
    "free_take",
    "kept_card_stranded",
    "line_using",
    "may_take",
    "stranded_by",
    "take_refusal",
    "usable",
    "usable_when_opened",
]
