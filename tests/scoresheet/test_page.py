"""The /score page in a real browser on a phone-sized screen, in Italian and in English.

The page and its API are served by uvicorn in a thread (a fresh SQLite database) behind the
app's own security middleware: its Content-Security-Policy has no 'unsafe-inline', so an
inline script, style attribute or event handler shows up as a console error, and a change
sent without ``Content-Type: application/json`` is refused. The browser is Debian's
chromium driven by Playwright; each test is a phone of its own (a browser context: its own
localStorage). The test fails, never skips, when chromium is missing: CI installs it.
Screenshots go to tests/e2e/artifacts/.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)
from sqlalchemy import insert

from scala40.scoresheet.history import Keyring
from scala40.scoresheet.sheet import ScoreSheet, hand_from_json
from scala40.server.guard.headers import SecurityHeaders
from scala40.server.guard.sameorigin import SameOrigin
from scala40.server.http import installable, pages
from scala40.server.http.assets import VersionedStatic
from scala40.server.http.errors import install_error_handler
from scala40.server.http.scoresheets import build_router
from scala40.storage.schema import score_sheets
from scala40.storage.sheets import SheetStore, TerminalSheets
from scala40.storage.store import Store

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
PHONE: ViewportSize = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).parent.parent / "e2e" / "artifacts"
FOLLOW_MS = 10_000
"""How often a read-only page asks the server for news (score.js's FOLLOW_MS)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    folder = tmp_path_factory.mktemp("score-page")
    made = Store(f"sqlite:///{folder / 'scala40.db'}")
    made.migrate()
    yield made
    made.close()


@pytest.fixture(scope="module")
def base_url(store: Store) -> Iterator[str]:
    app = FastAPI()
    install_error_handler(app)
    app.include_router(build_router(store))
    app.include_router(pages.build_router())
    app.include_router(installable.build_router())  # every page registers /sw.js
    app.mount("/static", VersionedStatic(pages.static_dir()), name="static")
    app.add_middleware(SameOrigin)
    app.add_middleware(SecurityHeaders)
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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "chromium is needed for the browser test (CI installs it)"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


class Phone:
    """One phone: a browser context with its own storage, its page, and what went wrong."""

    def __init__(self, browser: Browser, locale: str, **options: Any) -> None:
        self.context: BrowserContext = browser.new_context(
            viewport=PHONE, locale=locale, has_touch=True, **options
        )
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("dialog", lambda dialog: dialog.accept())
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on(
            "console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None
        )

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path), full_page=True)
        print(f"\nscreenshot: {path}")
        return path


@pytest.fixture
def phones(browser: Browser) -> Iterator[list[Phone]]:
    """Phones a test opens with :func:`phone`; closed after it."""
    opened: list[Phone] = []
    yield opened
    for made in opened:
        made.context.close()


def phone(phones: list[Phone], browser: Browser, locale: str, **options: Any) -> Phone:
    made = Phone(browser, locale, **options)
    phones.append(made)
    return made


def fits_the_phone(page: Page) -> bool:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    return bool(width <= PHONE["width"])


def unit_text(page: Page, index: int) -> str:
    return page.locator(".score-unit").nth(index).inner_text()


def start_game(page: Page, base_url: str, players: list[str]) -> str:
    """Start a game on the page; the sheet's id (from the address the page moves to)."""
    page.goto(f"{base_url}/score")
    names = page.locator("#names input")
    for i, name in enumerate(players):
        names.nth(i).fill(name)
    page.click("#setup-form button[type=submit]")
    expect(page.locator("#hand-title")).to_be_visible()
    return page.url.rsplit("id=", 1)[1]


