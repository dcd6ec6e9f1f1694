"""Play now and invitations in a real chromium, phone first (390×844), both languages:
two people pressing Play now sit at one table; a person arriving mid-hand takes a bot's
seat at the next hand; the invitation's QR code decodes to a link that opens the table.

Screenshots go to tests/e2e/artifacts/play-now-*.png."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page

from .support import TunedServer, free_port, get_json

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}


class EveryAddressServer(TunedServer):
    """A tuned server listening on every address (``--host 0.0.0.0``), as a person
    inviting friends on their network runs it; the test still reaches it at 127.0.0.1."""

    def start(self) -> None:
        settings = {
            "db_url": f"sqlite:///{self.data / 'tuned.db'}",
            "secret_file": str(self.data / "key"),
            "summary_seconds": 2.0,
            **self.tuned,
        }
        code = (
            "from scala40.server.serve import run; from scala40.server.settings import Settings; "
            f"run(host='0.0.0.0', port={self.port}, settings=Settings(**{settings!r}))"
        )
        log = (self.data / "server.log").open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        self.wait_ready()


def _phone(browser: Browser, lang: str) -> BrowserContext:
    ctx = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    return ctx


def _ready_to_play_now(page: Page, base: str, name: str, shot: str) -> None:
    """The lobby open, ``name`` typed in, Play now not pressed yet."""
    page.goto(base + "/")
    page.fill("#quick-name", name)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-now-{shot}-lobby.png"))


def _press_play_now(page: Page) -> str:
    """Press Play now in a lobby made ready: the table's id the page goes to."""
    page.click("#quick-btn")
    page.wait_for_url("**/t/*")
    return page.url.rsplit("/t/", 1)[1].split("?")[0]


def _play_now(page: Page, base: str, name: str, shot: str) -> str:
    """Press Play now in the lobby as ``name``: the table's id the page goes to."""
    _ready_to_play_now(page, base, name, shot)
    return _press_play_now(page)


def test_two_people_pressing_play_now_sit_at_one_table(tmp_path: Path, browser: Browser) -> None:
    # Bots wait long before a move: nobody has moved when the second person comes, so the
    # bot's seat is theirs at once.
    with TunedServer.running(tmp_path, bot_pause=60.0) as base:
        anna_ctx, bea_ctx = _phone(browser, "it"), _phone(browser, "en")
        anna, bea = anna_ctx.new_page(), bea_ctx.new_page()
        first = _play_now(anna, base, "Anna", "it")
        anna.wait_for_selector("#hand .card")
        second = _play_now(bea, base, "Bea", "en")
        assert second == first
        bea.wait_for_selector("#hand .card")
        anna.wait_for_function("() => document.body.innerText.includes('Bea')")
        anna.wait_for_function(  # the log says so, in her language
            "() => document.querySelector('#log').textContent.includes('Bea ora gioca al posto di')"
        )
        bea.screenshot(path=str(ARTIFACTS / "play-now-en-table.png"))
        anna.screenshot(path=str(ARTIFACTS / "play-now-it-table.png"))
        table = get_json(f"{base}/api/tables/{first}")
        assert [s["name"] for s in table["seats"]] == ["Anna", "Bea"]
        anna_ctx.close()
        bea_ctx.close()


DEALS = 6
"""Tables tried at most by the mid-hand test (its comment says why a deal may not do)."""


