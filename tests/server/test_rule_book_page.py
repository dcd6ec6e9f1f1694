"""The rules page's book (``GET /api/rulebook``, ``/rules``) covers the engine.

Every rule key has its section with an example in every language of the catalogue, its
default and values straight from the engine's ``Rules``; every engine refusal has a "why?"
target that is an anchor the page draws; no section text leaves a template field unfilled.
"""

from __future__ import annotations

import re
from dataclasses import fields

from fastapi.testclient import TestClient

from scala40.engine.errors import Refusal
from scala40.engine.rules import CHOICES, KEYS, Rules
from scala40.rulebook.book import GROUPS, REFUSAL_ANCHORS, SECTIONS, anchors, example, rule_book
from scala40.words import languages


def test_every_refusal_code_has_a_target_on_the_rules_page() -> None:
    assert set(REFUSAL_ANCHORS) == set(Refusal)
    missing = {code.value: a for code, a in REFUSAL_ANCHORS.items() if a not in anchors()}
    assert not missing, f"refusals pointing to no anchor of the rules page: {missing}"
    assert rule_book()["refusals"] == {c.value: a for c, a in REFUSAL_ANCHORS.items()}


def test_every_rules_key_has_one_section_with_an_example() -> None:
    grouped = [key for _, keys in GROUPS for key in keys]
    assert sorted(grouped) == sorted(KEYS), "every key once, under one heading"
    assert set(KEYS) == {f.name for f in fields(Rules)}
    for key in KEYS:
        said = {lang: example(key, lang) for lang in languages()}
        assert all(text.strip() for text in said.values()), key
        assert said["en"] != said["it"], key


def test_anchors_are_unique_and_url_safe() -> None:
    names = [s.anchor for s in SECTIONS] + [anchor for anchor, _ in GROUPS] + list(KEYS)
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"[a-z0-9_-]+", n) for n in names)


def test_values_and_defaults_come_from_the_engine() -> None:
    book = rule_book()
    default = Rules()
    keys = {k["key"]: k for g in book["groups"] for k in g["keys"]}
    for key in KEYS:
        entry = keys[key]
        assert entry["default"] == getattr(default, key)
        assert entry["label_en"] and entry["label_it"]
        assert entry["example_en"] and entry["example_it"]
        if key in CHOICES:
            assert [c["value"] for c in entry["choices"]] == list(CHOICES[key])
    opening = next(s for s in book["sections"] if s["anchor"] == "opening")
    assert f"{default.opening_points} points" in opening["text_en"][0]
    assert f"{default.opening_points} punti" in opening["text_it"][0]


def test_every_section_is_written_in_every_language() -> None:
    for s in rule_book()["sections"]:
        for lang in languages():
            assert s[f"title_{lang}"] and s[f"example_{lang}"], s["anchor"]
            assert s[f"text_{lang}"], s["anchor"]
            for para in s[f"text_{lang}"]:
                assert "{" not in para and "}" not in para, (s["anchor"], para)
                assert "RULES.md" not in para and "§" not in para


def test_no_words_a_player_reads_name_a_rule_key() -> None:
    """A player reads a house rule by its label (“Taking the pozzo card before you have
    opened”), never by the name typed after ``--rule``: the rules page shows that name
    apart, as code, beside the label."""
    book = rule_book()
    prose: list[str] = []
    for lang in languages():
        for s in book["sections"]:
            prose += [s[f"title_{lang}"], s[f"example_{lang}"], *s[f"text_{lang}"]]
        for g in book["groups"]:
            prose += [g[f"title_{lang}"], *(k[f"example_{lang}"] for k in g["keys"])]
    # A one-word key (players, jokers, decks, ...) is the word itself; the others are names.
    names = [key for key in KEYS if "_" in key]
    named = [(key, p) for p in prose for key in names if re.search(rf"\b{key}\b", p)]
    assert named == []


def test_the_rules_page_and_its_book_are_served(client: TestClient) -> None:
    page = client.get("/rules")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert re.search(r"/static/\w+/bundles/rules.js", page.text)  # its bundle, versioned
    book = client.get("/api/rulebook")
    assert book.status_code == 200
    assert book.json() == rule_book()
