"""The table page on patches: its socket asks for them (``patches=1``), the server sends
``patch`` messages after the first VIEW, and what the page draws from the VIEWs it rebuilt
is what it draws from the whole VIEW a fresh connection gets (docs/protocol.md, *Patches*).
A spectator's page asks for them too.

Screenshot: tests/e2e/artifacts/patches-table.png.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket

from .support import post_json
from .test_browser import _page_errors, _play_one_move, _summary_shown, _wait_for_my_move

ARTIFACTS = Path(__file__).parent / "artifacts"
MY_MOVES = 8
"""Four turns of mine (a draw and a move each), with the bots' turns between them."""

SHOWN = """() => ({
    v: document.getElementById("game").dataset.v,
    phase: document.getElementById("game").dataset.phase,
    hand: [...document.querySelectorAll("#hand .card")].map((e) => e.dataset.card).sort(),
    players: document.getElementById("players").innerText,
    turn: document.getElementById("turnbar").innerText,
    stock: document.getElementById("stock").innerText,
    pozzo: [...document.querySelectorAll("#pozzo .card")].map((e) => e.dataset.card),
    melds: document.getElementById("melds").innerText,
    scores: document.getElementById("scores").innerText,
})"""
"""What the page shows of the VIEW (not the log: a reloaded page starts it afresh)."""


def _frames(page: Page) -> list[tuple[str, dict[str, Any]]]:
    """(socket URL, message) for every frame the page's sockets receive."""
    got: list[tuple[str, dict[str, Any]]] = []

    def on_socket(ws: WebSocket) -> None:
        def on_frame(payload: str | bytes) -> None:
            got.append((ws.url, json.loads(payload)))

        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return got


def _table(server: str) -> dict[str, Any]:
    made: dict[str, Any] = post_json(
        server + "/api/tables",
        {
            "seats": ["human", "bot:easy", "bot:easy"],
            "rules": {"preset": "fisca"},
            "nickname": "Anna",
        },
    )
    return made


def _no_one_named_on_a_meld(page: Page) -> None:
    """Wait for the moment's "who laid it" name on a meld to go: it is drawn on the meld
    (its words are in the meld's text), and a reload does not show it again."""
    page.wait_for_function("() => !document.querySelector('.motion-meld')")


def test_the_table_page_plays_on_patches(server: str, browser: Browser) -> None:
    made = _table(server)
    table_id = made["table_id"]
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('scala40:' + {table_id!r}, {made['token']!r});")
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    errors = _page_errors(page)
    frames = _frames(page)
    page.goto(f"{server}/t/{table_id}")
    page.wait_for_selector("#hand .card")
    played = 0
    while True:
        _wait_for_my_move(page)
        if _summary_shown(page):
            # The deal is random: a hand may end within these moves. Close its summary
            # (the next hand waits for it) and go on into the next hand.
            page.click("#summary-close")
            page.locator("#summary").wait_for(state="hidden")
            continue
        if played == MY_MOVES:
            break
        _play_one_move(page, drag_discard=False)
        played += 1
    _no_one_named_on_a_meld(page)
    before = page.evaluate(SHOWN)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "patches-table.png"), full_page=True)

    urls = {url for url, _ in frames}
    assert urls and all("patches=1" in url for url in urls), urls
    views = [m for _, m in frames if m["type"] in ("state", "patch")]
    assert views[0]["type"] == "state"  # the first VIEW comes whole
    assert sum(m["type"] == "patch" for m in views) >= MY_MOVES  # mine and the bots' moves
    # Each patch starts from the VIEW sent just before it: the page never had to resync.
    for prev, m in itertools.pairwise(views):
        if m["type"] == "patch":
            assert m["from"] == prev["v"], (prev, m)

    # A fresh connection gets the whole VIEW: the page draws the same table from it.
    page.reload()
    page.wait_for_selector("#hand .card")
    _wait_for_my_move(page)
    _no_one_named_on_a_meld(page)
    after = page.evaluate(SHOWN)
    assert after == before
    assert errors == []
    ctx.close()


def test_a_spectator_page_plays_on_patches(server: str, browser: Browser) -> None:
    made = _table(server)
    table_id = made["table_id"]
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('scala40:' + {table_id!r}, {made['token']!r});")
    anna = ctx.new_page()
    anna.set_default_timeout(10_000)
    anna.goto(f"{server}/t/{table_id}")
    watcher = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    watcher.set_default_timeout(10_000)
    errors = _page_errors(watcher)
    frames = _frames(watcher)
    watcher.goto(f"{server}/t/{table_id}?watch")
    watcher.wait_for_selector("#players .player")
    for _ in range(4):
        _wait_for_my_move(anna)
        _play_one_move(anna, drag_discard=False)
    _wait_for_my_move(anna)
    v = anna.locator("#game").get_attribute("data-v")
    watcher.wait_for_function(f"() => document.getElementById('game').dataset.v === {v!r}")
    _no_one_named_on_a_meld(watcher)
    assert all("watch=1" in url and "patches=1" in url for url, _ in frames)
    assert [m["type"] for _, m in frames].count("patch") >= 4
    shown = watcher.inner_text("#melds"), watcher.inner_text("#players")
    watcher.reload()
    watcher.wait_for_function(f"() => document.getElementById('game').dataset.v === {v!r}")
    assert (watcher.inner_text("#melds"), watcher.inner_text("#players")) == shown
    assert errors == []
    ctx.close()
    watcher.context.close()
