"""Every page passes axe-core's WCAG 2.2 AA rules (no serious or critical violation) on a
phone, in Italian and in English; the table is read by name and played by keys alone.

Pages: the lobby, a table in play (a set-up position with a joker in a meld), the hand's
summary over it, a table watched, the finished matches, the replay of a finished match,
the paper score sheet, the rules, the leaderboard, a player's page and a league's page.
Screenshots go to tests/e2e/artifacts/a11y-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from . import positions
from .axe import assert_accessible
from .identity import identity_context, make_player, nickname
from .support import post_json
from .test_fair_shuffle import _fair_replay

ARTIFACTS = Path(__file__).parent / "artifacts"
LANGS = ["it", "en"]


@pytest.fixture(scope="module")
def world(server: str) -> dict[str, Any]:
    """What the pages show: a rated player in a league, a table a bot plays against a
    person (to watch), and the replay of a finished match."""
    anna = make_player(server, "Anna")
    league = post_json(
        server + "/api/leagues", {"name": nickname("Circolo "), "player_key": anna["key"]}
    )
    table = post_json(
        server + "/api/tables",
        {"seats": ["human", "bot:greedy"], "rules": {"preset": "fisca"}, "nickname": "Bea"},
    )
    _, replay = _fair_replay()
    return {"anna": anna, "league": league, "table": table, "replay": replay}


@pytest.fixture
def context(
    browser: Browser, world: dict[str, Any], request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    lang = request.node.callspec.params["lang"]
    ctx = identity_context(browser, lang, "phone", world["anna"])
    yield ctx
    ctx.close()


def _lobby(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(base + "/")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length > 0")


def _table(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    positions.show(page, base, positions.everything_open(), lang)
    page.keyboard.press("ArrowRight")  # the keyboard's cursor shown too
    page.click('#hand .card[data-card="QH"]')  # a meld marked for it


def _summary(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    """The hand's summary over the table: a dialog the keyboard lands in."""
    shown = positions.show(page, base, positions.joker_in_a_meld({"single_hand": True}), lang)
    shown.push(
        {
            "type": "hand_over",
            "v": 6,
            "summary": {
                "hand": 1,
                "winner": 1,
                "reason": "went_out",
                "chiusura_in_mano": False,
                "hands": {"0": ["7H", "AD", "JK"], "1": []},
                "penalties": {"0": 33, "1": 0},
                "totals": {"0": 0, "1": 0},
                "eliminated": [],
                "reentered": {},
                "match_over": True,
                "match_winner": 1,
            },
        }
    )
    page.wait_for_selector("#summary:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "summary-close"


def _watched(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(f"{base}/t/{world['table']['table_id']}?watch")
    page.wait_for_selector("#watching:not([hidden])")
    page.wait_for_selector("#players .player")


def _history(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(base + "/history")
    page.wait_for_function(
        "() => !document.getElementById('none').hidden"
        " || document.querySelector('#matches tbody tr')"
    )


def _replay(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    body = json.dumps({**world["replay"], "table_id": "finished"})
    page.route(
        "**/api/tables/finished/replay",
        lambda route: route.fulfill(content_type="application/json", body=body),
    )
    page.goto(base + "/replay/finished")
    page.wait_for_selector("#hands .replay-hand .card")


def _score(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(base + "/score")
    page.wait_for_load_state("networkidle")


def _rules(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(base + "/rules")
    page.wait_for_selector(".rule-key")


def _players(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(base + "/players")
    page.wait_for_selector("#identity:not([hidden])")
    page.wait_for_selector("#league-list li")


def _player(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(f"{base}/players/{quote(world['anna']['nickname'])}")
    page.wait_for_selector("#profile:not([hidden])")


def _league(page: Page, base: str, world: dict[str, Any], lang: str) -> None:
    page.goto(f"{base}/leagues/{world['league']['league_id']}")
    page.wait_for_selector("#standings tbody tr")


PAGES: dict[str, Callable[[Page, str, dict[str, Any], str], None]] = {
    "lobby": _lobby,
    "table": _table,
    "summary": _summary,
    "watched": _watched,
    "history": _history,
    "replay": _replay,
    "score": _score,
    "rules": _rules,
    "players": _players,
    "player": _player,
    "league": _league,
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_passes_axe(
    server: str, world: dict[str, Any], context: BrowserContext, name: str, lang: str
) -> None:
    page = context.new_page()
    PAGES[name](page, server, world, lang)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"a11y-{lang}-{name}.png"), full_page=True)
    assert page.evaluate("document.documentElement.lang") == lang
    assert_accessible(page, f"{name} ({lang})")
