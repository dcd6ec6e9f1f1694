"""Every string the pages show exists in English and in Italian, with the same blanks.

The pages take their words from one dictionary (static/js/i18n.js); a key missing in one
language would show the raw key to a player, and a misspelt ``{name}`` would show braces.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from playwright.sync_api import Browser

SRC = Path(__file__).parents[2] / "src" / "scala40"
STATIC = SRC / "server" / "static"

# Keys the scripts build from a value: each family and the values it is built from.
FAMILIES = {
    "lobby.bot": ["random", "greedy", "heuristic", "strong"],
    "lobby.status": ["waiting", "playing", "over"],
    "lobby.preset": ["fisca", "house"],
    "ev": [
        "draw",
        "pozzo",
        "discard",
        "open",
        "meld",
        "layoff",
        "swap",
        "takeback",
        "bot_takes_over",
        "human_back",
        "timeout",
        "join",
    ],
    "hint": ["draw", "pozzo", "open", "meld", "layoff", "swap", "discard", "takeback"],
}


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for page in STATIC.glob("*.html"):
        keys |= set(re.findall(r'data-i18n(?:-title|-placeholder)?="([^"]+)"', page.read_text()))
    for script in (STATIC / "js").glob("*.js"):
        keys |= set(re.findall(r'\bt\("([a-zA-Z_.]+)"', script.read_text()))
    for family, values in FAMILIES.items():
        keys |= {f"{family}.{v}" for v in values}
    return keys


def _dictionaries(server: str, browser: Browser) -> dict[str, dict[str, str]]:
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    words: dict[str, dict[str, str]] = page.evaluate(
        """async () => {
            const m = await import("/static/js/i18n.js");
            return Object.fromEntries(m.LANGUAGES.map((l) => [l, m.dictionary(l)]));
        }"""
    )
    page.close()
    return words


def _text(node: ast.AST | None) -> list[str]:
    """The string constants ``node`` can evaluate to (a literal, or either arm of an if)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _text(node.body) + _text(node.orelse)
    return []


# Functions whose argument (by position) is a refusal code: the engine's error, and the
# server's ways of sending one (actor ``error``, a refused join).
CODE_CALLS = {"IllegalAction": 0, "error": 0, "JoinRefused": 0, "raise_refusal": 1}


def _code_argument(call: ast.Call) -> ast.AST | None:
    """The argument of ``call`` that is a refusal code, if ``call`` sends one."""
    f = call.func
    if isinstance(f, ast.Name) and f.id in CODE_CALLS:
        at = CODE_CALLS[f.id]
    elif isinstance(f, ast.Attribute) and f.attr == "refuse":  # the ws session's method
        at = 0
    else:
        return None
    return call.args[at] if len(call.args) > at else None


def refusal_codes(folder: Path) -> set[str]:
    """Every refusal code the modules in ``folder`` can send, read from their source.

    Literal code arguments of :data:`CODE_CALLS` and of ``refuse``; the strings a
    ``*_code`` function returns (the engine names a discard ban before it words it); the
    ``(code, reason)`` pairs a ``refusal`` method returns (the server's move checks).
    """
    codes: set[str] = set()
    for module in folder.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Call):
                codes |= set(_text(_code_argument(node)))
            elif isinstance(node, ast.FunctionDef) and node.name == "refusal":
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        codes |= set(_text(ret.value.elts[0]))
            elif isinstance(node, ast.FunctionDef) and node.name.endswith("_code"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return):
                        codes |= set(_text(ret.value))
    return codes


def test_the_scan_finds_the_codes_raised_every_way(tmp_path: Path) -> None:
    # One code of each shape, so a scan that finds nothing cannot pass the test below.
    engine = refusal_codes(SRC / "engine")
    assert {"draw_first", "incartato", "invalid_meld", "must_open", "discard_fits"} <= engine
    assert {"joker_discard", "pozzo_needs_opening", "does_not_fit"} <= engine
    server = refusal_codes(SRC / "server")
    assert {"bad_json", "rate_limited", "not_your_turn", "stale_version", "server_error"} <= server
    assert {"not_started", "table_full"} <= server
    # A code added tomorrow is found too (and then needs its sentences).
    (tmp_path / "new.py").write_text('raise IllegalAction("brand_new", "a new refusal")\n')
    assert refusal_codes(tmp_path) == {"brand_new"}


def test_every_refusal_code_has_a_sentence_in_both_languages(server: str, browser: Browser) -> None:
    words = _dictionaries(server, browser)
    codes = refusal_codes(SRC / "engine") | refusal_codes(SRC / "server")
    for lang in ("en", "it"):
        missing = sorted(c for c in codes if f"refuse.{c}" not in words[lang])
        assert missing == [], f"refusal codes with no {lang} sentence in i18n.js: {missing}"


def test_both_languages_have_every_string_with_the_same_blanks(
    server: str, browser: Browser
) -> None:
    words = _dictionaries(server, browser)
    assert sorted(words) == ["en", "it"]
    assert set(words["en"]) == set(words["it"])
    missing = sorted(_used_keys() - set(words["en"]))
    assert missing == [], f"strings used by the pages but not in the dictionary: {missing}"
    for key, english in words["en"].items():
        blanks = sorted(re.findall(r"\{\w+\}", english))
        assert sorted(re.findall(r"\{\w+\}", words["it"][key])) == blanks, key
        assert words["it"][key].strip(), key
