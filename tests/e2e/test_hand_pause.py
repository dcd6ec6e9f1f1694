"""The pause after a hand on a phone, in both languages: the summary counts down to the next
hand and names whom the table waits for, the table under it says it is paused, closing
the summary tells the server, and play resumes when the VIEW says so. And the away
report lists every move it counts.

The position and every VIEW are written by a :class:`TableActor` as a live table writes
them (positions.py); the test plays the server's side of the socket. Screenshots go to
tests/e2e/artifacts/pause-*.png.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation.codec import rules_changes
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.server.table.pause import Waiting
from scala40.server.wire.outbox import Outbox
from scala40.storage.store import SeatRow, TableRow

from .positions import ANNA, BRUNO, _kinds, show
from .test_i18n_pages import ENGLISH, ITALIAN, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
SUMMARY: dict[str, Any] = {
    "hand": 1,
    "winner": 1,
    "reason": "went_out",
    "chiusura_in_mano": False,
    "hands": {"0": ["7H", "AD"], "1": []},
    "penalties": {"0": 8, "1": 0},
    "totals": {"0": 8, "1": 0},
    "eliminated": [],
    "reentered": {},
    "match_over": False,
    "match_winner": None,
}


def hand_two() -> TableActor:
    """Anna and Bruno, people both; hand 1 is over and Anna is to draw in hand 2, the
    table paused while they read hand 1's summary."""
    rules = Rules.build("fisca", {"players": 2})
    row = TableRow("fixed", datetime.now(UTC), "fisca", rules_changes(rules), 1, 0, 60, "playing")
    seats = [SeatRow(0, "human", "Anna", "x"), SeatRow(1, "human", "Bruno", "y")]
    actor = TableActor(row, seats, db=None, settings=Settings())  # type: ignore[arg-type]
    actor.match.deal = Deal.setup(rules, [_kinds(ANNA), _kinds(BRUNO)])
    actor.match.hand_number = 2
    actor.version = 30
    actor.turns.turn = (2, 0)
    actor.seats[1].outbox = Outbox()  # Bruno is connected (reading the summary too)
    return actor


def paused(actor: TableActor, waiting: list[int], seconds: float) -> dict[str, Any]:
    """The state message of the paused table, as the actor writes it for Anna."""
    actor.pause.now = Waiting(1, time.time() + seconds)
    actor.pause.waiting = waiting
    return actor.state(0)


def _page(browser: Browser, lang: str) -> Page:
    ctx = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    return page


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"pause-{name}.png"))


def _one_language(page: Page, lang: str) -> None:
    wrong = _telltales(_shown_text(page), ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"words of the other language on the {lang} page: {wrong}"


WORDS = {
    "en": {
        "both": r"Next hand in (2[0-9]|30) s — waiting for you and Bruno",
        "bruno": r"Next hand in \d+ s — waiting for Bruno",
        "paused": "Paused ·",
        "left": r"\d+ s left",
    },
    "it": {
        "both": r"Prossima mano tra (2[0-9]|30) s — in attesa di te e Bruno",
        "bruno": r"Prossima mano tra \d+ s — in attesa di Bruno",
        "paused": "In pausa ·",
        "left": r"mancano \d+ s",
    },
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_summary_counts_down_and_closing_it_lets_the_table_play_on(
    server: str, browser: Browser, lang: str
) -> None:
    words = WORDS[lang]
    page = _page(browser, lang)
    actor = hand_two()
    shown = show(page, server, actor, lang)
    # Hand 1 ends: its summary, then the first VIEW of hand 2, paused for the reading.
    shown.push({"type": "hand_over", "v": 30, "summary": SUMMARY})
    shown.push(paused(actor, [0, 1], 25))
    line = page.locator("#summary-pause")
    line.wait_for(state="visible")
    assert re.fullmatch(words["both"], line.inner_text()), line.inner_text()
    first = int(re.search(r"\d+", line.inner_text()).group())  # type: ignore[union-attr]
    page.wait_for_timeout(1500)
    later = int(re.search(r"\d+", line.inner_text()).group())  # type: ignore[union-attr]
    assert later < first, "the summary's countdown does not tick"
    # The table under the summary says it is paused, not whose turn runs out.
    bar = page.locator("#turnbar")
    assert bar.inner_text().startswith(words["paused"])
    _one_language(page, lang)
    _shot(page, f"summary-{lang}-phone")

    page.click("#summary-close")
    assert page.locator("#summary").is_hidden()
    closed = [m for m in shown.sent if m.get("type") == "summary_closed"]
    assert closed == [{"type": "summary_closed", "hand": 1}]
    # Bruno still reads: the table stays paused, and says for whom it waits.
    shown.push(paused(actor, [1], 20))
    page.wait_for_function(
        "(w) => document.getElementById('turnbar').textContent.includes(w)",
        arg=WORDS[lang]["paused"],
    )
    assert re.search(words["bruno"], bar.inner_text()), bar.inner_text()
    _one_language(page, lang)
    _shot(page, f"table-paused-{lang}-phone")

    # Bruno closed it too: the turn timer runs, and Anna plays.
    actor.pause.end()
    actor.turns.deadline = time.time() + 60
    shown.push(actor.state(0))
    page.wait_for_function("() => !document.getElementById('turnbar').classList.contains('paused')")
    assert words["paused"] not in bar.inner_text()
    assert re.search(words["left"], bar.inner_text()), bar.inner_text()
    page.click("#btn-draw")
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
    assert shown.actions()[-1]["action"] == {"type": "draw"}
    _shot(page, f"resumed-{lang}-phone")
    page.context.close()


AWAY_MOVES = 11


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_away_report_shows_every_move_it_counts(
    server: str, browser: Browser, lang: str
) -> None:
    page = _page(browser, lang)
    actor = hand_two()
    moves = [{"seat": 0, "type": "draw"}, {"seat": 0, "type": "discard", "card": "7H"}] * 6
    away = {"moves": moves[:AWAY_MOVES], "summary": None}
    shown = show(page, server, actor, lang)
    shown.push({**actor.state(0), "away": away})
    title = page.locator("#away .away-title")
    title.wait_for(state="visible")
    counted = int(re.search(r"\d+", title.inner_text()).group())  # type: ignore[union-attr]
    assert counted == AWAY_MOVES
    items = page.locator("#away .away-moves li")
    assert items.count() == AWAY_MOVES
    # Every move counted can be read where it is: none hidden in a box that scrolls.
    hidden = page.evaluate(
        """() => {
            const list = document.querySelector("#away .away-moves");
            const box = list.getBoundingClientRect();
            return [...list.querySelectorAll("li")].filter((li) => {
                const r = li.getBoundingClientRect();
                return r.bottom > box.bottom + 0.5 || r.top < box.top - 0.5;
            }).length;
        }"""
    )
    assert hidden == 0, f"{hidden} of the {AWAY_MOVES} moves counted are cut off from view"
    _one_language(page, lang)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"pause-away-{lang}-phone.png"), full_page=True)
    page.context.close()