def test_a_paper_game_on_a_phone_in_italian_then_english(
    base_url: str, browser: Browser, phones: list[Phone]
) -> None:
    it = phone(phones, browser, "it-IT")
    page = it.page
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
    # Italian suit letters: K of cuori (KC), 4 of fiori (4F).
    bruno.locator(".score-cards").fill("JK KC 4F")
    expect(bruno.locator(".score-counted")).to_have_text("JK K♥ 4♣ = 39")
    carla = page.locator(".score-left[data-seat='2']")
    carla.locator(".score-unopened").check()
    expect(carla.locator(".score-flat")).to_be_visible()
    page.click("#enter")
    expect(page.locator("#hand-title")).to_have_text("Mano 2 — distribuisce Bruno")
    assert unit_text(page, 1).splitlines()[:3] == ["Bruno", "39", "mancano 62 punti"]
    assert unit_text(page, 2).splitlines()[:3] == ["Carla", "100", "manca 1 punto"]

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
    # The notes are in the page's language too (built from the line's fields).
    expect(rows.nth(1)).to_contain_text("Bruno ha chiuso; Carla rientra a 39")
    assert fits_the_phone(page)
    # The Italian notes column is read whole, with no sideways scrolling of the sheet.
    assert page.evaluate(
        "() => { const s = document.querySelector('.score-scroll');"
        " return s.scrollWidth <= s.clientWidth; }"
    )
    page.screenshot(path=str(ARTIFACTS / "score-notes-it-phone.png"), full_page=True)

    # Undo takes the hand back; the sheet survives a reload.
    page.click("#undo")
    expect(rows).to_have_count(1)
    expect(page.locator(".score-unit").nth(2)).not_to_contain_text("rientrato")
    page.reload()
    expect(page.locator("#lines tbody tr")).to_have_count(1)

    # The same sheet in English.
    page.click("#lang")
    expect(page.locator("#hand-title")).to_have_text("Hand 2 — Bruno deals")
    assert unit_text(page, 2).splitlines()[:3] == ["Carla", "100", "1 point left"]
    href = page.locator("#csv").get_attribute("href")
    assert href is not None and href.endswith("/csv")
    csv = page.request.get(base_url + href)
    assert csv.text().splitlines()[1] == "1,Anna,0,39,100,Anna went out"

    # The saved game is listed on the start page: this phone's one, not another phone's.
    start_game(phone(phones, browser, "en-US").page, base_url, ["Zeno", "Yuri", "Xena"])
    page.goto(f"{base_url}/score")
    expect(page.locator("#saved li")).to_have_count(1)
    expect(page.locator("#saved li")).to_contain_text("Anna, Bruno, Carla")
    assert it.errors == []


def test_italian_cards_by_the_suit_buttons_and_the_italian_letters(
    base_url: str, browser: Browser, phones: list[Phone]
) -> None:
    """On an Italian phone a card's suit is a ♥♦♣♠ button or an Italian letter (C Q F P:
    cuori, quadri, fiori, picche), never an English one; a typo is named in Italian."""
    it = phone(phones, browser, "it-IT")
    page = it.page
    start_game(page, base_url, ["Anna", "Bruno", "Carla"])
    page.click(".score-choice >> text=Anna")
    expect(page.locator("#cards-help")).to_contain_text("C Q F P (cuori, quadri, fiori, picche)")
    bruno = page.locator(".score-left[data-seat='1']")
    box = bruno.locator(".score-cards")
    expect(box).to_have_attribute("placeholder", "o carte: JK KC 4F")
    # 4 then the ♥ button, Q then the ♣ button, then 7F and QQ typed: 4♥ Q♣ 7♣ Q♦.
    box.click()
    page.keyboard.type("4")
    bruno.locator(".score-suit[data-suit='H']").click()
    box.press("End")
    page.keyboard.type(" Q")
    bruno.locator(".score-suit[data-suit='C']").click()
    box.press("End")
    page.keyboard.type(" 7F QQ")
    expect(box).to_have_value("4♥ Q♣ 7F QQ")
    expect(bruno.locator(".score-counted")).to_have_text("4♥ Q♣ 7♣ Q♦ = 31")
    expect(bruno.locator(".score-suit[data-suit='S']")).to_have_attribute(
        "aria-label", "Bruno: picche"
    )
    # A typo (and an English letter, H) is named in Italian, and nothing is counted.
    carla = page.locator(".score-left[data-seat='2']")
    carla.locator(".score-cards").fill("KC 3X")
    expect(carla.locator(".score-counted")).to_have_text('Non è una carta: "3X"')
    carla.locator(".score-cards").fill("KH")
    expect(carla.locator(".score-counted")).to_have_text('Non è una carta: "KH"')
    carla.locator(".score-cards").fill("KC")
    expect(carla.locator(".score-counted")).to_have_text("K♥ = 10")
    assert fits_the_phone(page)
    it.shot("score-italian-cards-phone.png")
    page.click("#enter")
    expect(page.locator("#hand-title")).to_have_text("Mano 2 — distribuisce Bruno")
    assert unit_text(page, 1).splitlines()[:2] == ["Bruno", "31"]
    assert unit_text(page, 2).splitlines()[:2] == ["Carla", "10"]
    # The same letters on the English page are English: 4C is the 4♣ there.
    page.click("#lang")
    page.click(".score-choice >> text=Bruno")
    anna = page.locator(".score-left[data-seat='0']")
    anna.locator(".score-cards").fill("4C")
    expect(anna.locator(".score-counted")).to_have_text("4♣ = 4")
    assert it.errors == [] or all("400" in e for e in it.errors), it.errors


