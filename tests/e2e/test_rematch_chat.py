"""Rematch and chat in a real browser, in English and Italian, on a phone and a desktop.

Rematch: after a finished match each player sees the Rematch button and who has asked;
once both asked, both pages move to the new table with their seats (a player who left
before it was made opens the seat with the old token). Chat: a phrase and a free text
reach the other player in their own language, as text; muting hides a player's chat.

Screenshots go to tests/e2e/artifacts/rematch-*.png and chat-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .support import TunedServer, get_json, post_json
from .test_i18n_pages import ENGLISH, ITALIAN, VIEWPORTS, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # Stand-ins take over at once and bots barely wait, so a one-hand match ends in
    # seconds with nobody at the table; finished tables stay live for two minutes, long
    # enough to ask for a rematch.
    with TunedServer.running(
        tmp_path_factory.mktemp("scala40-rematch"),
        grace_seconds=0.2,
        bot_pause=0.02,
        bots_pause_seconds=600.0,
        retire_seconds=120.0,
    ) as base:
        yield base


def _context(browser: Browser, lang: str, vp: str, table_id: str, token: str) -> BrowserContext:
    ctx = browser.new_context(viewport=VIEWPORTS[vp])  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    # Only on the first page load: a rematch leaves its own token, which must not be undone.
    ctx.add_init_script(
        f"if (!localStorage.getItem('scala40:' + {table_id!r}))"
        f" localStorage.setItem('scala40:' + {table_id!r}, {token!r});"
    )
    ctx.set_default_timeout(20_000)
    return ctx


def _check(page: Page, lang: str, shot: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    text = _shown_text(page)
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"{shot}: words of the other language: {wrong}\n---\n{text}"


def _wait_over(base: str, table_id: str, seconds: float = 120.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if get_json(f"{base}/api/tables/{table_id}")["status"] == "over":
            return
        time.sleep(0.2)
    pytest.fail(f"table {table_id} never finished")


REMATCH = {"en": "Rematch", "it": "Rivincita"}
ASKED = {"en": "Rematch asked by: Anna", "it": "Rivincita chiesta da: Anna"}
WAITING = {"en": "Waiting for: you", "it": "In attesa di: te"}
KEPT = {"en": "Not here: Bea", "it": "Non c'è: Bea"}


@pytest.mark.parametrize(
    ("lang", "vp", "bea_leaves"), [("en", "desktop", False), ("it", "phone", True)]
)
def test_both_players_ask_for_a_rematch_and_move_to_the_new_table(
    fast: str, browser: Browser, lang: str, vp: str, bea_leaves: bool
) -> None:
    body = {
        "seats": ["human", "human", "bot:greedy"],
        "rules": {"preset": "fisca", "changes": {"fixed_hands": 1}},
        "nickname": "Anna",
        "bot_pace": "fast",
    }
    made = post_json(fast + "/api/tables", body)
    old_id = made["table_id"]
    bea = post_json(f"{fast}/api/tables/{old_id}/join", {"nickname": "Bea"})
    _wait_over(fast, old_id)  # stand-ins played the whole hand for both

    anna_ctx = _context(browser, lang, vp, old_id, made["token"])
    bea_ctx = _context(browser, lang, vp, old_id, bea["token"])
    anna = anna_ctx.new_page()
    bea_page = bea_ctx.new_page()
    for page in (anna, bea_page):
        page.goto(f"{fast}/t/{old_id}")
        page.wait_for_selector("#rematch:not([hidden]) #rematch-btn:not([hidden])")
        assert page.inner_text("#rematch-btn") == REMATCH[lang]
        if page.locator("#summary").is_visible():
            page.click("#summary-close")
    _check(anna, lang, f"rematch-offer-{lang}-{vp}")

    if bea_leaves:
        # Bea closes her page without asking: Anna is told she is not waited for, and
        # her one click makes the rematch, Bea's seat kept for her.
        bea_page.close()
        anna.wait_for_selector(f'#rematch-status:has-text("{KEPT[lang]}")')
        _check(anna, lang, f"rematch-kept-{lang}-{vp}")
        anna.click("#rematch-btn")
    else:
        anna.click("#rematch-btn")
        anna.wait_for_selector("#rematch-btn", state="hidden")
        bea_page.wait_for_selector(f"#rematch-status:has-text('{ASKED[lang]}')")
        assert WAITING[lang] in bea_page.inner_text("#rematch-status")
        _check(bea_page, lang, f"rematch-asked-{lang}-{vp}")
        bea_page.click("#rematch-btn")
    anna.wait_for_url(lambda url: "/t/" in url and old_id not in url)
    new_id = anna.url.split("/t/")[1].split("?")[0]
    assert get_json(f"{fast}/api/tables/{old_id}/rematch") == {"table_id": new_id}
    if bea_leaves:
        # Back at the old link: the old token opens the new seat, once.
        bea_page = bea_ctx.new_page()
        bea_page.goto(f"{fast}/t/{old_id}")
    bea_page.wait_for_url(f"**/t/{new_id}")
    for page, seat, name in ((anna, 0, "Anna"), (bea_page, 1, "Bea")):
        # The seat is this player's (the stand-ins of this fast server may even have
        # finished the new hand by now, so its cards are not waited for).
        page.wait_for_selector(f'#players .player.me[data-seat="{seat}"]')
        mine = page.inner_text(f'#players .player[data-seat="{seat}"]')
        assert name in mine, mine
        kept = page.evaluate(f"() => localStorage.getItem('scala40:' + {new_id!r})")
        assert kept and kept not in (made["token"], bea["token"])
    info = get_json(f"{fast}/api/tables/{new_id}")
    assert [s["name"] for s in info["seats"]][:2] == ["Anna", "Bea"]
    assert info["seats"][2]["kind"] == "bot:easy"
    assert info["bot_pace"] == "fast"
    _check(bea_page, lang, f"rematch-new-{lang}-{vp}")
    anna_ctx.close()
    bea_ctx.close()


PHRASE = {"en": "Good game!", "it": "Bella partita!"}
TEXT = "<b>ok</b> 1-0 :)"


@pytest.mark.parametrize(
    ("vp", "anna_lang", "bea_lang"), [("desktop", "en", "it"), ("phone", "it", "en")]
)
def test_a_phrase_and_a_text_reach_the_other_player_in_their_language_and_mute_hides_them(
    server: str, browser: Browser, vp: str, anna_lang: str, bea_lang: str
) -> None:
    made = post_json(server + "/api/tables", {"seats": ["human", "human"], "nickname": "Anna"})
    table_id = made["table_id"]
    bea: dict[str, Any] = post_json(f"{server}/api/tables/{table_id}/join", {"nickname": "Bea"})
    anna_ctx = _context(browser, anna_lang, vp, table_id, made["token"])
    bea_ctx = _context(browser, bea_lang, vp, table_id, bea["token"])
    anna = anna_ctx.new_page()
    bea_page = bea_ctx.new_page()
    for page in (anna, bea_page):
        page.goto(f"{server}/t/{table_id}")
        page.wait_for_selector("#hand .card")
    # The chat lies behind its tab: Anna opens it to talk; Bea's stays closed for now.
    anna.click("#tab-chat")
    anna.wait_for_selector('#chat-phrases button[data-phrase="gg"]')

    anna.click('#chat-phrases button[data-phrase="gg"]')
    anna.fill("#chat-text", f"  {TEXT}  ")
    anna.click("#chat-send")
    # Bea's chat tab counts the two lines she has not read; opening it reads them.
    bea_page.wait_for_function("() => document.getElementById('chat-unread').textContent === '2'")
    assert bea_page.locator("#chat-unread").is_visible()
    _check(bea_page, bea_lang, f"chat-unread-{bea_lang}-{vp}")
    bea_page.click("#tab-chat")
    assert bea_page.locator("#chat-unread").is_hidden()
    bea_page.wait_for_selector("#chat-log li:nth-child(2)")
    lines = bea_page.locator("#chat-log li").all_inner_texts()
    assert lines == [f"Anna: {PHRASE[bea_lang]}", f"Anna: {TEXT}"], lines
    assert bea_page.locator("#chat-log b b, #chat-log span b").count() == 0  # text, not HTML
    anna.wait_for_selector("#chat-log li:nth-child(2)")
    assert PHRASE[anna_lang] in anna.inner_text("#chat-log li:nth-child(1)")
    _check(anna, anna_lang, f"chat-sent-{anna_lang}-{vp}")
    _check(bea_page, bea_lang, f"chat-read-{bea_lang}-{vp}")

    # Bea mutes Anna: what Anna said and says is not shown, and it is remembered.
    bea_page.click('#chat-mute button[data-seat="0"]')
    bea_page.wait_for_selector('#chat-mute button[data-seat="0"][aria-pressed="true"]')
    assert bea_page.locator("#chat-log li").count() == 0
    anna.click('#chat-phrases button[data-phrase="thumbs"]')
    anna.wait_for_selector("#chat-log li:nth-child(3)")
    bea_page.fill("#chat-text", "Bea")
    bea_page.click("#chat-send")
    bea_page.wait_for_selector("#chat-log li")
    assert bea_page.locator("#chat-log li").all_inner_texts() == [
        f"{'You' if bea_lang == 'en' else 'Tu'}: Bea"
    ]
    _check(bea_page, bea_lang, f"chat-muted-{bea_lang}-{vp}")
    bea_page.reload()
    bea_page.wait_for_selector("#hand .card")
    bea_page.click("#tab-chat")
    bea_page.wait_for_selector('#chat-mute button[data-seat="0"][aria-pressed="true"]')

    # Past the pace: a burst of 3 then 1 a second, said in the sender's language.
    anna.evaluate(  # at once: clicks a loaded machine spreads out could be paced in time
        """() => { const b = document.querySelector('#chat-phrases button[data-phrase="smile"]');
                   for (let i = 0; i < 5; i++) b.click(); }"""
    )
    anna.wait_for_selector("#chat-error:not(:empty)")
    said = anna.inner_text("#chat-error")
    assert ("At most 3" if anna_lang == "en" else "al massimo 3") in said, said
    anna_ctx.close()
    bea_ctx.close()
