"""The small things a player tripped on (issue 13, "Why" point 7), each as seen in chromium.

A one-hand match's summary has no running total; a duplicate nickname is refused with a
reason; an unknown table offers no seat; the jokers field's placeholder says what its
label says; the fit-ban choice and the joker's "=10♥" fit a phone. Screenshots go to
tests/e2e/artifacts/small-*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .positions import joker_in_a_meld, show
from .support import post_json

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
LANGS = ["en", "it"]


def _page(browser: Browser, lang: str, viewport: dict[str, int]) -> Page:
    ctx = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    return page


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"small-{name}.png"), full_page=True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_one_hand_match_summary_has_no_running_total(
    server: str, browser: Browser, lang: str
) -> None:
    page = _page(browser, lang, PHONE)
    shown = show(page, server, joker_in_a_meld({"single_hand": True}), lang)
    shown.push(
        {
            "type": "hand_over",
            "v": 6,
            "summary": {
                "hand": 1,
                "winner": 1,
                "reason": "went_out",
                "chiusura_in_mano": False,
                "hands": {"0": ["7H", "AD"], "1": []},
                "penalties": {"0": 8, "1": 0},
                "totals": {"0": 0, "1": 0},
                "eliminated": [],
                "reentered": {},
                "match_over": True,
                "match_winner": 1,
            },
        }
    )
    page.wait_for_selector("#summary:not([hidden])")
    heads = page.locator("#summary-table th").all_inner_texts()
    assert heads == (["Player", "Penalty"] if lang == "en" else ["Giocatore", "Punti"])
    row = page.locator('#summary-table tr.player-row[data-seat="0"] td').all_inner_texts()
    assert row == ["Anna", "8"]
    winner = page.locator('#summary-table tr.player-row[data-seat="1"] td').all_inner_texts()
    assert winner == ["Bot 2 (Easy)" if lang == "en" else "Bot 2 (Facile)", "0"]
    # The score sheet beside the table keeps no total row either.
    assert page.locator("#scores tr.total").count() == 0
    _shot(page, f"one-hand-summary-{lang}-phone")
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_nickname_already_at_the_table_is_refused(
    server: str, browser: Browser, lang: str
) -> None:
    made = post_json(
        server + "/api/tables",
        {"seats": ["human", "human"], "rules": {"preset": "fisca"}, "nickname": "Anna"},
    )
    page = _page(browser, lang, PHONE)
    page.goto(f"{server}/t/{made['table_id']}?join")
    page.wait_for_function("() => document.getElementById('join-info').textContent.length > 0")
    page.fill("#join-name", "anna")
    page.click("#join-btn")
    expected = {
        "en": "Someone at this table already has that nickname: choose another one.",
        "it": "A questo tavolo c'è già qualcuno con questo nome: scegline un altro.",
    }[lang]
    page.wait_for_function(
        "(t) => document.getElementById('join-error').textContent === t", arg=expected
    )
    assert page.locator("#game").is_hidden()
    _shot(page, f"duplicate-nickname-{lang}-phone")
    # Another nickname takes the seat.
    page.fill("#join-name", "Bruno")
    page.click("#join-btn")
    page.wait_for_selector("#game:not([hidden])")
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_table_offers_no_seat(server: str, browser: Browser, lang: str) -> None:
    page = _page(browser, lang, DESKTOP)
    page.goto(f"{server}/t/nosuchtable")
    page.wait_for_selector("#ended:not([hidden])")
    assert page.locator("#join").is_hidden()
    assert page.locator("#join-btn").is_hidden()
    assert page.locator("#ended-title").inner_text() == (
        "There is no such table (it may have been closed)."
        if lang == "en"
        else "Questo tavolo non esiste (forse è stato chiuso)."
    )
    assert page.locator("#ended-links a").get_attribute("href") == "/"
    _shot(page, f"no-such-table-{lang}-desktop")
    page.click("#lang")  # the other language says the same
    assert page.locator("#ended-title").inner_text() == (
        "Questo tavolo non esiste (forse è stato chiuso)."
        if lang == "en"
        else "There is no such table (it may have been closed)."
    )
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobbys_rule_fields_say_one_thing_and_fit_a_phone(
    server: str, browser: Browser, lang: str
) -> None:
    page = _page(browser, lang, PHONE)
    page.goto(server + "/")
    page.wait_for_selector('#rules [data-key="jokers"]', state="attached")
    page.click("#rules-details summary")
    jokers = page.locator('#rules [data-key="jokers"]')
    label = page.locator("#rules label", has=page.locator('[data-key="jokers"]')).inner_text()
    placeholder = jokers.get_attribute("placeholder") or ""
    assert placeholder == ("two per deck" if lang == "en" else "due per mazzo")
    assert placeholder in label
    # Every choice of every rule is readable whole in its select: its text is no wider
    # than the select's box (less the arrow).
    cut: list[str] = page.evaluate(
        """() => {
            const ctx = document.createElement("canvas").getContext("2d");
            const out = [];
            for (const sel of document.querySelectorAll("#rules select")) {
                const style = getComputedStyle(sel);
                ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
                const room = sel.clientWidth - 32; // the arrow and the padding
                for (const o of sel.options) {
                    if (ctx.measureText(o.text).width > room) out.push(o.text);
                }
                const box = sel.getBoundingClientRect();
                if (box.right > window.innerWidth) out.push(sel.dataset.key + " overflows");
            }
            return out;
        }"""
    )
    assert cut == []
    page.locator('#rules [data-key="fit_discard_ban"]').scroll_into_view_if_needed()
    _shot(page, f"lobby-rules-{lang}-phone")
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_jokers_card_it_stands_for_is_readable_on_a_phone(
    server: str, browser: Browser, lang: str
) -> None:
    page = _page(browser, lang, PHONE)
    show(page, server, joker_in_a_meld(), lang)
    joker = page.locator("#melds .card.joker")
    label = joker.locator(".as")
    assert label.inner_text() == "=10♥"
    # The label is inside its card and nothing is drawn over it.
    clear: bool = label.evaluate(
        """(el) => {
            const r = el.getBoundingClientRect();
            const card = el.closest(".card").getBoundingClientRect();
            if (r.left < card.left || r.right > card.right) return false;
            const y = r.top + r.height / 2;
            for (const x of [r.left + 1, r.right - 1]) {
                const top = document.elementFromPoint(x, y);
                if (!top || !el.contains(top)) return false;
            }
            return true;
        }"""
    )
    _shot(page, f"joker-label-{lang}-phone")
    assert clear
    page.context.close()
