"""The site as an app on a phone (390×844), in Italian and in English.

Installable: every page links a manifest whose name, icons, colours and language a phone
reads; the service worker is registered and activated and keeps the app shell; the
Install button appears only when the browser offers to install. Offline: a table asked
for without a connection shows the offline page, in the page's language, and the rules
page it offers opens. Called back: with the bell on and the page hidden, the player's turn
and a friend sitting down show system notifications, and so does a rematch another player
asks for (through a routed socket, positions.py); without the bell nothing is shown and no
permission is asked.

Screenshots go to tests/e2e/artifacts/app-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .positions import everything_open, show
from .support import CORNER, post_json
from .test_i18n_pages import ENGLISH, ITALIAN, VIEWPORTS, _shown_text, _telltales

pytestmark = pytest.mark.service_workers
"""These tests are of the service worker: their pages register it (conftest.py)."""

ARTIFACTS = Path(__file__).parent / "artifacts"
LANGS = ["it", "en"]
LOCALES = {"it": "it-IT", "en": "en-GB"}

RECORDER = """
window.__shown = [];
window.__asked = 0;
const show = ServiceWorkerRegistration.prototype.showNotification;
ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
  window.__shown.push({ title, body: options && options.body, tag: options && options.tag });
  return show.call(this, title, options);
};
const ask = Notification.requestPermission.bind(Notification);
Notification.requestPermission = (...args) => { window.__asked += 1; return ask(...args); };
window.__hide = () => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  document.dispatchEvent(new Event("visibilitychange"));
};
"""
"""Records the notifications shown and the permission asks, and hides the page on demand
(another tab in front, the phone's screen off)."""


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A factory of phone-sized contexts in one language, closed at the end."""
    made: list[BrowserContext] = []

    def make(lang: str, **options: Any) -> BrowserContext:
        ctx = browser.new_context(
            viewport=VIEWPORTS["phone"],  # type: ignore[arg-type]
            locale=LOCALES[lang],
            **options,
        )
        ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
        ctx.set_default_timeout(20_000)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


def _check(page: Page, lang: str, shot: str, *, whole: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"app-{shot}-{lang}-phone.png"), full_page=whole)
    text = _shown_text(page)
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"{shot}: words of the other language: {wrong}\n---\n{text}"


def _worker_ready(page: Page) -> dict[str, Any]:
    """Wait until the service worker is activated and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    state: dict[str, Any] = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.ready;
            const names = await caches.keys();
            const kept = [];
            for (const name of names) {
                for (const r of await (await caches.open(name)).keys()) kept.push(r.url);
            }
            return { state: reg.active.state, scope: reg.scope,
                     script: reg.active.scriptURL, caches: names, kept };
        }"""
    )
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_installs_as_an_app_and_keeps_its_shell(
    server: str, phone: Any, lang: str
) -> None:
    page = phone(lang).new_page()
    page.goto(server + "/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    assert href == "/manifest.webmanifest"
    assert page.get_attribute('meta[name="theme-color"]', "content") == "#15502f"
    made = page.evaluate("(h) => fetch(h).then((r) => r.json())", href)
    assert made["name"] == "Scala 40" and made["short_name"] == "Scala 40"
    assert made["lang"] == lang and made["display"] == "standalone"
    assert made["start_url"] == "/" and made["background_color"] == "#1f6f43"
    purposes = sorted((i["sizes"], i.get("purpose", "any")) for i in made["icons"])
    assert purposes == [("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")]
    for icon in made["icons"]:
        side = page.evaluate(
            """(src) => new Promise((ok) => { const i = new Image();
                   i.onload = () => ok(i.naturalWidth); i.onerror = () => ok(0); i.src = src; })""",
            icon["src"],
        )
        assert side == int(icon["sizes"].split("x")[0]), icon

    worker = _worker_ready(page)
    assert worker["state"] == "activated"
    assert worker["scope"] == server + "/" and worker["script"] == server + "/sw.js"
    assert len(worker["caches"]) == 1 and worker["caches"][0].startswith("scala40-")
    kept = {url.removeprefix(server) for url in worker["kept"]}
    version = worker["caches"][0].removeprefix("scala40-")
    for path in ("/offline.html", "/rules", f"/static/{version}/js/table.js"):
        assert path in kept, path
    assert f"/static/{version}/css/scala40.css" in kept

    # No offer from the browser: no Install button. An offer shows it; a tap asks.
    install = page.locator("#install")
    assert install.is_hidden()
    page.evaluate(
        """() => { const offer = new Event("beforeinstallprompt", { cancelable: true });
                   window.__prompted = 0;
                   offer.prompt = async () => { window.__prompted += 1; };
                   offer.userChoice = Promise.resolve({ outcome: "accepted" });
                   window.dispatchEvent(offer); }"""
    )
    install.wait_for(state="visible")
    assert install.inner_text() == {"it": "Installa", "en": "Install"}[lang]
    _check(page, lang, "install")
    install.click()
    install.wait_for(state="hidden")
    assert page.evaluate("window.__prompted") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_offline_a_table_shows_the_offline_page_and_the_rules_still_open(
    server: str, phone: Any, lang: str
) -> None:
    ctx = phone(lang)
    page = ctx.new_page()
    page.goto(server + "/rules")
    _worker_ready(page)
    page.wait_for_selector("#contents h2")
    ctx.set_offline(True)
    page.goto(server + "/t/abcdefgh")
    title = {"it": "Nessuna connessione", "en": "No connection"}[lang]
    page.wait_for_selector(f'h2:has-text("{title}")')
    rules = page.locator("#offline-rules a")
    rules.wait_for(state="visible")
    assert page.url == server + "/t/abcdefgh"  # the table's address: "Try again" reloads it
    assert "/t/" not in page.inner_text("#offline-pages")
    _check(page, lang, "offline")
    rules.click()
    page.wait_for_url(server + "/rules")
    # The rule book, from the kept answer: the contents are filled in once it is read (a
    # busy machine once counted them before that, and found none).
    page.locator("#contents a").nth(5).wait_for(state="attached")
    assert page.locator("#contents a").count() > 5
    _check(page, lang, "offline-rules", whole=False)  # the book is long
    ctx.set_offline(False)


def _seat(ctx: BrowserContext, base: str, table_id: str, token: str) -> Page:
    ctx.add_init_script(RECORDER)
    ctx.add_init_script(f"localStorage.setItem('scala40:' + {table_id!r}, {token!r});")
    page = ctx.new_page()
    page.goto(f"{base}/t/{table_id}")
    return page


def _my_turn(page: Page) -> None:
    page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'true'")


def _draw_and_discard(page: Page) -> None:
    """One whole turn: draw from the stock, throw a card the page marks as allowed."""
    _my_turn(page)
    page.click("#btn-draw")
    page.wait_for_selector("#hand .card.legal-discard")
    page.locator("#hand .card.legal-discard").first.click(position=CORNER)  # the fan overlaps
    page.click("#btn-discard")


@pytest.mark.parametrize("lang", LANGS)
def test_a_hidden_table_calls_back_the_player_who_turned_the_bell_on(
    server: str, phone: Any, lang: str
) -> None:
    made = post_json(server + "/api/tables", {"seats": ["human", "human"], "nickname": "Anna"})
    table_id = made["table_id"]
    anna = _seat(phone(lang, permissions=["notifications"]), server, table_id, made["token"])
    anna.wait_for_selector("#invite:not([hidden])")
    bell = anna.locator("#notify")
    assert bell.get_attribute("aria-pressed") == "false"  # off until the player says so
    assert anna.evaluate("window.__asked") == 0  # and nothing asked on load
    bell.click()  # this browser has already granted the permission: nothing to ask
    anna.wait_for_selector('#notify[aria-pressed="true"]')
    assert anna.evaluate("localStorage.getItem('scala40:notify')") == "on"
    on_words = {"it": "Notifiche accese", "en": "Notifications on"}[lang]
    assert (bell.get_attribute("title") or "").startswith(on_words)
    _worker_ready(anna)
    _check(anna, lang, "bell-on")
    assert anna.evaluate("window.__shown") == []  # the page is in front: nothing shown

    anna.evaluate("window.__hide()")
    bea = post_json(f"{server}/api/tables/{table_id}/join", {"nickname": "Bea"})
    joined = {"it": "Bea si è seduto al tuo tavolo", "en": "Bea sat down at your table"}[lang]
    anna.wait_for_function("(t) => window.__shown.some((n) => n.title === t)", arg=joined)

    # Bea never turned her bell on: her page, hidden too, shows nothing and asks nothing.
    bea_page = _seat(phone(lang), server, table_id, bea["token"])
    bea_page.evaluate("window.__hide()")
    turn = {"it": "Tocca a te", "en": "Your turn"}[lang]
    anna_first = anna.evaluate("document.getElementById('game').dataset.myTurn") == "true"
    if not anna_first:
        _draw_and_discard(bea_page)
    anna.wait_for_function("(t) => window.__shown.some((n) => n.title === t)", arg=turn)
    shown = anna.evaluate("window.__shown")
    said = {n["title"]: n for n in shown}
    hand = {
        "it": "Scala 40, mano 1: il tavolo ti aspetta",
        "en": "Scala 40, hand 1: the table is waiting for you",
    }
    assert said[turn]["body"] == hand[lang]
    assert said[turn]["tag"] == f"scala40-turn-/t/{table_id}"
    # The system's own list, not only the recorder (which sees the call before it resolves).
    anna.wait_for_function(
        """async (titles) => {
             const listed = (await (await navigator.serviceWorker.ready).getNotifications())
                              .map((n) => n.title);
             return titles.every((t) => listed.includes(t));
           }""",
        arg=[turn, joined],
    )
    if anna_first:  # Bea's turn comes while her page is hidden
        _draw_and_discard(anna)
        _my_turn(bea_page)
    assert bea_page.evaluate("window.__shown") == [] and bea_page.evaluate("window.__asked") == 0
    # Her tap on the bell is what asks the browser; not granted, the bell stays off.
    bea_page.click("#notify")
    bea_page.wait_for_function("() => window.__asked === 1")
    assert bea_page.get_attribute("#notify", "aria-pressed") == "false"


@pytest.mark.parametrize("lang", LANGS)
def test_a_rematch_asked_by_another_player_calls_back_but_not_ones_own(
    server: str, phone: Any, lang: str
) -> None:
    ctx = phone(lang, permissions=["notifications"])
    ctx.add_init_script(RECORDER)
    ctx.add_init_script("localStorage.setItem('scala40:notify', 'on');")  # turned on before
    page = ctx.new_page()
    actor = everything_open()
    shown = show(page, server, actor, lang)  # Anna's turn, the page in front: nothing shown
    _worker_ready(page)
    assert page.get_attribute("#notify", "aria-pressed") == "true"
    page.evaluate("window.__hide()")
    state = json.loads(json.dumps(actor.state(0)))
    state["view"]["status"] = "over"
    for v, asked in ((state["v"] + 1, [1]), (state["v"] + 2, [1, 0])):
        shown.push({**state, "v": v, "rematch": {"asked": asked, "table_id": None}})
        page.wait_for_function("(v) => document.getElementById('game').dataset.v === v", arg=str(v))
    asks = {"it": "chiede la rivincita", "en": "asks for a rematch"}[lang]
    page.wait_for_function("() => window.__shown.length > 0")
    page.wait_for_timeout(300)  # time for a wrong second notification to show up
    said = page.evaluate("window.__shown")
    assert len(said) == 1, said  # Bruno's ask; not Anna's own, and no turn once it is over
    assert said[0]["title"].endswith(asks) and said[0]["title"] != asks
    body = {
        "it": "Scala 40: la partita è finita, si rigioca?",
        "en": "Scala 40: the match is over, play again?",
    }
    assert said[0]["body"] == body[lang]
