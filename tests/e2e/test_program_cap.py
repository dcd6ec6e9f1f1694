"""A server running as many bot programs as it may refuses a table with a program seat,
and the lobby says so in the page's language (on a phone)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .support import Server, free_port

ARTIFACTS = Path(__file__).parent / "artifacts"

SAYS = {
    "it": "Il server fa già girare tutti i programmi bot che può",
    "en": "The server runs as many bot programs as it can",
}


@pytest.fixture(scope="module")
def full_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server offering ``bot:simple`` that may run no program at all."""
    server = Server(tmp_path_factory.mktemp("programs-full"), free_port())
    server.options = ("--max-programs", "0")
    server.start()
    try:
        yield server.base
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_lobby_says_the_server_runs_all_the_programs_it_can(
    full_server: str, browser: Browser, lang: str
) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', '{lang}');")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.goto(full_server + "/")
    page.fill("#nickname", "Anna")
    page.select_option("#seat-count", "2")
    page.select_option('#seats select[data-seat="1"]', "bot:simple")
    page.click("#create-btn")
    error = page.locator("#create-error")
    error.filter(has_text=SAYS[lang]).wait_for()
    text = error.inner_text()
    assert "max_live_programs" not in text  # the page's own words, not the server's English
    assert "/t/" not in page.url  # no table was made
    error.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"programs-full-{lang}-phone.png"))
    ctx.close()
