"""The /score page in a real browser on a phone-sized screen, in Italian and in English.

The page and its API are served by uvicorn in a thread (a fresh SQLite database); the
browser is Debian's chromium driven by Playwright. The test fails, never skips, when
chromium is missing: CI installs it.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Page, expect, sync_playwright
from starlette.staticfiles import StaticFiles

from scala40.server import pages
from scala40.server.scoresheet_api import build_router
from scala40.server.store import Store

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("score-page")
    store = Store(f"sqlite:///{folder / 'scala40.db'}")
    store.migrate()
    app = FastAPI()
    app.include_router(build_router(store))
    app.include_router(pages.build_router())
    app.mount("/static", StaticFiles(directory=pages.static_dir()), name="static")
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the page server did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    store.close()


@pytest.fixture(scope="module")
def browser_page(base_url: str) -> Iterator[Page]:
    assert Path(CHROMIUM).exists(), "chromium is needed for the browser test (CI installs it)"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport=PHONE, locale="it-IT", has_touch=True)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        yield page
        browser.close()


def fits_the_phone(page: Page) -> bool:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    return bool(width <= PHONE["width"])


def unit_text(page: Page, index: int) -> str:
    return page.locator(".score-unit").nth(index).inner_text()


def test_a_paper_game_on_a_phone_in_italian_then_english(base_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{base_url}/score")
    expect(page.locator("#setup h2")).to_have_text("Nuova partita")
    names = page.locator("#names input")
    for i, name in enumerate(["Anna", "Bruno", "Carla"]):
        names.nth(i).fill(name)
    page.select_option("#preset", "house")
    assert page.locator("#reentry").input_value() == "1"
    assert fits_the_phone(page)
    page.click("#setup-form button[type=submit]")
    expect(page.locator("#hand-title")).to_have_text("Mano 1 — distribuisce Anna")

    # Entering a hand before saying who went out is refused with a reason.
    page.click("#enter")
    expect(page.locator("#error")).to_have_text("Indica chi ha chiuso (o nessuno).")

    # Hand 1: Anna goes out; Bruno's cards are counted by the engine; Carla had not opened.
    page.click(".score-choice >> text=Anna")
    bruno = page.locator(".score-left[data-seat='1']")
    bruno.locator(".score-cards").fill("JK KH 4C")
    expect(bruno.locator(".score-counted")).to_have_text("JK K♥ 4♣ = 39")
    carla = page.locator(".score-left[data-seat='2']")
    carla.locator(".score-unopened").check()
    expect(carla.locator(".score-flat")).to_be_visible()
    page.click("#enter")
    expect(page.locator("#hand-title")).to_have_text("Mano 2 — distribuisce Bruno")
    assert unit_text(page, 1).splitlines()[:3] == ["Bruno", "39", "62 a 101"]
    assert unit_text(page, 2).splitlines()[:3] == ["Carla", "100", "1 a 101"]

    # Hand 2: Bruno goes out; Anna +25 +10 by the quick buttons, Carla +5 passes 101
    # and re-enters (house rules: once) at the highest total still in.
    page.click(".score-choice >> text=Bruno")
    anna = page.locator(".score-left[data-seat='0']")
    anna.locator("button", has_text="+25").click()
    anna.locator("button", has_text="+10").click()
    assert anna.locator(".score-points").input_value() == "35"
    page.locator(".score-left[data-seat='2'] button", has_text="+5").click()
    page.click("#enter")
    expect(page.locator(".score-unit").nth(2)).to_contain_text("rientrato a 39")
    rows = page.locator("#lines tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("Carla re-enters at 39")
    assert fits_the_phone(page)

    # Undo takes the hand back; the sheet survives a reload.
    page.click("#undo")
    expect(rows).to_have_count(1)
    expect(page.locator(".score-unit").nth(2)).not_to_contain_text("rientrato")
    page.reload()
    expect(page.locator("#lines tbody tr")).to_have_count(1)

    # The same sheet in English.
    page.click("#lang")
    expect(page.locator("#hand-title")).to_have_text("Hand 2 — Bruno deals")
    assert unit_text(page, 2).splitlines()[:3] == ["Carla", "100", "1 to 101"]
    href = page.locator("#csv").get_attribute("href")
    assert href is not None and href.endswith("/csv")
    csv = page.request.get(base_url + href)
    assert csv.text().splitlines()[1] == "1,Anna,0,39,100,Anna went out"

    # The saved game is listed on the start page.
    page.goto(f"{base_url}/score")
    expect(page.locator("#saved li")).to_have_count(1)
    expect(page.locator("#saved li")).to_contain_text("Anna, Bruno, Carla")
