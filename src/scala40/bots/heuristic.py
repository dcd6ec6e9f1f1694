"""A club player: plans the opening, keeps what can become melds, never feeds the next seat.

Where :class:`~scala40.bots.greedy.GreedyBot` throws away its costliest loose card, this
player weighs each card the way a good club player does at the table:

* **The opening.** Unopened, the exact solver (:func:`~scala40.engine.analysis.best_opening`)
  says what the hand can lay; cards in that plan are kept, and the cards that could still
  join it (pairs, near-runs) are valued by the points they would add toward the 40. It
  opens the turn it can, and goes down with the whole hand at once (a chiusura in mano)
  when the hand allows it. Under ``open_from_pozzo`` it takes the pozzo's top card when
  that card opens.
* **Counting cards.** Each natural exists twice (three times with three decks). A pair or
  a near-run is only worth keeping while the cards it waits on are still unseen: cards in
  the pozzo, on the table, in its own hand or publicly taken by others cannot come. A
  near-run whose missing cards are all in sight is dead and goes first.
* **The next player.** Only the next seat can take a discard. A card that fits what that
  player visibly collects (cards taken from the pozzo, :attr:`PlayerView.known`) or that
  it could lay off once opened is held back; a joker is handed over only when nothing on
  the table could take it and the next player cannot pick it up.
* **Penalty.** Loose high cards cost more the sooner the hand is likely to end (an
  opponent who has opened with few cards left); jokers (25) are laid at a run's end then,
  rather than kept for a future meld. Under ``unopened_penalty = "flat100"`` an unopened
  hand pays 100 whatever it holds, so it keeps its high cards for the opening instead.
* **Going out.** Once opened it lays every meld and lay-off but keeps one card to discard
  (never melding itself "incartato", never left holding only the card it took from the
  pozzo); down to its last cards it keeps the cheapest, or a joker that the table can take
  next turn.

Every call re-reads the view (the choice depends on the view and the random generator
only; the bot remembers nothing but a take-back it was forced into this turn), builds
only the action it wants (no enumeration of every opening), and checks it in a
determinized world (:func:`~scala40.engine.views.resample`) before returning it; when
nothing it wants is legal it defers to the greedy player, so it never plays illegally.
:meth:`HeuristicBot.hint` gives the same choice with a sentence a player can read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import sub
from typing import Final, cast

from scala40.bots.base import any_legal, world_of
from scala40.bots.greedy import GreedyBot
from scala40.bots.reasons import Reason, Why, english
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
from scala40.engine.analysis import (
    Objective,
    OpeningAnalysis,
    Solution,
    best_opening,
    candidate_melds,
    meld_bound,
    solve,
)
from scala40.engine.cards import (
    ACE,
    HIGH_ACE,
    JOKER,
    KINDS,
    card_value_table,
    penalty_table,
)
from scala40.engine.discard import legal_discards
from scala40.engine.melds import HIGH, LOW, SWAP, TableMeld
from scala40.engine.phases import DRAW, OVER, Drew
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView


@dataclass(frozen=True, slots=True)
class Style:
    """The weights behind the club player's judgement (measured against greedy).

    Values are in penalty points, the currency of the game: what keeping a card may save
    against what holding it may cost.
    """

    horizon: float = 6.0
    """Draws a hand can still expect when nobody threatens to go out."""
    pozzo_chance: float = 0.5
    """Extra chance of a missing card for a player who may take it from the pozzo."""
    tempo: float = 4.0
    """What laying one more card down is worth to an opened player, besides its penalty."""
    opening_push: float = 1.5
    """How much more a near-meld counts when it would carry the plan past the opening."""
    base_risk: float = 0.25
    """Share of a loose card's penalty counted even when nobody is close to going out."""
    feed_fit: float = 14.0
    """Handing the next (opened) player a card it can lay off."""
    feed_known: float = 16.0
    """Handing the next player a card that goes with what it took from the pozzo."""
    shed_jokers_at: float = 0.3
    """Threat (chance the hand ends soon) from which an opened player lays its jokers."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, the sentence that explains it, and the rest of the turn's plan.

    ``reasons`` are the facts behind it, one per step (the action, then each of ``then``),
    which every language words (:mod:`scala40.bots.reasons`); ``text`` is their English."""

    action: Action
    text: str
    then: tuple[Action, ...] = ()
    reasons: tuple[Reason, ...] = ()


class _Choice:
    """One action the plan offers, with why. A plain class, not a dataclass: a
    dataclass's generated constructor is Python that the compiled build runs in the
    interpreter, and the plan offers several of these a decision."""

    __slots__ = ("action", "legal", "planned", "why")

    def __init__(
        self, action: Action, why: Reason | None, planned: bool = True, legal: bool = False
    ) -> None:
        self.action = action
        self.why = why
        self.planned = planned
        """False when the plan had nothing legal and a fallback chose."""
        self.legal = legal
        """Offered by the engine's own list of legal actions (a draw from the stock in the
        draw phase, :func:`legal_discards`): legal by construction, as the legal-action
        tests prove, so the checker is not asked again."""


