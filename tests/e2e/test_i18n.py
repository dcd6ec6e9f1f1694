"""Every string the pages show exists in English and in Italian, with the same blanks.

The pages take their words from one dictionary (static/js/i18n.js); a key missing in one
language would show the raw key to a player, and a misspelt ``{name}`` would show braces.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser

from scala40.engine.errors import PROBLEMS, Refusal
from scala40.tableview.refusals import TableRefusal

SRC = Path(__file__).parents[2] / "src" / "scala40"
STATIC = SRC / "server" / "static"

# Keys the scripts build from a value: each family and the values it is built from.
FAMILIES = {
    "lobby.bot": ["beginner", "easy", "club", "expert"],
    "lobby.status": ["waiting", "playing", "over"],
    "lobby.preset": ["fisca", "house"],
    "bot.level": ["beginner", "easy", "club", "expert", "search"],
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
        "seat_promised",
        "seat_handed",
    ],
    "hint": ["draw", "pozzo", "open", "meld", "layoff", "swap", "discard", "takeback"],
}


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for page in STATIC.glob("*.html"):
        keys |= set(
            re.findall(r'data-i18n(?:-title|-placeholder|-aria)?="([^"]+)"', page.read_text())
        )
    for script in (STATIC / "js").rglob("*.js"):  # the table page's parts in js/table/ too
        text = script.read_text()
        keys |= set(re.findall(r'\bt\("([a-zA-Z_.]+)"', text))
        # A counted string (tn) is two keys: the one and the many.
        for key in re.findall(r'\btn\("([a-zA-Z_.]+)"', text):
            keys |= {f"{key}.one", f"{key}.other"}
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


def test_every_refusal_code_has_a_sentence_in_both_languages(server: str, browser: Browser) -> None:
    words = _dictionaries(server, browser)
    # Every code is declared once: the engine's refusals and the table's own.
    codes = {c.value for c in Refusal} | {c.value for c in TableRefusal}
    assert len(codes) == len(Refusal) + len(TableRefusal)  # no value in both
    for lang in ("en", "it"):
        missing = sorted(c for c in codes if f"refuse.{c}" not in words[lang])
        assert missing == [], f"refusal codes with no {lang} sentence in i18n.js: {missing}"


def test_every_problem_a_refusal_names_has_words_in_both_languages(
    server: str, browser: Browser
) -> None:
    """An Italian player reads the whole reason (which meld rule, which cards, how many
    points) in Italian: every (code, problem) the engine may send has its sentence."""
    words = _dictionaries(server, browser)
    keys = {
        f"refuse.{code.value}.{problem.value}" for code, pr in PROBLEMS.items() for problem in pr
    }
    keys |= {"refuse.below_opening.facts", "refuse.not_in_hand.facts", "refuse.not_your_turn.facts"}
    for lang in ("en", "it"):
        missing = sorted(keys - set(words[lang]))
        assert missing == [], f"refusal problems with no {lang} sentence in i18n.js: {missing}"


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


def test_the_score_sheet_page_takes_its_words_from_the_dictionary() -> None:
    """The score sheet (static/js/score.js) has no dictionary of its own: its strings are
    i18n.js's (checked above with every page's), its static text marked data-i18n."""
    script = (STATIC / "js" / "score.js").read_text()
    page = (STATIC / "score.html").read_text()
    assert "STRINGS" not in script
    assert "data-s=" not in page
    assert len(re.findall(r'data-i18n="score\.', page)) > 40
    assert '<script type="module" src="/static/js/score.js">' in page
    assert not (STATIC / "score.js").exists()
