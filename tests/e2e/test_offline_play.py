"""Offline play, the issue's "done when": the exported site, served by a plain static file
server on loopback, opened in chromium; once its service worker has kept every file the
network is cut, the page reloaded, and a whole hand is played against the club player
through the page; the page is closed and reopened mid-hand and the match goes on; the
downloaded record replays in CPython to the same result.

The setup's rules are the lobby's form (a preset and a control for every key, drawn from
the rules catalogue): each test sets them through the controls and reads them back from
the VIEW the local table sends."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from scala40.notation.record import replay, verify
from scala40.rulebook.labels import rules_catalogue
from scala40.web_export.site import export_site

from .axe import assert_accessible
from .support import free_port
from .test_browser import _page_errors, _play_one_move, _summary_shown, _wait_for_my_move

pytestmark = pytest.mark.service_workers
"""These tests are of the service worker: their pages register it (conftest.py)."""

LOAD_MS = 120_000
"""Pyodide's first start in a headless browser on a shared machine: seconds, bounded."""


@pytest.fixture
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The exported site behind ``python -m http.server`` on loopback: its address and
    the server's process (the test stops it, to be sure nothing comes from it after)."""
    folder = export_site(tmp_path_factory.mktemp("site")).folder
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", folder],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield base, proc
    finally:
        proc.terminate()
        proc.wait(10)


VIEW_TAP = """
(() => {
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (ev) => {
        const m = ev.data;
        const msg = m && m.kind === "message" ? m.msg : null;
        if (msg && msg.type === "state") window.lastView = msg.view;
      });
    }
  };
})();
"""
"""Keeps the last VIEW the local table sent the page (``window.lastView``), as a player's
page received it: the test reads the rules the match was dealt with from it."""


def dealt_rules(page: Page) -> dict[str, Any]:
    """The rules of the VIEW the page was sent: ``{"preset", "changes", ...}``."""
    page.wait_for_function("() => window.lastView !== undefined")
    rules: dict[str, Any] = page.evaluate("() => window.lastView.rules")
    return rules


def set_rule(page: Page, key: str, value: str) -> None:
    """Set one rule key through its control in the setup's rules form (opened if shut)."""
    if page.locator("#local-rules-details").get_attribute("open") is None:
        page.click("#local-rules-details summary")
    control = page.locator(f'#local-rules [data-key="{key}"]')
    if control.evaluate("el => el.tagName") == "SELECT":
        control.select_option(value)
    else:
        control.fill(value)
        control.dispatch_event("change")


def kept_files(page: Page) -> list[str]:
    """The addresses the site's service worker keeps."""
    urls: list[str] = page.evaluate(
        """async () => {
            const out = [];
            for (const name of await caches.keys()) {
                for (const r of await (await caches.open(name)).keys()) out.push(r.url);
            }
            return out;
        }"""
    )
    return urls


def totals_shown(page: Page) -> list[int]:
    """Each seat's total as the page shows it ("13 cards · total 25")."""
    return [int(m) for m in re.findall(r"total (\d+)", page.locator("#players").inner_text())]


def play_my_turns(page: Page, turns: int) -> None:
    """Up to ``turns`` of my moves through the page (as the served table's test plays)."""
    for _ in range(turns):
        _wait_for_my_move(page)
        if _summary_shown(page):
            return
        _play_one_move(page, drag_discard=False)