class HeuristicBot:
    """Plans the opening, keeps live near-melds, avoids feeding, sheds penalty in time."""

    name = "heuristic"

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()
        self.fallbacks = 0
        """Times the plan had no legal action and a fallback chose (a bug if ever > 0)."""
        self._took_back: tuple[int, int, int] | None = None
        """The turn (hand, turns done, seat) in which a fallback had to take back: the
        rest of that turn only discards, so the same corner is not entered again."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return self._decide_in(view, world_of(view, rng), rng, explain=False).action

    def hint(self, view: PlayerView, rng: random.Random) -> Hint:
        """The action this player would take, explained; in the play phase the rest of the
        turn is played out on a copy so the sentence can name the discard that follows."""
        world = world_of(view, rng)
        first = self._decide_in(view, world, rng)
        if view.phase == DRAW or isinstance(first.action, Discard | TakeBack):
            return _hint(first.action, (), [first.why])
        probe = world.clone()
        then: list[Action] = []
        whys: list[Reason | None] = []
        probe.apply(first.action)
        seat = view.seat
        for _ in range(30):
            if probe.phase == OVER or probe.phase == DRAW:
                break
            step = self._decide_in(PlayerView.of(probe, seat), probe, rng)
            then.append(step.action)
            whys.append(step.why)
            probe.apply(step.action)
            if isinstance(step.action, Discard):
                break
        return _hint(first.action, tuple(then), [first.why, *whys])

    def choose_in(self, view: PlayerView, world: Deal, rng: random.Random) -> Action:
        """:meth:`choose` in a world already dealt: a search's determinized hand, whose
        current seat sees ``view``. Saves dealing a world per decision in play-outs."""
        return self._decide_in(view, world, rng, explain=False).action

    def ranked_discards(self, view: PlayerView, world: Deal) -> list[Discard]:
        """Every legal discard of the play phase, the one this player prefers first."""
        return [
            c.action
            for c in _Decision(view, world, self.style, explain=False).discards()
            if isinstance(c.action, Discard)
        ]

    def scored_discards(self, view: PlayerView, world: Deal) -> list[tuple[Discard, float]]:
        """Every legal discard with what this player thinks of it, in penalty points
        (higher is a better discard), best first: for a player that adds its own weighing
        (:mod:`scala40.bots.expert`) without restating this one."""
        seat = _Decision(view, world, self.style, explain=False)
        return [(Discard(card), score) for score, card, _ in seat._discard_scores()]

    # Deciding -------------------------------------------------------------------------
    def _decide_in(
        self, view: PlayerView, world: Deal, rng: random.Random, *, explain: bool = True
    ) -> _Choice:
        seat = _Decision(view, world, self.style, explain=explain)
        turn = (view.hand_number, view.turns_done, view.seat)
        if view.phase == DRAW:
            plan = seat.draw()
        elif self._took_back == turn:
            plan = seat.discards()
        else:
            plan = seat.play()
        for choice in plan:
            if choice.legal or world.check(choice.action) is None:
                return choice
        # Nothing planned is legal: the plain greedy choice, or any legal action.
        self.fallbacks += 1
        fallback = GreedyBot().choose(view, rng)
        if world.check(fallback) is None:
            choice = _Choice(fallback, Reason(Why.PLAIN_CHOICE), planned=False)
        else:
            action = any_legal(world, rng)
            choice = _Choice(action, Reason(Why.PLAIN_CHOICE), planned=False)
        if isinstance(choice.action, TakeBack):
            self._took_back = turn
        return choice


def hint(view: PlayerView, rng: random.Random) -> Hint:
    """The club player's suggestion for ``view`` (a convenience over :class:`HeuristicBot`)."""
    return HeuristicBot().hint(view, rng)


# What the seat reads from the table ------------------------------------------------------


_THREAT_OPENED = {1: 0.9, 2: 0.65, 3: 0.45, 4: 0.3, 5: 0.2}
"""Chance that an opened player holding this many cards goes out within a turn or two."""

_SOLVED: dict[Rules, dict[tuple[object, ...], object]] = {}
"""The solver's answers (:func:`solve`, :func:`best_opening`) per rules. Both are pure
functions of the cards and the rules, and the same hand is asked again and again: by the
next decision of the turn, by the discard judge, in every play-out of a search."""
_SOLVED_LIMIT = 20_000

_UNKNOWN: Final = object()
"""What the memo answers for a key it does not hold (its answers may be ``None``)."""


_last_memo: tuple[Rules, dict[tuple[object, ...], object]] | None = None
"""The rules asked last and their answers: hashing the rules costs more than a lookup."""