def test_the_other_players_follow_a_shared_sheet_read_only(
    base_url: str, browser: Browser, phones: list[Phone]
) -> None:
    keeper = phone(phones, browser, "en-US", permissions=["clipboard-read", "clipboard-write"])
    page = keeper.page
    sheet_id = start_game(page, base_url, ["Anna", "Bruno", "Carla"])

    # Share copies the read-only link and shows it.
    expect(page.locator("#delete-sheet")).to_be_visible()
    page.click("#share")
    link = f"{base_url}/score?view={sheet_id}"
    expect(page.locator("#share-url")).to_have_value(link)
    expect(page.locator("#share-note")).to_contain_text("send it to the other players")
    assert page.evaluate("navigator.clipboard.readText()") == link

    # Another phone opens the link: the score, but nothing to change it with.
    other = phone(phones, browser, "it-IT")
    view = other.page
    view.clock.install()  # the page's timers run on a clock the test may move on
    view.goto(link)
    expect(view.locator(".score-unit")).to_have_count(3)
    expect(view.locator("#follow-note")).to_contain_text("Stai seguendo questa partita")
    for control in ("#hand-form", "#enter", "#undo", "#delete-sheet", "#share"):
        expect(view.locator(control)).to_be_hidden()
    expect(view.locator("#copy-sheet")).to_have_text("Tieni una copia")
    assert fits_the_phone(view)

    # The keeper enters a hand; the other phone sees it without touching anything.
    page.click(".score-choice >> text=Anna")
    page.locator(".score-left[data-seat='1'] .score-points").fill("25")
    page.locator(".score-left[data-seat='2'] .score-points").fill("10")
    page.click("#enter")
    expect(page.locator("#lines tbody tr")).to_have_count(1)
    keeper.shot("score-keeper.png")
    view.clock.fast_forward(FOLLOW_MS)  # its next refresh comes at once, not in 10 s
    expect(view.locator("#lines tbody tr")).to_have_count(1)
    assert unit_text(view, 1).splitlines()[:2] == ["Bruno", "25"]
    other.shot("score-follower.png")

    # Keeping a copy makes a sheet this phone may change; the keeper's stays as it was.
    view.click("#copy-sheet")
    expect(view.locator("#enter")).to_be_visible()
    copy_id = view.url.rsplit("id=", 1)[1]
    assert copy_id != sheet_id
    view.click(".score-choice >> text=Bruno")
    view.locator(".score-left[data-seat='0'] .score-points").fill("5")
    view.locator(".score-left[data-seat='2'] .score-points").fill("5")
    view.click("#enter")
    expect(view.locator("#lines tbody tr")).to_have_count(2)
    page.reload()
    expect(page.locator("#lines tbody tr")).to_have_count(1)

    # The keeper deletes the game: gone from the list and from the server.
    page.click("#delete-sheet")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#none")).to_be_visible()
    assert page.request.get(f"{base_url}/api/scoresheets/{sheet_id}").status == 404
    assert keeper.errors == [] and other.errors == []


