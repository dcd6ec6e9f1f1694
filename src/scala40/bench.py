"""``scala40 bench``: figures for the engine's speed, printed, never asserted.

Steps per second are measured on 4-player hands under FISCA rules driven by a cheap
random policy that still ends hands (described in :data:`POLICY`): the point is the cost
of the engine's ``apply`` and its checks, not of a clever player.

The figures say which build they measured (``build``: ``compiled`` or ``pure``, see
:mod:`scala40.compiled`); scripts/bench_builds.py runs both side by side.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scala40.bots.rollout import loose_card, natural_melds
from scala40.compiled import installed_build
from scala40.engine.actions import (
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import (
    best_opening,
    counts_of,
)
from scala40.engine.cards import JOKER, KINDS, card_value_table, pack_list
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.melds import HIGH, LOW, SWAP, lay_off
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal


class _NoSwap(Exception):
    """The bench policy's own "not this swap" (the engine's refusals are IllegalAction)."""


POLICY = (
    "draw: the pozzo when opened and its card fits the table, else the stock; "
    "melds: joker-free sets and runs found greedily, looked for again only when the drawn "
    "card can join a meld; unopened: open with them as soon as they reach 40; opened: lay "
    "them, lay off every card that fits (jokers at run ends, swaps when the joker can be "
    "laid again); "
    "discard: a uniformly random legal card, preferring cards outside the planned opening"
)


def _joins_natural_meld(counts: list[int], card: int) -> bool:
    """Whether ``card`` makes a joker-free meld with cards of the hand."""
    if card == JOKER:
        return False
    s, r = card // 13, card % 13
    if sum(1 for t in range(4) if t != s and counts[t * 13 + r]) >= 2:
        return True
    base = s * 13
    have = [counts[base + (q % 13)] > 0 for q in range(14)]  # rank index 0..13 (13: high ace)
    have[r] = True
    for at in (0, 13) if r == 0 else (r,):
        for lo in range(max(0, at - 2), min(at, 11) + 1):
            if have[lo] and have[lo + 1] and have[lo + 2]:
                return True
    return False


def _lays_off(deal: Deal, card: int) -> bool:
    for meld in deal.table:
        for end in (None, LOW, HIGH):
            try:
                lay_off(meld, card, deal.rules, end)
            except IllegalAction:
                continue
            return True
    return False


MAX_TURNS = 400
"""A hand still going after this many turns is abandoned (reported, never expected)."""


class _Policy:
    """A fast random player that opens, lays off and discards legally."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.keep: dict[int, set[int]] = {}
        """Cards of each unopened player's planned opening (spared when discarding)."""

    def turn(self, deal: Deal) -> int:
        """Play the current player's whole turn; returns the actions applied."""
        p = deal.current
        rules = deal.rules
        top = deal.pozzo[-1] if deal.pozzo else -1
        before = deal.hands[p][:]
        took = False
        if deal.opened[p] and top != JOKER and top in deal.fits() and _lays_off(deal, top):
            try:
                deal.apply(TakePozzo())
                took = True
            except IllegalAction:
                pass
        if not took:
            deal.apply(DrawStock())
            drawn = self._drawn(deal.hands[p], before)
            # Only a card that can join a meld changes what the hand can lay.
            changed = _joins_natural_meld(deal.hands[p], drawn) or (
                not deal.opened[p] and p not in self.keep
            )
        else:
            changed = False
        steps = 1
        if not deal.opened[p] and changed:
            melds, points = natural_melds(deal.hands[p], card_value_table(rules.face_values))
            self.keep[p] = {c for m in melds for c in m.cards}
            left = deal.sizes[p] - sum(len(m.cards) for m in melds)
            if points >= rules.opening_points and left >= (1 if deal.first_round_done else 2):
                try:
                    deal.apply(Open(tuple(melds)))
                    steps += 1
                    del self.keep[p]
                except IllegalAction:
                    pass
        if deal.opened[p]:
            if changed or took:
                steps += self._meld_all(deal)
            steps += self._lay_off_all(deal)
        return steps + self._discard(deal)

    @staticmethod
    def _meld_all(deal: Deal) -> int:
        """Lay the natural melds the hand holds, keeping a card to discard."""
        p = deal.current
        steps = 0
        values = card_value_table(deal.rules.face_values)
        for spec in natural_melds(deal.hands[p], values)[0]:
            if deal.sizes[p] - len(spec.cards) < 1:
                break
            try:
                deal.apply(Meld(spec))
                steps += 1
            except IllegalAction:
                break
        return steps

    @staticmethod
    def _drawn(after: list[int], before: list[int]) -> int:
        """The kind the draw added (the player sees the card it drew)."""
        for k in range(KINDS):
            if after[k] != before[k]:
                return k
        raise AssertionError("the draw added no card")  # pragma: no cover

    def _lay_off_all(self, deal: Deal) -> int:
        """Lay off every card that fits (not swaps), keeping one card to discard."""
        steps = 0
        p = deal.current
        counts = deal.hands[p]
        progress = True
        while progress and deal.sizes[p] > 1:
            progress = False
            for k, targets in list(deal.fits().items()):
                if not counts[k] or deal.sizes[p] <= 1:
                    continue
                for t, how in targets:
                    try:
                        if how == SWAP:
                            steps += self._swap(deal, k, t)
                        else:
                            deal.apply(LayOff(k, t, how))
                            steps += 1
                    except (IllegalAction, _NoSwap):
                        continue
                    progress = True
                    break
                if progress:
                    break  # the table changed: read the fits afresh
            counts = deal.hands[p]
        return steps + self._lay_off_jokers(deal)

    @staticmethod
    def _lay_off_jokers(deal: Deal) -> int:
        """Put jokers at the end of runs that can take one, keeping a card to discard."""
        p = deal.current
        steps = 0
        t = 0
        while deal.hands[p][JOKER] and deal.sizes[p] > 1 and t < len(deal.table):
            meld = deal.table[t]
            t += 1
            if not meld.is_run or meld.jokers:
                continue
            for end in (HIGH, LOW):
                try:
                    deal.apply(LayOff(JOKER, t - 1, end))
                except IllegalAction:
                    continue
                steps += 1
                break
        return steps

    @staticmethod
    def _swap(deal: Deal, card: int, target: int) -> int:
        """Free a joker with ``card`` if the joker can then go at the end of some run."""
        p = deal.current
        if deal.sizes[p] < 3:
            raise _NoSwap("keep cards for the joker and a discard")
        probe = deal.clone()
        probe.apply(SwapJoker(card, target))
        for t, meld in enumerate(probe.table):
            for end in (LOW, HIGH) if meld.is_run else (None,):
                try:
                    probe.apply(LayOff(JOKER, t, end))
                except IllegalAction:
                    continue
                deal.apply(SwapJoker(card, target))
                deal.apply(LayOff(JOKER, t, end))
                return 2
        raise _NoSwap("no place for the joker")

    def _discard(self, deal: Deal) -> int:
        """Discard a random legal card, sparing the planned opening's cards if possible."""
        p = deal.current
        counts = deal.hands[p]
        kinds = [k for k in range(KINDS) if counts[k]]
        keep = self.keep.get(p, set())
        spare = (
            [k for k in kinds if k not in keep and loose_card(counts, k)]
            or [k for k in kinds if k not in keep]
            or kinds
        )
        rng = self.rng
        # Rejection sampling: a few random tries, then a scan, uniform over legal kinds.
        for _ in range(4):
            k = spare[int(rng.random() * len(spare))]
            if deal.can_discard(k):
                return self._drop(deal, k, keep, p)
        legal = [k for k in spare if deal.can_discard(k)] or [
            k for k in kinds if deal.can_discard(k)
        ]
        if legal:
            return self._drop(deal, legal[int(rng.random() * len(legal))], keep, p)
        # Melded into a corner: take the turn back and discard from the drawn hand.
        if deal.turn.actions_now:
            deal.apply(TakeBack())
            return 1 + self._discard(deal)
        raise AssertionError("no legal discard")  # pragma: no cover - the engine guarantees one

    def _drop(self, deal: Deal, card: int, keep: set[int], p: int) -> int:
        deal.apply(Discard(card))
        if card in keep:
            # The plan lost a card: look again next turn.
            self.keep.pop(p, None)
        return 1


