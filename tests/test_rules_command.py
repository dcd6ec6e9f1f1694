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
from scala40.engine.rules import CHOICES, KEYS, PRESETS, Rules
from scala40.server.rules_labels import LABELS, VALUE_LABELS


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
        assert lines[row + 1].strip() == LABELS[key][0]
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
        assert entry["meaning"] == LABELS[key][0]
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
    assert lines[0] == f"{key}: {LABELS[key][0]}"
    assert lines[1] == f"Default: {typed(getattr(Rules(), key))}"
    assert lines[-1] == f"Change it: --rule {key}=VALUE"
    for value, (english, _) in VALUE_LABELS.get(key, {}).items():
        assert any(line.split()[:1] == [typed(value)] and english in line for line in lines)


def test_one_key_in_words() -> None:
    result = run("rules", "fit_discard_ban")
    assert result.stdout.splitlines() == [
        "fit_discard_ban: You may not discard a card that fits a meld on the table",
        "Default: fisca",
        "Values:",
        "  fisca          Before opening; with 3 or more players always (FISCA) (default)",
        "  unopened_only  Only before opening",
        "  always         Always",
        "  never          Never banned",
        "In preset house: unopened_only",
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
    }


def test_italian() -> None:
    listing = run("rules", "--lang", "it")
    assert listing.exit_code == 0
    for key in KEYS:
        assert LABELS[key][1] in listing.stdout
    assert "Regole di casa" in listing.stdout
    one = run("rules", "stock_out", "--lang", "it")
    assert one.stdout.splitlines() == [
        "stock_out: Quando finisce il tallone",
        "Predefinito: reshuffle",
        "Valori:",
        "  reshuffle  Il pozzo si rimescola nel tallone (predefinito)",
        "  end_hand   La mano finisce e tutti contano",
        "Per cambiarla: --rule stock_out=VALORE",
    ]
    data = json.loads(run("rules", "--lang", "it", "--json").stdout)
    assert [k["meaning"] for k in data["keys"]] == [LABELS[k][1] for k in KEYS]


def test_a_preset_is_explained() -> None:
    result = run("rules", "house")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "house: House rules (the common home table)"
    for key, value in PRESETS["house"].items():
        assert any(line.startswith(f"  {key}={typed(value)}  (") for line in lines)
    assert json.loads(run("rules", "fisca", "--json").stdout)["changes"] == {}


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
