"""The master: whole turns weighed over dealt worlds, played only when they clearly pay.

The expert (:mod:`scala40.bots.expert`, the club player of :mod:`scala40.bots.heuristic`
reading the next hand at its discard) decides one move at a time. Its moves are good on
the whole; what it cannot judge is a turn as a whole — whether to lay down what it can
now or hold it, and which card to throw after what it lays. The master lists a few whole
turns from the first move after its draw:

- the expert's own turn (its melds and lay-offs, then its discard): *the plan*;
- the same plays with each of the expert's next best discards, and with the costliest
  card it may throw (*shedding*);
- nothing laid (*holding*), with the expert's best discards of the whole hand and the
  costliest card;

and, at the draw, the expert's draw against the other one. Each candidate is played in
the same dealt worlds (:func:`~scala40.bots.worlds.deal_consistent`: the unseen cards
dealt again, so no hidden card is ever read, and dealt as the others' play makes likely),
and the hand is finished with the same luck for each candidate (common random numbers) by
the club player in the other seats and the expert in its own
(:func:`~scala40.bots.rollout.heuristic_play_out`). A candidate other than the plan is
played only when it beats the plan world by world by more than two standard errors
(:class:`~scala40.bots.paired.Paired`): ungated, the best of a few noisy means is mostly
luck, and a search that follows it plays worse than the player it started from.

The budget is a number of worlds (:data:`WORLDS`, more for a close call) and a clock
(``think_ms`` a decision): the search stops at whichever comes first and plays the best
gated candidate found so far, so a web table never waits long. Counting worlds rather
than only watching the clock keeps a seeded game the same from one machine to the next
on a quiet machine. The base player is a parameter (``base``): with the club player the
same search measures what the whole-turn plans add to it alone (docs/bots.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from scala40.bots.base import TURN_MOVES, ending_move, legal_first, world_of
from scala40.bots.expert import ExpertBot
from scala40.bots.paired import DEPART_Z, DROP_AFTER, Paired
from scala40.bots.rollout import Policy, heuristic_play_out, match_value, outcome
from scala40.bots.worlds import deal_consistent
from scala40.engine.actions import Action, Discard, DrawStock, TakePozzo
from scala40.engine.cards import penalty_table
from scala40.engine.errors import IllegalAction
from scala40.engine.phases import DRAW
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

WORLDS = 48
"""Dealt worlds a decision may use in a second of thinking. The per-world differences have
a spread of 14-16 points a hand heads-up, so two standard errors are about 4.3 points at
48 worlds (5.3 at 32): measured on the same 250 deals, 48 worlds paid 1.2 ± 0.8 points a
hand less than 32, at 621 ms against 440 ms for 95% of the decisions."""

THINK_MS = 1000.0
"""The clock of one decision by default, in milliseconds: the search plays its best gated
candidate so far when it runs out, whatever is left of :data:`WORLDS`."""

DISCARDS = 4
"""Discards weighed after the base player's plays: its best ones (its own first)."""

HOLD_DISCARDS = 2
"""Discards weighed when nothing is laid: the base player's best ones of the whole hand."""

EXTEND = 3.0
"""How many times its budget of worlds a search may deal for a close call."""

CLOSE_Z = 1.0
"""A candidate this many standard errors above the plan, but short of the gate, is a close
call: the search deals more worlds for it, up to :data:`EXTEND` times its budget."""

Plan = tuple[Action, ...]
"""A turn from the current decision to its end (the discard, or going out)."""


class TurnPolicy(Policy, Protocol):
    """The player whose turns the planner starts from: it decides in a dealt world and
    ranks its discards (the club player, the expert)."""

    def ranked_discards(self, view: PlayerView, world: Deal) -> list[Discard]:
        """Every legal discard of the play phase, the favourite first."""
        ...


