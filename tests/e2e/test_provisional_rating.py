"""A new player's rating on a phone, in both languages: provisional with the matches played
(never the −1.8 a first lost match gives) on the players pages, in the lobby and on the
table's seats, and what the match did to each rated seat in the match-end summary.

The server's answers are the API's (tests/server/test_players.py checks them against a
real finished match); here the pages are fed fixed ones, so each page's words are seen
for a provisional rating and a placed one. Screenshots: tests/e2e/artifacts/rating-*.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from .positions import joker_in_a_meld, show
from .test_i18n_pages import ENGLISH, ITALIAN, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
NEW = {
    "nickname": "Anna",
    "kind": "human",
    "rating": -1.8,
    "mu": 23.6,
    "sigma": 8.07,
    "matches": 1,
    "wins": 0,
    "provisional": True,
}
PLACED = {
    "nickname": "Bruno",
    "kind": "human",
    "rating": 12.3,
    "mu": 30.0,
    "sigma": 5.9,
    "matches": 9,
    "wins": 6,
    "provisional": False,
}
PROFILE = {
    **NEW,
    "hands": 3,
    "average_penalty": 40.0,
    "opening_turn": 4.0,
    "history": [
        {
            "table_id": "t1",
            "finished": "2026-12-04T17:00:00+00:00",
            "place": 2,
            "players": 2,
            "rating": -1.8,
            "provisional": True,
        }
    ],
}
WORDS = {
    "en": {
        "new": "provisional · 1 match",
        "short": "provisional",
        "change": "+0.8",
        "placed": "12.3",
    },
    "it": {
        "new": "provvisorio · 1 partita",
        "short": "provvisorio",
        "change": "+0,8",
        "placed": "12,3",
    },
}


def _page(browser: Browser, lang: str) -> Page:
    ctx = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    page = ctx.new_page()
    page.set_default_timeout(10_000)

    def answer(route: Route) -> None:
        path = route.request.url.split("?")[0]
        if path.endswith("/api/leaderboard"):
            body: Any = {"players": [PLACED, NEW]}
        elif path.endswith("/api/players/Anna"):
            body = PROFILE
        elif path.endswith("/api/players/signin"):
            body = {"player_id": "p1", "nickname": "Anna", "leagues": []}
        else:
            route.continue_()
            return
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(r".*/api/(leaderboard|players/).*"), answer)
    return page


def _check(page: Page, lang: str, shot: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"rating-{shot}-{lang}-phone.png"), full_page=True)
    text = _shown_text(page)
    assert "-1.8" not in text and "-1,8" not in text and "−1" not in text, text
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"words of the other language on the {lang} page: {wrong}"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_new_rating_is_provisional_on_the_players_pages_and_in_the_lobby(
    server: str, browser: Browser, lang: str
) -> None:
    words = WORDS[lang]
    page = _page(browser, lang)
    page.goto(server + "/players")
    row = page.locator('#leaderboard tbody tr[data-nickname="Anna"] td')
    row.first.wait_for()
    assert row.nth(2).inner_text() == words["short"]  # its matches in the next column
    assert row.nth(3).inner_text() == "1"
    placed = page.locator('#leaderboard tbody tr[data-nickname="Bruno"] td')
    assert placed.nth(2).inner_text() == words["placed"]
    _check(page, lang, "leaderboard")

    page.goto(server + "/players/Anna")
    page.locator("#player-matches tbody tr").first.wait_for()
    assert words["new"] in page.locator("#stats").inner_text()
    assert page.locator("#player-matches tbody tr td").nth(2).inner_text() == words["new"]
    assert page.locator("#rating-chart svg").count() == 0, "a provisional rating is drawn"
    _check(page, lang, "profile")

    page.evaluate(
        """() => localStorage.setItem("scala40:player",
            JSON.stringify({key: "k".repeat(43), player_id: "p1", nickname: "Anna"}))"""
    )
    page.goto(server + "/")
    note = page.locator("#nickname-note")
    page.wait_for_function(
        "(w) => document.getElementById('nickname-note').textContent.includes(w)",
        arg=words["new"],
    )
    assert "Anna" in note.inner_text()
    _check(page, lang, "lobby")
    page.context.close()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_table_shows_a_rated_seat_and_the_match_end_shows_each_change(
    server: str, browser: Browser, lang: str
) -> None:
    words = WORDS[lang]
    page = _page(browser, lang)
    actor = joker_in_a_meld()
    actor.seats[0].player_id = "p1"  # Anna keeps a rating
    shown = show(page, server, actor, lang)
    mine = page.locator('#players .player[data-seat="0"] .rating')
    mine.wait_for()
    assert mine.inner_text() == ("rating provisional" if lang == "en" else "punteggio provvisorio")
    assert page.locator('#players .player[data-seat="1"] .rating').count() == 0
    _check(page, lang, "table")
    summary = {
        "hand": 3,
        "winner": 1,
        "reason": "went_out",
        "chiusura_in_mano": False,
        "hands": {"0": ["7H"], "1": []},
        "penalties": {"0": 7, "1": 0},
        "totals": {"0": 104, "1": 40},
        "eliminated": [0],
        "reentered": {},
        "match_over": True,
        "match_winner": 1,
        "ratings": {
            "0": {"before": 0.0, "after": -1.8, "change": -1.8, "matches": 1, "provisional": True},
            "1": {
                "before": 10.2,
                "after": 11.0,
                "change": 0.8,
                "matches": 12,
                "provisional": False,
            },
        },
    }
    shown.push({"type": "hand_over", "v": 6, "summary": summary})
    page.wait_for_selector("#summary:not([hidden])")
    heads = page.locator("#summary-table th").all_inner_texts()
    assert heads[-1] == ("Rating" if lang == "en" else "Punteggio")
    anna = page.locator('#summary-table tr.player-row[data-seat="0"] td.rating-change')
    bot = page.locator('#summary-table tr.player-row[data-seat="1"] td.rating-change')
    assert anna.inner_text() == words["new"]
    assert bot.inner_text() == words["change"]
    _check(page, lang, "match-end")
    page.context.close()
