"""Table life in a real browser: the creator who waits on the share panel keeps the seat,
the turn timer warns before a stand-in plays, and a player who comes back is told what a
bot played for them and, when the match ended, who won.

Screenshots go to tests/e2e/artifacts/life-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PageTimeout

from .support import TunedServer, get_json, post_json
from .test_i18n_pages import ENGLISH, ITALIAN, VIEWPORTS, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"

BOTH = [("en", "desktop"), ("it", "phone")]
"""Each language once and each viewport once: the suite's time stays in bounds, and a
phrase of one language on the other's page, or a view that does not fit a phone, still
fails."""

AWAY = {"en": ["away (a bot plays)", "not connected"], "it": ["assente", "non collegato"]}


def _context(browser: Browser, lang: str, viewport: str) -> BrowserContext:
    ctx = browser.new_context(viewport=VIEWPORTS[viewport])  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    ctx.set_default_timeout(15_000)
    return ctx


def _one_language(text: str, lang: str, shot: str) -> None:
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"{shot}: words of the other language: {wrong}\n---\n{text}"


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_creator_on_the_share_panel_keeps_the_seat(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    anna_ctx = _context(browser, lang, vp)
    anna = anna_ctx.new_page()
    anna.goto(server + "/")
    anna.fill("#nickname", "Anna")
    anna.select_option("#seat-count", "2")
    anna.select_option('#seats select[data-seat="1"]', "human")
    anna.click("#create-btn")
    anna.wait_for_selector("#share-wait:not([hidden])")
    wait_text = anna.inner_text("#share-wait")
    assert ("1 more player" if lang == "en" else "Manca ancora 1 giocatore") in wait_text
    shot = f"life-share-{lang}-{vp}"
    anna.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    _one_language(_shown_text(anna), lang, shot)
    share = anna.input_value("#share-url")
    table_id = share.split("/t/")[1].split("?")[0]

    # Bea follows the link and sits: the match starts, and the share panel takes Anna to
    # the table by itself.
    bea_ctx = _context(browser, lang, vp)
    bea = bea_ctx.new_page()
    bea.goto(share)
    bea.fill("#join-name", "Bea")
    bea.click("#join-btn")
    bea.wait_for_selector("#hand .card")
    anna.wait_for_url(f"**/t/{table_id}")
    anna.wait_for_selector("#hand .card")

    # Neither player ever sees the other as away: Anna was at the table all along.
    for page, other in ((bea, 0), (anna, 1)):
        page.wait_for_function(
            "() => document.querySelectorAll('#players .player').length === 2"
            " && !document.getElementById('conn').classList.contains('bad')"
        )
        seat = page.inner_text(f'#players .player[data-seat="{other}"]')
        for word in AWAY[lang]:
            assert word not in seat, seat
    bea.screenshot(path=str(ARTIFACTS / f"life-started-{lang}-{vp}.png"), full_page=True)
    anna_ctx.close()
    bea_ctx.close()


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # Stand-ins take over at once, bots are slow enough to watch, and a finished table
    # is let go after two seconds.
    with TunedServer.running(
        tmp_path_factory.mktemp("scala40-life"),
        grace_seconds=0.3,
        bot_pause=0.05,
        bots_pause_seconds=600.0,
        retire_seconds=2.0,
    ) as base:
        yield base


def _table(base: str, **extra: Any) -> dict[str, Any]:
    body = {"seats": ["human", "bot:greedy"], "rules": {"preset": "fisca"}, "nickname": "Anna"}
    made: dict[str, Any] = post_json(base + "/api/tables", {**body, **extra})
    return made


def _click_past_summaries(page: Page, selector: str) -> None:
    """Click ``selector`` on a table the stand-in and the bot play on: a hand that ends
    meanwhile puts its summary over the table, which the player closes first."""
    for _ in range(5):
        if page.locator("#summary").is_visible():
            page.click("#summary-close")
        try:
            page.click(selector, timeout=3000)
            return
        except PageTimeout:
            continue
    page.click(selector)


def _seated(browser: Browser, lang: str, vp: str, made: dict[str, Any]) -> BrowserContext:
    ctx = _context(browser, lang, vp)
    ctx.add_init_script(
        f"localStorage.setItem('scala40:' + {made['table_id']!r}, {made['token']!r});"
    )
    return ctx


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_turn_timer_warns_before_a_bot_plays(
    quick: str, browser: Browser, lang: str, vp: str
) -> None:
    made = _table(quick, turn_seconds=11)
    ctx = _seated(browser, lang, vp, made)
    page = ctx.new_page()
    page.goto(f"{quick}/t/{made['table_id']}")
    # The warning's words are read in the same look that finds it: read a moment later,
    # the turn may have run out meanwhile and the line moved on to the bot's turn (a CI
    # run under load read "Bot 2 (Easy) is playing").
    text = page.wait_for_function(
        """() => {
            const bar = document.getElementById("turnbar");
            return bar.classList.contains("hurry") && bar.innerText;
        }"""
    ).json_value()
    said = "then a bot plays this turn for you" if lang == "en" else "poi un bot fa questo turno"
    assert said in text, text
    shot = f"life-timer-{lang}-{vp}"
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    _one_language(_shown_text(page), lang, shot)
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_back_at_the_table_the_player_reads_what_the_bot_played(
    quick: str, browser: Browser, lang: str, vp: str
) -> None:
    made = _table(quick)
    ctx = _seated(browser, lang, vp, made)
    page = ctx.new_page()
    page.goto(f"{quick}/t/{made['table_id']}")
    page.wait_for_selector("#hand .card")
    page.close()
    time.sleep(2.0)  # the grace passes and the stand-in plays a few turns
    page = ctx.new_page()
    page.goto(f"{quick}/t/{made['table_id']}")
    page.wait_for_selector("#away:not([hidden]) .away-moves li")
    title = page.inner_text("#away .away-title")
    assert ("a bot made" if lang == "en" else "un bot ha fatto") in title, title
    mine = "Anna"
    assert all(
        line.startswith(mine) for line in page.locator("#away .away-moves li").all_inner_texts()
    )
    shot = f"life-away-{lang}-{vp}"
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    _one_language(_shown_text(page), lang, shot)
    page.click("#away .away-close")
    page.wait_for_selector("#away", state="hidden")
    ctx.close()


def _wait_status(base: str, table_id: str, status: str, seconds: float = 90.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if get_json(f"{base}/api/tables/{table_id}")["status"] == status:
            return
        time.sleep(0.2)
    pytest.fail(f"table {table_id} never reached {status}")


@pytest.mark.parametrize(("lang", "vp"), [("en", "desktop"), ("it", "phone")])
def test_back_after_the_match_ended_the_player_reads_the_winner_and_the_totals(
    quick: str, browser: Browser, lang: str, vp: str
) -> None:
    made = _table(quick, rules={"preset": "fisca", "changes": {"fixed_hands": 1}})
    ctx = _seated(browser, lang, vp, made)
    page = ctx.new_page()
    page.goto(f"{quick}/t/{made['table_id']}")
    page.wait_for_selector("#hand .card")
    page.close()
    _wait_status(quick, made["table_id"], "over")
    time.sleep(3.0)  # the server lets the finished table go
    page = ctx.new_page()
    page.goto(f"{quick}/t/{made['table_id']}")
    page.wait_for_selector("#ended-away:not([hidden]) .away-result")
    heading = page.inner_text("#ended-away .away-result")
    assert ("wins" if lang == "en" else "vince") in heading, heading
    totals = page.locator("#ended-away .away-totals tbody tr").all_inner_texts()
    assert len(totals) == 2 and any(row.startswith("Anna") for row in totals), totals
    assert page.locator("#ended-away .away-moves li").count() > 0
    assert page.locator("#ended-title").is_hidden()
    shot = f"life-ended-{lang}-{vp}"
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    _one_language(_shown_text(page), lang, shot)
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_pace_chosen_in_the_lobby_and_the_invitation_copied_at_the_table(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    ctx = _context(browser, lang, vp)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#nickname", "Anna")
    page.select_option("#seat-count", "3")
    page.select_option('#seats select[data-seat="1"]', "human")
    page.select_option("#bot-pace", "fast")
    shown = page.locator("#bot-pace option:checked").inner_text()
    assert shown == ("fast" if lang == "en" else "veloce")
    page.click("#create-btn")
    page.wait_for_selector("#share:not([hidden])")
    table_id = page.input_value("#share-url").split("/t/")[1].split("?")[0]
    assert get_json(f"{server}/api/tables/{table_id}")["bot_pace"] == "fast"

    page.click("#go-table")
    page.wait_for_selector("#invite:not([hidden])")
    page.wait_for_selector('#players .player[data-seat="0"]')
    mine = page.inner_text('#players .player[data-seat="0"]')
    assert all(word not in mine for word in AWAY[lang]), mine  # waiting is not away
    page.click("#invite-copy")
    copied = "Copied" if lang == "en" else "Copiato"
    page.wait_for_selector(f"#invite-copy:text-is('{copied}')")
    pasted = page.evaluate("() => navigator.clipboard.readText()")
    assert pasted == page.input_value("#invite-url")
    assert pasted.endswith(f"/t/{table_id}?join")
    shot = f"life-invite-{lang}-{vp}"
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    _one_language(_shown_text(page), lang, shot)
    ctx.close()


SPECTATOR = {
    "en": ("You are watching this table", "Watching"),
    "it": ("Stai guardando questo tavolo", "Stai guardando"),
}


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_a_spectator_sees_the_table_as_anyone_may_and_nothing_to_play_with(
    quick: str, browser: Browser, lang: str, vp: str
) -> None:
    made = _table(quick)  # nobody at Anna's seat: a stand-in plays it, the match goes on
    table_id = made["table_id"]
    ctx = _context(browser, lang, vp)
    lobby = ctx.new_page()
    lobby.emulate_media(reduced_motion="reduce")  # the screenshot shows the table, not ghosts
    lobby.goto(quick + "/")
    lobby.click(f'#tables li[data-table="{table_id}"] a.watch')
    lobby.wait_for_url(f"**/t/{table_id}?watch")
    page = lobby
    page.wait_for_selector("#watching:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 4")
    banner, line = SPECTATOR[lang]
    assert banner in page.inner_text("#watching")
    assert page.inner_text("#turnbar").startswith(line)
    # No hand, no actions, no chat, no hint: only what every player sees.
    assert page.locator(".mine-area").is_hidden()
    assert page.locator("#chat").is_hidden()
    assert page.locator("#tab-chat").is_hidden() and page.locator("#tab-share").is_hidden()
    assert page.locator("#hand .card").count() == 0
    assert page.locator("#players .player").count() == 2
    # The table takes the screen's whole width, as a player's does (no narrow column).
    viewport = page.viewport_size
    assert viewport is not None
    width = page.evaluate("() => document.querySelector('.felt').getBoundingClientRect().width")
    assert width == viewport["width"], f"the spectator's table is {width} px wide"
    shot = f"life-watch-{lang}-{vp}"
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    _one_language(_shown_text(page), lang, shot)
    ctx.close()

    # Anna, back at her seat, finds the link to give spectators behind the Share tab.
    anna = _seated(browser, lang, vp, made)
    mine = anna.new_page()
    mine.goto(f"{quick}/t/{table_id}")
    mine.wait_for_selector("#hand .card")
    _click_past_summaries(mine, "#tab-share")
    _click_past_summaries(mine, "#watch-copy")
    mine.wait_for_function("() => document.getElementById('watch-said').textContent.length > 0")
    said = mine.inner_text("#watch-said")
    copied = "copied" if lang == "en" else "copiato"
    assert said.endswith(f"/t/{table_id}?watch") or copied in said, said
    anna.close()
