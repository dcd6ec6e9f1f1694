"""Nicknames nobody can fake: how two names compare, and which names are refused.

Why: a name is all a player sees of another at a table, in the lobby and on the
leaderboard. "Anna" in Cyrillic letters, in fullwidth letters, or with an accent that
hides on a phone's small type looks like the Anna who keeps a rating; "Bot 2 (Club
player)" looks like the server's own bot. So names are compared by a key that puts every
look-alike on one value, and a few shapes are refused outright.

The key (:func:`name_key`) is the Unicode UTS #39 *skeleton* of the name's NFKC,
case-folded form, with combining marks dropped and spaces collapsed:
``skeleton(NFKC(casefold(name)))``. The skeleton is ICU's (``icu.SpoofChecker``, the
reference implementation of UTS #39, from the ``pyicu-wheels`` build of PyICU, which bundles
ICU so nothing is compiled). ICU was chosen over the pure-Python ``confusable-homoglyphs``
(which tells whether a character *has* look-alikes but gives no skeleton to store and
compare) and ``confusables`` (Unicode 13 data of 2020, no skeleton either).

Refused (:func:`clean_name`, :class:`BadName`), with the reason named:

- invisible characters: default-ignorable code points (zero-width spaces and joiners,
  the Hangul fillers, variation selectors), control and format characters;
- a combining mark stacked on another or repeated (ICU's ``INVISIBLE`` check), and more than
  :data:`MARKS_MAX` marks in all: the "zalgo" names that hide or fake letters;
- mixed scripts beyond UTS #39's *moderately restrictive* level (a Latin name with one
  Cyrillic or Greek letter; Latin beside Han and Kana is fine), and digits of two systems;
- names imitating the server (:func:`imitation`): "bot…", a bot level's label in
  any language of the catalogue, "system", "server", "admin", "scala40", "guest", "ospite"…
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

import icu  # type: ignore[import-untyped]

from scala40.bots import LABELS
from scala40.words import Words, languages

MAX_NAME: Final = 24
MARKS_MAX: Final = 4
"""At most this many combining marks in a name: enough for Vietnamese or Greek with
accents on every vowel of a short name, too few to build a stack over the letters."""

LEVEL_LABELS: Final[dict[str, dict[str, str]]] = {
    lang: {level: Words(lang)(f"bot.level.{level}") for level in LABELS} for lang in languages()
}
"""The bot levels' labels as the pages show them in each language of the catalogue
(``bot.level.*``; a test keeps the English ones those of :data:`scala40.bots.LABELS`, which
may not read the catalogue), refused as names: read from the catalogue, so a language added
as one catalogue file has its labels refused too."""

SYSTEM_WORDS: Final[tuple[str, ...]] = (
    "system",
    "sistema",
    "server",
    "admin",
    "administrator",
    "amministratore",
    "moderator",
    "moderatore",
    "scala40",
    "scala 40",
    "guest",
    "ospite",
)
"""Words of the server's own voice: a name holding one of them as a word reads as a
message from the table or as a label the page adds (the guest mark)."""

_CHECKS: Final = (
    icu.USpoofChecks.RESTRICTION_LEVEL | icu.USpoofChecks.INVISIBLE | icu.USpoofChecks.MIXED_NUMBERS
)
_BOT: Final = re.compile(r"bots?(?![^\W\d_])")
"""A key that starts with the word "bot" (or "bots"), then anything but a letter: "Bot",
"bot:club", "Bot 2 (Easy)", "bot_7". "Botticelli" is a name."""


class BadName(ValueError):
    """A nickname refused; ``code`` names the reason for the API (``bad_nickname`` for
    its shape, ``nickname_imitates`` for a name that imitates the server or a bot)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _checker() -> icu.SpoofChecker:
    checker = icu.SpoofChecker()
    checker.setChecks(_CHECKS)
    checker.setRestrictionLevel(icu.URestrictionLevel.MODERATELY_RESTRICTIVE)
    return checker


_SPOOF: Final = _checker()
_IGNORABLE: Final = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def name_key(name: str) -> str:
    """How nicknames compare: two names with one key are one name (the players table keeps
    each key once). The UTS #39 skeleton of the NFKC case-folded name, without combining
    marks, spaces collapsed; repeated until it stops changing, since a skeleton may hold
    capitals or compatibility forms that fold again."""
    key = " ".join(name.split())
    for _ in range(4):
        skeleton = _SPOOF.getSkeleton(0, _folded(key))
        bare = "".join(ch for ch in unicodedata.normalize("NFD", skeleton) if not _is_mark(ch))
        bare = " ".join(_strip_ignorable(unicodedata.normalize("NFC", bare)).split())
        if bare == key:
            break
        key = bare
    return key


