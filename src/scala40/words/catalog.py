"""Reading the catalogue: a language's message for a key, with its blanks filled in.

A message is found by its key (the gettext context, e.g. ``"term.turn"``), never by its
English words, so an English sentence can change without breaking a lookup; a changed
English sentence leaves the other languages' old translation marked fuzzy by ``pybabel
update`` until a translator looks at it, and a fuzzy or empty translation falls back to the
English words here (the tests require that no message of a shipped language does).

Blanks are written ``{name}`` in every language, the pages' syntax too: :meth:`Words.__call__`
fills the ones it is given and leaves any other brace alone, so a message may show ``{``.
Counted messages are two keys, ``KEY.one`` and ``KEY.other`` (:meth:`Words.count`), as on
the pages.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

#: Where the catalogue lives: the template and one folder per translated language.
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
#: The template: every message's key and English words.
TEMPLATE: Final = LOCALE_DIR / "messages.pot"
#: The language the messages are written in first (the template's words).
SOURCE_LANGUAGE: Final = "en"


def catalogue_file(lang: str) -> Path:
    """The file a translator edits for one language (gettext's usual layout)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"


def read_catalogue(path: Path) -> Catalog:
    """One PO or POT file, as Babel reads it."""
    with path.open("rb") as source:
        return read_po(source)


def languages() -> tuple[str, ...]:
    """The languages a player can choose: English, then every translated catalogue."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/messages.po"))
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


@cache
def english() -> dict[str, str]:
    """Every message's English words, by key (the template's msgid by its context)."""
    table: dict[str, str] = {}
    for message in read_catalogue(TEMPLATE):
        if message.id and message.context:
            table[message.context] = str(message.id)
    return table


@cache
def translated(lang: str) -> dict[str, str]:
    """One language's finished translations, by key: no fuzzy one, no empty one.

    A message whose English words changed since it was translated does not count: its
    ``msgid`` no longer matches the template's (``pybabel update`` marks it fuzzy).
    """
    if lang == SOURCE_LANGUAGE:
        return dict(english())
    path = catalogue_file(lang)
    if not path.exists():
        raise LookupError(f"no catalogue for the language {lang!r}: {path} is missing")
    source = english()
    table: dict[str, str] = {}
    for message in read_catalogue(path):
        key = message.context
        if not key or not message.string or message.fuzzy or source.get(key) != message.id:
            continue
        table[key] = str(message.string)
    return table


@cache
def table(lang: str) -> dict[str, str]:
    """What a player of ``lang`` reads for every key: its translation, else the English."""
    return {**english(), **translated(lang)}


def fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` it is given replaced, as the pages' ``t`` does."""
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


class Words:
    """The messages of one language: ``words("term.turn", n=3)``.

    >>> Words("it")("lang.name")
    'Italiano'
    """

    def __init__(self, lang: str = SOURCE_LANGUAGE) -> None:
        if lang not in languages():
            choices = ", ".join(languages())
            raise LookupError(f"no catalogue for the language {lang!r} (there are: {choices})")
        self.lang = lang
        self._table = table(lang)

    def __call__(self, key: str, /, **values: object) -> str:
        """The message for ``key`` with its blanks filled; a key not in the catalogue is a
        programming error, named."""
        try:
            text = self._table[key]
        except KeyError:
            raise KeyError(f"the catalogue has no message {key!r}") from None
        return fill(text, values)

    def count(self, key: str, n: int, /, **values: object) -> str:
        """A counted message: ``KEY.one`` for one, ``KEY.other`` otherwise, ``{n}`` filled."""
        return self(f"{key}.{'one' if n == 1 else 'other'}", n=n, **values)

    def has(self, key: str) -> bool:
        """Whether the catalogue has a message for ``key``."""
        return key in self._table


def language_of_environment(environ: Mapping[str, str] | None = None) -> str:
    """The player's language from the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them), if the catalogue has it; English otherwise.

    >>> language_of_environment({"LANG": "it_IT.UTF-8"})
    'it'
    >>> language_of_environment({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    known = languages()
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for entry in value.split(":"):
            lang = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if lang in known:
                return lang
        if name != "LANGUAGE":
            # The first of LC_ALL, LC_MESSAGES, LANG that is set decides, as in gettext.
            break
    return SOURCE_LANGUAGE