def _memo_for(rules: Rules) -> dict[tuple[object, ...], object]:
    """The remembered answers for ``rules`` (a handful of rule sets at most are kept)."""
    global _last_memo
    last = _last_memo
    if last is not None and last[0] is rules:
        return last[1]
    memo = _SOLVED.get(rules)
    if memo is None:
        if len(_SOLVED) >= 4:
            _SOLVED.clear()
        memo = _SOLVED[rules] = {}
    _last_memo = (rules, memo)
    return memo


def _remember(
    memo: dict[tuple[object, ...], object], key: tuple[object, ...], found: object
) -> None:
    if len(memo) >= _SOLVED_LIMIT:
        memo.clear()
    memo[key] = found


def _kind_at(suit: int, pos: int) -> int:
    """The kind at run position ``pos`` (1..14, 14 being the ace above the king)."""
    return suit * 13 + (0 if pos == HIGH_ACE else pos - 1)


def _positions(kind: int) -> tuple[int, ...]:
    """Run positions of a natural kind: an ace sits at either end."""
    r = kind % 13 + 1
    return (ACE, HIGH_ACE) if r == ACE else (r,)


_OFFSET: tuple[int, ...] = tuple(0 if q == HIGH_ACE else q - 1 for q in range(15))
"""Run position -> kind within its suit (:func:`_kind_at` without the call)."""


def _others(pos: int, lo: int) -> tuple[int, int]:
    a, b, c = lo, lo + 1, lo + 2
    return (b, c) if pos == a else (a, c) if pos == b else (a, b)


_WINDOWS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(_others(pos, lo) for lo in range(max(1, pos - 2), min(pos, 12) + 1)) for pos in range(15)
)
"""For a run position, each window of three positions holding it: the other two, in order."""


def _related(a: int, b: int) -> bool:
    """Two naturals that could share a meld: same rank (other suit), or same suit within two."""
    if a == b:
        return False
    if a % 13 == b % 13:
        return True
    if a // 13 != b // 13:
        return False
    return any(abs(p - q) <= 2 for p in _positions(a) for q in _positions(b))


