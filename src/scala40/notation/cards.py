"""Cards as text: ``7H``, ``10H`` (or ``TH``), ``QS``, ``AS``, ``7♥``, ``JK``, ``JK=7D``.

People write cards many ways (lower case, ``T`` for ten, the suit symbols of a printed
card), so parsing is lenient; formatting is strict and gives one canonical ASCII form
(``7H``, ``10H``, ``JK``, ``JK=7D``) that files and records store, plus a pretty form with
suit symbols (``7♥``) for people. ``parse_card(format_card(k)) == k`` for every kind:

>>> all(parse_card(format_card(k)) == k for k in range(KINDS))
True

A joker in a meld may carry a declared identity (``JK=7D``: "this joker is the 7♦");
a card in hand never does, so :func:`parse_card` refuses it and :func:`parse_meld_card`
accepts it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from scala40.engine.cards import (
    JOKER,
    KINDS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_text,
    kind_of,
)
from scala40.notation.errors import NotationError

_RANKS: Final[dict[str, int]] = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}

_SUITS: Final[dict[str, int]] = {
    **{letter: s for s, letter in enumerate(SUIT_LETTERS)},
    **{symbol: s for s, symbol in enumerate(SUIT_SYMBOLS)},
    # The white (outline) suit symbols some fonts and keyboards give.
    "♡": 0,
    "♢": 1,
    "♧": 2,
    "♤": 3,
}

_JOKER_WORDS: Final = frozenset({"JK", "JOKER"})

_VARIATION_SELECTOR: Final = "\ufe0f"
"""Emoji keyboards append U+FE0F to suit symbols (``♥️``); it carries no meaning here."""


def _quoted(token: str) -> str:
    return f'"{token}"'


def _natural(text: str, token: str) -> int:
    """The kind of a natural card written as rank then suit, or raise naming ``token``."""
    if len(text) < 2:
        raise NotationError(f"not a card: {_quoted(token)}")
    rank = _RANKS.get(text[:-1])
    suit = _SUITS.get(text[-1])
    if rank is None or suit is None:
        raise NotationError(f"not a card: {_quoted(token)}")
    return kind_of(suit, rank)


def _clean(token: str) -> str:
    return token.strip().replace(_VARIATION_SELECTOR, "").upper()


def parse_meld_card(token: str) -> tuple[int, int | None]:
    """A card as laid in a meld: its kind and, for a joker, the declared identity or ``None``.

    ``JK=7D`` is a joker declared to stand for the 7♦; only a joker may carry ``=``, and
    what it stands for is always a natural card. :func:`format_card` writes it back:

    >>> kind, declared = parse_meld_card("jk=7d")
    >>> kind == JOKER, format_card(declared)
    (True, '7D')
    >>> format_card(kind, declared)
    'JK=7D'
    """
    text = _clean(token)
    if "=" in text:
        card, _, identity = text.partition("=")
        if card not in _JOKER_WORDS:
            raise NotationError(
                f"only a joker carries a declared identity: {_quoted(token.strip())}"
            )
        if identity in _JOKER_WORDS:
            raise NotationError(f"a joker stands for a natural card: {_quoted(token.strip())}")
        return JOKER, _natural(identity, token.strip())
    if text in _JOKER_WORDS:
        return JOKER, None
    return _natural(text, token.strip()), None


def parse_card(token: str) -> int:
    """The kind of one card as held in hand (``7H``, ``10♣``, ``JK``); :func:`format_card`
    writes its canonical text back.

    >>> format_card(parse_card("10H")), format_card(parse_card("t♥"))
    ('10H', '10H')
    >>> parse_card("JK=7D")
    Traceback (most recent call last):
    ...
    scala40.notation.errors.NotationError: a card in hand has no declared identity: "JK=7D"
    """
    kind, declared = parse_meld_card(token)
    if declared is not None:
        raise NotationError(f"a card in hand has no declared identity: {_quoted(token.strip())}")
    return kind


def format_card(kind: int, declared: int | None = None, *, pretty: bool = False) -> str:
    """Canonical text of a card: ``7H``/``10H``/``JK``/``JK=7D`` (``7♥``... when ``pretty``).

    >>> format_card(parse_card("qs")), format_card(parse_card("QS"), pretty=True)
    ('QS', 'Q♠')
    >>> parse_card(format_card(JOKER)) == JOKER
    True
    """
    if not isinstance(kind, int) or not 0 <= kind < KINDS:
        raise NotationError(f"not a card kind: {kind!r}")
    if kind == JOKER:
        if declared is None:
            return "JK"
        if declared == JOKER:
            raise NotationError("a joker stands for a natural card, not another joker")
        return "JK=" + format_card(declared, pretty=pretty)
    if declared is not None:
        raise NotationError(f"only a joker carries a declared identity, not {format_card(kind)}")
    return card_text(kind, pretty=pretty)


def split_tokens(text: str) -> list[str]:
    """Card tokens of a text, split on white space and commas (``"7H, 7D JK"``)."""
    return text.replace(",", " ").split()


def parse_cards(cards: str | Iterable[str]) -> list[int]:
    """Cards held in hand, from one text (``"7H 7D JK"``) or a list of tokens.

    >>> format_cards(parse_cards("7h, 7d jk"))
    '7H 7D JK'
    >>> parse_cards(["7H 7D", "JK"]) == parse_cards("7H 7D JK")
    True
    """
    tokens = (
        split_tokens(cards)
        if isinstance(cards, str)
        else [t for c in cards for t in split_tokens(c)]
    )
    return [parse_card(t) for t in tokens]


def format_cards(kinds: Sequence[int], *, pretty: bool = False) -> str:
    """Cards held in hand as one space-separated text, in the order given.

    >>> format_cards(parse_cards("7H 7D JK"), pretty=True)
    '7♥ 7♦ JK'
    """
    return " ".join(format_card(k, pretty=pretty) for k in kinds)
