"""``scala40 rules``: the rule keys explained by the program itself, in English and Italian.

The keys come from the engine (``KEYS``, ``Rules()``, ``CHOICES``, ``PRESETS``), so a key
added there shows up here or fails these tests. Also: no text a user can see sends them
to a rules file they do not have.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import scala40
from scala40.cli import main
from scala40.engine.errors import RulesError
from scala40.engine.rules import CHOICES, KEYS, NUMBER_RANGES, PRESETS, NumberRange, Rules
from scala40.rulebook.book import example
from scala40.rulebook.labels import NONE_WORDED, label_key, rules_catalogue, value_key
from scala40.words import Words

EN, IT = Words("en"), Words("it")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def typed(value: Any) -> str:
    """A value as typed after --rule KEY= (1 stays 1: True == 1 in a dict lookup)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def test_the_list_names_every_engine_key_with_its_default_and_meaning() -> None:
    result = run("rules")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    default = Rules()
    for key in KEYS:
        [row] = [i for i, line in enumerate(lines) if line.split()[:1] == [key]]
        assert lines[row].split()[1] == typed(getattr(default, key))
        assert lines[row + 1].strip() == EN(label_key(key))
        for value in CHOICES.get(key, ()):
            assert typed(value) in lines[row]
    for name in PRESETS:
        assert any(line.split()[:1] == [name] for line in lines)


