"""The one catalogue: every language says every message, with the same blanks; the pages'
module is what the catalogue makes; a new language is one file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface

from scala40.words import Words, language_of_environment, languages
from scala40.words import catalog as catalogue_module
from scala40.words.catalog import TEMPLATE, catalogue_file, english, read_catalogue
from scala40.words.pages import PAGE_MODULE, page_module, page_strings

BLANK = re.compile(r"\{(\w+)\}")


def test_the_shipped_languages_are_english_and_italian() -> None:
    assert languages() == ("en", "it")


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_message_is_translated_in_each_catalogue_with_the_same_blanks(lang: str) -> None:
    source = english()
    catalogue = read_catalogue(catalogue_file(lang))
    found: dict[str, str] = {}
    problems: list[str] = []
    for message in catalogue:
        if not message.id:
            continue
        key = str(message.context)
        if key not in source:
            problems.append(f"{key}: not in the template (an old message left behind)")
            continue
        found[key] = str(message.string)
        if message.id != source[key]:
            problems.append(f"{key}: translated from old English words {message.id!r}")
        if message.fuzzy:
            problems.append(f"{key}: marked fuzzy (to be checked by a translator)")
        if not message.string:
            problems.append(f"{key}: not translated")
        elif sorted(BLANK.findall(str(message.string))) != sorted(BLANK.findall(source[key])):
            problems.append(f"{key}: blanks differ from the English")
    problems += [f"{key}: missing" for key in source if key not in found]
    assert problems == []


def test_counted_messages_come_in_pairs() -> None:
    keys = set(english())
    for key in keys:
        stem, _, form = key.rpartition(".")
        if form in {"one", "other"}:
            assert {f"{stem}.one", f"{stem}.other"} <= keys, key


def test_the_pages_module_is_what_the_catalogue_makes() -> None:
    assert PAGE_MODULE.read_text(encoding="utf-8") == page_module(), (
        "static/js/strings.js differs from the catalogue: run `python -m scala40.words export`"
    )


def test_words_fill_blanks_count_and_name_a_missing_key() -> None:
    it = Words("it")
    assert it("lang.name") == "Italiano"
    assert Words("en")("lang.name") == "English"
    assert it("score.hand.title", n=3, dealer="Bea") == "Mano 3 — distribuisce Bea"
    assert it.count("score.history.hands", 1) == "1 mano"
    assert it.count("score.history.hands", 4) == "4 mani"
    with pytest.raises(KeyError, match=r"no message 'no\.such\.key'"):
        it("no.such.key")
    with pytest.raises(LookupError, match="no catalogue for the language 'xx'"):
        Words("xx")


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "it_IT", "LANG": "en_US"}, "it"),
        ({"LANGUAGE": "de:it", "LANG": "en_US"}, "it"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_of_the_environment(environ: dict[str, str], lang: str) -> None:
    assert language_of_environment(environ) == lang


def _clear_caches() -> None:
    for name in ("english", "translated", "table"):
        getattr(catalogue_module, name).cache_clear()


def test_a_third_language_is_one_catalogue_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translator's path: ``pybabel init`` from the template, translate, and the pages
    and the terminal both have the language; no code changes."""
    locale = tmp_path / "locale"
    shutil.copytree(TEMPLATE.parent, locale)
    CommandLineInterface().run(
        ["pybabel", "-q", "init", "-i", str(locale / "messages.pot"), "-d", str(locale), "-l", "fr"]
    )
    french = locale / "fr" / "LC_MESSAGES" / "messages.po"
    text = french.read_text(encoding="utf-8")
    # "Translate" every message: the English words with a mark, so each is recognisable.
    text = re.sub(r'msgid "(.*)"\nmsgstr ""\n', r'msgid "\1"\nmsgstr "FR \1"\n', text)
    french.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogue_module, "LOCALE_DIR", locale)
    monkeypatch.setattr(catalogue_module, "TEMPLATE", locale / "messages.pot")
    _clear_caches()
    try:
        assert languages() == ("en", "fr", "it")
        assert Words("fr")("lang.name") == "FR English"
        assert page_strings()["fr"]["nav.lobby"] == "FR Lobby"
        assert language_of_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    finally:
        monkeypatch.undo()
        _clear_caches()


def test_every_key_the_pages_name_is_in_the_catalogue() -> None:
    """A page asking ``t("some.key")`` or marking ``data-i18n="some.key"`` for a key the
    catalogue lacks would show the key itself to a player."""
    static = PAGE_MODULE.parents[1]
    keys = set(english())
    named = re.compile(r'\bt[n]?\(\s*"([\w.]+)"|data-i18n(?:-[a-z]+)?="([\w.]+)"')
    missing: list[str] = []
    for path in [*static.rglob("*.js"), *static.rglob("*.html")]:
        if path == PAGE_MODULE:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("//"):
                continue  # a comment's example
            for match in named.finditer(line):
                key = match.group(1) or match.group(2)
                if key not in keys and f"{key}.one" not in keys:
                    missing.append(f"{path.relative_to(static)}: {key}")
    assert missing == []


@pytest.mark.parametrize("lang", languages())
def test_every_offered_level_has_its_words_in_each_language(lang: str) -> None:
    # The lobby names its seats' levels by a key it builds (`lobby.bot.<level>`), and every
    # page a bot's name by `bot.level.<level>`: a new level needs both, or a page shows the key.
    from scala40.bots import OFFERED

    words = Words(lang)
    for level in OFFERED:
        for key in (f"lobby.bot.{level}", f"bot.level.{level}"):
            assert words(key) != key, key