def _dealt(rules: Rules, rng: random.Random) -> Deal:
    """A hand dealt from a pack shuffled by ``rng``."""
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    return Deal.deal(rules, deck, shuffle_seed=rng.getrandbits(32))


def measure_steps(seconds: float, seed: int) -> dict[str, Any]:
    rules = Rules()
    rng = random.Random(seed)
    steps = hands = unfinished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        deal = _dealt(rules, rng)
        policy = _Policy(rng)
        turns = 0
        while not deal.over and turns < MAX_TURNS:
            steps += policy.turn(deal)
            turns += 1
        hands += 1
        unfinished += not deal.over
    elapsed = time.perf_counter() - start
    return {
        "steps_per_s": round(steps / elapsed),
        "hands": hands,
        "hands_unfinished": unfinished,
        "steps_per_hand": round(steps / hands, 1),
    }


RANDOM_LEGAL_CAP = 1000
"""Decisions after which a uniformly random hand is abandoned and counted as capped: random
play rarely goes out, and under FISCA the stock is reshuffled for ever."""


def measure_random_legal(
    seconds: float,
    seed: int,
    players: int = 4,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any]:
    """The anchors' way (OpenSpiel, RLCard): at every decision list the legal actions and
    apply a uniformly random one; FISCA rules, ``players`` seats. Steps are decisions;
    ``clock`` times them (wall time unless told)."""
    rules = Rules.build(None, {"players": players})
    rng = random.Random(seed)
    steps = hands = capped = 0
    start = clock()
    while clock() - start < seconds:
        deal = _dealt(rules, rng)
        taken = 0
        while not deal.over and taken < RANDOM_LEGAL_CAP:
            deal.apply(rng.choice(legal_actions(deal)))
            taken += 1
        steps += taken
        hands += 1
        capped += not deal.over
    elapsed = clock() - start
    return {
        "random_legal_steps_per_s": round(steps / elapsed),
        "random_legal_hands": hands,
        "random_legal_hands_capped": capped,
    }


