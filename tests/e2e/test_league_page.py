"""Leagues in a real browser: a rated player starts a league on /players and lands on its
page with the invitation link; a friend opens the link and joins; the lobby offers the
league for a new table and lists that table with the league's name; the table's join form
names the league and refuses a visitor who is not a member.

Each case in English on a desktop and in Italian on a phone, every page checked for words
of the other language and for fitting the screen. Screenshots go to
tests/e2e/artifacts/league-*.png.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, Route

from .identity import check_page, identity_context, letters, make_player, nickname
from .support import get_json, post_json

ARTIFACTS = Path(__file__).parent / "artifacts"

BOTH = [("en", "desktop"), ("it", "phone")]

WORDS = {
    "en": {
        "invited": "You are invited to the league {name}.",
        "league_line": "League: {name}",
        "no_league": "no league",
        "missing": "There is no such league.",
        "league_only": "only its members sit here",
        "need_identity": "keep a rating first",
    },
    "it": {
        "invited": "Hai un invito per la lega {name}.",
        "league_line": "Lega: {name}",
        "no_league": "nessuna lega",
        "missing": "Questa lega non esiste.",
        "league_only": "si siede solo chi ne fa parte",
        "need_identity": "prima scegli un nome",
    },
}


def _league_name() -> str:
    """A league's name that is no word of either language's telltales."""
    return f"Circolo {letters().capitalize()}"


def _make_league(server: str, owner: dict[str, Any]) -> dict[str, Any]:
    made: dict[str, Any] = post_json(
        server + "/api/leagues", {"name": _league_name(), "player_key": owner["key"]}
    )
    return made


def _check(page: Page, lang: str, shot: str) -> None:
    check_page(page, lang, f"league-{shot}")


def _standings(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        "#standings tbody tr",
        "rows => rows.map((r) => [...r.cells].map((c) => c.textContent))",
    )
    return rows


def _stored_invite(page: Page, league_id: str) -> Any:
    return page.evaluate(f"() => localStorage.getItem('scala40:league-invite:' + {league_id!r})")


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_a_player_starts_a_league_and_sees_its_invitation(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    anna = make_player(server, "Anna")
    name = _league_name()
    ctx = identity_context(browser, lang, vp, anna)
    page = ctx.new_page()
    page.goto(server + "/players")
    page.wait_for_selector("#league-none:not([hidden])")  # the sign-in answer: no league yet
    assert page.is_visible("#league-form")
    _check(page, lang, f"players-{lang}-{vp}")

    with page.expect_request(
        lambda r: r.url.endswith("/api/leagues") and r.method == "POST"
    ) as sent:
        page.fill("#league-name", name)
        page.click("#league-btn")
    assert sent.value.post_data_json == {"name": name, "player_key": anna["key"]}
    page.wait_for_url("**/leagues/*")
    league_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#invite-box:not([hidden])")
    assert page.inner_text("#league-name") == name
    code = _stored_invite(page, league_id)
    assert code
    assert page.input_value("#invite-url") == f"{server}/leagues/{league_id}#invite={quote(code)}"
    assert page.get_attribute("#play-link", "href") == f"/?league={league_id}"
    assert page.is_visible("#play-link")
    assert page.is_hidden("#join-box") and page.is_hidden("#need-identity")
    rows = _standings(page)
    assert [r[:5] for r in rows] == [["1", anna["nickname"], "0", "0", "0"]]
    assert rows[0][5] == "—"  # no hand played: no average penalty
    assert page.get_attribute("#standings tbody a", "href") == f"/players/{anna['nickname']}"
    assert "me" in (page.get_attribute("#standings tbody tr", "class") or "")
    assert page.is_visible("#matches-none")
    _check(page, lang, f"started-{lang}-{vp}")

    # Back on /players the league is among the identity's leagues.
    page.goto(server + "/players")
    page.wait_for_selector(f"#league-list li[data-league='{league_id}'] a")
    link = page.query_selector("#league-list a")
    assert link is not None and link.inner_text() == name
    assert link.get_attribute("href") == f"/leagues/{league_id}"
    assert page.is_hidden("#league-none")
    _check(page, lang, f"players-leagues-{lang}-{vp}")
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_a_friend_opens_the_invitation_and_joins(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    anna = make_player(server, "Anna")
    league = _make_league(server, anna)
    link = f"{server}/leagues/{league['league_id']}#invite={quote(league['invite'], safe='')}"
    bea = make_player(server, "Bea")
    ctx = identity_context(browser, lang, vp, bea)
    page = ctx.new_page()
    page.goto(link)
    page.wait_for_selector("#join-box:not([hidden])")
    assert page.inner_text("#join-intro") == words["invited"].format(name=league["name"])
    assert page.is_hidden("#invite-box") and page.is_hidden("#play-box")
    assert [r[1] for r in _standings(page)] == [anna["nickname"]]
    _check(page, lang, f"invited-{lang}-{vp}")

    with page.expect_request(lambda r: r.url.endswith("/members") and r.method == "POST") as sent:
        page.click("#join-league")
    assert sent.value.post_data_json == {"invite": league["invite"], "player_key": bea["key"]}
    page.wait_for_selector("#play-box:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#standings tbody tr').length === 2")
    assert sorted(r[1] for r in _standings(page)) == sorted([anna["nickname"], bea["nickname"]])
    assert page.url == f"{server}/leagues/{league['league_id']}"  # the invitation left
    assert page.is_hidden("#join-box")
    # Bea was given the link: she may pass it on.
    assert page.is_visible("#invite-box")
    assert page.input_value("#invite-url") == link
    members = get_json(f"{server}/api/leagues/{league['league_id']}")["members"]
    assert {m["nickname"] for m in members} == {anna["nickname"], bea["nickname"]}
    _check(page, lang, f"joined-{lang}-{vp}")
    ctx.close()

    # Without an identity: a rating first; the invitation waits in this browser, and once
    # an identity is there the league's page (without the fragment) offers to join.
    ctx = identity_context(browser, lang, vp)
    page = ctx.new_page()
    page.goto(link)
    page.wait_for_selector("#need-identity:not([hidden])")
    assert words["need_identity"] in page.inner_text("#need-identity-text")
    assert page.get_attribute("#need-identity-link", "href") == "/players"
    assert page.is_hidden("#join-box") and page.is_hidden("#invite-box")
    assert _stored_invite(page, league["league_id"]) == league["invite"]
    _check(page, lang, f"need-identity-{lang}-{vp}")
    carla = make_player(server, "Carla")
    page.evaluate("(id) => localStorage.setItem('scala40:player', JSON.stringify(id))", carla)
    page.goto(f"{server}/leagues/{league['league_id']}")
    page.wait_for_selector("#join-box:not([hidden])")
    page.click("#join-league")
    page.wait_for_function("() => document.querySelectorAll('#standings tbody tr').length === 3")

    # No such league: the sentence for it, nothing else.
    page.goto(f"{server}/leagues/nessuna{letters()}")
    page.wait_for_function("() => document.getElementById('league-error').textContent !== ''")
    assert page.inner_text("#league-error") == words["missing"]
    assert page.is_hidden("#standings-panel") and page.is_hidden("#matches-panel")
    _check(page, lang, f"missing-{lang}-{vp}")
    ctx.close()


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_the_lobby_offers_the_league_and_names_it_on_the_table(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    words = WORDS[lang]
    anna = make_player(server, "Anna")
    league = _make_league(server, anna)
    ctx = identity_context(browser, lang, vp, anna)
    page = ctx.new_page()
    page.goto(f"{server}/?league={league['league_id']}")
    page.wait_for_selector("#league-choice:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length > 0")
    assert page.input_value("#league") == league["league_id"]
    options = page.eval_on_selector_all("#league option", "os => os.map((o) => o.textContent)")
    assert options == [words["no_league"], league["name"]]
    _check(page, lang, f"lobby-{lang}-{vp}")

    page.select_option("#seat-count", "2")
    page.select_option("#seats select[data-seat='1']", "human")
    page.uncheck("#private")  # listed in the lobby, with its league
    with page.expect_response(
        lambda r: r.url.endswith("/api/tables") and r.request.method == "POST"
    ) as made:
        page.click("#create-btn")
    body = made.value.request.post_data_json
    assert body is not None
    assert body["league"] == league["league_id"] and body["player_key"] == anna["key"]
    table_id = made.value.json()["table_id"]
    page.wait_for_selector("#share:not([hidden])")
    note = f"#tables li[data-table='{table_id}'] .league-note"
    page.wait_for_selector(note)
    assert page.inner_text(note) == words["league_line"].format(name=league["name"])
    assert get_json(f"{server}/api/tables/{table_id}")["league"] == {
        "league_id": league["league_id"],
        "name": league["name"],
    }
    _check(page, lang, f"lobby-table-{lang}-{vp}")

    # Without a member's identity the table's join form names the league and the seat is
    # refused in the page's language.
    other = identity_context(browser, lang, vp).new_page()
    other.goto(f"{server}/t/{table_id}?join")
    other.wait_for_selector("#join-league:not([hidden])")
    assert other.inner_text("#join-league").startswith(
        words["league_line"].format(name=league["name"])
    )
    other.fill("#join-name", nickname("Dino"))
    other.click("#join-btn")
    other.wait_for_function("() => document.getElementById('join-error').textContent !== ''")
    assert words["league_only"] in other.inner_text("#join-error")
    _check(other, lang, f"table-join-{lang}-{vp}")
    other.context.close()
    ctx.close()


# The league's finished matches. A real one needs a whole match played at a league table,
# which takes minutes; the league's answer is given here instead (the API is MOCKED in this
# test only: the standings' and the matches' figures are the backend's tests).
MOCK_LEAGUE = {
    "league_id": "mock",
    "name": "Circolo Mock",
    "created": "2025-03-01T20:00:00Z",
    "members": [
        {"nickname": "Anna", "matches": 3, "wins": 2, "points": 5, "average_penalty": 18.25},
        {"nickname": "Zoe Bianchi", "matches": 3, "wins": 1, "points": 3, "average_penalty": 31.0},
        {"nickname": "Bea", "matches": 0, "wins": 0, "points": 0, "average_penalty": None},
    ],
    "matches": [
        {
            "table_id": "t/3",
            "finished": "2025-03-09T21:40:00Z",
            "results": [
                {"name": "Zoe Bianchi", "place": 2},
                {"name": "Anna", "place": 1},
                {"name": "Bot 3", "place": 3, "kind": "bot:strong", "seat": 2},
            ],
        },
        {
            "table_id": "t2",
            "finished": "2025-03-05T21:00:00Z",
            "results": [{"name": "Anna", "place": 1}, {"name": "Zoe Bianchi", "place": 2}],
        },
    ],
}


def _answer(body: Any) -> Any:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    return fulfil


@pytest.mark.parametrize(("lang", "vp"), BOTH)
def test_mocked_the_league_matches_and_standings_in_the_page_language(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    """MOCKED API (GET /api/leagues/mock and the sign-in answer): the standings as the
    server orders them, "—" for no average penalty, the newest match first with its date
    linking to the replay and its results by place."""
    identity = {"key": "k", "player_id": "p", "nickname": "Anna"}
    ctx = identity_context(browser, lang, vp, identity)
    ctx.add_init_script("localStorage.setItem('scala40:league-invite:mock', 'code');")
    page = ctx.new_page()
    page.route(f"{server}/api/leagues/mock", _answer(MOCK_LEAGUE))
    page.route(
        f"{server}/api/players/signin",
        _answer(
            {
                "player_id": "p",
                "nickname": "Anna",
                "leagues": [{"league_id": "mock", "name": "Circolo Mock"}],
            }
        ),
    )
    page.goto(f"{server}/leagues/mock")
    page.wait_for_selector("#league-matches li")
    comma = "," if lang == "it" else "."
    assert _standings(page) == [
        ["1", "Anna", "3", "2", "5", f"18{comma}3"],
        ["2", "Zoe Bianchi", "3", "1", "3", f"31{comma}0"],
        ["3", "Bea", "0", "0", "0", "—"],
    ]
    rows = page.query_selector_all("#league-matches li")
    assert [r.get_attribute("data-table") for r in rows] == ["t/3", "t2"]
    bot = {"en": "Bot 3 (Master)", "it": "Bot 3 (Maestro)"}[lang]
    assert rows[0].inner_text().endswith(f"1. Anna · 2. Zoe Bianchi · 3. {bot}")
    date = rows[0].query_selector("a")
    assert date is not None and date.get_attribute("href") == "/replay/t%2F3"
    assert page.is_visible("#invite-box") and page.is_visible("#play-box")
    assert page.is_hidden("#matches-none")
    _check(page, lang, f"matches-{lang}-{vp}")
    ctx.close()
