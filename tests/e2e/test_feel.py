"""The feel of the table: moves shown as they happen, sounds with a remembered mute, the
hand grouped into its combinations, keyboard shortcuts, refusals naming a card in the
page's own words.

The positions are the engine's, written by the server's own VIEW code and handed to the
real page through a routed socket (positions.py); a test pushes the next state (a bot's
move) or a refusal itself. Screenshots go to tests/e2e/artifacts/feel-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .positions import barred_six, everything_open, joker_on_the_pozzo, show
from .test_i18n_pages import ENGLISH, ITALIAN, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
SETTINGS = [("en", "desktop"), ("it", "phone")]
"""Each language once and each viewport once: the suite keeps its time, and a phrase of the
wrong language or a layout that does not fit a phone still fails."""


@pytest.fixture(params=SETTINGS, ids=str)
def page_in(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, str, str]]:
    lang, vp = request.param
    ctx = browser.new_context(viewport=VIEWPORTS[vp])  # type: ignore[arg-type]
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    yield page, lang, vp
    ctx.close()


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"feel-{name}.png"))


def _one_language(page: Page, lang: str) -> None:
    text = _shown_text(page)
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"words of the other language on the page: {wrong}\n---\n{text}"


def _next(state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """The state after `event`: the same view, one version on (what a bot's move sends)."""
    return {**state, "v": state["v"] + 1, "event": event}


def _no_clipping(page: Page) -> None:
    """Nothing wider than the screen (the page never scrolls sideways)."""
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0


def _watch_ghosts(page: Page) -> None:
    """Keep in ``window.__ghosts`` the kind of every flying card the page adds from now on
    (a ghost is gone once it lands, sooner than a poll may look)."""
    page.evaluate(
        """() => {
            window.__ghosts = [];
            new MutationObserver((ms) => {
                for (const m of ms) for (const n of m.addedNodes) {
                    if (n.classList && n.classList.contains("motion-ghost")) {
                        window.__ghosts.push(n.dataset.motion);
                    }
                }
            }).observe(document.body, { childList: true });
        }"""
    )


def test_a_bots_discard_flies_to_the_pozzo_and_a_layoff_names_the_player(
    server: str, page_in: tuple[Page, str, str]
) -> None:
    page, lang, vp = page_in
    actor = barred_six()
    shown = show(page, server, actor, lang)
    state = actor.state(0)
    _watch_ghosts(page)
    shown.push(_next(state, {"seat": 1, "type": "discard", "card": "9H"}))
    # The ghost lives for its flight only: a loaded machine once polled for it too late,
    # so the page notes each ghost as it is added.
    page.wait_for_function("() => window.__ghosts.includes('discard')", timeout=5_000)
    ghost = page.locator(".motion-ghost[data-motion='discard']")
    # The table is drawn before the card flies: the log already says it.
    assert page.locator("#game").get_attribute("data-v") == str(state["v"] + 1)
    assert page.locator("#log li").count() >= 1
    _shot(page, f"discard-{lang}-{vp}")
    ghost.wait_for(state="detached", timeout=2_000)
    # A lay-off by the bot: its meld framed for a moment with the bot's name.
    shown.push(
        _next(
            {**state, "v": state["v"] + 1}, {"seat": 1, "type": "layoff", "card": "6S", "target": 0}
        )
    )
    frame = page.locator(".motion-meld[data-meld='0']")
    frame.wait_for(state="attached", timeout=2_000)
    bot = page.locator("#players .player[data-seat='1'] .name").evaluate(
        "(el) => el.firstChild.textContent"
    )
    assert frame.inner_text() == bot
    # A switch of language names the bot again in the other language.
    page.click("#lang")
    other = "Bot 2 (Easy)" if lang == "it" else "Bot 2 (Facile)"
    page.wait_for_function(
        f"() => document.querySelector(\".motion-meld[data-meld='0']\").innerText === {other!r}"
    )
    page.click("#lang")
    _shot(page, f"layoff-{lang}-{vp}")
    _one_language(page, lang)
    _no_clipping(page)
    frame.wait_for(state="detached", timeout=3_000)


def test_no_card_flies_with_reduced_motion(server: str, browser: Browser) -> None:
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"], reduced_motion="reduce")  # type: ignore[arg-type]
    page = ctx.new_page()
    actor = barred_six()
    shown = show(page, server, actor, "en")
    _watch_ghosts(page)
    state = actor.state(0)
    shown.push(_next(state, {"seat": 1, "type": "discard", "card": "9H"}))
    page.wait_for_function(
        f"() => document.getElementById('game').dataset.v === '{state['v'] + 1}'"
    )
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.__ghosts.length") == 0
    assert page.locator("#log li").first.inner_text().endswith("discarded 9♥")
    ctx.close()


def test_the_mute_button_toggles_and_is_remembered(
    server: str, page_in: tuple[Page, str, str]
) -> None:
    page, lang, vp = page_in
    show(page, server, barred_six(), lang)
    button = page.locator("#sound")
    assert button.get_attribute("aria-pressed") == "true"  # on by default
    assert button.get_attribute("aria-label") == ("Suoni" if lang == "it" else "Sounds")
    button.click()
    assert button.get_attribute("aria-pressed") == "false"
    page.reload()
    page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'true'")
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    assert page.locator("#sound").get_attribute("data-sound") == "off"
    _shot(page, f"muted-{lang}-{vp}")
    _one_language(page, lang)
    page.locator("#sound").click()
    assert page.evaluate("() => localStorage.getItem('scala40:sound')") == "on"


def test_grouping_puts_a_sets_cards_together(server: str, page_in: tuple[Page, str, str]) -> None:
    page, lang, vp = page_in
    show(page, server, everything_open(), lang)
    page.click("#sort-group")
    order = page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert order[:3] == ["5D", "5C", "5S"]
    assert sorted(order) == sorted(["10H", "QH", "5D", "9D", "2C", "5C", "6C", "5S", "7S", "KS"])
    assert "group-end" in (page.locator('#hand .card[data-card="5S"]').get_attribute("class") or "")
    assert "active" in (page.locator("#sort-group").get_attribute("class") or "")
    _shot(page, f"grouped-{lang}-{vp}")
    _one_language(page, lang)
    _no_clipping(page)
    # Remembered like the other arrangements.
    page.reload()
    page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'true'")
    order = page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert order[:3] == ["5D", "5C", "5S"]


KEYS_TITLE = {"en": "Keyboard shortcuts", "it": "Scorciatoie da tastiera"}
POZZO_WHY = {
    "en": "You have not opened: you may take the pozzo only once opened",
    "it": "Non hai ancora aperto: puoi prendere dal pozzo solo dopo aver aperto.",
}


def test_keyboard_shortcuts_and_their_list(server: str, page_in: tuple[Page, str, str]) -> None:
    page, lang, vp = page_in
    shown = show(page, server, joker_on_the_pozzo("fisca"), lang)
    # "?" shows the list in the page's language; Esc closes it.
    page.keyboard.press("?")
    page.wait_for_selector("#keys-help:not([hidden])")
    assert page.locator("#keys-title").inner_text() == KEYS_TITLE[lang]
    assert page.locator("#keys-list dd").count() == 15  # a key for every move a click makes
    _shot(page, f"keys-{lang}-{vp}")
    _one_language(page, lang)
    page.keyboard.press("Escape")
    assert page.locator("#keys-help").is_hidden()
    # P on a pozzo that may not be taken says why, as the button does; nothing is sent.
    page.keyboard.press("p")
    page.wait_for_selector("#message.error")
    assert page.locator("#message").inner_text() == POZZO_WHY[lang]
    assert shown.actions() == []
    # The cursor: → to the second card, Space selects it, Esc clears the selection.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    cursor = page.locator("#hand .card.kbd-cursor")
    assert cursor.count() == 1
    second = page.locator("#hand .card").nth(1).get_attribute("data-card")
    assert cursor.get_attribute("data-card") == second
    page.keyboard.press("Space")
    page.wait_for_selector("#hand .card.selected")
    assert page.locator("#hand .card.selected").get_attribute("data-card") == second
    assert page.locator("#hand .card.kbd-cursor").get_attribute("data-card") == second
    page.keyboard.press("Escape")
    assert page.locator("#hand .card.selected").count() == 0
    # D draws.
    page.keyboard.press("d")
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
    assert [a["action"] for a in shown.actions()] == [{"type": "draw"}]


def test_keys_are_not_shortcuts_while_typing(server: str, browser: Browser) -> None:
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"])  # type: ignore[arg-type]
    page = ctx.new_page()
    shown = show(page, server, joker_on_the_pozzo("fisca"), "en")
    page.evaluate(
        """() => {
            const input = document.getElementById("invite-url");
            document.getElementById("invite").hidden = false;
            input.removeAttribute("readonly");
            input.focus();
        }"""
    )
    page.keyboard.type("dx?")
    assert shown.actions() == []
    assert page.locator("#keys-help").is_hidden()
    ctx.close()


CARD_CODES = [
    "discard_fits",
    "pozzo_unused",
    "pozzo_discard",
    "not_in_hand",
    "joker_unused",
    "must_open",
    "chiusura_pending",
    "first_round",
    "joker_discard",
    "swapped_joker_discard",
    "pozzo_unusable",
    "pozzo_needs_opening",
    "does_not_fit",
    "no_room",
    "no_joker_to_swap",
    "swap_needs_natural",
]
FIRST_ROUND = {
    "en": (
        "Nobody may go out before every player has completed one full turn: keep the 7♠ for now."
    ),
    "it": (
        "Nessuno può chiudere prima che ogni giocatore abbia fatto un giro completo:"
        " per ora tieni la carta 7♠."
    ),
}


def test_every_refusal_about_a_card_has_a_sentence_in_both_languages(
    server: str, page_in: tuple[Page, str, str]
) -> None:
    page, lang, vp = page_in
    shown = show(page, server, everything_open(), lang)
    words = page.evaluate(
        """async () => {
            const m = await import("/static/js/i18n.js");
            return Object.fromEntries(m.LANGUAGES.map((l) => [l, m.dictionary(l)]));
        }"""
    )
    for language in ("en", "it"):
        for code in CARD_CODES:
            sentence = words[language].get(f"why.{code}", "")
            assert "{card}" in sentence or "{taken}" in sentence, (language, code)
    # A discard the server refuses names the card in the page's words, with no English
    # reason beside it.
    page.locator('#hand .card[data-card="7S"]').click()
    page.keyboard.press("x")
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
    assert shown.actions()[-1]["action"] == {"type": "discard", "card": "7S"}
    message = "nobody may go out before every player has completed one full turn (7♠)"
    shown.push({"type": "error", "code": "first_round", "message": message, "v": 5})
    page.wait_for_selector("#message.error")
    assert page.locator("#message").inner_text() == FIRST_ROUND[lang]
    assert page.locator("#message .detail").count() == 0
    _shot(page, f"refusal-{lang}-{vp}")
    _one_language(page, lang)
