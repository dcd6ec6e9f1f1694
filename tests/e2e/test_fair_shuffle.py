"""The verifiable shuffle in a real browser: the table marks a fair deal and adds the
browser's randomness to the next hand; the replay shows whether every deck checks out.

Screenshots go to tests/e2e/artifacts/fair-*.png.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from scala40.bots import make_bot
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation.record import Recorder
from scala40.server.table.summaries import fair_check, replay_steps

from .test_i18n_pages import ENGLISH, ITALIAN, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"
MARK = {"en": "Verifiable shuffle", "it": "Mescolamento verificabile"}
VERIFIED = {"en": "✓ Shuffle verified", "it": "✓ Mescolamento verificato"}
FAILED = {"en": "✗ Shuffle not verified", "it": "✗ Mescolamento non verificato"}


def _page(browser: Browser, lang: str) -> Page:
    ctx = browser.new_context(viewport={"width": 1100, "height": 850})
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    ctx.set_default_timeout(15_000)
    return ctx.new_page()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_table_marks_a_fair_deal_and_adds_the_browsers_randomness(
    server: str, browser: Browser, lang: str
) -> None:
    page = _page(browser, lang)
    page.goto(server + "/")
    page.fill("#nickname", "Anna")
    page.select_option("#seat-count", "2")
    page.select_option('#seats select[data-seat="1"]', "bot:easy")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    table_id = page.url.split("/t/")[1].split("?")[0]
    mark = page.locator("#fair")
    mark.wait_for(state="visible")
    assert mark.inner_text() == MARK[lang]
    assert "1" in (mark.get_attribute("title") or "")
    # The browser kept the commitments it was shown and gave entropy for hand 2, once.
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('scala40:fair:{table_id}') || '{{}}').given?.length"
    )
    kept = json.loads(page.evaluate(f"localStorage.getItem('scala40:fair:{table_id}')"))
    assert kept["given"] == [2]
    assert set(kept["seen"]) == {"1", "2"} and all(len(c) == 64 for c in kept["seen"].values())
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"fair-table-{lang}.png"))
    text = _shown_text(page)
    assert _telltales(text, ENGLISH if lang == "it" else ITALIAN) == []
    page.context.close()


def _fair_replay() -> tuple[dict[str, Any], dict[str, Any]]:
    """A finished two-hand fair match of greedy bots: its record and its replay JSON."""
    rules = Rules.build(None, {"players": 2, "fixed_hands": 2})
    match = Match(rules, seed=40, fair=True)
    recorder = Recorder(match, ["Anna", "Bot"])
    bots, rng = [make_bot("greedy"), make_bot("greedy")], random.Random(4)
    while not match.over:
        seat = match.current_seat
        recorder.apply(bots[seat].choose(PlayerView.of_match(match, seat), rng))
    record = recorder.record()
    return record, _replay_json(record)


def _replay_json(record: dict[str, Any]) -> dict[str, Any]:
    return {
        "table_id": "fairtest",
        "seats": record["seats"],
        "seat_kinds": ["human", "bot:greedy"],
        "rules": {"preset": "fisca", "changes": record["rules"], "opening_points": 40},
        "elimination": 101,
        "winner": record["winner"],
        "steps": replay_steps(record),
        "fair": fair_check(record),
    }


def _open_replay(browser: Browser, server: str, lang: str, data: dict[str, Any]) -> Page:
    page = _page(browser, lang)
    page.route(
        "**/api/tables/fairtest/replay",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(data)),
    )
    page.goto(server + "/replay/fairtest")
    page.locator("#fair-badge").wait_for(state="visible")
    return page


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_replay_says_whether_every_deck_checks_out(
    server: str, browser: Browser, lang: str
) -> None:
    record, data = _fair_replay()
    assert data["fair"]["verified"] is True
    page = _open_replay(browser, server, lang, data)
    badge = page.locator("#fair-badge")
    assert badge.inner_text() == VERIFIED[lang]
    assert "bad" not in (badge.get_attribute("class") or "").split()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"fair-replay-{lang}.png"))
    page.context.close()
    # A record whose second deck was swapped for another fails, and the page says so.
    tampered = json.loads(json.dumps(record))
    tampered["hands"][1]["deck"].reverse()
    bad = _replay_json(record)
    bad["fair"] = fair_check(tampered)
    assert bad["fair"]["verified"] is False
    page = _open_replay(browser, server, lang, bad)
    badge = page.locator("#fair-badge")
    assert badge.inner_text().startswith(FAILED[lang])
    assert "bad" in (badge.get_attribute("class") or "").split()
    page.screenshot(path=str(ARTIFACTS / f"fair-replay-failed-{lang}.png"))
    page.context.close()


def test_the_replay_warns_when_a_commitment_differs_from_the_one_shown(
    server: str, browser: Browser
) -> None:
    _, data = _fair_replay()
    page = _page(browser, "en")
    page.add_init_script(
        "localStorage.setItem('scala40:fair:fairtest', JSON.stringify({seen: {'2': '"
        + "0" * 64
        + "'}, given: []}));"
    )
    page.route(
        "**/api/tables/fairtest/replay",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(data)),
    )
    page.goto(server + "/replay/fairtest")
    badge = page.locator("#fair-badge")
    badge.wait_for(state="visible")
    assert "for hand 2" in badge.inner_text() and badge.inner_text().startswith("✗")
    page.context.close()
