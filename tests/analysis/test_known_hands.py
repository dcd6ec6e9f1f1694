"""The worked opening examples of RULES.md §5, through the solver and through the state.

Each example is a list of melds; ``best_opening`` of exactly those cards must find
their worth (no better packing exists in any of them), and the state machine must
accept them as an opening exactly when they reach 40.
"""

from __future__ import annotations

import pytest

from scala40.engine.actions import DrawStock, MeldSpec, Open
from scala40.engine.analysis import best_opening, counts_of, solve
from scala40.engine.cards import JOKER, kind_of
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

from .brute import best

H, D, C, S = range(4)
J, Q, K, A = 11, 12, 13, 1


def c(rank: int, suit: int) -> int:
    return kind_of(suit, rank)


def run(suit: int, lo: int, hi: int) -> MeldSpec:
    return MeldSpec(tuple(c(r, suit) for r in range(lo, hi + 1)))


# (label, melds, points, opens)
EXAMPLES = [
    ("K K K + 3♠4♠5♠", [MeldSpec((c(K, H), c(K, D), c(K, C))), run(S, 3, 5)], 42, True),
    ("K K K alone", [MeldSpec((c(K, H), c(K, D), c(K, C)))], 30, False),
    ("four 10s", [MeldSpec(tuple(c(10, s) for s in (H, D, C, S)))], 40, True),
    ("three aces", [MeldSpec((c(A, H), c(A, D), c(A, C)))], 33, False),
    ("four aces", [MeldSpec(tuple(c(A, s) for s in (H, D, C, S)))], 44, True),
    (
        "Q♥K♥A♥ + 2♣3♣4♣",
        [MeldSpec((c(Q, H), c(K, H), c(A, H))), run(C, 2, 4)],
        40,
        True,
    ),
    (
        "Q♥K♥A♥ + A♣2♣3♣",
        [MeldSpec((c(Q, H), c(K, H), c(A, H))), run(C, 1, 3)],
        37,
        False,
    ),
    ("9♣10♣J♣Q♣", [run(C, 9, 12)], 39, False),
    ("9♣10♣J♣Q♣K♣", [run(C, 9, 13)], 49, True),
    (
        "J♠Q♠+joker-as-K♠ + 5♥6♥7♥",
        [MeldSpec((c(J, S), c(Q, S), JOKER), (None, None, c(K, S))), run(H, 5, 7)],
        48,
        True,
    ),
    (
        "4 4 4 + 3♦…7♦",
        [MeldSpec((c(4, H), c(4, C), c(4, S))), run(D, 3, 7)],
        37,
        False,
    ),
    (
        "K♥Q♥J♥ + 7♠7♦7♣",
        [MeldSpec((c(K, H), c(Q, H), c(J, H))), MeldSpec((c(7, S), c(7, D), c(7, C)))],
        51,
        True,
    ),
    ("2♦…8♦", [run(D, 2, 8)], 35, False),
]

IDS = [e[0] for e in EXAMPLES]


def cards_of(melds: list[MeldSpec]) -> list[int]:
    return [k for m in melds for k in m.cards]


@pytest.mark.parametrize(("label", "melds", "points", "opens"), EXAMPLES, ids=IDS)
def test_best_opening_of_the_worked_examples(
    label: str, melds: list[MeldSpec], points: int, opens: bool
) -> None:
    cards = cards_of(melds)
    rules = Rules()
    got = best_opening(counts_of(cards), rules, leave=0)
    assert got is not None
    assert got.points == points, label
    assert got.opens == opens, label
    assert sorted(k for m in got.melds for k in m.cards()) == sorted(cards)
    # With a spare card for the discard (the usual leave=1) nothing changes.
    spare = [*cards, c(2, S) if c(2, S) not in cards else c(9, D)]
    got1 = best_opening(counts_of(spare), rules)
    assert got1 is not None and got1.points == points and got1.opens == opens
    # The brute force agrees.
    want = best(cards, rules)
    assert want is not None and want.points == points
    sol = solve(counts_of(cards), rules)
    assert sol is not None and sol.points == points


@pytest.mark.parametrize(("label", "melds", "points", "opens"), EXAMPLES, ids=IDS)
def test_the_state_accepts_the_worked_examples_as_an_opening_iff_40(
    label: str, melds: list[MeldSpec], points: int, opens: bool
) -> None:
    cards = cards_of(melds)
    filler = [k for k in (c(2, S), c(9, D), c(6, C), c(10, H)) if k not in cards][:3]
    other = [c(r, s) for s in (H, S) for r in range(2, 8)][:13]
    hand = Deal.setup(Rules(players=2), [cards + filler, other], pozzo=[c(8, C)])
    hand.apply(DrawStock())
    err = hand.check(Open(tuple(melds)))
    if opens:
        assert err is None, f"{label}: {err!r}"
        hand.apply(Open(tuple(melds)))
        assert hand.opened[0]
        assert sum(m.points(hand.rules) for m in hand.table) == points
    else:
        assert err is not None and err.code == "below_opening", f"{label}: {err!r}"
        assert str(points) in err.reason
