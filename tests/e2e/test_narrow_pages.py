"""Every page fits a 390 px phone: nothing sticks out on the right, so no page scrolls
sideways and no word is cut at the edge (a wide table scrolls inside its own box).

The history is shown with finished matches (its API answered by the test: the names are as
long as real ones), the other pages as the server serves them. Screenshots go to
tests/e2e/artifacts/narrow-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from scala40.server.http.pages import ROUTES

from .support import post_json
from .test_i18n_pages import ENGLISH, ITALIAN, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}

FINISHED = {
    "matches": [
        {
            "table_id": f"t{i}",
            "players": ["Annamaria", "Bartolomeo", "", ""],
            "seat_kinds": ["human", "human", "bot:expert", "bot:club"],
            "winner": "Bartolomeo",
            "winner_seat": 1,
            "finished": "2026-11-30T21:45:00Z",
        }
        for i in range(3)
    ]
}
"""Three finished four-seat matches, two people and two bots at each."""

STICKING_OUT = """() => {
    // Elements whose right edge passes the screen's, unless a box that scrolls or clips
    // sideways (and itself fits) holds them.
    const W = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= W + 0.5) continue;
        let held = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX;
            if (o !== 'visible' && p.getBoundingClientRect().right <= W + 0.5) {
                held = true;
                break;
            }
        }
        const name = `${el.tagName.toLowerCase()}#${el.id}.${el.className}`;
        if (!held) out.push(`${name} ${Math.round(r.right)}px`);
    }
    return {width: W, scrollWidth: document.documentElement.scrollWidth, out: out.slice(0, 8)};
}"""


@pytest.fixture(scope="module")
def table_id(server: str) -> str:
    made: dict[str, Any] = post_json(
        server + "/api/tables", {"seats": ["human", "bot:greedy"], "nickname": "Annamaria"}
    )
    return str(made["table_id"])


def _address(route: str, table_id: str) -> str:
    """A page's address with its braces filled: a live table, a player, a league."""
    return (
        route.replace("{table_id}", table_id)
        .replace("{nickname}", "Annamaria")
        .replace("{league_id}", "nessuna")
    )


@pytest.fixture(params=["it", "en"])
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, str]]:
    ctx = browser.new_context(viewport=PHONE, has_touch=True)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {request.param!r});")
    page = ctx.new_page()
    page.set_default_timeout(10_000)

    def history(route: Route) -> None:
        route.fulfill(content_type="application/json", body=json.dumps(FINISHED))

    page.route("**/api/history", history)
    yield page, request.param
    ctx.close()


@pytest.mark.parametrize("route", list(ROUTES))
def test_every_page_fits_a_phone(
    server: str, table_id: str, phone: tuple[Page, str], route: str
) -> None:
    page, lang = phone
    page.goto(server + _address(route, table_id))
    page.wait_for_load_state("networkidle")
    if route == "/history":
        page.wait_for_selector("#matches tbody tr")
    seen: dict[str, Any] = page.evaluate(STICKING_OUT)
    ARTIFACTS.mkdir(exist_ok=True)
    name = route.strip("/").replace("/", "-").replace("{", "").replace("}", "") or "lobby"
    page.screenshot(path=str(ARTIFACTS / f"narrow-{name}-{lang}.png"), full_page=True)
    assert seen["out"] == [], f"{route} sticks out of a {seen['width']} px screen: {seen['out']}"
    assert seen["scrollWidth"] <= seen["width"]
    wrong = _telltales(_shown_text(page), ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"{route}: words of the other language: {wrong}"
