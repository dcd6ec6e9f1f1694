"""Cards as small ints.

A card *kind* is an int: ``suit * 13 + (rank - 1)`` for the 52 naturals (rank 1 = ace,
11 = J, 12 = Q, 13 = K) and :data:`JOKER` (52) for a joker. The physical copies of one
kind are interchangeable in play (RULES.md §1), so the engine keeps hands and piles as
multisets of kinds; conservation of the physical cards is "every kind is present as many
times as the pack holds it" (:func:`pack_counts`), checked by :mod:`scala40.engine.pack`.

Small ints keep hands as count arrays that copy in well under a microsecond, which is
what makes search over thousands of futures affordable.
"""

from __future__ import annotations

from typing import Final

HEARTS: Final = 0
DIAMONDS: Final = 1
CLUBS: Final = 2
SPADES: Final = 3
SUITS: Final = (HEARTS, DIAMONDS, CLUBS, SPADES)

JOKER: Final = 52
KINDS: Final = 53
"""Number of card kinds: 52 naturals and the joker."""

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
HIGH_ACE: Final = 14
"""Rank used for an ace standing above the king in a run (Q-K-A)."""

SUIT_LETTERS: Final = "HDCS"
SUIT_SYMBOLS: Final = "♥♦♣♠"
RANK_TEXT: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def kind_of(suit: int, rank: int) -> int:
    """The kind of a natural card; a rank of 14 (high ace) is the ace."""
    if rank == HIGH_ACE:
        rank = ACE
    return suit * 13 + rank - 1


def suit_of(kind: int) -> int:
    return kind // 13


def rank_of(kind: int) -> int:
    """Rank 1..13 of a natural kind (the ace is 1)."""
    return kind % 13 + 1


def is_joker(kind: int) -> bool:
    return kind == JOKER


def card_name(kind: int) -> str:
    """A short English label such as ``7♥`` or ``JK`` (notation has the full codecs)."""
    if kind == JOKER:
        return "JK"
    return RANK_TEXT[rank_of(kind)] + SUIT_SYMBOLS[suit_of(kind)]


def card_text(kind: int, declared: int | None = None, *, pretty: bool = False) -> str:
    """The notation's text of a card (``7H``, ``10D``, ``JK``, ``JK=7D``; suit symbols when
    ``pretty``), unchecked: the one writer of card text, which the notation's
    ``format_card`` calls once it has checked its input, and actions print with."""
    if kind == JOKER:
        return "JK" if declared is None else "JK=" + card_text(declared, pretty=pretty)
    suits = SUIT_SYMBOLS if pretty else SUIT_LETTERS
    return RANK_TEXT[rank_of(kind)] + suits[suit_of(kind)]


def pack_counts(decks: int, jokers: int) -> list[int]:
    """How many copies of each kind the pack holds."""
    counts = [decks] * KINDS
    counts[JOKER] = jokers
    return counts


def pack_list(decks: int, jokers: int) -> list[int]:
    """The pack as a list of kinds, unshuffled."""
    return [k for k, n in enumerate(pack_counts(decks, jokers)) for _ in range(n)]


_PENALTIES: dict[str, tuple[int, ...]] = {}


def card_value_table(face_values: str) -> tuple[int, ...]:
    """On-table worth of a position rank 1..14 (index 0 unused).

    Rank 1 is an ace at the bottom of a run (1 point); 14 is an ace at the top of a run
    or in a set (11, or 14 with ``face_values = "high"``).
    """
    if face_values == "high":
        return (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
    return (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


def penalty_table(face_values: str) -> tuple[int, ...]:
    """In-hand penalty of each kind (RULES.md §2): joker 25 (14 with high face values)."""
    table = _PENALTIES.get(face_values)
    if table is None:
        table = _PENALTIES[face_values] = _penalty_table(face_values)
    return table


def _penalty_table(face_values: str) -> tuple[int, ...]:
    values = card_value_table(face_values)
    out = [values[HIGH_ACE if rank_of(k) == ACE else rank_of(k)] for k in range(52)]
    out.append(14 if face_values == "high" else 25)
    return tuple(out)
