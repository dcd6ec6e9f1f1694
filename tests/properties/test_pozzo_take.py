"""Taking the pozzo is offered exactly when some sequence of legal plays uses the card.

The oracle plays every sequence the play-phase generator offers (every meld, lay-off and
swap, each position once) after the take and asks whether one of them uses the card and
still reaches a legal discard or goes out. It shares nothing with the pozzo rules' own
search but ``legal_actions`` of the play phase.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.actions import Discard, TakeBack, TakePozzo
from scala40.engine.cards import JOKER, KINDS, pack_counts
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.melds import TableMeld
from scala40.engine.pozzo import may_take
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

from .support import examples


def oracle(deal: Deal) -> bool:
    """Whether, after taking the pozzo card, some offered sequence uses it and can end."""
    probe = deal.clone()
    probe.move_pozzo_card()
    probe.turn = probe.turn._replace(pozzo_used=False)
    p = probe.current
    seen: set[object] = set()

    def ends(h: Deal) -> bool:
        if h.over:
            return h.result is not None and h.result.winner == p
        return h.turn.pozzo_used and any(isinstance(a, Discard) for a in legal_actions(h))

    def visit(h: Deal) -> bool:
        key = (
            tuple(h.hands[p]),
            tuple(h.table),
            h.turn.jokers_owed,
            h.opened[p],
            h.turn.pozzo_used,
        )
        if key in seen:
            return False
        seen.add(key)
        for a in legal_actions(h):
            if isinstance(a, Discard | TakeBack):
                continue
            after = h.clone()
            after.apply(a)
            if ends(after) or (not after.over and visit(after)):
                return True
        return False

    return visit(probe)


class Layout(NamedTuple):
    """A position's cards and rule keys, to be dealt under one ``open_from_pozzo`` value."""

    keys: dict[str, object]
    hands: list[list[int]]
    table: list[TableMeld]
    pozzo: list[int]
    stock: list[int]
    opened: list[bool]
    turns_done: int | None

    def deal(self, open_from_pozzo: str) -> Deal:
        rules = Rules.build(None, {**self.keys, "open_from_pozzo": open_from_pozzo})
        return Deal.setup(
            rules,
            [h[:] for h in self.hands],
            table=self.table,
            pozzo=self.pozzo[:],
            stock=self.stock[:],
            opened=self.opened,
            turns_done=self.turns_done,
        )


@st.composite
def layouts(draw: st.DrawFn, *, opened: bool | None = None, varied: bool = False) -> Layout:
    """A player at the draw, runs of a few suits on the table, cards near them.

    An opened player, or an unopened one who holds two sets of picture cards besides, so
    that an opening is often possible. ``varied``: sometimes nobody has completed a turn
    yet (then nobody may go out), and the unopened hand may hold a single set and few other
    cards, so that an opening is just within reach, or just out of it.
    """
    if opened is None:
        opened = draw(st.booleans())
    keys: dict[str, object] = {
        "players": 2,
        "keep_swapped_joker": draw(st.booleans()),
        "go_out_without_discard": draw(st.booleans()),
    }
    rng = random.Random(draw(st.integers(0, 2**32)))
    turns_done = draw(st.sampled_from([None, 0, 1])) if varied else None
    extra = draw(st.integers(0 if varied and not opened else 1, 7))  # a hand at the draw
    sets = draw(st.integers(1, 2)) if varied else 2
    left = pack_counts(2, 4)
    table: list[TableMeld] = []
    for _ in range(draw(st.integers(1, 3))):
        suit, lo = rng.randrange(4), rng.randrange(1, 10)
        hi = lo + rng.randrange(2, 5)
        ranks = list(range(lo, hi + 1))
        joker = [rng.choice(ranks)] if rng.random() < 0.4 and left[JOKER] else []
        meld = TableMeld.run(suit, lo, hi, joker)
        if any(left[k] < 1 for k in meld.cards()):
            continue
        for k in meld.cards():
            left[k] -= 1
        table.append(meld)
    near = [
        m.suit * 13 + (r - 1) % 13
        for m in table
        for r in (m.lo - 3, m.lo - 2, m.lo - 1, m.hi + 1, m.hi + 2, m.hi + 3)
        if 1 <= r <= 14
    ] + [k for m in table for k in m.joker_identities()]

    def card() -> int:
        pool = near if near and rng.random() < 0.7 else range(KINDS)
        for _ in range(50):
            k = rng.choice(list(pool))
            if left[k]:
                left[k] -= 1
                return k
        k = next(k for k in range(KINDS) if left[k])
        left[k] -= 1
        return k

    mine = [card() for _ in range(extra)]
    if not opened:
        for rank in rng.sample(range(10, 13), sets):  # J, Q or K: 30 points a set
            for suit in rng.sample(range(4), 3):
                if left[suit * 13 + rank]:
                    left[suit * 13 + rank] -= 1
                    mine.append(suit * 13 + rank)
    top = card()
    other = [card() for _ in range(5)]
    rest = [k for k in range(KINDS) for _ in range(left[k])]
    rng.shuffle(rest)
    return Layout(
        keys, [mine, other], table, [*rest[:20], top], rest[20:], [opened, True], turns_done
    )


def positions() -> st.SearchStrategy[Deal]:
    """An opened player (no pozzo variant needed), or an unopened one under ``any_use``."""
    return layouts().map(lambda lay: lay.deal("no" if lay.opened[0] else "any_use"))


@examples(150)
@given(deal=positions())
def test_the_take_is_offered_exactly_when_a_sequence_uses_the_card(deal: Deal) -> None:
    expected = oracle(deal)
    assert may_take(deal) == expected
    assert (TakePozzo() in legal_actions(deal)) == expected
    err = deal.check(TakePozzo())
    assert (err is None) == expected
    if not expected:
        code = "pozzo_unusable" if deal.opened[0] else "pozzo_needs_opening"
        assert isinstance(err, IllegalAction) and err.code == code
