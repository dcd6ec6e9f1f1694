"""Ratings in a real browser: a player keeps an identity (a nickname and a secret key) on
/players, the lobby then plays under it, the sign-in link /me#key=… brings it to another
browser, and a player's profile shows the numbers, the chart and the rated matches.

Each language once and each viewport once (English on a desktop, Italian on a phone), as
test_table_life.py does. Screenshots go to tests/e2e/artifacts/players-*.png.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, Route

from .identity import (
    check_page,
    identity_context,
    make_player,
    nickname,
    stored_identity,
)
from .support import post_json
from .test_i18n_pages import VIEWPORTS

ARTIFACTS = Path(__file__).parent / "artifacts"

BOTH = [("en", "desktop"), ("it", "phone")]

WORDS = {
    "en": {
        "rated_as": "(rated as {name})",
        "you_are": "You are {name}",
        "signed_in": "Signed in as {name}.",
        "bad_link": "This sign-in link is not valid",
        "taken": "That nickname is taken",
        "imitates": "That name reads like a bot",
        "no_match": "No rated match yet.",
        "place": "2nd of 4",
        "won": "1st of 3",
        "bot": "Bot (Easy)",
        "axes": ["Match", "Rating"],
    },
    "it": {
        "rated_as": "(in classifica come {name})",
        "you_are": "Sei {name}",
        "signed_in": "Accesso fatto: sei {name}.",
        "bad_link": "Questo link di accesso non è valido",
        "taken": "Quel nome è già preso",
        "imitates": "Quel nome sembra di un bot",
        "no_match": "Ancora nessuna partita con punteggio.",
        "place": "2º su 4",
        "won": "1º su 3",
        "bot": "Bot (Facile)",
        "axes": ["Partita", "Punteggio"],
    },
}


def _check(page: Page, lang: str, shot: str) -> None:
    check_page(page, lang, f"players-{shot}")


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_a_player_keeps_a_rating_and_the_lobby_plays_under_it(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    name = nickname("Anna")
    ctx = identity_context(browser, lang, vp)
    page = ctx.new_page()
    page.goto(server + "/players")
    page.wait_for_selector("#identity-form:not([hidden])")
    page.wait_for_function("() => document.querySelector('#leaderboard') !== null")
    _check(page, lang, f"form-{lang}-{vp}")

    page.fill("#identity-name", name)
    page.click("#identity-btn")
    page.wait_for_selector("#identity:not([hidden])")
    identity = stored_identity(page)
    assert identity["nickname"] == name and identity["key"] and identity["player_id"]
    assert words["you_are"].format(name=name) in page.inner_text("#you-name")
    assert page.get_attribute("#you-page", "href") == f"/players/{quote(name)}"
    # The sign-in link is shown at once, opened, with the words to keep it.
    assert page.is_visible("#key-url") and page.is_visible("#key-keep")
    assert page.input_value("#key-url") == f"{server}/me#key={quote(identity['key'], safe='')}"
    assert page.is_visible("#key-copy")
    _check(page, lang, f"made-{lang}-{vp}")

    # The lobby: the nickname is the identity's, read-only, and the create request sends
    # the key.
    page.goto(server + "/")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length > 0")
    assert page.input_value("#nickname") == name
    assert page.get_attribute("#nickname", "readonly") is not None
    assert page.inner_text("#nickname-note") == words["rated_as"].format(name=name)
    assert page.is_visible("a[href='/players']")
    _check(page, lang, f"lobby-{lang}-{vp}")
    page.select_option("#seat-count", "2")
    with page.expect_request(
        lambda r: r.url.endswith("/api/tables") and r.method == "POST"
    ) as made:
        page.click("#create-btn")
    body = made.value.post_data_json
    assert body["player_key"] == identity["key"] and body["nickname"] == name
    page.wait_for_url("**/t/*")
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_a_taken_or_bad_nickname_is_refused_in_the_page_language(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    taken = make_player(server, "Bea")["nickname"]
    ctx = identity_context(browser, lang, vp)
    page = ctx.new_page()
    page.goto(server + "/players")
    page.wait_for_selector("#identity-form:not([hidden])")
    page.fill("#identity-name", taken.upper())  # nicknames compare without case
    page.click("#identity-btn")
    page.wait_for_function("() => document.getElementById('identity-error').textContent !== ''")
    assert words["taken"] in page.inner_text("#identity-error")
    assert stored_identity(page) is None
    _check(page, lang, f"taken-{lang}-{vp}")
    page.fill("#identity-name", "bot:me")
    page.click("#identity-btn")
    page.wait_for_function(
        "(words) => document.getElementById('identity-error').textContent.includes(words)",
        arg=words["imitates"],
    )
    assert page.is_visible("#identity-form") and stored_identity(page) is None
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_sign_in_link_signs_in_a_fresh_browser(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    made = make_player(server, "Carlo")
    name = made["nickname"]
    ctx = identity_context(browser, lang, vp)
    page = ctx.new_page()
    page.goto(f"{server}/me#key={quote(made['key'], safe='')}")
    page.wait_for_selector("#signin-links:not([hidden])")
    assert page.inner_text("#signin-status") == words["signed_in"].format(name=name)
    assert "key" not in page.url and page.url == server + "/me"
    assert stored_identity(page) == {
        "key": made["key"],
        "player_id": made["player_id"],
        "nickname": name,
    }
    assert page.get_attribute("#signin-page", "href") == f"/players/{quote(name)}"
    assert page.get_attribute("#signin-lobby", "href") == "/"
    _check(page, lang, f"signin-{lang}-{vp}")

    # The lobby of that browser now plays under the identity.
    page.click("#signin-lobby")
    # The check runs on whichever page is shown: the lobby once the link is followed, the
    # sign-in page until then (a run once read its missing field before the lobby came).
    page.wait_for_url(server + "/")
    page.wait_for_function(f"() => document.getElementById('nickname')?.value === {name!r}")
    assert page.get_attribute("#nickname", "readonly") is not None

    # A wrong key: the link is not valid, nothing is stored, the key leaves the address.
    other = identity_context(browser, lang, vp).new_page()
    other.goto(f"{server}/me#key=not-a-key-{secrets.token_urlsafe(8)}")
    other.wait_for_selector("#signin-status.error")
    assert words["bad_link"] in other.inner_text("#signin-status")
    assert other.is_hidden("#signin-links")
    assert "key" not in other.url and stored_identity(other) is None
    _check(other, lang, f"signin-bad-{lang}-{vp}")
    other.context.close()
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_profile_of_a_player_without_matches(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    name = make_player(server, "Dora")["nickname"]
    ctx = identity_context(browser, lang, vp)
    page = ctx.new_page()
    page.goto(f"{server}/players/{quote(name)}")
    page.wait_for_selector("#stats dd")
    assert page.inner_text("#profile-name") == name
    stats = page.eval_on_selector_all("#stats dd", "els => els.map((e) => e.textContent)")
    # rating, matches, wins, hands, average penalty, average opening turn
    assert stats == ["—", "0", "0", "0", "—", "—"]
    assert page.inner_text("#profile-none") == words["no_match"]
    assert page.query_selector("#rating-chart svg") is None
    assert page.is_hidden("#profile-matches")
    _check(page, lang, f"profile-new-{lang}-{vp}")

    page.goto(f"{server}/players/{nickname('Nessuno')}")
    page.wait_for_function("() => document.getElementById('profile-error').textContent !== ''")
    no_such = {"en": "There is no player", "it": "Non c'è nessun giocatore"}[lang]
    assert no_such in page.inner_text("#profile-error")
    ctx.close()


PROFILE = {
    "kind": "human",
    "rating": 6.4,
    "mu": 27.1,
    "sigma": 6.9,
    "matches": 5,
    "wins": 2,
    "hands": 23,
    "average_penalty": 31.26,
    "opening_turn": 4.5,
    "history": [
        {
            "table_id": "t1",
            "finished": "2025-03-01T20:15:00Z",
            "place": 1,
            "players": 3,
            "rating": 2.1,
        },
        {
            "table_id": "t2",
            "finished": "2025-03-02T20:15:00Z",
            "place": 3,
            "players": 4,
            "rating": 1.2,
        },
        {
            "table_id": "t3",
            "finished": "2025-03-05T21:40:00Z",
            "place": 1,
            "players": 2,
            "rating": 4.0,
        },
        {
            "table_id": "t4",
            "finished": "2025-03-08T19:02:00Z",
            "place": 4,
            "players": 4,
            "rating": 3.3,
        },
        {
            "table_id": "t/5",
            "finished": "2025-03-09T18:30:00Z",
            "place": 2,
            "players": 4,
            "rating": 6.4,
        },
    ],
}

BOARD = [
    {
        "nickname": "bot:greedy",
        "kind": "bot:greedy",
        "rating": 9.87,
        "mu": 30,
        "sigma": 6.7,
        "matches": 12,
        "wins": 7,
    },
    {
        "nickname": "Zoe Bianchi",
        "kind": "human",
        "rating": 6.4,
        "mu": 27.1,
        "sigma": 6.9,
        "matches": 5,
        "wins": 2,
    },
    {
        "nickname": "bot:random",
        "kind": "bot:random",
        "rating": -3.24,
        "mu": 20,
        "sigma": 7.7,
        "matches": 12,
        "wins": 0,
    },
]


def _answer(body: Any) -> Any:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    return fulfil


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_a_profile_draws_the_rating_after_each_match(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    """The chart and the list of matches, from a profile answered here (a real match's
    ratings are the backend's tests): one dot per match, both axes labelled, the newest
    match first in the list with its place worded and its replay linked."""
    words = WORDS[lang]
    name = "Zoe Bianchi"
    ctx = identity_context(browser, lang, vp)
    page = ctx.new_page()
    page.route(f"{server}/api/players/{quote(name)}", _answer({**PROFILE, "nickname": name}))
    page.goto(f"{server}/players/{quote(name)}")
    page.wait_for_selector("#rating-chart svg")
    stats = page.eval_on_selector_all("#stats dd", "els => els.map((e) => e.textContent)")
    comma = "," if lang == "it" else "."
    assert stats == [f"6{comma}4", "5", "2", "23", f"31{comma}3", f"4{comma}5"]
    assert page.is_hidden("#profile-none")
    assert len(page.query_selector_all("#rating-chart svg circle.point")) == 5
    labels = page.eval_on_selector_all(
        "#rating-chart svg text.axis-label", "els => els.map((e) => e.textContent)"
    )
    assert labels == words["axes"]
    rows = page.query_selector_all("#player-matches tbody tr")
    assert [r.get_attribute("data-table") for r in rows] == ["t/5", "t4", "t3", "t2", "t1"]
    assert words["place"] in rows[0].inner_text() and words["won"] in rows[-1].inner_text()
    assert rows[0].query_selector("a").get_attribute("href") == "/replay/t%2F5"  # the date  # type: ignore[union-attr]
    _check(page, lang, f"profile-chart-{lang}-{vp}")
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_leaderboard_names_bots_as_the_lobby_does(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    ctx = identity_context(
        browser, lang, vp, {"key": "k", "player_id": "p", "nickname": "Zoe Bianchi"}
    )
    page = ctx.new_page()
    page.route(f"{server}/api/leaderboard?limit=50", _answer({"players": BOARD}))
    page.goto(server + "/players")
    page.wait_for_selector("#leaderboard tbody tr")
    rows = page.query_selector_all("#leaderboard tbody tr")
    cells = [r.eval_on_selector_all("td", "els => els.map((e) => e.textContent)") for r in rows]
    assert [c[0] for c in cells] == ["1", "2", "3"]
    assert cells[0][1] == words["bot"] and cells[0][3:] == ["12", "7"]
    assert cells[1][1] == "Zoe Bianchi"
    assert cells[0][2] == ("9,9" if lang == "it" else "9.9")
    assert cells[2][2] == ("-3,2" if lang == "it" else "-3.2")
    link = rows[1].query_selector("a")
    assert link is not None and link.get_attribute("href") == "/players/Zoe%20Bianchi"
    assert rows[0].query_selector("a") is None  # a bot has no page of its own here
    assert "me" in (rows[1].get_attribute("class") or "")
    # The identity this browser holds, with its link folded away until asked for.
    assert page.is_visible("#identity") and page.is_hidden("#key-url")
    page.click("#key-link summary")
    assert page.input_value("#key-url") == f"{server}/me#key=k"
    _check(page, lang, f"board-{lang}-{vp}")
    ctx.close()


@pytest.mark.parametrize("vp", list(VIEWPORTS))
def test_the_italian_pages_say_nothing_in_english(server: str, browser: Browser, vp: str) -> None:
    made = make_player(server, "Elena")
    identity = {"key": made["key"], "player_id": made["player_id"], "nickname": made["nickname"]}
    ctx = identity_context(browser, "it", vp, identity)
    page = ctx.new_page()
    page.goto(server + "/players")
    page.wait_for_selector("#identity:not([hidden])")
    page.wait_for_function(
        "() => !document.getElementById('board-none').hidden"
        " || document.querySelector('#leaderboard tbody tr') !== null"
    )
    page.click("#key-link summary")
    _check(page, "it", f"it-board-{vp}")
    page.goto(f"{server}/players/{quote(made['nickname'])}")
    page.wait_for_selector("#stats dd")
    _check(page, "it", f"it-profile-{vp}")
    page.goto(f"{server}/me#key={quote(made['key'], safe='')}")
    page.wait_for_selector("#signin-links:not([hidden])")
    _check(page, "it", f"it-signin-{vp}")
    # The table page's join form: the identity's nickname, read-only, noted.
    table = post_json(
        server + "/api/tables",
        {"seats": ["human", "human"], "rules": {"preset": "fisca"}, "nickname": "Franco"},
    )
    page.goto(f"{server}/t/{table['table_id']}?join")
    page.wait_for_function("() => document.getElementById('join-info').textContent.length > 0")
    assert page.input_value("#join-name") == made["nickname"]
    assert page.get_attribute("#join-name", "readonly") is not None
    assert page.inner_text("#join-name-note") == WORDS["it"]["rated_as"].format(
        name=made["nickname"]
    )
    _check(page, "it", f"it-join-{vp}")
    with page.expect_request(lambda r: r.url.endswith("/join") and r.method == "POST") as sent:
        page.click("#join-btn")
    assert sent.value.post_data_json["player_key"] == made["key"]
    ctx.close()
