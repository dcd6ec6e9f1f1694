"""The rules page in the app, the links to it, and the guided first hand, in chromium.

In English and Italian, on a 390×844 phone and a desktop screen: ``/rules`` shows every
section and every rule key under its anchor with an example; a lobby "?" lands on its
key; a refused move at the table offers "why?" to the section it concerns; a table made
with "First game? Guide me" explains its first steps. Screenshots go to
tests/e2e/artifacts/rules-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from scala40.engine.rules import KEYS
from scala40.rulebook.book import REFUSAL_ANCHORS, SECTIONS, rule_book

from .support import post_json
from .test_browser import _drag

ARTIFACTS = Path(__file__).parent / "artifacts"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def _context(browser: Browser, lang: str, viewport: str, tokens: dict[str, str]) -> BrowserContext:
    ctx = browser.new_context(viewport=VIEWPORTS[viewport])  # type: ignore[arg-type]
    script = f"localStorage.setItem('scala40:lang', {lang!r});"
    for table_id, token in tokens.items():
        script += f"localStorage.setItem('scala40:' + {table_id!r}, {token!r});"
    ctx.add_init_script(script)
    ctx.set_default_timeout(20_000)
    return ctx


def _shot(page: Page, name: str, *, full: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"rules-{name}.png"), full_page=full)


# Each language once and each viewport once (English on a desktop, Italian on a phone): a
# phrase of the wrong language or a layout that does not fit a phone still fails, and the
# suite keeps its time.
@pytest.fixture(params=[("en", "desktop"), ("it", "phone")], ids=str)
def setting(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    yield request.param


def _in_view(page: Page, selector: str) -> bool:
    inside: bool = page.evaluate(
        """(sel) => {
            const r = document.querySelector(sel).getBoundingClientRect();
            return r.top >= -2 && r.top < window.innerHeight;
        }""",
        selector,
    )
    return inside


def test_the_rules_page_shows_every_key_under_its_anchor(
    server: str, browser: Browser, setting: tuple[str, str]
) -> None:
    lang, vp = setting
    book = rule_book()
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(server + "/rules")
    page.wait_for_selector("body[data-ready='true']")
    assert page.evaluate("document.documentElement.lang") == lang
    for section in book["sections"]:
        box = page.locator(f"section#{section['anchor']}")
        assert box.locator("h2").inner_text() == section[f"title_{lang}"]
        assert section[f"example_{lang}"] in box.locator(".example").inner_text()
    for group in book["groups"]:
        for key in group["keys"]:
            box = page.locator(f"#{group['anchor']} article#{key['key']}")
            assert box.count() == 1, key["key"]
            assert box.locator("h4").inner_text().startswith(key[f"label_{lang}"])
            assert key[f"example_{lang}"] in box.locator(".example").inner_text()
    ids = set(page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)"))
    assert set(KEYS) <= ids
    assert {s.anchor for s in SECTIONS} <= ids
    _shot(page, f"page-{lang}-{vp}")
    _shot(page, f"page-{lang}-{vp}-full", full=True)
    # An address naming a key shows that key, marked.
    page.goto(server + "/rules#open_from_pozzo")
    page.wait_for_selector("#open_from_pozzo.targeted")
    assert _in_view(page, "#open_from_pozzo")
    _shot(page, f"anchor-{lang}-{vp}")
    ctx.close()


def test_a_lobby_question_mark_lands_on_its_key(
    server: str, browser: Browser, setting: tuple[str, str]
) -> None:
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_function("() => document.querySelectorAll('#rules [data-key]').length > 0")
    page.click("#rules-details summary")
    links = page.locator("#rules a.rule-help")
    shown = {
        (link.get_attribute("href") or "").split("#")[1]
        for link in links.all()
        if link.is_visible()
    }
    assert shown == set(KEYS) - {"players"}  # the seats decide the players
    help_text = "Che cos'è questa regola?" if lang == "it" else "What is this rule?"
    link = page.locator('#rules label:has([data-key="fit_discard_ban"]) a.rule-help')
    assert link.get_attribute("aria-label") == help_text
    link.scroll_into_view_if_needed()
    _shot(page, f"lobby-help-{lang}-{vp}")
    with ctx.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_selector("#fit_discard_ban.targeted")
    assert rules.url.endswith("/rules#fit_discard_ban")
    assert _in_view(rules, "#fit_discard_ban")
    _shot(rules, f"lobby-help-landed-{lang}-{vp}")
    ctx.close()


def _table(server: str) -> dict[str, Any]:
    made: dict[str, Any] = post_json(
        server + "/api/tables",
        {
            "seats": ["human", "bot:greedy"],
            "rules": {"preset": "fisca", "changes": {}},
            "nickname": "Anna",
            "turn_seconds": None,
        },
    )
    return made


def test_a_refusal_says_why_with_a_link_to_its_rule(
    server: str, browser: Browser, setting: tuple[str, str]
) -> None:
    lang, vp = setting
    made = _table(server)
    ctx = _context(browser, lang, vp, {made["table_id"]: made["token"]})
    page = ctx.new_page()
    page.goto(f"{server}/t/{made['table_id']}")
    page.wait_for_function(
        """() => document.getElementById("game").dataset.myTurn === "true"
            && document.getElementById("game").dataset.phase === "draw"
            && document.getElementById("game").dataset.pending === "false" """
    )
    assert page.locator("#why").is_hidden()
    # A card dropped on the pozzo before drawing: refused, and the turn's rule is offered.
    _drag(page, page.locator("#hand .card").nth(0), page.locator("#pozzo-slot"))
    page.wait_for_selector("#message.error")
    why = page.locator("#why")
    why.wait_for(state="visible")
    assert why.inner_text() == ("perché?" if lang == "it" else "why?")
    anchor = REFUSAL_ANCHORS[next(r for r in REFUSAL_ANCHORS if r.value == "draw_first")]
    assert why.get_attribute("href") == f"/rules#{anchor}"
    why.scroll_into_view_if_needed()
    _shot(page, f"why-{lang}-{vp}")
    with ctx.expect_page() as opened:
        why.click()
    rules = opened.value
    rules.wait_for_selector(f"#{anchor}.targeted")
    assert _in_view(rules, f"#{anchor}")
    _shot(rules, f"why-landed-{lang}-{vp}")
    # A move that goes through takes the "why?" away with the refusal.
    page.click("#btn-draw")
    page.wait_for_function("() => document.getElementById('game').dataset.phase === 'play'")
    why.wait_for(state="hidden")
    ctx.close()


GUIDE_DRAW = {"draw", "drawPozzo", "pozzoBarred", "pozzoUnusable"}


def test_the_guided_first_hand_explains_its_first_steps(
    server: str, browser: Browser, setting: tuple[str, str]
) -> None:
    lang, vp = setting
    ctx = _context(browser, lang, vp, {})
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#guide-btn")
    page.fill("#nickname", "Anna")
    _shot(page, f"guide-lobby-{lang}-{vp}")
    page.click("#guide-btn")
    page.wait_for_url("**/t/*")
    info: dict[str, Any] = page.evaluate(
        """async () => {
            const id = location.pathname.split("/")[2];
            return (await fetch(`/api/tables/${id}`)).json();
        }"""
    )
    assert [s["kind"] for s in info["seats"]] == ["human", "bot:easy"]
    guide = page.locator("#guide")
    # The first step of the seat's own turn: the draw, with the pozzo rule explained.
    page.wait_for_function(
        "(steps) => steps.includes(document.getElementById('guide').dataset.step)",
        arg=sorted(GUIDE_DRAW),
    )
    step = guide.get_attribute("data-step")
    text = guide.locator(".guide-text").inner_text()
    draw_word = "Pesca" if lang == "it" else "Draw"
    assert draw_word in text
    hrefs = [a.get_attribute("href") for a in guide.locator("a").all()]
    assert hrefs and all(h and h.startswith("/rules#") for h in hrefs)
    if step == "pozzoBarred":
        assert hrefs == ["/rules#open_from_pozzo"]
    _shot(page, f"guide-draw-{lang}-{vp}")
    # After the draw: what makes an opening, with the points the table needs.
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'false'")
    page.click("#btn-draw")
    page.wait_for_function(
        "() => ['canOpen', 'cannotOpen'].includes(document.getElementById('guide').dataset.step)"
    )
    text = guide.locator(".guide-text").inner_text()
    assert "40" in text
    hrefs = [a.get_attribute("href") for a in guide.locator("a").all()]
    assert "/rules#opening" in hrefs
    # Hints are on: the seat's turn comes with the hint box already open.
    page.wait_for_selector("#hintbox:not([hidden])")
    _shot(page, f"guide-play-{lang}-{vp}")
    # The guide can be hidden, and stays hidden.
    guide.locator("button").click()
    assert guide.is_hidden()
    page.reload()
    page.wait_for_function("() => document.getElementById('game').dataset.v")
    assert guide.is_hidden()
    ctx.close()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_guided_first_game_needs_no_nickname(server: str, browser: Browser, lang: str) -> None:
    """A newcomer presses "First game? Guide me" with the nickname left empty: the guided
    table opens at once, the newcomer seated as "Player" in the page's language."""
    ctx = _context(browser, lang, "phone", {})
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#guide-btn")
    assert page.input_value("#nickname") == ""
    page.click("#guide-btn")
    page.wait_for_url("**/t/*")
    info: dict[str, Any] = page.evaluate(
        """async () => {
            const id = location.pathname.split("/")[2];
            return (await fetch(`/api/tables/${id}`)).json();
        }"""
    )
    assert info["seats"][0]["name"] == ("Giocatore" if lang == "it" else "Player")
    page.wait_for_selector("#guide:not([hidden])")
    _shot(page, f"guide-no-nickname-{lang}-phone")
    ctx.close()