class _Decision:
    """One decision: the view, a determinized world to ask the checker, and derived facts."""

    def __init__(
        self, view: PlayerView, world: Deal, style: Style, *, explain: bool = True
    ) -> None:
        rules = view.rules
        self.view = view
        self.world = world
        self.rules = rules
        self.style = style
        self.me = view.me
        self.n = len(view.seats)
        self.counts = world.hands[view.me]
        self.size = view.hand_sizes[view.me]
        self.pay = penalty_table(rules.face_values)
        self.values = card_value_table(rules.face_values)
        self.opened = view.opened[view.me]
        self.round_done = view.turns_done >= self.n
        self.keep = 1 if self.round_done else 2
        """Cards to keep after laying down (one for the discard; two in the first round)."""
        self.may_meld_out = bool(rules.go_out_without_discard) and self.round_done
        self.next = (self.me + 1) % self.n
        self.explain = explain
        """Whether the sentences are wanted (a hint); a bot's choice only needs the action."""
        self._solved = _memo_for(rules)
        self._live: list[int] | None = None
        self._threat_max: float | None = None

    # Facts ------------------------------------------------------------------------------
    @property
    def live(self) -> list[int]:
        """Copies of each kind still unseen (:meth:`PlayerView.unseen`): those may come."""
        live = self._live
        if live is None:
            live = self._live = [0] * KINDS
            for k in self.view.unseen():
                live[k] += 1
        return live

    @property
    def unseen(self) -> int:
        """How many cards are unseen (at least one, it divides)."""
        return max(1, sum(self.live))

    @property
    def threat(self) -> float:
        """The highest chance that another player ends the hand within a turn or two."""
        threat = self._threat_max
        if threat is None:
            threat = self._threat_max = max(self._threat(p) for p in range(self.n) if p != self.me)
        return threat

    def _threat(self, p: int) -> float:
        """Rough chance that player ``p`` ends the hand within a turn or two."""
        v = self.view
        size = v.hand_sizes[p]
        risk = _THREAT_OPENED.get(size, 0.1) if v.opened[p] else 0.05
        if self.rules.stock_out == "end_hand" and v.stock_size <= 2 * self.n:
            risk = max(risk, 0.6)
        return risk

    def _solve(
        self,
        counts: list[int],
        objective: Objective,
        leave: int,
        must_use: int | None = None,
        jokers: bool = True,
    ) -> Solution | None:
        """:func:`solve`, remembered; ``None`` also when no meld at all can be laid (the
        callers only read a packing's melds, and an empty packing has none)."""
        key = (bytes(counts), objective, leave, must_use, jokers)
        return cast(
            Solution | None,
            self._remembered(
                key,
                counts,
                lambda: solve(
                    counts,
                    self.rules,
                    objective=objective,
                    leave=leave,
                    must_use=must_use,
                    jokers=jokers,
                ),
            ),
        )

    def _best_opening(
        self, counts: list[int], *, must_use: int | None = None, leave: int = 1
    ) -> OpeningAnalysis | None:
        """:func:`best_opening`, remembered like :meth:`_solve` (``None`` when no meld can be
        laid)."""
        key = (bytes(counts), "opening", leave, must_use)
        return cast(
            OpeningAnalysis | None,
            self._remembered(
                key,
                counts,
                lambda: best_opening(counts, self.rules, must_use=must_use, leave=leave),
            ),
        )

    def _remembered(
        self, key: tuple[object, ...], counts: list[int], work: Callable[[], object]
    ) -> object:
        """``work()``'s answer for ``key``, worked out once (``None`` without working when
        no meld at all can be laid from ``counts``)."""
        # A miss is common, and a raised KeyError costs far more than a lookup (the
        # compiled build writes a traceback for it); ``None`` is a remembered answer.
        known = self._solved.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known
        found = work() if candidate_melds(counts, self.rules) else None
        _remember(self._solved, key, found)
        return found

    def _meldable(self, counts: list[int]) -> int:
        """Most cards of ``counts`` that melds could take: the cards of some candidate meld
        (:func:`candidate_melds`, what :func:`solve` packs). Far cheaper than a solve, it
        tells when no packing can lay (nearly) the whole hand."""
        useful: set[int] = set()
        jokers = False
        for c in candidate_melds(counts, self.rules):
            useful.update(c.naturals)
            jokers = jokers or c.jokers > 0
        return sum(counts[k] for k in useful) + (counts[JOKER] if jokers else 0)

    def _lay_leave(self) -> int:
        """Fewest cards to keep after a meld or lay-off (none if melding out goes out)."""
        return 0 if self.may_meld_out else self.keep

    def _jokers_now(self) -> bool:
        """Whether a joker may be placed this turn (``open_without_jokers = "strict"``)."""
        return not (self.view.turn.opened_now and self.rules.open_without_jokers == "strict")

    def next_takes(self) -> bool:
        """Whether the next player could take a discard at all."""
        return self.view.opened[self.next] or self.rules.open_from_pozzo != "no"

    def joker_has_home(self) -> bool:
        """Whether a joker could be laid off on the table (a run with room, a set of three)."""
        return any(
            (m.lo > 1 or m.hi < HIGH_ACE) if m.is_run else len(m.slots) == 3
            for m in self.world.table
        )

    def plain_fits(self, card: int) -> list[tuple[int, str | None]]:
        return [(t, how) for t, how in self.world.fits().get(card, ()) if how != SWAP]

    # The draw ---------------------------------------------------------------------------
    def draw(self) -> Iterator[_Choice]:
        v = self.view
        if v.pozzo:
            top = v.pozzo[-1]
            reason = self._pozzo_worth(top)
            if reason is not None:
                say = Reason(Why.TAKE_POZZO, top, because=(reason,)) if self.explain else None
                yield _Choice(TakePozzo(), say)
            why = Reason(Why.STOCK_POZZO_USELESS, top)
        else:
            why = Reason(Why.STOCK_POZZO_EMPTY)
        yield _Choice(DrawStock(), why if self.explain else None, legal=True)

    def _pozzo_worth(self, top: int) -> Reason | None:
        """Why the pozzo's top card is worth taking now, or ``None``."""
        v = self.view
        rules = self.rules
        plus = self.counts[:]
        plus[top] += 1
        if v.first_free and v.turns_done == 0 and len(v.pozzo) == 1:
            if top == JOKER:
                return Reason(Why.POZZO_FREE_JOKER)
            if meld_bound(plus, top, rules) or any(
                self.counts[k] and _related(k, top) for k in range(JOKER)
            ):
                return Reason(Why.POZZO_FREE_FITS)
            return None
        if self.opened:
            if top == JOKER:
                return Reason(Why.POZZO_JOKER_DOWN)
            spots = self.plain_fits(top)
            if spots:
                return Reason(Why.POZZO_GOES_ON, melds=(self.world.table[spots[0][0]],))
            if meld_bound(plus, top, rules):
                sol = self._solve(plus, "penalty", self._lay_leave(), must_use=top)
                if sol is not None and sol.melds:
                    meld = next(m for m in sol.melds if top in m.cards())
                    return Reason(Why.POZZO_MAKES, melds=(meld,))
            if any(how == SWAP for _, how in self.world.fits().get(top, ())):
                return Reason(Why.POZZO_FREES_JOKER)
            return None
        mode = rules.open_from_pozzo
        if mode == "no":
            return None
        extra = 1 if mode == "keep" and top != JOKER else 0
        must = None if mode == "keep" else top
        best = self._best_opening(plus, must_use=must, leave=self.keep + extra)
        if best is not None and best.opens:
            return Reason(Why.POZZO_OPENS, melds=best.melds, number=best.points)
        return None

    # The play phase -----------------------------------------------------------------------
    def play(self) -> Iterator[_Choice]:
        for choice in self._plan():
            if self._keeps_a_discard(_laid(choice.action)):
                yield choice

    def _keeps_a_discard(self, laid: tuple[int, ...]) -> bool:
        """Whether the cards left after laying ``laid`` still hold a discard (or none at
        all: melding out). The card just taken from the pozzo is never the discard, so a
        hand reduced to it would be stuck."""
        if not laid:
            return True
        left = self.counts[:]
        for k in laid:
            left[k] -= 1
        if not any(left):
            return True
        v = self.view
        banned = v.turn.pozzo_card if v.turn.drew == Drew.POZZO else None
        if banned is not None:
            start = v.turn.start.hand if v.turn.start is not None else None
            copies = start[banned] if start is not None else left[banned]
            if left[banned] >= 2 or left[banned] < copies:
                banned = None  # a copy was laid, or another is held: that one may go
        return any(left[k] for k in range(KINDS) if k != banned)

    def _plan(self) -> Iterator[_Choice]:
        v = self.view
        if not v.turn.must_go_out:
            if v.turn.pozzo_card is not None and not v.turn.pozzo_used:
                yield from self._pozzo_uses(v.turn.pozzo_card)
            if v.turn.jokers_owed:
                yield from self._joker_homes(owed=True)
            if self.opened:
                yield from self._opened_moves()
            else:
                yield from self._openings()
        yield from self.discards()

    def _openings(self) -> Iterator[_Choice]:
        counts = self.counts
        if self.round_done and self._meldable(counts) >= sum(counts) - 1:
            # A chiusura in mano: the whole hand down at once, whatever it is worth.
            whole = self._solve(counts, "penalty", 0 if self.may_meld_out else 1)
            if whole is not None and whole.melds and whole.cards_left <= 1:
                yield _Choice(
                    Open(whole.specs()),
                    Reason(Why.CHIUSURA, melds=whole.melds) if self.explain else None,
                )
        leaves = [self.keep]
        if self.view.turn.drew == Drew.POZZO:
            # The card taken may stay in hand (``open_from_pozzo = "keep"``) but is not this
            # turn's discard: keep one more card if the best opening would leave only it.
            leaves.append(self.keep + 1)
        for leave in leaves:
            best = self._best_opening(counts, leave=leave)
            if best is not None and best.opens:
                yield _Choice(
                    Open(best.solution.specs()),
                    Reason(Why.OPEN, melds=best.melds, number=best.points)
                    if self.explain
                    else None,
                )

    def _pozzo_uses(self, card: int) -> Iterator[_Choice]:
        """Ways to lay the card taken from the pozzo this turn, as the rules demand."""
        if not self.opened:
            rules = self.rules
            best = self._best_opening(self.counts, must_use=card, leave=self.keep)
            if best is not None and best.opens:
                yield _Choice(
                    Open(best.solution.specs()),
                    Reason(Why.OPEN_USING, card, melds=best.melds, number=best.points)
                    if self.explain
                    else None,
                )
            if rules.open_from_pozzo != "opening":
                best = self._best_opening(self.counts, leave=self.keep)
                if best is not None and best.opens:
                    yield _Choice(
                        Open(best.solution.specs()),
                        Reason(Why.OPEN_THEN_LAY, card, melds=best.melds, number=best.points)
                        if self.explain
                        else None,
                    )
            return
        if card == JOKER:
            yield from self._joker_homes(owed=True)
            return
        for t, how in self.plain_fits(card):
            yield _Choice(
                LayOff(card, t, how),
                Reason(Why.LAY_OFF, card, melds=(self.world.table[t],)) if self.explain else None,
            )
        sol = self._solve(
            self.counts, "penalty", self._lay_leave(), must_use=card, jokers=self._jokers_now()
        )
        if sol is not None:
            for meld in sol.melds:
                if card in meld.cards():
                    yield _Choice(
                        Meld(_spec(meld)), Reason(Why.MELD, melds=(meld,)) if self.explain else None
                    )
        for t, how in self.world.fits().get(card, ()):
            if how == SWAP and self._swap_settles(card, t):
                yield _Choice(
                    SwapJoker(card, t),
                    Reason(Why.SWAP, card, melds=(self.world.table[t],)) if self.explain else None,
                )

    def _joker_homes(self, *, owed: bool) -> Iterator[_Choice]:
        """Places for a joker from hand: a new meld with hand cards, else a meld's end."""
        if not self._jokers_now():
            return
        sol = self._solve(self.counts, "penalty", self._lay_leave(), must_use=JOKER)
        if sol is not None:
            for meld in sol.melds:
                if meld.jokers:
                    yield _Choice(
                        Meld(_spec(meld)), Reason(Why.MELD, melds=(meld,)) if self.explain else None
                    )
        if not owed and self.size - 1 < self._lay_leave():
            return
        spots: list[tuple[int, int, str | None]] = []
        for t, meld in enumerate(self.world.table):
            if meld.is_run:
                if meld.lo > 1:
                    spots.append((self.live[_kind_at(meld.suit, meld.lo - 1)], t, LOW))
                if meld.hi < HIGH_ACE:
                    spots.append((self.live[_kind_at(meld.suit, meld.hi + 1)], t, HIGH))
            elif len(meld.slots) == 3:
                spots.append((2, t, None))
        # Where the card it stands for is dead, nobody can swap the joker back out.
        for _, t, end in sorted(spots, key=lambda s: s[0]):
            meld = self.world.table[t]
            yield _Choice(
                LayOff(JOKER, t, end), Reason(Why.JOKER_ON, melds=(meld,)) if self.explain else None
            )

    def _swap_settles(self, card: int, target: int) -> bool:
        """Whether freeing the joker with ``card`` leaves the turn finishable (FISCA: the
        joker must go down again this turn)."""
        if self.rules.keep_swapped_joker:
            return True
        probe = self.world.clone()
        if probe.check(SwapJoker(card, target)) is not None:
            return False
        probe.apply(SwapJoker(card, target))
        after = _Decision(
            PlayerView.of(probe, self.view.seat), probe, self.style, explain=self.explain
        )
        return any(
            probe.check(c.action) is None and after._keeps_a_discard(_laid(c.action))
            for c in after._joker_homes(owed=True)
        )

    def _opened_moves(self) -> Iterator[_Choice]:
        counts = self.counts
        lay_leave = self._lay_leave()
        sol = self._solve(counts, "penalty", lay_leave, jokers=self._jokers_now())
        if sol is not None:
            for meld in sol.melds:
                why = Reason(Why.MELD, melds=(meld,)) if self.explain else None
                yield _Choice(Meld(_spec(meld)), why)
        fits = self.world.fits()
        order = sorted((k for k in fits if counts[k]), key=lambda k: -self.pay[k])
        for card in order:
            for t, how in fits[card]:
                if how == SWAP and self._swap_wanted(card, t):
                    yield _Choice(
                        SwapJoker(card, t),
                        Reason(Why.SWAP, card, melds=(self.world.table[t],))
                        if self.explain
                        else None,
                    )
        if self.size - 1 >= lay_leave:
            for card in order:
                for t, how in fits[card]:
                    if how != SWAP:
                        yield _Choice(
                            LayOff(card, t, how),
                            Reason(Why.LAY_OFF, card, melds=(self.world.table[t],))
                            if self.explain
                            else None,
                        )
        if counts[JOKER] and self._shed_jokers():
            yield from self._joker_homes(owed=False)

    def _swap_wanted(self, card: int, target: int) -> bool:
        """Free a joker when it can go down again (FISCA), or, when it may be kept, while
        the hand is not about to end (a joker in hand then costs 25)."""
        if not self.rules.keep_swapped_joker:
            return self._swap_settles(card, target)
        return self.threat < self.style.shed_jokers_at

    def _shed_jokers(self) -> bool:
        """Lay jokers now rather than keep them for a meld: the hand may end soon."""
        return self.threat >= self.style.shed_jokers_at or self.size <= 4

    # The discard ----------------------------------------------------------------------------
    def discards(self) -> Iterator[_Choice]:
        scored = self._discard_scores()
        for _, card, why in scored:
            yield _Choice(Discard(card), why, legal=True)

    def _discard_scores(self) -> list[tuple[float, int, Reason | None]]:
        """Legal discards, best first, each with the sentence that justifies it."""
        legal = legal_discards(self.world)
        if not legal:
            return []
        if len(legal) == 1 or self.size == 1:
            k = legal[0]
            code = Why.DISCARD_TO_GO_OUT if self.size == 1 else Why.DISCARD_LAST
            return [(0.0, k, Reason(code, k) if self.explain else None)]
        judge = _Judge(self)
        out = []
        for k in legal:
            score, why = judge.discard_score(k)
            out.append((score, k, why))
        out.sort(key=lambda e: (-e[0], -self.pay[e[1]], e[1]))
        return out