class PlannerBot:
    """The expert's turns (or another base player's), replaced by another whole turn when
    it clearly pays."""

    name = "master"

    def __init__(
        self,
        worlds: int | None = None,
        think_ms: float | None = THINK_MS,
        base: Callable[[], TurnPolicy] = ExpertBot,
        match_aware: bool = True,
        own_play_outs: bool = True,
        extend: float = EXTEND,
        shed: bool = True,
        read: bool = True,
    ) -> None:
        self.worlds = worlds
        """Most worlds dealt for one decision (``None``: :data:`WORLDS` a second of
        ``think_ms``, so that a longer clock really searches longer)."""
        self.think_ms = think_ms
        """The clock of one decision in milliseconds (``None``: only :attr:`worlds` ends a
        search)."""
        self.make_base = base
        """Makes the player whose turns are the plan (and who plays the seat's later turns
        in the play-outs when :attr:`own_play_outs`)."""
        self.base = base()
        self.own_play_outs = own_play_outs
        """Whether the play-outs play the searching seat as its base player (else the club
        player plays every seat)."""
        self.extend = extend
        """How far past its budget a search may go for a close call (:data:`CLOSE_Z`)."""
        self.shed = shed
        """Whether the costliest legal discard is weighed too, beside the base player's
        best: the shedding an unopened hand may need once another player is near out."""
        self.read = read
        """Whether the worlds follow the belief about an opened player's few hidden cards
        (:func:`~scala40.bots.worlds.belief`), else only its consistency with the play."""
        self.match_aware = match_aware
        """Judge play-outs by the match standing (:func:`~scala40.bots.rollout.match_value`)
        when the view holds match scores, else by the hand's penalties."""
        self.searches = 0
        """Decisions searched (those with more than one candidate)."""
        self.departures = 0
        """Searches that played a candidate other than the base player's."""
        self.dealt = 0
        """Worlds dealt over this bot's life (for measuring the search's speed)."""
        self._rest: list[Action] = []
        """The moves of the chosen turn not yet played."""
        self._expect: tuple[object, ...] | None = None
        """Where the next decision should stand for :attr:`_rest` to still apply."""

    # Choosing -------------------------------------------------------------------------
    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        world = world_of(view, rng)
        if self._rest and self._expect == _where(view) and world.check(self._rest[0]) is None:
            action = self._rest.pop(0)
            self._note_next(view, world, action)
            return action
        self._rest = []
        plans = self.draws(view, world, rng) if view.phase == DRAW else self.turns(view, world, rng)
        chosen = plans[0] if len(plans) == 1 else plans[self.search(view, plans, rng)]
        self._rest = list(chosen[1:])
        self._note_next(view, world, chosen[0])
        return chosen[0]

    def _note_next(self, view: PlayerView, world: Deal, action: Action) -> None:
        """Remember where the next decision stands if ``action`` is played as planned."""
        if not self._rest:
            self._expect = None
            return
        after = world.clone()
        after.apply(action)
        self._expect = _where(PlayerView.of(after, view.seat), view)

    # The candidates -------------------------------------------------------------------
    def draws(self, view: PlayerView, world: Deal, rng: random.Random) -> list[Plan]:
        """The base player's draw first, then the other draw if the rules allow it; the
        rest of the turn is played out in every world."""
        planned = self.base.choose_in(view, world, rng)
        other: Action = DrawStock() if isinstance(planned, TakePozzo) else TakePozzo()
        if world.check(other) is None:
            return [(planned,), (other,)]
        return [(planned,)]

    def turns(self, view: PlayerView, world: Deal, rng: random.Random) -> list[Plan]:
        """Whole turns from here: the base player's first, then its plays with its next
        best discards, then holding everything with its best discards of the whole hand
        (and, when :attr:`shed`, the costliest card after the plays and when holding).
        Every candidate is legal here (the world is the seat's own turn, which depends
        only on what it sees)."""
        line = self.base_turn(view, world, rng)
        plans: list[Plan] = [line]
        plays = line[:-1] if isinstance(line[-1], Discard) else line
        after = world.clone()
        for action in plays:
            after.apply(action)
        if after.current == world.current and not after.over and after.phase != DRAW:
            ranked = self._discards(PlayerView.of(after, view.seat), after, DISCARDS)
            plans.extend((*plays, discard) for discard in ranked)
            if self.shed:
                plans.extend((*plays, d) for d in _costliest(after, ranked))
        if plays:
            ranked = self._discards(view, world, HOLD_DISCARDS)
            plans.extend((discard,) for discard in ranked)
            if self.shed:
                plans.extend((d,) for d in _costliest(world, ranked))
        return list(dict.fromkeys(plans))

    def base_turn(self, view: PlayerView, world: Deal, rng: random.Random) -> Plan:
        """The rest of this turn as the base player would play it (its first move from
        ``view`` itself, so the plan is exactly the base player's)."""
        probe = world.clone()
        seat, turn = view.seat, probe.turns_done
        line: list[Action] = []
        here = view
        while not probe.over and probe.turns_done == turn:
            if len(line) >= TURN_MOVES:
                action = ending_move(probe)
            else:
                action = self.base.choose_in(here, probe, rng)
            probe.apply(action)
            line.append(action)
            here = PlayerView.of(probe, seat)
        return tuple(line)

    def _discards(self, view: PlayerView, world: Deal, count: int) -> list[Action]:
        return legal_first(world, self.base.ranked_discards(view, world), count)

    # The search -----------------------------------------------------------------------
    def world_budget(self) -> int:
        """Worlds a search may deal before it stops (the clock may stop it sooner)."""
        if self.worlds is not None:
            return self.worlds
        if self.think_ms is None:
            return WORLDS
        return max(DROP_AFTER + 1, round(WORLDS * self.think_ms / 1000.0))

    def search(self, view: PlayerView, plans: Sequence[Plan], rng: random.Random) -> int:
        """The index of the plan to play: paired play-outs against the base player's
        (plan 0) in up to :attr:`worlds` worlds, dropping clear losers, departing only
        through the gate."""
        self.searches += 1
        n = len(plans)
        alive = list(range(1, n))
        paired = Paired(n)
        clock = self.think_ms
        deadline = None if clock is None else time.perf_counter() + clock / 1000.0
        dealt = 0
        cap = self.world_budget()
        longest = max(cap, round(cap * self.extend))
        while alive and (dealt < cap or (dealt < longest and _close(paired, alive))):
            seed = rng.getrandbits(64)
            world = deal_consistent(view, random.Random(seed), read=self.read)
            dealt += 1
            reference = self._score(view, world, plans[0], seed)
            for i in alive:
                paired.add(i, self._score(view, world, plans[i], seed) - reference)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if dealt >= DROP_AFTER:
                alive = [i for i in alive if not paired.behind(i)]
        self.dealt += dealt
        best = paired.choice()
        self.departures += best != 0
        return best

    def _score(self, view: PlayerView, dealt: Deal, plan: Plan, seed: int) -> float:
        """How the seat fares when ``plan`` is played in ``dealt`` and the hand finished
        by the club player (and the seat itself by its base player when
        :attr:`own_play_outs`), with the luck of ``seed``."""
        world = dealt.clone()
        for action in plan:
            try:
                world.apply(action)
            except IllegalAction as refusal:  # the seat's own turn: legal in every world
                raise AssertionError(f"planned {action} refused in a dealt world") from refusal
        seats: dict[int, Policy] = {view.me: self.make_base()} if self.own_play_outs else {}
        heuristic_play_out(world, random.Random(seed + 1), seats)
        value = match_value(world, view.me, view) if self.match_aware else None
        return outcome(world, view.me) if value is None else value


def _costliest(world: Deal, weighed: Sequence[Action]) -> list[Action]:
    """The legal discard that costs most left in hand, unless it is weighed already."""
    pay = penalty_table(world.rules.face_values)
    hand = world.hands[world.current]
    legal = [k for k in range(len(hand)) if hand[k] and world.check(Discard(k)) is None]
    if not legal:
        return []
    card = max(legal, key=lambda k: pay[k])
    return [] if Discard(card) in weighed else [Discard(card)]


def _close(paired: Paired, alive: Sequence[int]) -> bool:
    """Whether a candidate still in the search is a close call: above the plan by
    :data:`CLOSE_Z` standard errors but not through the gate."""
    return any(CLOSE_Z <= paired.z(i) < DEPART_Z for i in alive)


def _where(view: PlayerView, like: PlayerView | None = None) -> tuple[object, ...]:
    """Where a decision stands, enough to tell that the turn went as planned: the turn,
    the seat's cards and the melds on the table (``like`` lends the match's numbering to a
    view made from a bare hand)."""
    numbered = like if like is not None else view
    return (
        numbered.hand_number,
        view.turns_done,
        view.seat,
        tuple(sorted(view.hand)),
        len(view.table),
        view.phase,
    )
