"""What the cards left in a hand cost (RULES.md §2 and §9)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scala40.engine.cards import ACE, JOKER, KINDS, penalty_table, rank_of
from scala40.engine.rules import Rules

FLAT_UNOPENED: int = 100


def count_penalty(counts: Sequence[int], rules: Rules) -> int:
    """Penalty of a hand given as counts per kind."""
    table = penalty_table(rules.face_values)
    total = 0
    size = 0
    for k in range(KINDS):
        c = counts[k]
        if c:
            total += c * table[k]
            size += c
    if rules.lone_ace_counts_one and size == 1:
        lone = next(k for k in range(KINDS) if counts[k])
        if lone != JOKER and rank_of(lone) == ACE:
            return 1
    return total


def cards_penalty(cards: Iterable[int], rules: Rules) -> int:
    """Penalty of a list of kinds left in hand (``scala40 penalty``)."""
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    return count_penalty(counts, rules)


def hand_penalties(
    hands: Sequence[Sequence[int]],
    opened: Sequence[bool],
    winner: int | None,
    chiusura: bool,
    doubled: bool,
    rules: Rules,
) -> list[int]:
    """What each player pays for a finished hand.

    ``winner`` went out (pays 0), or is ``None`` when the stock ran out and everybody
    counts. ``chiusura`` marks a chiusura in mano; ``doubled`` a going out that doubles
    what the others pay (``go_out_without_discard = "double"``). A flat 100 is never
    doubled and doublings never stack.
    """
    out = []
    for p, counts in enumerate(hands):
        if p == winner:
            out.append(0)
            continue
        counted = count_penalty(counts, rules)
        if winner is None:
            out.append(counted)
            continue
        double = doubled
        if not opened[p]:
            if chiusura:
                out.append(FLAT_UNOPENED)
                continue
            if rules.unopened_penalty == "flat100":
                out.append(FLAT_UNOPENED)
                continue
            if rules.unopened_penalty == "double":
                double = True
        elif chiusura and rules.chiusura_in_mano_double:
            double = True
        out.append(counted * 2 if double else counted)
    return out