class _Judge:
    """Weighs each card in hand: what keeping it may bring against what it may cost."""

    def __init__(self, seat: _Decision) -> None:
        self.seat = seat
        rules = seat.rules
        style = seat.style
        counts = seat.counts
        self.counts = counts
        opened = seat.opened
        if opened:
            plan = seat._solve(counts, "penalty", 1)
        else:
            best = seat._best_opening(counts, leave=1)
            plan = best.solution if best is not None else None
        self.plan_melds: tuple[TableMeld, ...] = plan.melds if plan is not None else ()
        self.plan_points = plan.points if plan is not None else 0
        self.planned = [0] * KINDS
        for m in self.plan_melds:
            for k in m.cards():
                self.planned[k] += 1
        self.loose = list(map(sub, counts, self.planned))
        # Chance that one card among ``outs`` arrives before the hand ends.
        reach = style.horizon * (1.0 - seat.threat) + 1.0
        if opened or rules.open_from_pozzo != "no":
            reach *= 1.0 + style.pozzo_chance
        self.reach = reach
        after = seat.size - 1
        # A pair kept among two cards cannot go down: melding every card is no going out.
        self.endgame = after <= 2 and not seat.may_meld_out
        risk = style.base_risk + seat.threat
        if not opened:
            if rules.unopened_penalty == "flat100":
                risk *= 0.2
            elif rules.unopened_penalty == "double":
                risk *= 2.0
        self.risk = min(risk, 1.5)
        self.need = max(0, rules.opening_points - self.plan_points)
        self._presence: list[list[int] | None] = [None] * 4
        self._chances: dict[int, float] = {}
        self.fits = seat.world.fits()
        self.next_takes = seat.next_takes()
        self._scale = 0.2 if self.endgame else 1.0
        """What a near-meld is worth at the end of the hand (see :meth:`worth`)."""

    def chance(self, outs: int) -> float:
        if outs <= 0:
            return 0.0
        got = self._chances.get(outs)
        if got is None:
            miss = 1.0 - outs / self.seat.unseen
            got = self._chances[outs] = 1.0 - math.pow(miss, self.reach)
        return got

    def worth(self, cards: tuple[int, ...], filler: int) -> float:
        """What completing a near-meld of ``cards`` with ``filler`` is worth."""
        seat = self.seat
        pay = seat.pay
        paid = 0
        for k in cards:
            paid += pay[k]
        if seat.opened:
            w = paid + seat.style.tempo * (len(cards) + 1)
        else:
            values = seat.values
            pts = values[filler]
            for k in cards:
                pts += values[_FIRST_POSITION[k]]
            w = float(pts)
            if self.need and pts >= self.need:
                w *= seat.style.opening_push
            w += paid * self.risk
        return w * self._scale

    def partials(self, card: int) -> list[tuple[float, Reason | None]]:
        """Near-melds ``card`` is part of: (expected worth, what it waits on)."""
        seat = self.seat
        live = seat.live
        loose = self.loose
        explain = seat.explain
        out: list[tuple[float, Reason | None]] = []
        s, r = card // 13, card % 13 + 1
        # A set: other suits of the rank among the loose cards.
        mates = [t for t in range(4) if t != s and loose[t * 13 + r - 1] > 0]
        if mates:
            missing = [t * 13 + r - 1 for t in range(4) if t != s and t not in mates]
            outs = sum(live[k] for k in missing)
            value = HIGH_ACE if r == ACE else r
            chance = 1.0 if len(mates) >= 2 else self.chance(outs)
            pair = (card, mates[0] * 13 + r - 1)
            worth = self.worth(pair, value) if len(mates) == 1 else self.worth(pair, value) * 1.5
            waits = tuple(k for k in missing if live[k])
            out.append((chance * worth, Reason(Why.WAITS_SET, cards=waits) if explain else None))
        # Runs: every window of three positions holding this card and one more.
        present = self._presence[s] or self._present(s)
        planned = self.planned
        base = s * 13
        for pos in _positions(card):
            for a, b in _WINDOWS[pos]:
                # Exactly one of the window's other two positions held, the other missing.
                if present[a]:
                    if present[b]:
                        continue
                    other, miss = a, b
                elif present[b]:
                    other, miss = b, a
                else:
                    continue
                k_other, k_miss = base + _OFFSET[other], base + _OFFSET[miss]
                if loose[k_other] <= 0 and planned[k_other] <= 0:
                    continue
                outs = live[k_miss]
                cards = (card, k_other) if loose[k_other] > 0 else (card,)
                worth = self.worth(cards, miss)
                why = Reason(Why.WAITS_RUN, cards=(k_miss,), number=outs) if explain else None
                out.append((self.chance(outs) * worth, why))
        return out

    def _present(self, suit: int) -> list[int]:
        """Which run positions (1..14) of ``suit`` the hand holds, loose or planned: 0 or 1."""
        got = self._presence[suit]
        if got is None:
            loose, planned = self.loose, self.planned
            base = suit * 13
            row = [1 if loose[k] > 0 or planned[k] > 0 else 0 for k in range(base, base + 13)]
            # Position q is kind base + q - 1; 14 is the ace again.
            got = self._presence[suit] = [0, *row, row[0]]
        return got

    def feed(self, card: int) -> tuple[float, tuple[Reason, ...]]:
        """Cost of handing ``card`` to the next player, and the sentence saying why (not)."""
        seat = self.seat
        style = seat.style
        v = seat.view
        nxt = seat.next
        explain = seat.explain
        if not self.next_takes:
            return 0.0, (_SAID[Why.NEXT_CANNOT_TAKE],)
        if card == JOKER:
            return 60.0, (_SAID[Why.NEXT_TAKES_JOKER],)
        cost = 0.0
        notes: list[Reason] = []
        if v.opened[nxt] and card in self.fits:
            cost += style.feed_fit + seat.pay[card] * 0.5
            notes.append(_SAID[Why.NEXT_LAYS_OFF])
        known = v.known[nxt]
        hits = [k for k in known if k != JOKER and _related(k, card)] if known else []
        if hits:
            cost += style.feed_known + len(hits) * 2.0
            if explain:
                notes.append(Reason(Why.NEXT_PICKED, hits[0]))
        if notes or cost:
            return cost, tuple(notes) if explain else ()
        if not explain:
            return 0.0, ()
        rank = card % 13 + 1
        if v.opened[nxt]:
            return 0.0, (Reason(Why.NEXT_NOT_PICKED_NOR_LAYS, number=rank),)
        return 0.0, (Reason(Why.NEXT_NOT_PICKED, number=rank),)

    def discard_score(self, card: int) -> tuple[float, Reason | None]:
        """Higher is a better discard."""
        seat = self.seat
        counts = self.counts
        explain = seat.explain
        feed, feed_why = self.feed(card)
        if card == JOKER:
            # Kept, a joker makes a meld of any pair, or goes on the table next turn; with
            # no run end or set of three to take it, it only waits for a pair.
            keep = 40.0 if seat.joker_has_home() else 12.0
            cost = seat.pay[JOKER] * self.risk
            why = Reason(Why.DISCARD_JOKER, JOKER, because=feed_why) if explain else None
            return cost - keep - feed, why
        keep = 0.0
        notes: list[Reason] = []
        if self.loose[card] <= 0:
            keep += self._plan_loss(card)
            notes.append(_SAID[Why.BREAKS_MELD])
        elif counts[card] > 1 or self.planned[card]:
            notes.append(_SAID[Why.HOLDS_ANOTHER])
        else:
            parts = self.partials(card)
            keep += sum(w for w, _ in parts)
            if not explain:
                pass
            elif not parts:
                notes.append(_SAID[Why.FITS_NOTHING])
            elif all(w == 0.0 for w, _ in parts):
                notes.append(_SAID[Why.ALL_SEEN])
            else:
                best = max(parts, key=lambda p: p[0])[1]
                if best is not None:
                    notes.append(best)
        if not seat.opened and card in self.fits:
            # It goes down on the table the turn the hand opens.
            keep += seat.pay[card]
            notes.append(_SAID[Why.FITS_TABLE])
        cost = seat.pay[card] * self.risk
        score = cost - keep - feed
        if not explain:
            return score, None
        if seat.pay[card] >= 8 and self.risk >= 0.4:
            notes.append(Reason(Why.COSTS, number=seat.pay[card]))
        return score, Reason(Why.DISCARD, card, because=(*notes, *feed_why))

    def _plan_loss(self, card: int) -> float:
        """What discarding a card of a planned meld costs: a spare end or fourth card only
        loses its own worth; any other card breaks the meld."""
        seat = self.seat
        for m in self.plan_melds:
            cards = m.cards()
            if card not in cards:
                continue
            spare = (not m.is_run and len(cards) == 4) or (
                m.is_run and len(cards) >= 4 and card in (cards[0], cards[-1])
            )
            own = seat.values[HIGH_ACE if card % 13 == 0 else card % 13 + 1]
            if spare:
                return own + seat.style.tempo
            worth = m.points(seat.rules) if not seat.opened else sum(seat.pay[k] for k in cards)
            return worth + 3 * seat.style.tempo + 10.0
        return 20.0


