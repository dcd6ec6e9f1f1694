"""Cards as people write them on a score sheet, in their language.

An English player writes the 4♥ ``4H``; an Italian reads ``C`` as *cuori* and writes
``4C``, which an English sheet reads as the 4♣. So the letters of the suits belong to a
language, and the language of the page (or ``scala40 score --lang``) decides them, never
a guess:

=========  ======================  ======================
suit       English letter          Italian letter
=========  ======================  ======================
♥          H (hearts)              C (cuori)
♦          D (diamonds)            Q (quadri)
♣          C (clubs)               F (fiori)
♠          S (spades)              P (picche)
=========  ======================  ======================

In both languages the suit symbols (``4♥``) and the suits' full words, English or Italian,
are read the same (``4 cuori``, ``4 di cuori``, ``4cuori``, ``4 hearts``, ``4 of hearts``);
ranks are as printed on the cards (A, 2–10 or T, J, Q, K) and a joker is ``JK``,
``joker`` or ``jolly``. ``QQ`` is the Q♦ to an Italian sheet (a queen of *quadri*).

>>> from scala40.notation.cards import format_cards
>>> format_cards(parse_people_cards("4C QQ 10 fiori jolly", Lang.IT), pretty=True)
'4♥ Q♦ 10♣ JK'
>>> format_cards(parse_people_cards("4C, 7 of hearts", Lang.EN), pretty=True)
'4♣ 7♥'
"""

from __future__ import annotations

import re
from enum import Enum, StrEnum
from typing import Final

from scala40.engine.cards import JOKER, RANK_TEXT, SUIT_SYMBOLS, kind_of, rank_of, suit_of
from scala40.notation.errors import NotationError

__all__ = ["CardTextError", "Form", "Lang", "format_people_card", "parse_people_cards"]


class Lang(StrEnum):
    """A language people write cards in (the pages' language codes)."""

    EN = "en"
    IT = "it"


class Form(Enum):
    """How a card is written for people: with its language's letter, its symbol, its word."""

    LETTER = "letter"
    SYMBOL = "symbol"
    WORD = "word"


SUIT_LETTERS: Final[dict[Lang, str]] = {Lang.EN: "HDCS", Lang.IT: "CQFP"}
"""Each language's suit letters in the engine's suit order (♥ ♦ ♣ ♠)."""

SUIT_WORDS: Final[dict[Lang, tuple[str, ...]]] = {
    Lang.EN: ("hearts", "diamonds", "clubs", "spades"),
    Lang.IT: ("cuori", "quadri", "fiori", "picche"),
}
"""Each language's words for the suits, in the engine's suit order."""

_WORDS: Final[dict[str, int]] = {
    **{w: s for words in SUIT_WORDS.values() for s, w in enumerate(words)},
    # The singular forms people also write.
    **{w: s for s, w in enumerate(("heart", "diamond", "club", "spade"))},
    **{w: s for s, w in enumerate(("cuore", "quadro", "fiore", "picca"))},
}
_SYMBOLS: Final[dict[str, int]] = {
    **{symbol: s for s, symbol in enumerate(SUIT_SYMBOLS)},
    **{symbol: s for s, symbol in enumerate("♡♢♧♤")},  # the white (outline) symbols
}
_RANKS: Final[dict[str, int]] = {
    **{str(r): r for r in range(2, 11)},
    "A": 1,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}
_JOKERS: Final = frozenset({"JK", "JOKER", "JOLLY"})
_LINKS: Final = frozenset({"DI", "OF"})
"""The little words between a rank and its suit's word ("4 di cuori", "4 of hearts")."""

_MESSAGES: Final[dict[Lang, str]] = {
    Lang.EN: 'not a card: "{card}"',
    Lang.IT: 'non è una carta: "{card}"',
}
"""What a bad card is called in each language (the one place these words live)."""


class CardTextError(NotationError):
    """A card people wrote that is none: its text (``card``) and the words for it in the
    language it was read in."""

    def __init__(self, card: str, lang: Lang) -> None:
        super().__init__(_MESSAGES[lang].format(card=card))
        self.card = card
        self.lang = lang


def _suit(text: str, lang: Lang) -> int | None:
    """The suit of a suit's letter (in ``lang``), symbol or word, or ``None``."""
    if text in _SYMBOLS:
        return _SYMBOLS[text]
    if len(text) == 1:
        letter = SUIT_LETTERS[lang].find(text)
        return letter if letter >= 0 else None
    return _WORDS.get(text.lower())


def _card(text: str, lang: Lang) -> int | None:
    """One card written in one piece (``4C``, ``4♥``, ``4cuori``, ``JK``), or ``None``."""
    if text in _JOKERS:
        return JOKER
    match = re.fullmatch(r"(10|[2-9AJQKT])(.+)", text)
    if match is None:
        return None
    suit = _suit(match.group(2), lang)
    return None if suit is None else kind_of(suit, _RANKS[match.group(1)])


def parse_people_cards(text: str, lang: Lang) -> list[int]:
    """The cards of a text as people write them in ``lang`` (the table above), in order.

    Cards are parted by spaces or commas; a rank may stand apart from its suit's symbol
    or word (``4 ♥``, ``4 di cuori``). A text that is not a card raises
    :class:`CardTextError` naming it, in ``lang``'s words:

    >>> parse_people_cards("4C 3X", Lang.IT)
    Traceback (most recent call last):
    ...
    scala40.notation.people.CardTextError: non è una carta: "3X"
    """
    tokens = text.replace(",", " ").replace("\ufe0f", "").split()
    out: list[int] = []
    i = 0
    while i < len(tokens):
        one = _card(tokens[i].upper(), lang)
        if one is None:
            one, used = _apart(tokens, i)
            if one is None:
                raise CardTextError(tokens[i], lang)
            i += used
        out.append(one)
        i += 1
    return out


def _apart(tokens: list[str], i: int) -> tuple[int | None, int]:
    """A rank standing apart from its suit at ``tokens[i]``: ``4 cuori``, ``4 di cuori``,
    ``4 ♥``; the card and how many tokens after the rank it took. A lone letter after a
    rank is not read as a suit: ``4 C`` is as likely a slip as a card."""
    rank = _RANKS.get(tokens[i].upper())
    after = [t.lower() for t in tokens[i + 1 : i + 3]]
    if rank is None or not after:
        return None, 0
    if after[0] in _SYMBOLS:
        return kind_of(_SYMBOLS[after[0]], rank), 1
    if after[0] in _WORDS:
        return kind_of(_WORDS[after[0]], rank), 1
    if after[0].upper() in _LINKS and len(after) == 2 and after[1] in _WORDS:
        return kind_of(_WORDS[after[1]], rank), 2
    return None, 0


def format_people_card(kind: int, lang: Lang, form: Form = Form.LETTER) -> str:
    """A card as people write it in ``lang``: ``4C`` (Italian letter), ``4♥``, ``4 cuori``.

    >>> [format_people_card(kind_of(0, 4), Lang.IT, f) for f in Form]
    ['4C', '4♥', '4 cuori']
    """
    if kind == JOKER:
        return "JK"
    rank, suit = RANK_TEXT[rank_of(kind)], suit_of(kind)
    if form is Form.SYMBOL:
        return rank + SUIT_SYMBOLS[suit]
    if form is Form.WORD:
        return f"{rank} {SUIT_WORDS[lang][suit]}"
    return rank + SUIT_LETTERS[lang][suit]