FAIR_ROOTS = 64
"""Dealt roots each side cycles through in the fair comparison: enough deals that the
figure is no one deal's, few enough to deal before the clock starts."""


def _openspiel_roots(game: Any, rng: random.Random) -> list[Any]:
    """Gin rummy states dealt up to the first player's decision (chance outcomes drawn by
    ``rng``), as OpenSpiel's own search and RL loops keep a root and clone it."""
    roots = []
    for _ in range(FAIR_ROOTS):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        roots.append(state)
    return roots


def _scala40_decisions(roots: list[Deal], rng: random.Random, seconds: float) -> float:
    """Random-legal decisions a CPU second, each hand cloned from a dealt root."""
    decisions = 0
    start = time.process_time()
    i = 0
    while time.process_time() - start < seconds:
        deal = roots[i % len(roots)].clone()
        i += 1
        taken = 0
        while not deal.over and taken < RANDOM_LEGAL_CAP:
            deal.apply(rng.choice(legal_actions(deal)))
            taken += 1
        decisions += taken
    return decisions / (time.process_time() - start)


def _openspiel_decisions(roots: list[Any], rng: random.Random, seconds: float) -> float:
    """The same for OpenSpiel: its stock draws are chance outcomes, applied and not
    counted (a Scala 40 draw is one decision, its card fixed by the stock's order)."""
    decisions = 0
    start = time.process_time()
    i = 0
    while time.process_time() - start < seconds:
        state = roots[i % len(roots)].clone()
        i += 1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions / (time.process_time() - start)


