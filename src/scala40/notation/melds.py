"""Melds as text: the cards in table order, space-separated (``"JS QS JK"``, ``"KH QH JH"``).

The text of a new meld is what a player lays down, read left to right. A run may be
written ascending or descending, and a joker's place in the text fixes what it stands for
(in ``JK 8S 9S`` it is the 7♠). A joker may also carry a declared identity (``JK=7D``);
in a set of three that is how the player names its suit, and in a run a declaration that
contradicts the joker's place makes the meld invalid (RULES.md §13). Parsing only reads
the text: whether the cards make a legal meld is decided by the engine's ``build_meld``.

A meld on the table formats with every joker's identity spelled out, so its text rebuilds
exactly the same :class:`TableMeld` (see :func:`parse_table_meld`).
"""

from __future__ import annotations

from collections.abc import Iterable

from scala40.engine.actions import MeldSpec
from scala40.engine.cards import JOKER
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import TableMeld, build_meld
from scala40.engine.rules import Rules
from scala40.notation.cards import format_card, parse_cards, parse_meld_card, split_tokens
from scala40.notation.errors import NotationError


def parse_meld(text: str | Iterable[str]) -> MeldSpec:
    """The cards of a meld in table order, with any declared joker identities.

    Raises :class:`NotationError` for a token that is not a card or for no cards at all;
    a meld of the wrong shape still parses (the engine judges it). :func:`format_meld`
    writes it back:

    >>> format_meld(parse_meld("jk 8s 9s"))
    'JK 8S 9S'
    >>> format_meld(parse_meld("JK=7H 7D 7C"))
    'JK=7H 7D 7C'
    """
    tokens = (
        split_tokens(text) if isinstance(text, str) else [t for c in text for t in split_tokens(c)]
    )
    if not tokens:
        raise NotationError('a meld needs cards: ""')
    cards: list[int] = []
    declared: list[int | None] = []
    for token in tokens:
        kind, identity = parse_meld_card(token)
        cards.append(kind)
        declared.append(identity)
    return MeldSpec(tuple(cards), tuple(declared))


def format_meld(meld: MeldSpec | TableMeld, *, pretty: bool = False) -> str:
    """Text of a meld in table order; a table meld names every joker's identity.

    >>> format_meld(parse_meld("JK 8S 9S"), pretty=True)
    'JK 8♠ 9♠'
    >>> format_meld(parse_table_meld("JK 8S 9S"))
    'JK=7S 8S 9S'
    """
    if isinstance(meld, TableMeld):
        cards = meld.cards()
        identities: list[int | None] = [
            k if c == JOKER else None for c, k in zip(cards, meld.slots, strict=True)
        ]
        return " ".join(
            format_card(c, d, pretty=pretty) for c, d in zip(cards, identities, strict=True)
        )
    return " ".join(
        format_card(c, d, pretty=pretty) for c, d in zip(meld.cards, meld.declared, strict=True)
    )


def parse_table_meld(
    text: str | Iterable[str], rules: Rules | None = None, *, require_set_suits: bool = True
) -> TableMeld:
    """A meld lying on the table, from its text, checked by the engine under ``rules``.

    Raises :class:`NotationError` naming the meld when the cards do not make one (a
    position or record with an impossible table is bad input, not an illegal move).
    Its text, with every joker named, rebuilds the same meld:

    >>> meld = parse_table_meld("JS QS JK")
    >>> meld.kind, format_meld(meld)
    ('run', 'JS QS JK=KS')
    >>> parse_table_meld(format_meld(meld)) == meld
    True
    """
    spec = parse_meld(text)
    try:
        return build_meld(spec.cards, spec.declared, rules, require_set_suits=require_set_suits)
    except IllegalAction as err:
        shown = text if isinstance(text, str) else " ".join(text)
        raise NotationError(f'not a meld: "{shown.strip()}": {err.reason}') from None


def parse_hand(text: str | Iterable[str]) -> list[int]:
    """The cards of a hand (``"7H 7D JK"``); a hand's jokers carry no declared identity.

    >>> from scala40.notation.cards import format_cards
    >>> format_cards(parse_hand("7h 7d jk"))
    '7H 7D JK'
    """
    return parse_cards(text)
