"""The players' rule book, docs/rules.md, keeps up with the engine's rule keys.

Every key of ``KEYS`` must have a row ``| `key` | default | ... |`` in one of the book's
rule-key tables, and the default cell must start with the engine's default (``Rules()``),
written as a player reads it: ``true``/``false``, ``none``, a number or a word.
The book stands alone: it never sends the reader to the specification file.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from scala40.engine.rules import KEYS, Rules

BOOK = Path(__file__).resolve().parents[1] / "docs" / "rules.md"

ROW = re.compile(r"^\|\s*`(?P<key>[a-z_0-9]+)`\s*\|(?P<rest>.*)\|\s*$")


def book_text() -> str:
    return BOOK.read_text(encoding="utf-8")


def key_rows(text: str) -> dict[str, list[str]]:
    """Each table row whose first cell is a backticked name: its remaining cells."""
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        match = ROW.match(line.strip())
        if match is None:
            continue
        key = match["key"]
        assert key not in rows, f"rule key {key} has two rows in docs/rules.md"
        rows[key] = [cell.strip() for cell in match["rest"].split("|")]
    return rows


def shown(value: object) -> str:
    """A default as the rule book writes it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def first_word(cell: str) -> str:
    words = cell.replace("`", "").split()
    return words[0] if words else ""


def test_every_key_is_named() -> None:
    text = book_text()
    missing = [key for key in KEYS if f"`{key}`" not in text]
    assert not missing, f"docs/rules.md does not name {missing}"


def test_every_key_has_a_table_row() -> None:
    rows = key_rows(book_text())
    missing = [key for key in KEYS if key not in rows]
    assert not missing, f"docs/rules.md has no rule-key table row for {missing}"
    strays = sorted(set(rows) - set(KEYS))
    assert not strays, f"docs/rules.md has rows for keys the engine lacks: {strays}"


def test_keys_cover_the_rules_object() -> None:
    # The book's table is checked against KEYS; KEYS must be every field of Rules.
    assert set(KEYS) == {f.name for f in fields(Rules)}


@pytest.mark.parametrize("key", KEYS)
def test_default_matches_the_engine(key: str) -> None:
    rows = key_rows(book_text())
    assert key in rows, f"no table row for {key}"
    cells = rows[key]
    assert len(cells) >= 4, f"row for {key} lacks default/values/meaning/example cells"
    expected = shown(getattr(Rules(), key))
    assert first_word(cells[0]) == expected, (
        f"docs/rules.md gives {key} the default {cells[0]!r}; the engine's is {expected!r}"
    )
    assert all(cells[1:4]), f"row for {key} has an empty cell"


def test_shown_defaults() -> None:
    assert shown(None) == "none"
    assert shown(False) == "false"
    assert shown(True) == "true"
    assert shown(101) == "101"
    assert shown("fisca") == "fisca"
    assert first_word("`none` (two per deck)") == "none"


def test_book_stands_alone() -> None:
    text = book_text()
    assert "RULES.md" not in text
    assert "§" not in text