def _laid(action: Action) -> tuple[int, ...]:
    """The cards an action puts on the table from hand."""
    if isinstance(action, Open):
        return tuple(c for spec in action.melds for c in spec.cards)
    if isinstance(action, Meld):
        return action.meld.cards
    if isinstance(action, LayOff):
        return (action.card,)
    return ()


_FIRST_POSITION: tuple[int, ...] = tuple(
    HIGH_ACE if k % 13 == 0 else k % 13 + 1 for k in range(KINDS)
)
"""Each kind's position as a near-meld's points count it (an ace counts high)."""


def _spec(meld: TableMeld) -> MeldSpec:
    cards = tuple(meld.cards())
    declared = tuple(k if c == JOKER else None for c, k in zip(cards, meld.slots, strict=True))
    return MeldSpec(cards, declared)


__all__ = ["HeuristicBot", "Hint", "Style", "hint"]


_SAID: dict[Why, Reason] = {why: Reason(why) for why in Why}
"""Each reason without values, made once: the discard judge names them in every decision."""


def _hint(action: Action, then: tuple[Action, ...], whys: list[Reason | None]) -> Hint:
    """A hint from its steps' reasons, with their English for the terminal."""
    reasons = tuple(r for r in whys if r is not None)
    return Hint(action, "; then ".join(english(r) for r in reasons), then, reasons)
