"""The rule words are the catalogue's: every rule key, value and preset, and every text of
the rule book, is a message in every language, read by its key; a third language is one
more catalogue file, and ``GET /api/rules`` and ``GET /api/rulebook`` speak it with no
change to the code (scala40.rulebook.labels, scala40.rulebook.book)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from scala40.engine.rules import CHOICES, KEYS, PRESETS, Rules
from scala40.rulebook.book import (
    GROUPS,
    SECTIONS,
    example,
    example_key,
    paragraph_key,
    rule_book,
    title_key,
)
from scala40.rulebook.labels import (
    NONE_WORDED,
    label_key,
    preset_key,
    rules_catalogue,
    rules_summary,
    value_key,
)
from scala40.words import Words, languages
from scala40.words import catalog as catalogue_module
from scala40.words.catalog import TEMPLATE, english


def rule_messages() -> list[str]:
    """Every message the rule labels and the rule book read, by key."""
    keys = [label_key(key) for key in KEYS]
    keys += [value_key(key, value) for key, values in CHOICES.items() for value in values]
    keys += [value_key(key, None) for key in NONE_WORDED]
    keys += [preset_key(name) for name in PRESETS]
    for s in SECTIONS:
        keys += [title_key(s.anchor), example_key(s.anchor)]
        keys += [paragraph_key(s.anchor, n) for n in range(1, s.paragraphs + 1)]
    keys += [title_key(anchor) for anchor, _ in GROUPS]
    keys += [example_key(key) for key in KEYS]
    return keys


def test_every_rule_word_is_a_message_of_every_language() -> None:
    keys = rule_messages()
    assert len(keys) == len(set(keys)), "one message says one thing"
    for lang in languages():
        words = Words(lang)
        assert [key for key in keys if not words.has(key)] == [], lang


def test_the_catalogue_holds_no_rule_word_nobody_reads() -> None:
    """A choice the engine dropped, or a paragraph added to the template but not counted in
    its :class:`~scala40.rulebook.book.Section`, would be a message no page shows."""
    anchors = {s.anchor for s in SECTIONS} | {anchor for anchor, _ in GROUPS} | set(KEYS)
    ours = {
        key
        for key in english()
        if key.startswith(("rule.", "preset."))
        or (key.startswith("book.") and key.split(".")[1] in anchors)
    }
    assert ours - set(rule_messages()) == set()


def test_the_words_are_todays_english_and_italian() -> None:
    """The move kept every word: a few of them, as the pages and the terminal showed them."""
    keys = {k["key"]: k for k in rules_catalogue()["keys"]}
    assert keys["stock_out"]["label_it"] == "Quando finisce il tallone"
    assert keys["go_out_without_discard"]["choices"][0]["label_en"] == (
        "No: the last card must be discarded"
    )
    assert keys["reshuffle_limit"]["none_label_en"] == "no limit"
    assert rules_catalogue()["presets"]["house"]["label_it"] == "Regole di casa (il tavolo di casa)"
    assert example("stock_out").startswith("With end_hand: ")
    cards = next(s for s in rule_book()["sections"] if s["anchor"] == "cards")
    assert cards["title_it"] == "Le carte" and len(cards["text_en"]) == 3


def _clear_caches() -> None:
    for name in ("english", "translated", "table"):
        getattr(catalogue_module, name).cache_clear()


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A copy of the catalogue with a French file made as a translator makes one:
    ``pybabel init`` from the template, every message "translated" as ``FR <English>``."""
    locale = tmp_path / "locale"
    shutil.copytree(TEMPLATE.parent, locale)
    CommandLineInterface().run(
        ["pybabel", "-q", "init", "-i", str(locale / "messages.pot"), "-d", str(locale), "-l", "fr"]
    )
    path = locale / "fr" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        catalogue = read_po(source)
    for message in catalogue:
        if message.id:
            message.string = f"FR {message.id}"
    with path.open("wb") as target:
        write_po(target, catalogue)
    monkeypatch.setattr(catalogue_module, "LOCALE_DIR", locale)
    monkeypatch.setattr(catalogue_module, "TEMPLATE", locale / "messages.pot")
    _clear_caches()
    try:
        yield
    finally:
        monkeypatch.undo()
        _clear_caches()


@pytest.mark.usefixtures("french")
def test_a_third_language_labels_every_rule_with_no_code() -> None:
    assert languages() == ("en", "fr", "it")
    catalogue = rules_catalogue()
    for preset in catalogue["presets"].values():
        assert preset["label_fr"] == f"FR {preset['label_en']}"
    for entry in catalogue["keys"]:
        key = entry["key"]
        assert entry["label_fr"] == f"FR {entry['label_en']}", key
        assert entry["label_it"] and not entry["label_it"].startswith("FR"), key
        if key in NONE_WORDED:
            assert entry["none_label_fr"] == f"FR {entry['none_label_en']}", key
        for choice in entry.get("choices", ()):
            worded = key in CHOICES  # decks: the numbers 2 and 3, in every language
            own = f"FR {choice['label_en']}" if worded else str(choice["value"])
            assert choice["label_fr"] == own, (key, choice)
    summary = rules_summary("house", Rules.build("house", {"stock_out": "end_hand"}), "fr")
    assert summary.startswith("FR House rules")
    assert "FR When the stock runs out: FR The hand ends and everybody counts" in summary


@pytest.mark.usefixtures("french")
def test_a_third_language_has_the_whole_rule_book_with_no_code() -> None:
    book = rule_book()
    for s in book["sections"]:
        assert s["title_fr"] == f"FR {s['title_en']}", s["anchor"]
        assert s["example_fr"] == f"FR {s['example_en']}", s["anchor"]
        assert s["text_fr"] == [f"FR {para}" for para in s["text_en"]], s["anchor"]
    opening = next(s for s in book["sections"] if s["anchor"] == "opening")
    assert f"{Rules().opening_points} points" in opening["text_fr"][0], "its blank filled"
    for g in book["groups"]:
        assert g["title_fr"] == f"FR {g['title_en']}", g["anchor"]
        for k in g["keys"]:
            assert k["example_fr"] == f"FR {k['example_en']}", k["key"]
            assert k["label_fr"] == f"FR {k['label_en']}", k["key"]
    assert example("stock_out", "fr") == f"FR {example('stock_out')}"