def test_the_list_in_json_follows_the_engine() -> None:
    result = run("rules", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    default = Rules()
    assert [k["key"] for k in data["keys"]] == list(KEYS)
    for entry in data["keys"]:
        key = entry["key"]
        assert entry["default"] == getattr(default, key)
        assert entry["meaning"] == EN(label_key(key))
        assert entry["values"]
        if key in CHOICES:
            assert [c["value"] for c in entry["choices"]] == list(CHOICES[key])
        assert entry["presets"] == {n: p[key] for n, p in PRESETS.items() if key in p}
    assert {p["preset"]: p["changes"] for p in data["presets"]} == PRESETS


@pytest.mark.parametrize("key", KEYS)
def test_every_key_is_explained_alone(key: str) -> None:
    result = run("rules", key)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{key}: {EN(label_key(key))}"
    assert lines[1] == f"Default: {typed(getattr(Rules(), key))}"
    assert lines[-1] == f"Change it: --rule {key}=VALUE"
    assert lines[-2] == f"Example: {example(key)}"  # the rules page's example
    for value in CHOICES.get(key, ()):
        english = EN(value_key(key, value))
        assert any(line.split()[:1] == [typed(value)] and english in line for line in lines)


def test_one_key_in_words() -> None:
    result = run("rules", "fit_discard_ban")
    assert result.stdout.splitlines() == [
        "fit_discard_ban: You may not discard a card that fits a meld on the table",
        "Default: fisca",
        "Values:",
        "  fisca          Before opening; always with 3+ (FISCA) (default)",
        "  unopened_only  Only before opening",
        "  always         Always",
        "  never          Never banned",
        "In preset house: unopened_only",
        f"Example: {example('fit_discard_ban')}",
        "Change it: --rule fit_discard_ban=VALUE",
    ]
    assert "Values: 0 or more" in run("rules", "opening_points").stdout
    assert "Values: true, false" in run("rules", "reentry").stdout


def test_one_key_in_json() -> None:
    result = run("rules", "stock_out", "--json")
    assert json.loads(result.stdout) == {
        "key": "stock_out",
        "default": "reshuffle",
        "values": "reshuffle, end_hand",
        "meaning": "When the stock runs out",
        "choices": [
            {"value": "reshuffle", "meaning": "The pozzo is shuffled into a new stock"},
            {"value": "end_hand", "meaning": "The hand ends and everybody counts"},
        ],
        "presets": {},
        "example": example("stock_out"),
    }


def test_italian() -> None:
    listing = run("rules", "--lang", "it")
    assert listing.exit_code == 0
    for key in KEYS:
        assert IT(label_key(key)) in listing.stdout
    assert "Regole di casa" in listing.stdout
    one = run("rules", "stock_out", "--lang", "it")
    assert one.stdout.splitlines() == [
        "stock_out: Quando finisce il tallone",
        "Predefinito: reshuffle",
        "Valori:",
        "  reshuffle  Il pozzo si rimescola nel tallone (predefinito)",
        "  end_hand   La mano finisce e tutti contano",
        f"Esempio: {example('stock_out', 'it')}",
        "Per cambiarla: --rule stock_out=VALORE",
    ]
    data = json.loads(run("rules", "--lang", "it", "--json").stdout)
    assert [k["meaning"] for k in data["keys"]] == [IT(label_key(k)) for k in KEYS]


def test_a_preset_is_explained() -> None:
    result = run("rules", "house")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "house: House rules (the common home table)"
    for key, value in PRESETS["house"].items():
        assert any(line.startswith(f"  {key}={typed(value)}  (") for line in lines)
    assert json.loads(run("rules", "fisca", "--json").stdout)["changes"] == {}


def test_a_number_key_is_said_from_its_one_declaration() -> None:
    lines = run("rules", "reshuffle_limit").stdout.splitlines()
    assert lines[2] == "Values: 0 or more, or none (no limit)"
    italian = run("rules", "reshuffle_limit", "--lang", "it").stdout.splitlines()
    assert italian[2] == "Valori: 0 o più, oppure none (nessun limite)"
    listing = run("rules").stdout
    assert "2 to 6; up to 8 with decks=3" in listing
    assert "0 to 20, or none (two per deck)" in listing
    assert "da 2 a 6; fino a 8 con decks=3" in run("rules", "--lang", "it").stdout


@pytest.mark.parametrize("key", [k for k in NUMBER_RANGES if k != "decks"])
def test_every_number_key_names_its_declared_bounds(key: str) -> None:
    span = NUMBER_RANGES[key]
    for lang, (value_word, none_word, any_word) in {
        "en": ("Values", "or none", "or any"),
        "it": ("Valori", "oppure none", "oppure any"),
    }.items():
        lines = run("rules", key, "--lang", lang).stdout.splitlines()
        [line] = [x for x in lines if x.startswith(value_word)]
        numbers = [int(n) for n in re.findall(r"\d+", line)]
        assert numbers[0] == span.low
        assert (span.high in numbers) == (span.high is not None)
        for _, top in span.high_with_decks:
            assert top in numbers
        assert (none_word in line) == span.none_ok
        assert (any_word in line) == span.any_ok
        if key in NONE_WORDED:
            assert Words(lang)(value_key(key, None)) in line


def test_a_changed_range_is_what_the_help_and_the_checks_say(monkeypatch: Any) -> None:
    monkeypatch.setitem(NUMBER_RANGES, "min_naturals", NumberRange(2, 5, any_ok=True))
    assert "Values: 2 to 5, or any" in run("rules", "min_naturals").stdout
    assert "Valori: da 2 a 5, oppure any" in run("rules", "min_naturals", "--lang", "it").stdout
    entry = next(k for k in rules_catalogue()["keys"] if k["key"] == "min_naturals")
    assert (entry["type"], entry["min"], entry["max"]) == ("integer_or_any", 2, 5)
    refused = run("check", "--rule", "min_naturals=6", "KH KD KC")
    assert refused.exit_code == 2
    assert "min_naturals must be 2 to 5, or any, not 6" in refused.stderr
    with pytest.raises(RulesError, match="min_naturals must be 2 to 5, or any, not 1"):
        Rules(min_naturals=1)


def test_the_catalogue_types_come_from_the_engine() -> None:
    keys = {k["key"]: k for k in rules_catalogue()["keys"]}
    assert (keys["players"]["min"], keys["players"]["max"]) == (2, 6)
    assert keys["players"]["max_with_decks"] == {"3": 8}
    assert keys["jokers"]["type"] == "integer_or_null"
    assert keys["jokers"]["none_label_it"] == "due per mazzo"
    assert keys["reentry_limit"]["type"] == "integer_or_any"
    assert keys["opening_points"]["max"] is None
    assert [c["value"] for c in keys["decks"]["choices"]] == [2, 3]
    assert set(NONE_WORDED) <= {k for k, span in NUMBER_RANGES.items() if span.none_ok}


@pytest.mark.parametrize(
    ("typed_key", "near"),
    [("opening_point", ["opening_points"]), ("pozzo", ["open_from_pozzo"]), ("colour", [])],
)
@pytest.mark.parametrize("as_json", [True, False])
def test_an_unknown_key_exits_2_naming_the_close_ones(
    typed_key: str, near: list[str], as_json: bool
) -> None:
    result = run("rules", typed_key, *(["--json"] if as_json else []))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"unknown rule key '{typed_key}'" in result.stderr
    assert f"`scala40 rules` lists the {len(KEYS)} keys" in result.stderr
    for key in near:
        assert key in result.stderr
    if not near:
        assert "did you mean" not in result.stderr


def test_a_bad_rule_anywhere_points_at_the_rules_command() -> None:
    result = run("check", "--rule", "opening_point=51", "KH KD KC")
    assert result.exit_code == 2
    assert "did you mean opening_points?" in result.stderr
    assert "`scala40 rules`" in result.stderr
    with pytest.raises(RulesError, match="`scala40 rules` lists the"):
        Rules.build(None, {"colour": "red"})


def test_the_help_names_the_command() -> None:
    assert "rules" in run("--help").stdout
    assert run("rules", "--help").exit_code == 0
    assert "`scala40 rules` lists them" in run("check", "--help").stdout


# No user-visible text names RULES.md -------------------------------------------------------------

SRC = Path(scala40.__file__).parent
JS_TOKENS = re.compile(
    r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`""", re.S
)


def python_strings(path: Path) -> list[tuple[int, str]]:
    """String literals of a module but its docstrings (and bare string statements)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    quiet = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant | ast.JoinedStr)
    }
    quiet |= {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr) and id(node) in quiet
        for part in node.values
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in quiet
    ]


def web_strings(path: Path) -> list[tuple[int, str]]:
    """String literals of a script, or the text of a page, without comments."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return [(1, re.sub(r"<!--.*?-->", "", text, flags=re.S))]
    return [
        (text.count("\n", 0, m.start()) + 1, m.group())
        for m in JS_TOKENS.finditer(text)
        if m.group()[0] in "\"'`"
    ]


def test_no_user_visible_text_sends_to_rules_md() -> None:
    offenders = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix == ".py":
            strings = python_strings(path)
        elif path.suffix in (".js", ".mjs", ".html"):
            strings = web_strings(path)
        else:
            continue
        offenders += [
            f"{path.relative_to(SRC)}:{line}" for line, text in strings if "RULES.md" in text
        ]
    assert offenders == [], "name `scala40 rules` instead of RULES.md in: " + ", ".join(offenders)


def test_the_scanner_sees_strings_but_not_docstrings(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""RULES.md §1."""\nX = f"see RULES.md {1}"\n"""RULES.md attr doc."""\n')
    assert [line for line, text in python_strings(module) if "RULES.md" in text] == [2]
    script = tmp_path / "s.js"
    script.write_text('// RULES.md §2\n/* RULES.md */ const a = "see RULES.md";\n')
    assert [line for line, text in web_strings(script) if "RULES.md" in text] == [2]


# The command's own words, in the reader's language ---------------------------------------


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """English unless a test chooses: the locale of the machine running the tests must not
    change what they read (``--lang`` defaults from it)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


ENGLISH_WORDS = ("KEY", "DEFAULT", "VALUES", "Rule keys", "Presets", "Change", "e.g.", " or ")
"""The command's own English words, which an Italian listing never shows."""


def test_the_command_speaks_the_locales_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    listing = run("rules").stdout
    lines = listing.splitlines()
    assert lines[0] == "Chiavi delle regole, col valore FISCA predefinito e i valori ammessi:"
    assert lines[2].split() == ["CHIAVE", "PREDEFINITO", "VALORI"]
    assert "Preset (--rules PRESET):" in lines
    assert lines[-2:] == [
        "Cambia una chiave con --rule CHIAVE=VALORE, es. --rule opening_points=51;",
        "`scala40 rules CHIAVE` spiega una chiave, `scala40 rules PRESET` un preset.",
    ]
    assert [word for word in ENGLISH_WORDS if word in listing] == []
    assert "0 a 20, oppure none (due per mazzo)" in listing
    preset = run("rules", "house").stdout.splitlines()
    assert preset[1] == "Cambia rispetto al FISCA:"
    assert preset[-1] == "Per usarlo: --rules house"
    assert run("rules", "fisca").stdout.splitlines()[1] == "tutti i valori predefiniti"
    assert run("rules", "--lang", "en").stdout.startswith("Rule keys, with the FISCA default")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # no German catalogue: English
    assert run("rules").stdout.startswith("Rule keys, with the FISCA default")