def _strip_ignorable(text: str) -> str:
    return "".join(ch for ch in text if not icu.Char.hasBinaryProperty(ch, _IGNORABLE))


def clean_name(raw: str) -> str:
    """A nickname as it is shown: NFKC form (fullwidth letters become plain ones), spaces
    collapsed, 1 to :data:`MAX_NAME` characters, nothing invisible, no stacked marks, one
    writing system (:class:`BadName` naming what is wrong otherwise). Imitations are
    :func:`imitation`'s business."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not 1 <= len(name) <= MAX_NAME:
        raise BadName("bad_nickname", f"a nickname is 1 to {MAX_NAME} characters")
    hidden = [ch for ch in name if icu.Char.hasBinaryProperty(ch, _IGNORABLE)]
    if hidden or not name.isprintable():
        which = hidden[0] if hidden else next(c for c in name if not c.isprintable())
        raise BadName(
            "bad_nickname",
            f"a nickname may not hold invisible or control characters (U+{ord(which):04X})",
        )
    if sum(1 for ch in unicodedata.normalize("NFD", name) if _is_mark(ch)) > MARKS_MAX:
        raise BadName("bad_nickname", f"a nickname holds at most {MARKS_MAX} accents")
    failed = _SPOOF.check(name)
    if failed & icu.USpoofChecks.INVISIBLE:
        raise BadName("bad_nickname", "a nickname may not repeat or stack an accent")
    if failed & icu.USpoofChecks.RESTRICTION_LEVEL:
        raise BadName(
            "bad_nickname",
            "a nickname is written in one alphabet: no Cyrillic or Greek letter in a Latin"
            " name, and the other way round",
        )
    if failed & icu.USpoofChecks.MIXED_NUMBERS:
        raise BadName("bad_nickname", "a nickname's digits come from one numbering system")
    if not name_key(name):
        raise BadName("bad_nickname", "a nickname needs a visible letter, digit or sign")
    return name


def _words(key: str) -> str:
    """A key as its words (letters and digits) joined by single spaces, padded, so that
    ``" admin "`` in it is the word, not a part of another."""
    return " " + " ".join(w for w in re.split(r"[\W_]+", key) if w) + " "


def _phrases(*texts: str) -> dict[str, str]:
    return {_words(name_key(text)): text for text in texts}


_LEVEL_LABELS: Final = (
    *LABELS.values(),
    *(label for labels in LEVEL_LABELS.values() for label in labels.values()),
)
RESERVED_WORDS: Final[dict[str, str]] = _phrases(
    *SYSTEM_WORDS, *(label for label in _LEVEL_LABELS if len(_words(label).split()) > 1)
)
"""Phrases a name may not hold as words (keys' words -> the phrase): the server's words and
the bot levels' labels of more than one word ("Club player", "Giocatore di circolo")."""
RESERVED_NAMES: Final[dict[str, str]] = _phrases(*_LEVEL_LABELS)
"""Names a name may not be (keys' words -> the label): each level's label in every
language ("Expert" alone reads as a bot's level; "Easy Rider" is a name)."""


def imitation(name: str) -> str | None:
    """Why ``name`` imitates a bot or the server (a sentence), or ``None`` when it does
    not: its key starts with the word "bot", is a bot level's label, or holds one of
    :data:`RESERVED_WORDS` as whole words, compared by key (so "Ｂｏｔ", "bоt" and "B0t"
    are "bot", "Adm1n" is "admin")."""
    key = name_key(name)
    if _BOT.match(key) or _BOT.match(_folded(name)):
        return "a nickname may not start with 'bot': the server's bots are called so"
    words = _words(key)
    if words in RESERVED_NAMES:
        return f"{RESERVED_NAMES[words]!r} is the name of a bot level, not a player's"
    for phrase, text in RESERVED_WORDS.items():
        if phrase in words:
            return f"a nickname may not say {text!r}: the server uses that word"
    return None


def new_name(raw: str) -> str:
    """A nickname someone chooses now (a seat, a new identity): :func:`clean_name`, and
    refused with ``nickname_imitates`` when it imitates a bot or the server."""
    name = clean_name(raw)
    why = imitation(name)
    if why is not None:
        raise BadName("nickname_imitates", why)
    return name
