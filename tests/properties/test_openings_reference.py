"""The legal-action generator's openings equal those of the generator it replaced.

``reference_openings`` below is the engine's opening generator as it was before it was
made cheaper (commit e2d6e11), kept verbatim but for its names: every meld combination
tried in candidate order, one recursion per combination. The new one must list the very
same openings in the very same order (docs/bot-protocol.md documents ``legal``'s order)
over random positions under random rule keys: hands dealt and played at random, and
hands crowded with melds (a few suits, jokers), where the openings run to hundreds. One
rule fix came after the reference: an opening that leaves only the card kept from the
pozzo is no longer offered (the checker refuses it), so after a pozzo take the
reference's list is passed through the checker first.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.actions import DrawStock, Open, TakePozzo
from scala40.engine.analysis import Candidate, candidate_melds, opening_within_reach
from scala40.engine.cards import JOKER
from scala40.engine.going_out import leave_code
from scala40.engine.legal import legal_actions
from scala40.engine.opening import jokers_barred, opening_code, openings
from scala40.engine.phases import Drew
from scala40.engine.pozzo import may_take
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

from .support import advance, deal, examples, pack_of, rules_strategy

_FROM_POZZO = Drew.POZZO


def reference_openings(deal: Deal) -> list[Open]:
    """Every legal opening of the current (unopened) player, each listed once.

    Melds are combined in the order of the candidate list; a combination is an opening
    when it reaches the opening points (or lays down all but one card, a chiusura in mano,
    which needs no minimum) and passes the rules on jokers, the pozzo card and the cards
    left in hand.
    """
    rules = deal.rules
    p = deal.turn.player
    counts = deal.hands[p]
    size = deal.sizes[p]
    cands = candidate_melds(counts, rules, jokers=not jokers_barred(rules, True))
    need = rules.opening_points
    if not cands or not _reference_may_open(cands, counts, size, rules):
        return []
    pending = deal.turn.drew == _FROM_POZZO and not deal.turn.pozzo_used
    taken = deal.turn.pozzo_card
    in_opening = rules.open_from_pozzo == "opening"
    out: list[Open] = []
    chosen: list[Candidate] = []

    def offer(points: int, plain: int, used: int) -> None:
        left = size - used
        whole = left <= 1
        # ``plain`` < ``points`` exactly when some chosen meld holds a joker.
        if opening_code(points, plain, plain < points, rules, whole_hand=whole) is not None:
            return
        laid: tuple[int, ...] | None = None
        if whole:
            laid = tuple(k for c in chosen for k in c.laid())
            if leave_code(deal, left, laid) is not None:
                return
        action = Open(tuple([c.spec() for c in chosen]))
        if pending:
            if laid is None:
                laid = tuple(k for c in chosen for k in c.laid())
            # The card must be in the opening, or still have a use after it: the latter is
            # a search, left to the full check.
            if taken not in laid and (in_opening or deal.check(action) is not None):
                return
        out.append(action)

    n = len(cands)
    masks = [c.mask for c in cands]
    wilds = [c.jokers for c in cands]
    worth = [c.points for c in cands]
    sizes = [len(c.naturals) + c.jokers for c in cands]
    twice = [c.mask2 for c in cands]

    def extend(
        start: int, h1: int, h2: int, h3: int, wild: int, points: int, plain: int, used: int
    ) -> None:
        if chosen and (points >= need or size - used <= 1):
            offer(points, plain, used)
        for i in range(start, n):
            m = masks[i]
            j = wilds[i]
            if m & ~h1 or j > wild:
                continue
            a1, a2, a3 = h1 & ~(m & ~h2), h2 & ~(m & ~h3), h3 & ~m
            m2 = twice[i]
            if m2:
                if m2 & ~a1:
                    continue
                a1, a2, a3 = a1 & ~(m2 & ~a2), a2 & ~(m2 & ~a3), a3 & ~m2
            chosen.append(cands[i])
            extend(
                i,
                a1,
                a2,
                a3,
                wild - j,
                points + worth[i],
                plain if j else plain + worth[i],
                used + sizes[i],
            )
            chosen.pop()

    extend(0, *_reference_levels(counts), counts[JOKER], 0, 0, 0)
    return out


def _reference_may_open(cands: list[Candidate], counts: list[int], size: int, rules: Rules) -> bool:
    """:func:`opening_within_reach` for the cards the candidate melds use: it rules most
    hands out before the search."""
    usable = 0
    jokers = False
    for c in cands:
        usable |= c.mask
        jokers = jokers or c.jokers > 0
    return opening_within_reach(usable, counts, size, rules, jokers=jokers)


def _reference_levels(counts: list[int]) -> tuple[int, int, int]:
    """A hand's natural cards as three bit sets: kinds held once or more, twice or more,
    three times (a pack has at most three copies of a card)."""
    one = two = three = 0
    for k in range(JOKER):
        n = counts[k]
        if n:
            bit = 1 << k
            one |= bit
            if n > 1:
                two |= bit
                if n > 2:
                    three |= bit
    return one, two, three


@st.composite
def crowded(draw: st.DrawFn, rules: Rules) -> Deal:
    """The first player at the play phase holding cards of two or three suits around a few
    ranks, and jokers: the hands whose openings are many."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    left = pack_of(rules)
    suits = rng.sample(range(4), rng.choice((2, 3)))
    lo = rng.randrange(0, 8)
    pool = [s * 13 + r for s in suits for r in range(lo, lo + 6)] + [
        s * 13 + r for s in range(4) for r in rng.sample(range(13), 2)
    ]
    mine: list[int] = []
    for _ in range(min(rng.randrange(0, 4), left[JOKER])):
        left[JOKER] -= 1
        mine.append(JOKER)
    while len(mine) < 13:
        k = rng.choice(pool)
        if left[k]:
            left[k] -= 1
            mine.append(k)
    rest = [k for k, n in enumerate(left) for _ in range(n)]
    rng.shuffle(rest)
    n = rules.players
    hands = [mine] + [[rest.pop() for _ in range(13)] for _ in range(n - 1)]
    d = Deal.setup(rules, hands, pozzo=[rest.pop()], stock=rest, opened=[False] * n)
    d.apply(TakePozzo() if may_take(d) and rng.random() < 0.5 else DrawStock())
    return d


def same_openings(d: Deal) -> None:
    if d.phase != "play" or d.opened[d.current] or d.turn.must_go_out:
        return
    expected = reference_openings(d)
    if d.turn.drew == _FROM_POZZO:
        # Since the reference, an opening that leaves only a kept pozzo card (no discard,
        # no use) is refused as a dead end: the checker says which.
        expected = [a for a in expected if d.check(a) is None]
    assert openings(d) == expected
    actions = legal_actions(d)
    assert actions[: len(expected)] == expected
    assert not any(isinstance(a, Open) for a in actions[len(expected) :])


@examples(200)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_openings_of_played_hands_match_the_reference(rules: Rules, seed: int, steps: int) -> None:
    d = deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if d.over:
            return
        if d.phase == "play":
            same_openings(d)
        advance(d, rng, 1)
    if not d.over:
        if d.phase == "draw":
            advance(d, rng, 1)
        if not d.over:
            same_openings(d)


@examples(200)
@given(data=st.data(), rules=rules_strategy())
def test_openings_of_crowded_hands_match_the_reference(data: st.DataObject, rules: Rules) -> None:
    same_openings(data.draw(crowded(rules)))
