"""A protocol bot at the web table, in the browser: the lobby offers the program the
server registered (``serve --bot simple=…``), and it plays its seat at the table."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

ARTIFACTS = Path(__file__).parent / "artifacts"


def test_the_lobby_offers_the_program_and_it_plays_at_the_table(
    server: str, browser: Browser
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script("localStorage.setItem('scala40:lang', 'en');")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#nickname", "Anna")
    page.select_option("#seat-count", "2")
    seat = page.locator('#seats select[data-seat="1"]')
    assert "Bot: simple (program)" in seat.inner_text()
    seat.select_option("bot:simple")
    page.click("#create-btn")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#hand .card")
    assert "Bot 2 (simple)" in page.inner_text("#players")
    # Anna draws and discards when it is her turn; the program answers with its own move.
    for _ in range(3):
        page.wait_for_function(
            "() => document.getElementById('game').dataset.myTurn === 'true'"
            " && document.getElementById('game').dataset.phase === 'draw'"
        )
        if page.locator("#log li", has_text="Bot 2 (simple) discarded").count():
            break
        page.click("#btn-draw")
        page.wait_for_function("() => document.getElementById('game').dataset.phase === 'play'")
        page.locator("#hand .card.legal-discard").last.click()
        page.click("#btn-discard")
    page.wait_for_selector("#log li:has-text('Bot 2 (simple) discarded')")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "program-seat-en-desktop.png"), full_page=True)
    ctx.close()