def _seated_at_the_next_hand(bea: Page, base: str, table_id: str) -> bool:
    """Wait until Bea's seat is hers (``True``), or the match is over first (``False``).

    The match can end with its first hand: Anna, who never moves, is eliminated when the
    cards left in her hand count 101 or more (a quick-play table has two seats, so the bot
    is left alone). There is then no next hand, and Bea's page must say the match is over."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if bea.locator("#hand .card").count() > 0:
            return True
        if get_json(f"{base}/api/tables/{table_id}")["status"] == "over":
            bea.wait_for_function(
                "() => /finita/.test(document.querySelector('#turnbar').textContent)"
            )  # "La partita è finita", or "Partita finita: vince …"
            return False
        bea.wait_for_timeout(250)
    pytest.fail(f"table {table_id}: Bea was not seated within 240 s and the match went on")


def test_a_bot_seat_passes_to_a_person_arriving_mid_hand_at_the_next_hand(
    tmp_path: Path, browser: Browser
) -> None:
    # Anna never moves: each of her turns times out in three seconds and a bot plays it, so
    # the hand ends on its own while Bea waits for it — but not before Bea has arrived (with
    # one second a turn, on a busy machine the hand could end and the next be dealt first,
    # and Bea would sit down at once). Bea's lobby is open before Anna's table is, so she
    # arrives as soon as the hand has begun. The deal decides the rest, so the test plays
    # again at a new table, up to DEALS tables, when it did not give the case: a bot went
    # out before Bea came (she sat down at once, between two hands), or the match ended
    # with its first hand (no next hand).
    with TunedServer.running(tmp_path, bot_pause=0.0, quickplay_turn_seconds=3.0) as base:
        for _deal in range(DEALS):
            anna_ctx, bea_ctx = _phone(browser, "en"), _phone(browser, "it")
            anna, bea = anna_ctx.new_page(), bea_ctx.new_page()
            _ready_to_play_now(bea, base, "Bea", "mid-it")
            first = _play_now(anna, base, "Anna", "mid-en")
            anna.wait_for_function("() => document.querySelectorAll('#log li').length >= 3")
            second = _press_play_now(bea)
            assert second == first
            anna.wait_for_function(
                "() => /Bea takes|Bea now plays in place of/"
                ".test(document.querySelector('#log').textContent)",
                timeout=30_000,
            )
            if "Bea takes" not in anna.locator("#log").inner_text():
                bea.wait_for_selector("#hand .card")  # seated at once: the hand was over
                anna_ctx.close()
                bea_ctx.close()
                continue
            assert bea.locator("#hand .card").count() == 0  # watching: nobody's cards
            bea.wait_for_function(
                "() => document.querySelector('#turnbar').textContent"
                ".includes('Ti siedi alla prossima mano')"
            )
            bea.screenshot(path=str(ARTIFACTS / "play-now-mid-it-watching.png"))
            if _seated_at_the_next_hand(bea, base, first):
                break
            anna_ctx.close()
            bea_ctx.close()
        else:
            pytest.fail(f"no deal of {DEALS} had Bea watch a hand and sit down at the next")
        bea.screenshot(path=str(ARTIFACTS / "play-now-mid-it-seated.png"))
        anna.wait_for_function(
            "() => document.querySelector('#log').textContent.includes('Bea now plays in place of')"
        )
        table = get_json(f"{base}/api/tables/{first}")
        assert [s["kind"] for s in table["seats"]] == ["human", "human"]
        anna_ctx.close()
        bea_ctx.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_invitations_qr_code_decodes_to_a_link_that_opens_the_table(
    tmp_path: Path, browser: Browser, lang: str
) -> None:
    server = EveryAddressServer(tmp_path, free_port(), bot_pause=60.0)
    server.start()
    try:
        base = server.base  # 127.0.0.1: the page is opened at a loopback address
        told = get_json(base + "/api/invite")
        ctx = _phone(browser, lang)
        page = ctx.new_page()
        page.goto(base + "/")
        page.fill("#nickname", "Anna")
        page.select_option("#seat-count", "2")
        page.select_option('#seats select[data-seat="1"]', "human")  # a friend's seat
        page.click("#create-btn")
        page.wait_for_selector("#share-qr:not([hidden])")
        page.wait_for_function("() => document.querySelector('#share-qr').complete")
        page.screenshot(path=str(ARTIFACTS / f"play-now-invite-{lang}.png"))
        shot = tmp_path / "qr.png"
        page.locator("#share-qr").screenshot(path=str(shot))
        found = zxingcpp.read_barcodes(Image.open(shot).convert("L"))
        assert len(found) == 1
        link = found[0].text
        assert link == page.input_value("#share-url")
        where = urlsplit(link)
        assert f"{where.scheme}://{where.netloc}" in told["addresses"]
        assert where.hostname != "127.0.0.1" and where.path.startswith("/t/")
        assert page.locator("#share-addresses a").count() == len(told["addresses"])
        # The link's path opens the table's join form (reached here at 127.0.0.1: a test
        # sends nothing to the network address itself).
        friend_ctx = _phone(browser, lang)
        friend = friend_ctx.new_page()
        friend.goto(f"{base}{where.path}?{where.query}")
        friend.wait_for_selector("#join:not([hidden])")
        friend.fill("#join-name", "Bea")
        friend.click("#join button[type=submit]")
        friend.wait_for_selector("#hand .card")
        friend_ctx.close()
        ctx.close()
    finally:
        server.stop()