def test_a_sheet_from_before_keepers_opens_read_only_and_goes_on_as_a_copy(
    base_url: str, browser: Browser, phones: list[Phone], store: Store
) -> None:
    sheet = ScoreSheet.new(["Anna", "Bruno"], {"elimination": 101})
    sheet = sheet.add(hand_from_json({"went_out": 0, "left": {"1": 30}}, 2))
    now = datetime.now(UTC)
    with store.engine.begin() as conn:
        conn.execute(
            insert(score_sheets).values(
                id="oldsheet1234",
                created=now,
                updated=now,
                players=json.dumps(list(sheet.players)),
                sheet=json.dumps(sheet.to_json()),
                keeper_hash=None,
            )
        )
    old = phone(phones, browser, "en-US")
    page = old.page
    page.goto(f"{base_url}/score?id=oldsheet1234")
    expect(page.locator("#follow-note")).to_contain_text("saved before sheets had a keeper")
    expect(page.locator("#hand-form")).to_be_hidden()
    assert unit_text(page, 1).splitlines()[:2] == ["Bruno", "30"]
    old.shot("score-legacy.png")
    page.click("#copy-sheet")
    expect(page.locator("#enter")).to_be_visible()
    assert "oldsheet1234" not in page.url
    expect(page.locator("#lines tbody tr")).to_have_count(1)
    page.goto(f"{base_url}/score")
    expect(page.locator("#saved li")).to_have_count(1)
    expect(page.locator("#saved li")).to_contain_text("Anna, Bruno")
    assert old.errors == []


def test_a_terminal_sheet_opens_from_its_keeper_link_and_prints_as_a_sheet(
    base_url: str, browser: Browser, phones: list[Phone], store: Store, tmp_path: Path
) -> None:
    # `scala40 score` started this game and printed its keeper link (same database).
    shelf = TerminalSheets(SheetStore(store), Keyring(tmp_path), base_url)
    saved = shelf.start(ScoreSheet.new(["Anna", "Bruno"], {"elimination": 101}))
    first = hand_from_json({"went_out": 0, "left": {"1": 30}}, 2)
    saved = shelf.change(saved.id, 0, lambda s: s.add(first))

    # A wrong token shows the sheet read-only, with the reason, and keeps nothing.
    stranger = phone(phones, browser, "en-US").page
    stranger.goto(f"{base_url}/score?id={saved.id}#keeper=notthetoken")
    expect(stranger.locator("#error")).to_contain_text("does not belong to this sheet")
    expect(stranger.locator("#hand-form")).to_be_hidden()

    it = phone(phones, browser, "it-IT")
    page = it.page
    page.goto(shelf.keeper_link(saved.id))
    expect(page.locator("#claim-note")).to_contain_text("tenuto anche in questo browser")
    expect(page.locator("#hand-title")).to_have_text("Mano 2 — distribuisce Bruno")
    assert "keeper" not in page.url  # the token does not stay in the address bar
    expect(page.locator("#csv")).to_have_text("Scarica CSV")
    expect(page.locator("#print")).to_have_text("Stampa")
    csv_answer = page.request.get(base_url + (page.locator("#csv").get_attribute("href") or ""))
    assert csv_answer.headers["content-type"].startswith("text/csv")
    it.shot("score-claimed.png")

    # Printed: the totals and the hands, without a control in sight.
    page.emulate_media(media="print")
    for control in ("#hand-form", "#print", "#csv", "#share-row", "#lang", "#claim-note"):
        expect(page.locator(control)).to_be_hidden()
    expect(page.locator("#lines tbody tr")).to_have_count(1)
    expect(page.locator("#lines tfoot")).to_contain_text("30")
    it.shot("score-print.png")
    page.emulate_media(media="screen")

    # The sheet is this browser's now: listed among its games, after the web's own rules.
    page.goto(f"{base_url}/score")
    expect(page.locator("#saved li")).to_contain_text("Anna, Bruno")
    assert it.errors == []
