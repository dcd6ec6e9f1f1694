"""The lobby, the join form and the table say everything in the page's language.

Each page is loaded in Italian and in English, on a phone and on a desktop screen, and its
visible text (plus titles, placeholders and aria-labels) must hold none of the telltale
words of the other language. A switch of language on the table page must re-word what is
already on screen: the connection state, the log, the hint. Screenshots go to
tests/e2e/artifacts/i18n-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .support import post_json

ARTIFACTS = Path(__file__).parent / "artifacts"
SRC = Path(__file__).parents[2] / "src" / "scala40" / "server"

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}

# Words an Italian page must not show (English left untranslated), and the reverse.
# Whole words, case-sensitive unless written in lower case.
ENGLISH = [
    "the",
    "cards",
    "card",
    "points",
    "point",
    "Take",
    "Draw",
    "Discard",
    "waiting",
    "Waiting",
    "Connecting",
    "Connected",
    "Stock",
    "Hand",
    "Your",
    "Seat",
    "Rules",
    "players",
    "Players",
    "opened",
    "Beginner",
    "Easy",
    "Club player",
    "Expert",
    "to open",
    "out at",
    "free",
    "Join",
    "Hint",
    "turn",
    "Joker",
    "meld",
    "left",
    "Back",
    "table",
    "play",
    "play online",
]
ITALIAN = [
    "carte",
    "carta",
    "punti",
    "Pesca",
    "Scarta",
    "Prendi",
    "Tocca",
    "tallone",
    "Tallone",
    "Connessione",
    "Connesso",
    "Siediti",
    "Posto",
    "Regole",
    "Giocatori",
    "attesa",
    "Mano",
    "apre",
    "eliminazione",
    "Principiante",
    "Facile",
    "Giocatore di circolo",
    "Esperto",
    "libero",
    "Segnapunti",
    "Jolly",
    "combinazione",
    "ha pescato",
    "ha scartato",
]

NAMES = ["Anna", "Bruno"]  # nicknames: the same in both languages


def _telltales(text: str, words: list[str]) -> list[str]:
    found = []
    for word in words:
        if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text):
            found.append(word)
    return found


def _shown_text(page: Page) -> str:
    """What a player reads: the rendered text and the words in titles, placeholders and
    aria-labels (the cards' own titles name ranks and suits, not words). Text marked
    ``translate="no"`` is left out: it is a name typed as it is (a rule key after
    ``--rule``), the same in both languages."""
    text: str = page.evaluate(
        """() => {
            let body = document.body.innerText;
            for (const el of document.querySelectorAll("[translate='no']")) {
                body = body.replace(el.innerText, "");
            }
            const out = [body, document.title];
            for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
                if (el.closest(".card") || el.offsetParent === null) continue;
                for (const a of ["title", "placeholder", "aria-label"]) {
                    if (el.hasAttribute(a)) out.push(el.getAttribute(a));
                }
            }
            return out.join("\\n");
        }"""
    )
    return text


def _check(page: Page, lang: str, shot: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"i18n-{shot}.png"), full_page=True)
    text = _shown_text(page)
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"{shot}: words of the other language on the page: {wrong}\n---\n{text}"


@pytest.fixture(scope="module")
def tables(server: str) -> dict[str, Any]:
    """A table in play (Anna against a bot) and one waiting for a second person."""
    playing = post_json(
        server + "/api/tables",
        {"seats": ["human", "bot:heuristic"], "rules": {"preset": "fisca"}, "nickname": NAMES[0]},
    )
    waiting = post_json(
        server + "/api/tables",
        {
            "seats": ["human", "human", "bot:strong"],
            "rules": {"preset": "house", "changes": {"jokers_per_meld": 2}},
            "nickname": NAMES[1],
        },
    )
    return {"playing": playing, "waiting": waiting}


def _context(browser: Browser, lang: str, viewport: str, tokens: dict[str, str]) -> BrowserContext:
    ctx = browser.new_context(viewport=VIEWPORTS[viewport])  # type: ignore[arg-type]
    script = f"localStorage.setItem('scala40:lang', {lang!r});"
    for table_id, token in tokens.items():
        script += f"localStorage.setItem('scala40:' + {table_id!r}, {token!r});"
    ctx.add_init_script(script)
    return ctx


@pytest.fixture(params=[(lang, vp) for lang in ("it", "en") for vp in VIEWPORTS], ids=str)
def setting(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    yield request.param


def test_lobby_is_in_one_language(
    server: str, browser: Browser, tables: dict[str, Any], setting: tuple[str, str]
) -> None:
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(server + "/")
    waiting = tables["waiting"]["table_id"]
    page.wait_for_selector(f'#tables li[data-table="{waiting}"]')
    page.wait_for_function("() => document.querySelectorAll('#seats select').length > 0")
    _check(page, lang, f"{lang}-lobby-{vp}")
    # The rules one by one, opened.
    page.click("#rules-details summary")
    _check(page, lang, f"{lang}-lobby-rules-{vp}")
    ctx.close()


def test_join_form_is_in_one_language(
    server: str, browser: Browser, tables: dict[str, Any], setting: tuple[str, str]
) -> None:
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    table_id = tables["waiting"]["table_id"]
    page.goto(f"{server}/t/{table_id}?join")
    page.wait_for_function("() => document.getElementById('join-info').textContent.length > 0")
    info = page.locator("#join-info").inner_text()
    assert "jokers_per_meld" not in info
    _check(page, lang, f"{lang}-join-{vp}")
    ctx.close()


def _wait_connected(page: Page) -> None:
    page.wait_for_function(
        "() => document.getElementById('game').dataset.v"
        " && !document.getElementById('conn').classList.contains('bad')"
    )


def test_table_is_in_one_language(
    server: str, browser: Browser, tables: dict[str, Any], setting: tuple[str, str]
) -> None:
    lang, vp = setting
    table = tables["playing"]
    ctx = _context(browser, lang, vp, {table["table_id"]: table["token"]})
    page = ctx.new_page()
    page.goto(f"{server}/t/{table['table_id']}")
    _wait_connected(page)
    page.wait_for_function(
        "() => document.getElementById('game').dataset.myTurn === 'true'"
        " && document.getElementById('game').dataset.pending === 'false'",
        timeout=20_000,
    )
    page.click("#btn-hint")
    page.wait_for_selector("#hintbox:not([hidden])")
    _check(page, lang, f"{lang}-table-{vp}")
    ctx.close()
    # The creator of a table still waiting for a second person: the invitation, a free seat.
    table = tables["waiting"]
    ctx = _context(browser, lang, vp, {table["table_id"]: table["token"]})
    page = ctx.new_page()
    page.goto(f"{server}/t/{table['table_id']}")
    _wait_connected(page)
    page.wait_for_selector("#invite:not([hidden])")
    _check(page, lang, f"{lang}-table-waiting-{vp}")
    ctx.close()


def _my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.getElementById('game').dataset.myTurn === 'true'"
        " && document.getElementById('game').dataset.pending === 'false'",
        timeout=20_000,
    )


def test_a_switch_of_language_rewords_what_is_on_screen(
    server: str, browser: Browser, tables: dict[str, Any]
) -> None:
    table = tables["playing"]
    for first, then in (("en", "it"), ("it", "en")):
        ctx = _context(browser, first, "desktop", {table["table_id"]: table["token"]})
        page = ctx.new_page()
        page.goto(f"{server}/t/{table['table_id']}")
        _wait_connected(page)
        _my_turn(page)
        # A turn played, so the log has lines written in the first language.
        if page.locator("#game").get_attribute("data-phase") == "draw":
            page.click("#btn-draw")
            page.wait_for_function("() => document.getElementById('game').dataset.phase === 'play'")
        _my_turn(page)
        page.locator("#hand .card.legal-discard").first.click()
        page.click("#btn-discard")
        page.wait_for_function("() => document.querySelectorAll('#log li').length >= 3")
        _my_turn(page)
        page.click("#btn-hint")
        page.wait_for_selector("#hintbox:not([hidden])")
        page.click("#lang")
        conn = page.locator("#conn").inner_text()
        assert conn == ("Connesso" if then == "it" else "Connected")
        _check(page, then, f"{first}-to-{then}-table-desktop")
        ctx.close()


def test_lobby_errors_have_words_in_both_languages(server: str, browser: Browser) -> None:
    """Every code the lobby's HTTP routes answer with has the page's own sentence."""
    codes: set[str] = set()
    lobby = ("errors.py", "forms.py", "lobby.py", "records.py", "catalogue.py", "invite.py")
    guards = ("sameorigin.py", "connections.py")
    for name in [f"http/{n}" for n in lobby] + [f"guard/{n}" for n in guards]:
        text = (SRC / name).read_text()
        codes |= set(re.findall(r'ApiError\(\s*\d+,\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'_refuse\(\s*send,\s*\d+,\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'"code": "([a-z_]+)"', text))
    assert {"bad_nickname", "no_such_table", "bad_seats"} <= codes
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    words = page.evaluate(
        """async (codes) => {
            const m = await import("/static/js/i18n.js");
            const out = {};
            for (const lang of m.LANGUAGES) {
                localStorage.setItem("scala40:lang", lang);
                out[lang] = Object.fromEntries(codes.map((c) => [
                    c, m.apiErrorText({ code: c, message: "ENGLISH FROM THE SERVER" }),
                ]));
            }
            return out;
        }""",
        sorted(codes),
    )
    page.close()
    for lang in ("en", "it"):
        missing = sorted(c for c, text in words[lang].items() if "FROM THE SERVER" in text)
        assert missing == [], f"lobby error codes with no {lang} sentence in i18n.js: {missing}"


@pytest.mark.parametrize("path", ["/history", "/score", "/rules"])
def test_the_other_pages_are_in_one_language(
    server: str, browser: Browser, path: str, setting: tuple[str, str]
) -> None:
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    _check(page, lang, f"{lang}-{path.strip('/')}-{vp}")
    ctx.close()


def test_a_refusal_shown_on_the_join_form_is_in_one_language(
    server: str, browser: Browser, tables: dict[str, Any], setting: tuple[str, str]
) -> None:
    """An error the server answers (a nickname that passes for a bot) is shown in the
    page's words, not the server's English sentence."""
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(f"{server}/t/{tables['waiting']['table_id']}?join")
    page.wait_for_function("() => document.getElementById('join-info').textContent.length > 0")
    page.fill("#join-name", "Bot 2")
    page.click("#join-btn")
    page.wait_for_function("() => document.getElementById('join-error').textContent.length > 0")
    shown = page.locator("#join-error").inner_text()
    assert ("bot" in shown.lower()) and shown != "", shown
    _check(page, lang, f"{lang}-join-refused-{vp}")
    ctx.close()


def test_the_score_page_in_play_is_in_one_language(
    server: str, browser: Browser, setting: tuple[str, str]
) -> None:
    """The score sheet with a game in progress: the hand's form, the page's own refusal,
    a mistyped card named, a hand entered with its note, each read in one language."""
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(server + "/score")
    page.wait_for_selector("#names input")
    for i, name in enumerate(["Anna", "Bruno", "Carla"]):
        page.locator("#names input").nth(i).fill(name)
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#hand-title")
    page.click("#enter")
    page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
    _check(page, lang, f"{lang}-score-refused-{vp}")
    page.click(".score-choice >> text=Anna")
    bruno = page.locator(".score-left[data-seat='1'] .score-cards")
    bruno.fill("JK 3X")
    page.wait_for_function(
        "() => document.querySelector(\".score-left[data-seat='1'] .score-counted\")"
        ".textContent.includes('3X')"
    )
    _check(page, lang, f"{lang}-score-typo-{vp}")
    bruno.fill("JK")
    # Carla's cards left out: the sheet refuses the hand, naming her, in the page's words.
    page.click("#enter")
    page.wait_for_function("() => document.getElementById('error').textContent.includes('Carla')")
    _check(page, lang, f"{lang}-score-carla-{vp}")
    page.locator(".score-left[data-seat='2'] .score-cards").fill(
        "12"
    )  # points: the same in every language
    page.click("#enter")
    page.wait_for_function("() => document.querySelectorAll('#lines tbody tr').length === 1")
    _check(page, lang, f"{lang}-score-sheet-{vp}")
    ctx.close()
