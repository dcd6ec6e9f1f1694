"""The legal-action generator, the checker and apply agree, and refusals change nothing.

States come from random legal play under random rules. The "universe" of actions is
built without the generator (every discard of every kind, every lay-off of every kind
on every meld at every end, every swap, every meld the hand can spell, random
openings); whatever the checker accepts must be offered by ``legal_actions``, up to
actions with the very same effect (a lay-off naming an end it did not need, an opening
listing the same melds in another order).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    MeldSpec,
    Open,
    TakePozzo,
)
from scala40.engine.cards import JOKER, kind_of
from scala40.engine.discard import legal_discards
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.melds import TableMeld
from scala40.engine.phases import Phase
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

from .support import (
    action_universe,
    advance,
    choose,
    deal,
    diff,
    examples,
    fingerprint,
    match_fingerprint,
    open_key,
    outcome,
    rules_strategy,
)

H, D, C, S = range(4)


def state(rules: Rules, seed: int, steps: int) -> Deal:
    """A state reached by random legal play, in the play phase when possible."""
    hand = deal(rules, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(steps):
        probe = hand.clone()
        advance(probe, rng, 1)
        if probe.over:
            break
        hand = probe
    if hand.phase == "draw" and rng.random() < 0.8:
        probe = hand.clone()
        probe.apply(choose(legal_actions(probe), rng))
        if not probe.over:
            hand = probe
    return hand


def completeness_gaps(deal: Deal, rng: random.Random) -> list[tuple[Action, Any]]:
    """Actions the checker accepts that no legal action matches."""
    legal = legal_actions(deal)
    legal_set = set(legal)
    rules = deal.rules
    opens = [open_key(a, rules) for a in legal if isinstance(a, Open)]
    effects: list[dict[str, Any] | None] | None = None
    gaps: list[tuple[Action, Any]] = []
    for action in action_universe(deal, rng):
        if action in legal_set or deal.check(action) is not None:
            continue
        if isinstance(action, Open):
            if open_key(action, rules) not in opens:
                gaps.append((action, "opening not offered"))
            continue
        if effects is None:
            effects = [outcome(deal, a) for a in legal]
        if outcome(deal, action) not in effects:
            gaps.append((action, "no legal action has its effect"))
    return gaps


LEGAL_PROPS = settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@LEGAL_PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_every_generated_action_passes_the_checker_and_applies(
    rules: Rules, seed: int, steps: int
) -> None:
    hand = state(rules, seed, steps)
    actions = legal_actions(hand)
    assert actions, "a hand in progress offers some action"
    assert len(set(actions)) == len(actions), "an action is offered twice"
    for action in actions:
        assert hand.check(action) is None, action
        probe = hand.clone()
        probe.apply(action)
    discards = legal_discards(hand)
    assert [a.card for a in actions if isinstance(a, Discard)] == discards
    if hand.phase == "play":
        assert turn_can_end(hand), "no sequence of legal actions ends this turn"


def turn_can_end(deal: Deal, budget: int = 400) -> bool:
    """Whether some sequence of legal actions ends the current turn (a discard, going out)."""
    seen = set()
    todo = [deal]
    while todo and budget > 0:
        h = todo.pop()
        budget -= 1
        actions = legal_actions(h)
        if any(isinstance(a, Discard) for a in actions):
            return True
        for a in actions:
            nxt = h.clone()
            nxt.apply(a)
            if nxt.over or nxt.current != deal.current:
                return True
            key = repr(sorted(fingerprint(nxt).items()))
            if key not in seen:
                seen.add(key)
                todo.append(nxt)
    return budget <= 0  # undecided within the budget: do not accuse the engine


@LEGAL_PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_whatever_the_checker_accepts_is_generated(rules: Rules, seed: int, steps: int) -> None:
    hand = state(rules, seed, steps)
    gaps = completeness_gaps(hand, random.Random(seed))
    assert gaps == [], f"{hand.hand_cards(hand.current)} table {[m.text() for m in hand.table]}"


@LEGAL_PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_a_refused_action_leaves_the_state_untouched(rules: Rules, seed: int, steps: int) -> None:
    hand = state(rules, seed, steps)
    rng = random.Random(seed)
    universe = action_universe(hand, rng, opens=10)
    rng.shuffle(universe)
    refused = 0
    for action in universe:
        if refused >= 60:
            break
        before = hand.clone()
        print_before = fingerprint(before)
        err = hand.check(action)
        if err is None:
            continue
        refused += 1
        try:
            hand.apply(action)
        except IllegalAction as raised:
            assert raised.code == err.code
            assert raised.reason and isinstance(raised.reason, str)
        else:
            raise AssertionError(f"check refused {action} ({err.code}) but apply accepted it")
        after = fingerprint(hand)
        assert after == print_before, (
            f"{action} refused ({err.code}) changed {diff(after, print_before)}"
        )
    # The hand still plays on after all those refusals.
    if not hand.over:
        assert legal_actions(hand) == legal_actions(before)


@examples(30)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_mutating_a_clone_never_changes_the_original(rules: Rules, seed: int, steps: int) -> None:
    hand = state(rules, seed, steps)
    kept = fingerprint(hand)
    # Through the API: play the clone on to the end of the hand.
    clone = hand.clone()
    assert fingerprint(clone) == kept
    advance(clone, random.Random(seed), 150)
    assert fingerprint(hand) == kept
    # By hand: scribble over every mutable container of a fresh clone.
    clone = hand.clone()
    for counts in clone.hands:
        counts[JOKER] += 5
    clone.sizes.append(99)
    clone.stock.append(JOKER)
    clone.pozzo.append(JOKER)
    clone.table.append(TableMeld.run(H, 2, 4))
    clone.opened.append(True)
    for known in clone.known:
        known[0] += 1
    clone.turn = clone.turn._replace(player=(clone.current + 1) % clone.n, phase=Phase.OVER)
    assert fingerprint(hand) == kept, diff(fingerprint(hand), kept)
    # And the other way round: playing the original leaves an earlier clone alone.
    clone = hand.clone()
    kept_clone = fingerprint(clone)
    advance(hand, random.Random(seed + 1), 150)
    assert fingerprint(clone) == kept_clone


@examples(15)
@given(
    rules=rules_strategy(match_keys=True, elimination=51, players=st.integers(2, 3)),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
)
def test_a_match_clone_is_independent(rules: Rules, seed: int, steps: int) -> None:
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.over:
            break
        match.apply(choose(legal_actions(match.deal), rng))
    kept = match_fingerprint(match)
    clone = match.clone()
    assert match_fingerprint(clone) == kept
    for _ in range(500):
        if clone.over:
            break
        clone.apply(choose(legal_actions(clone.deal), rng))
    assert match_fingerprint(match) == kept


# Regressions: engine bugs these properties found, each as a minimal position ---------------


def _eights_position() -> Deal:
    """Player 0 holds 8♥ 8♦ 8♣ twice (48 points as two sets) and seven odd cards."""
    eights = [kind_of(s, 8) for s in (H, D, C)]
    mine = [*eights, *eights, kind_of(S, 2), kind_of(S, 5), kind_of(H, 13), kind_of(D, 11)]
    mine += [kind_of(C, 4), kind_of(H, 2), kind_of(D, 6)]
    theirs = [kind_of(S, r) for r in range(9, 14)] + [kind_of(C, r) for r in range(9, 14)]
    theirs += [kind_of(D, 1), kind_of(D, 2), kind_of(D, 3)]
    stock_top = kind_of(S, 7)
    hand = Deal.setup(Rules(players=2), [mine, theirs], pozzo=[kind_of(H, 3)])
    # Put a harmless card on top of the stock so the position does not depend on a shuffle.
    i = hand.stock.index(stock_top)
    hand.stock.append(hand.stock.pop(i))
    hand.apply(DrawStock())
    return hand


def test_the_checker_accepts_an_opening_that_lays_the_same_meld_twice() -> None:
    hand = _eights_position()
    spec = MeldSpec(tuple(kind_of(s, 8) for s in (H, D, C)))
    assert hand.check(Open((spec, spec))) is None


def test_an_opening_that_lays_the_same_meld_twice_is_offered() -> None:
    """Regression: openings() once never combined a candidate meld with itself."""
    hand = _eights_position()
    spec = MeldSpec(tuple(kind_of(s, 8) for s in (H, D, C)))
    want = open_key(Open((spec, spec)), hand.rules)
    opens = [open_key(a, hand.rules) for a in legal_actions(hand) if isinstance(a, Open)]
    assert want in opens, "two sets of 8♥8♦8♣ make 48: the player can open with them"


def _pozzo_swap_trap(rules: Rules | None = None) -> Deal:
    """Opened player 0 may take a 7♥ whose only use is swapping out a joker that then has
    nowhere to go (the only table meld is a full set of 7s, one joker per meld)."""
    sevens = TableMeld.set_of(7, [H, D, C, S], joker_suits=[H])
    mine = [kind_of(C, 13), kind_of(D, 2), kind_of(S, 9)]
    theirs = [kind_of(S, 4), kind_of(S, 4)]
    return Deal.setup(
        rules or Rules(players=2),
        [mine, theirs],
        table=[sevens],
        pozzo=[kind_of(H, 7)],
        opened=[True, True],
    )


def test_the_pozzo_is_taken_only_if_the_turn_can_still_end() -> None:
    """Regression: the take was allowed, then only SwapJoker/TakeBack cycled forever."""
    hand = _pozzo_swap_trap()
    err = hand.check(TakePozzo())
    if err is None:
        hand.apply(TakePozzo())
        raise AssertionError(f"the 7♥ was taken; the turn can end: {turn_can_end(hand)}")
    assert err.code == "pozzo_unusable"
    # Where the recovered joker may stay in hand, the swap is a use that ends the turn.
    keep = _pozzo_swap_trap(Rules(players=2, keep_swapped_joker=True))
    assert keep.check(TakePozzo()) is None
    keep.apply(TakePozzo())
    assert turn_can_end(keep)


def test_a_player_who_took_the_pozzo_to_open_has_a_legal_action() -> None:
    """Regression: found by random play, which got no legal action in a live hand."""
    spades = [kind_of(S, 9), kind_of(S, 10), kind_of(S, 11), kind_of(S, 9), kind_of(S, 11)]
    loose = [kind_of(H, 2), kind_of(D, 4), kind_of(C, 6), kind_of(H, 8), kind_of(D, 13)]
    loose += [kind_of(C, 3), kind_of(H, 5), kind_of(D, 7)]
    theirs = [kind_of(C, r) for r in range(1, 14)]
    hand = Deal.setup(
        Rules(players=2, open_from_pozzo="opening"),
        [spades + loose, theirs],
        pozzo=[kind_of(S, 10)],
    )
    # 9♠10♠J♠ twice makes 58 with the 10♠ of the pozzo: the take is allowed...
    assert hand.check(TakePozzo()) is None
    hand.apply(TakePozzo())
    assert not hand.over
    # ...and then the player must open (no discard before it): an opening must be offered.
    actions = legal_actions(hand)
    assert actions != []
    assert any(isinstance(a, Open) for a in actions)
