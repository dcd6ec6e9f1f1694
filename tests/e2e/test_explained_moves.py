"""Every move explains itself before it is tried, in the page's language.

The positions are set up with the engine and written by the server's own VIEW code
(positions.py); the reasons the page shows are the engine's, sent as ``legal.why``. A tap
on the pozzo, on a barred card or on a greyed button says why, and sends nothing; the
turn line and the action bar offer only what is possible now. Screenshots go to
tests/e2e/artifacts/why-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .positions import barred_six, everything_open, joker_on_the_pozzo, show
from .support import CORNER, post_json

ARTIFACTS = Path(__file__).parent / "artifacts"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}

POZZO_WHY = {
    ("fisca", "en"): "You have not opened: you may take the pozzo only once opened",
    ("fisca", "it"): "Non hai ancora aperto: puoi prendere dal pozzo solo dopo aver aperto.",
    ("house", "en"): "You have not opened: you may take the Joker only to open this turn.",
    ("house", "it"): (
        "Non hai ancora aperto: puoi prendere la carta Jolly solo per aprire in questo turno."
    ),
}
DRAW_LINE = {"en": "Your turn: draw from the stock", "it": "Tocca a te: pesca dal tallone"}
BARRED_WHY = {
    "en": "The 6♠ fits a meld on the table, so it cannot be discarded.",
    "it": "La carta 6♠ si attacca a una combinazione in tavola, quindi non puoi scartarla.",
}
DISCARD_LINE = {"en": "Your turn: discard a card", "it": "Tocca a te: scarta una carta"}


@pytest.fixture(params=[(lang, vp) for lang in ("en", "it") for vp in VIEWPORTS], ids=str)
def page_in(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, str, str]]:
    lang, vp = request.param
    ctx = browser.new_context(viewport=VIEWPORTS[vp])  # type: ignore[arg-type]
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    yield page, lang, vp
    ctx.close()


def _shown_buttons(page: Page) -> list[str]:
    return [b.get_attribute("id") or "" for b in page.locator("#actions button:visible").all()]


ONE_ROW = """() => {
    const shown = [...document.querySelectorAll("#actions button")].filter(
        (b) => b.getClientRects().length > 0 && getComputedStyle(b).visibility !== "hidden");
    const tops = new Set(shown.map((b) => Math.round(b.getBoundingClientRect().y)));
    return shown.length > 0 && tops.size === 1;
}"""
"""True when the shown buttons of the bar stand in one row (at least one is shown)."""


def _one_row(page: Page) -> bool:
    """The bar's shown buttons stand in one row, once the page has drawn the state it was
    sent (a snapshot taken while a busy machine is still drawing it may catch the bar of
    the phase before); ``False`` if they do not within 5 s."""
    try:
        page.wait_for_function(ONE_ROW, timeout=5_000)
    except PlaywrightTimeoutError:
        return False
    return True


@pytest.mark.parametrize("preset", ["fisca", "house"])
def test_a_joker_on_the_pozzo_says_why_it_cannot_be_taken(
    server: str, page_in: tuple[Page, str, str], preset: str
) -> None:
    page, lang, vp = page_in
    shown = show(page, server, joker_on_the_pozzo(preset), lang)
    # The turn line offers only the stock; the bar only the draw, the pozzo and the hint.
    assert page.locator("#turnbar").inner_text() == DRAW_LINE[lang]
    assert _shown_buttons(page) == ["btn-draw", "btn-pozzo", "btn-hint"]
    assert page.locator("#btn-pozzo").get_attribute("aria-disabled") == "true"
    assert _one_row(page)
    assert "barred" in (page.locator("#pozzo").get_attribute("class") or "")
    # A tap on the pozzo says why, and sends nothing.
    page.click("#pozzo-slot")
    page.wait_for_selector("#message.error")
    assert page.locator("#message").inner_text() == POZZO_WHY[(preset, lang)]
    assert shown.actions() == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"why-pozzo-{preset}-{lang}-{vp}.png"), full_page=True)
    # So does a tap on the greyed "Take pozzo" button.
    page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    page.click("#btn-pozzo", force=True)
    assert page.locator("#message").inner_text() == POZZO_WHY[(preset, lang)]
    assert shown.actions() == []


def test_a_barred_card_says_why_it_cannot_be_discarded(
    server: str, page_in: tuple[Page, str, str]
) -> None:
    page, lang, vp = page_in
    shown = show(page, server, barred_six(), lang)
    assert page.locator("#turnbar").inner_text() == DISCARD_LINE[lang]
    # Not opened, no opening in reach: the bar offers the discard and the hint only.
    assert _shown_buttons(page) == ["btn-discard", "btn-hint"]
    six = page.locator('#hand .card[data-card="6S"]')
    assert "barred" in (six.get_attribute("class") or "")
    assert page.locator("#hand .card.barred").count() == 1
    # Tapping the barred card says why at once; the pozzo does not light up for it.
    six.click(position=CORNER)
    page.wait_for_selector("#message.error")
    assert page.locator("#message").inner_text() == BARRED_WHY[lang]
    assert "drop-ok" not in (page.locator("#pozzo").get_attribute("class") or "")
    assert page.locator("#btn-discard").get_attribute("aria-disabled") == "true"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"why-barred-{lang}-{vp}.png"), full_page=True)
    # A switch of language says it again in the other language, and back.
    other = "it" if lang == "en" else "en"
    page.click("#lang")
    assert page.locator("#message").inner_text() == BARRED_WHY[other]
    page.click("#lang")
    assert page.locator("#message").inner_text() == BARRED_WHY[lang]
    # The greyed Discard and the pozzo say the same, and send nothing.
    page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    page.click("#btn-discard", force=True)
    assert page.locator("#message").inner_text() == BARRED_WHY[lang]
    page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    page.click("#pozzo-slot")
    assert page.locator("#message").inner_text() == BARRED_WHY[lang]
    assert shown.actions() == []
    # Another card instead: the reason goes, Discard and the pozzo are offered.
    six.click(position=CORNER)
    page.locator('#hand .card[data-card="9C"]').click(position=CORNER)
    assert page.locator("#message").inner_text() == ""
    assert page.locator("#btn-discard").get_attribute("aria-disabled") == "false"
    assert "drop-ok" in (page.locator("#pozzo").get_attribute("class") or "")


def test_a_greyed_discard_asks_for_one_card(server: str, browser: Browser) -> None:
    page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    show(page, server, barred_six(), "it")
    page.click("#btn-discard", force=True)
    assert page.locator("#message").inner_text() == "Seleziona una sola carta."
    page.context.close()


@pytest.mark.parametrize(("lang", "vp"), [("en", "desktop"), ("it", "phone")])
def test_a_live_table_never_offers_the_pozzo_before_opening(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    """FISCA: no pozzo before opening. Against a bot, on a real server, the turn line and
    the bar say so at every draw where the pozzo is barred, and a tap on it says why."""
    made = post_json(
        server + "/api/tables",
        {"seats": ["human", "bot:greedy"], "rules": {"preset": "fisca"}, "nickname": "Anna"},
    )
    ctx = browser.new_context(viewport=VIEWPORTS[vp])  # type: ignore[arg-type]
    ctx.add_init_script(
        f"localStorage.setItem('scala40:lang', {lang!r});"
        f"localStorage.setItem('scala40:' + {made['table_id']!r}, {made['token']!r});"
    )
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{server}/t/{made['table_id']}")
    for _ in range(4):
        page.wait_for_function(
            """() => { const g = document.getElementById("game");
                return g.dataset.myTurn === "true" && g.dataset.pending === "false"; }"""
        )
        game = page.locator("#game")
        if game.get_attribute("data-phase") == "draw":
            if page.locator("#btn-pozzo").get_attribute("aria-disabled") == "true":
                break
            page.click("#btn-draw")  # the first player's free pozzo: not this test's case
            page.wait_for_function("() => document.getElementById('game').dataset.phase === 'play'")
        page.locator("#hand .card.legal-discard").first.click(position=CORNER)
        page.click("#btn-discard")
        page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'false'")
    assert page.locator("#btn-pozzo").get_attribute("aria-disabled") == "true"
    assert page.locator("#turnbar").inner_text().startswith(DRAW_LINE[lang])
    page.click("#pozzo-slot")
    page.wait_for_selector("#message.error")
    assert page.locator("#message").inner_text() == POZZO_WHY[("fisca", lang)]
    assert _one_row(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"why-live-pozzo-{lang}-{vp}.png"), full_page=True)
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_fullest_action_bar_takes_two_rows_on_a_phone(
    server: str, browser: Browser, lang: str
) -> None:
    """Opened, after the draw, with a meld, a lay-off and a joker swap in reach: the bar
    offers those, the discard and the hint (no draw, no opening), in at most two rows."""
    page = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()  # type: ignore[arg-type]
    show(page, server, everything_open(), lang)
    assert _shown_buttons(page) == ["btn-meld", "btn-layoff", "btn-swap", "btn-discard", "btn-hint"]
    tops = {round(b.bounding_box()["y"]) for b in page.locator("#actions button:visible").all()}  # type: ignore[index]
    assert len(tops) <= 2
    assert page.locator("#turnbar").inner_text() == (
        "Your turn: meld, lay off, then discard"
        if lang == "en"
        else "Tocca a te: cala, attacca, poi scarta"
    )
    # Lay off greyed until a card that fits is chosen; then it is offered.
    page.click("#btn-layoff", force=True)
    assert page.locator("#message").inner_text() == (
        "Select exactly one card." if lang == "en" else "Seleziona una sola carta."
    )
    page.locator('#hand .card[data-card="QH"]').click(position=CORNER)
    assert page.locator("#btn-layoff").get_attribute("aria-disabled") == "false"
    assert page.locator("#message").inner_text() == ""  # the guidance went with the choice
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"why-bar-opened-{lang}-phone.png"), full_page=True)
    page.context.close()
