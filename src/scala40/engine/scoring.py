"""What the cards left in a hand cost (RULES.md §2 and §9)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum, unique
from typing import assert_never

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


@unique
class Charge(StrEnum):
    """How a hand's cards are charged to one player (RULES.md §9): the one place that
    decides, whether the points come from cards (the engine) or from a paper sheet."""

    NOTHING = "nothing"
    """Went out."""
    COUNTED = "counted"
    DOUBLED = "doubled"
    FLAT = "flat"
    """The flat 100 of a player caught unopened (never doubled)."""


def charge_of(
    *, opened: bool, went_out: bool, someone_out: bool, chiusura: bool, doubled: bool, rules: Rules
) -> Charge:
    """How one player's cards are charged for a finished hand.

    ``someone_out`` is false when the stock ran out and everybody counts; ``chiusura``
    marks a chiusura in mano; ``doubled`` a going out that doubles what the others pay
    (``go_out_without_discard = "double"``). A flat 100 is never doubled and doublings
    never stack.
    """
    if went_out:
        return Charge.NOTHING
    if not someone_out:
        return Charge.COUNTED
    double = doubled
    if not opened:
        penalty = rules.unopened_penalty
        if chiusura:
            return Charge.FLAT
        if penalty == "flat100":
            return Charge.FLAT
        if penalty == "double":
            double = True
        elif penalty != "count":
            assert_never(penalty)
    elif chiusura and rules.chiusura_in_mano_double:
        double = True
    return Charge.DOUBLED if double else Charge.COUNTED


def charged(charge: Charge, counted: int) -> int:
    """What a player pays: ``counted`` is the points of the cards they were left with."""
    if charge is Charge.NOTHING:
        return 0
    if charge is Charge.FLAT:
        return FLAT_UNOPENED
    return 2 * counted if charge is Charge.DOUBLED else counted


def hand_penalties(
    hands: Sequence[Sequence[int]],
    opened: Sequence[bool],
    winner: int | None,
    chiusura: bool,
    doubled: bool,
    rules: Rules,
) -> list[int]:
    """What each player pays for a finished hand (``winner`` went out, or ``None`` when
    the stock ran out): :func:`charge_of` each player, on their cards' points."""
    return [
        charged(
            charge_of(
                opened=opened[p],
                went_out=p == winner,
                someone_out=winner is not None,
                chiusura=chiusura,
                doubled=doubled,
                rules=rules,
            ),
            count_penalty(counts, rules),
        )
        for p, counts in enumerate(hands)
    ]