def test_a_hand_offline_against_the_club_player_resumed_and_replayed(
    site: tuple[str, subprocess.Popen[bytes]], browser: Browser
) -> None:
    address, static_server = site
    context = browser.new_context(viewport={"width": 1100, "height": 900}, accept_downloads=True)
    context.add_init_script(VIEW_TAP)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = _page_errors(page)
    page.goto(address)
    page.wait_for_selector("#local-setup:not([hidden])", timeout=LOAD_MS)
    assert page.locator("#local-progress").get_attribute("value") is not None
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    deadline = time.monotonic() + 60
    while len(kept_files(page)) < 10 and time.monotonic() < deadline:
        time.sleep(0.5)
    kept = kept_files(page)
    for needed in (
        "pyodide/pyodide.asm.wasm",
        "python_stdlib.zip",
        ".whl",
        "js/local/worker.js",
        "rules.json",
        "manifest.webmanifest",
    ):
        assert any(url.endswith(needed) for url in kept), f"{needed} is not kept offline"

    # No network from here on, and no server either: the site comes from the service
    # worker's cache.
    context.set_offline(True)
    static_server.terminate()
    static_server.wait(10)
    page.reload()
    page.wait_for_selector("#local-setup:not([hidden])", timeout=LOAD_MS)
    page.fill("#local-name", "Anna")
    page.select_option("#local-bot-2", "club")
    for seat in (3, 4, 5, 6):
        page.select_option(f"#local-bot-{seat}", "")
    # The rules form came from the kept catalogue: FISCA, and the match is this one hand.
    assert page.locator("#local-preset").input_value() == "fisca"
    page.select_option("#local-preset", "fisca")
    set_rule(page, "fixed_hands", "1")
    assert "changed" in (
        page.locator(
            "#local-rules label", has=page.locator('[data-key="fixed_hands"]')
        ).get_attribute("class")
        or ""
    )
    page.select_option("#local-pace", "fast")
    page.click("#local-start")
    page.wait_for_selector("#game:not([hidden])")
    rules = dealt_rules(page)
    assert rules["preset"] == "fisca"
    assert rules["changes"] == {"players": 2, "fixed_hands": 1}, "the seats give the players"
    names = page.locator("#players").inner_text()
    assert "Anna" in names and "Club player" in names

    play_my_turns(page, 3)
    assert not _summary_shown(page), "the hand ended before the page was closed"
    version = page.locator("#game").get_attribute("data-v")
    page.close()

    # Reopened (still offline): the kept match resumes where it was.
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors += _page_errors(page)
    page.goto(address)
    page.wait_for_selector("#game:not([hidden])", timeout=LOAD_MS)
    page.wait_for_function(
        "(v) => Number(document.getElementById('game').dataset.v) >= Number(v)", arg=version
    )
    assert page.locator("#local-setup").is_hidden()
    play_my_turns(page, 200)
    page.wait_for_selector("#summary:not([hidden])")
    page.click("#summary-close")
    shown = totals_shown(page)

    with page.expect_download() as download:
        page.click("#local-record")
    record = json.loads(Path(download.value.path()).read_text())
    again = replay(record)
    assert again.over, "the record does not replay to a finished match"
    assert list(again.totals) == shown
    assert verify(record) == 1
    assert record["seats"][0] == "Anna"
    assert not errors, errors
    context.close()


def test_a_server_offers_the_local_table_at_play_in_italian_too(
    server: str, browser: Browser
) -> None:
    """``scala40 serve``'s /play: the same site under the server's content policy (which
    lets only /play compile WebAssembly), worded in Italian on a switch, dealing a match
    against an expert and a beginner under the house preset with a key changed through the
    rules form (worded in Italian); a combination the engine refuses shows its reason."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(VIEW_TAP)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = _page_errors(page)
    page.goto(server + "/play/")
    page.wait_for_selector("#local-setup:not([hidden])", timeout=LOAD_MS)
    assert_accessible(page, "the local setup form")
    page.click("#lang")
    assert "contro i bot" in page.locator("#local-setup h2").inner_text()
    assert page.locator("#local-bots label").first.inner_text().startswith("Posto 2")
    page.fill("#local-name", "Bea")
    page.select_option("#local-bot-2", "expert")
    page.select_option("#local-bot-3", "beginner")
    for seat in (4, 5, 6):
        page.select_option(f"#local-bot-{seat}", "")
    page.select_option("#local-preset", "house")
    assert (
        page.locator("#local-preset option:checked").inner_text()
        == "Regole di casa (il tavolo di casa)"
    )
    page.click("#local-rules-details summary")
    [reentry_key] = [k for k in rules_catalogue()["keys"] if k["key"] == "reentry"]
    reentry_label = page.locator("#local-rules label", has=page.locator('[data-key="reentry"]'))
    assert reentry_label.inner_text().startswith(reentry_key["label_it"])
    reentry = page.locator('#local-rules [data-key="reentry"]')
    assert reentry.locator("option:checked").inner_text() == "sì", "the house preset's value"
    set_rule(page, "fixed_hands", "1")
    set_rule(page, "target_total", "100")
    page.click("#local-start")
    page.wait_for_selector("#local-error:has-text('target_total or fixed_hands')")
    assert page.locator("#game").is_hidden(), "a refused setup dealt nothing"
    set_rule(page, "target_total", "")
    set_rule(page, "fixed_hands", "")
    set_rule(page, "elimination", "201")
    page.click("#local-start")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_selector("#hand .card")
    rules = dealt_rules(page)
    assert rules["preset"] == "house"
    assert rules["changes"]["elimination"] == 201
    assert rules["changes"]["reentry"] is True, "the house preset's keys stay"
    assert "fixed_hands" not in rules["changes"] and "target_total" not in rules["changes"]
    players = page.locator("#players").inner_text()
    assert "Bea" in players and "Esperto" in players and "Principiante" in players
    assert_accessible(page, "the local table")
    assert not errors, errors
    context.close()