def measure_openspiel(seconds: float, seed: int, rounds: int = 6) -> dict[str, Any]:
    """Scala 40 against OpenSpiel's gin rummy (C++, driven from Python) on a fair basis;
    empty without the rl extra.

    Both are two-player games played by uniformly random legal decisions, each game
    cloned from one of :data:`FAIR_ROOTS` dealt roots, and both count decisions (a legal
    action list and one applied action). The sides alternate in ``rounds`` rounds (A B,
    then B A, ...) of ``seconds / rounds`` each, so a change in the machine's load falls on
    both; the ratio is each round's, given as its median and range. Each side is timed in
    this process's CPU time (``time.process_time``), both in this one process: a busy
    machine slows the wall clock of whichever side it falls on, not its CPU time.
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return {}
    rng = random.Random(seed)
    rules = Rules.build(None, {"players": 2})
    ours = [_dealt(rules, rng) for _ in range(FAIR_ROOTS)]
    theirs = _openspiel_roots(pyspiel.load_game("gin_rummy"), rng)
    slice_s = seconds / rounds
    a_rates: list[float] = []
    b_rates: list[float] = []
    for r in range(rounds):
        if r % 2 == 0:
            a_rates.append(_scala40_decisions(ours, rng, slice_s))
            b_rates.append(_openspiel_decisions(theirs, rng, slice_s))
        else:
            b_rates.append(_openspiel_decisions(theirs, rng, slice_s))
            a_rates.append(_scala40_decisions(ours, rng, slice_s))
    ratios = sorted(a / b for a, b in zip(a_rates, b_rates, strict=True))
    return {
        "fair_scala40_decisions_per_s": round(statistics.median(a_rates)),
        "fair_openspiel_decisions_per_s": round(statistics.median(b_rates)),
        "fair_ratio": round(statistics.median(ratios), 3),
        "fair_ratio_min": round(ratios[0], 3),
        "fair_ratio_max": round(ratios[-1], 3),
        "fair_rounds": rounds,
    }


def measure_heuristic_hands(seconds: float, seed: int) -> dict[str, Any]:
    """Heads-up hands of club-player self-play a second: what search and training cost."""
    from scala40.bots import make_bot
    from scala40.engine.views import PlayerView

    rules = Rules.build(None, {"players": 2})
    rng = random.Random(seed)
    bots = [make_bot("club"), make_bot("club")]
    hands = capped = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or hands == 0:
        deal = _dealt(rules, rng)
        taken = 0
        while not deal.over and taken < RANDOM_LEGAL_CAP:
            seat = deal.seats[deal.current]
            deal.apply(bots[seat].choose(PlayerView.of(deal, seat), rng))
            taken += 1
        hands += 1
        capped += not deal.over
    elapsed = time.perf_counter() - start
    return {"heuristic_hands_per_s": round(hands / elapsed, 1), "heuristic_hands_capped": capped}


def _discard_step_positions(count: int, seed: int) -> list[Deal]:
    rules = Rules()
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < count:
        deck = pack_list(rules.decks, rules.joker_count)
        rng.shuffle(deck)
        deal = Deal.deal(rules, deck, shuffle_seed=seed)
        policy = _Policy(rng)
        for _ in range(rng.randrange(4, 30)):
            if deal.over:
                break
            policy.turn(deal)
        if not deal.over and deal.phase == DRAW:
            deal.apply(DrawStock())
            out.append(deal)
    return out


def _time_us(fn: Any, reps: int, clock: Callable[[], float] = time.perf_counter) -> float:
    start = clock()
    for _ in range(reps):
        fn()
    return (clock() - start) / reps * 1e6


def measure_legal(seconds: float, seed: int, rounds: int = 5) -> dict[str, Any]:
    """Legal actions at the discard step and random-legal play, in ``rounds`` rounds, each
    figure given as its median and range over the rounds (the machine's load moves them).

    Each round asks 300 positions at the discard step (hands dealt and played by the
    bench policy, the card just drawn from the stock; round ``r`` deals from ``seed`` and
    ``r``, so every run asks the same positions) once each, after 300 others: a fresh
    hand as play brings one, the memo of what a suit's cards meld warm (``legal_us``),
    and each at once a second time (``legal_again_us``: the next ask about an unchanged
    hand, as a bot's view, a search probe or an environment's mask makes). Then
    random-legal play, FISCA rules, four players, for ``seconds / rounds``
    (``random_legal_steps_per_s``).

    Every figure is timed in this process's CPU time (``time.process_time``), so other
    work on a shared machine does not count in it (the other figures of the bench are
    wall time).
    """
    cpu = time.process_time
    fresh: list[float] = []
    again: list[float] = []
    p90: list[float] = []
    steps: list[float] = []
    for r in range(rounds):
        base = seed * 1000 + 2 * r
        for h in _discard_step_positions(300, base + 1):
            legal_actions(h)
        positions = _discard_step_positions(300, base)
        times: list[float] = []
        twice: list[float] = []
        for h in positions:
            times.append(_time_us(lambda h=h: legal_actions(h), 1, cpu))
            twice.append(_time_us(lambda h=h: legal_actions(h), 1, cpu))
        times.sort()
        fresh.append(statistics.mean(times))
        p90.append(times[len(times) * 9 // 10])
        again.append(statistics.mean(twice))
        played = measure_random_legal(seconds / rounds, base, clock=cpu)
        steps.append(played["random_legal_steps_per_s"])
    out: dict[str, Any] = {
        "build": installed_build().value,
        "python": platform.python_version(),
        "rounds": rounds,
    }
    for name, values in (
        ("legal_us", fresh),
        ("legal_p90_us", p90),
        ("legal_again_us", again),
        ("random_legal_steps_per_s", steps),
    ):
        out[name] = round(statistics.median(values), 1)
        out[f"{name}_min"] = round(min(values), 1)
        out[f"{name}_max"] = round(max(values), 1)
    return out


def measure_legal_once(seed: int) -> dict[str, Any]:
    """Legal actions at the discard step: 300 fresh positions, each timed once (one round
    of :func:`measure_legal`, in wall time, for the bench's whole run)."""
    # Each position asked once: the engine keeps what a hand can meld, so asking the same
    # hand again would time the memo, not the generator (play always brings a new hand).
    # Other hands are asked first, as in a process that has been playing for a while: the
    # memo of what one suit's cards can meld is then warm, as it is in play.
    for h in _discard_step_positions(300, seed + 2):
        legal_actions(h)
    fresh = _discard_step_positions(300, seed + 1)
    times = sorted(_time_us(lambda h=h: legal_actions(h), 1) for h in fresh)
    return {
        "legal_us": round(statistics.mean(times), 1),
        "legal_p50_us": round(times[len(times) // 2], 1),
        "legal_p90_us": round(times[len(times) * 9 // 10], 1),
        "legal_positions": len(fresh),
    }


def solver_corpus(size: int = 300, seed: int = 40) -> list[list[int]]:
    """A fixed corpus of 14-card hands with 0, 1 or 2 jokers."""
    rng = random.Random(seed)
    naturals = [k for k in pack_list(2, 0)]
    out = []
    for i in range(size):
        jokers = i % 3
        cards = rng.sample(naturals, 14 - jokers) + [JOKER] * jokers
        out.append(counts_of(cards))
    return out


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Every figure of ``scala40 bench --json``."""
    figures: dict[str, Any] = {
        "build": installed_build().value,
        "python": platform.python_version(),
        "policy": POLICY,
    }
    figures.update(measure_steps(seconds, seed))
    positions = _discard_step_positions(60, seed)
    figures["clone_us"] = round(
        statistics.median(_time_us(h.clone, 2000) for h in positions[:20]), 2
    )
    figures.update(measure_legal_once(seed))
    rules = Rules()
    times = []
    for counts in solver_corpus():
        t = time.perf_counter()
        best_opening(counts, rules)
        times.append((time.perf_counter() - t) * 1e6)
    times.sort()
    figures["solver_p50_us"] = round(times[len(times) // 2], 1)
    figures["solver_p99_us"] = round(times[int(len(times) * 0.99) - 1], 1)
    figures["solver_corpus"] = len(times)
    figures.update(measure_random_legal(seconds, seed))
    figures.update(measure_heuristic_hands(seconds, seed))
    figures.update(measure_openspiel(seconds, seed))
    return figures
