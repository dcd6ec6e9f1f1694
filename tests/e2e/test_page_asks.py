"""The table page asks the VIEW what makes a meld; it keeps no meld rule of its own.

Issue 25: the page re-derived the meld rules in JavaScript and answered before the server
under three house keys, wrongly. Now a selection is a meld exactly when the engine lists
it in ``legal.melds`` (each joker option with its points), a table meld shows the points
the VIEW gives it, and a selection the engine does not take is refused in the engine's own
words. Positions are set up with the engine and written by the server's own VIEW code
(positions.py); the page is the real one, on a 390×844 phone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from scala40.engine.errors import IllegalAction
from scala40.engine.rules import Rules
from scala40.notation.errors import NotationError
from scala40.notation.melds import parse_table_meld

from .positions import Shown, drawn_under, everything_open, joker_to_lay_off, show
from .support import CORNER

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
NOT_A_MELD = {
    "en": "These cards do not make a valid meld (a run or a set).",
    "it": "Queste carte non formano una combinazione valida (una scala o un tris).",
}
WHY_NOT = {
    # The engine's reason for each refused house-key selection, in the page's words.
    "max_run_length_5": {
        "en": "A run may hold at most 5 cards: 3♥ 4♥ 5♥ 6♥ 7♥ 8♥.",
        "it": "Una scala può avere al massimo 5 carte: 3♥ 4♥ 5♥ 6♥ 7♥ 8♥.",
    },
    "jokers_per_meld": {
        "en": "A meld with a joker needs at least 2 natural cards: 5♥ JK JK.",
        "it": "Una combinazione con il jolly vuole almeno 2 carte naturali: 5♥ JK JK.",
    },
}

HOUSE_CASES = [
    # (rule changes, Anna's hand before the draw, the selection)
    (
        {"two_natural_aces_in_run": True},
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 5D",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ),
    # (the hands can open otherwise: the "Add meld" button is offered)
    ({"max_run_length_5": True}, "3H 4H 5H 6H 7H 8H KD KC KS 2D 9C", "3H 4H 5H 6H 7H 8H"),
    ({"jokers_per_meld": "any"}, "5H JK JK KD KC KS 2D 9C 7C 4C QS", "5H JK JK"),
]


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport=PHONE, has_touch=True)  # type: ignore[arg-type]
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    yield page
    ctx.close()


def _engine_points(changes: dict[str, object], selection: str) -> int | None:
    """The engine's answer for the selection: its points as a meld, or None (refused)."""
    rules = Rules.build("fisca", {"players": 2, **changes})
    try:
        return parse_table_meld(selection, rules).points(rules)
    except (NotationError, IllegalAction):
        return None


def _select(page: Page, selection: str) -> None:
    """Tap each card of ``selection`` in the hand (a second copy: the next one)."""
    seen: dict[str, int] = {}
    for card in selection.split():
        nth = seen.get(card, 0)
        seen[card] = nth + 1
        page.locator(f'#hand .card[data-card="{card}"]').nth(nth).click(position=CORNER)
    page.wait_for_function(
        "(n) => document.querySelectorAll('#hand .card.selected').length === n",
        arg=len(selection.split()),
    )


@pytest.mark.parametrize(("changes", "anna", "selection"), HOUSE_CASES, ids=lambda x: str(x))
def test_the_page_answers_a_selection_as_the_engine_does_under_house_keys(
    server: str, phone: Page, changes: dict[str, object], anna: str, selection: str
) -> None:
    points = _engine_points(changes, selection)
    # The brief's table: the first is a meld under its key, the other two are not.
    assert (points is not None) is ("two_natural_aces_in_run" in changes)
    shown = show(phone, server, drawn_under(changes, anna), "en")
    _select(phone, selection)
    opening = phone.locator("#opening")
    if points is not None:
        assert opening.inner_text().startswith(f"Opening: {points} / 40 points")
        phone.click("#btn-add")
        phone.wait_for_selector("#staging .staged")
        assert phone.locator("#staging .staged .pts").inner_text() == f"{points} pts"
        assert phone.locator("#message.error").count() == 0
    else:
        # The page asks the server why (a check), and says the engine's reason.
        (key,) = changes
        words = WHY_NOT[key]["en"]
        phone.wait_for_function(
            "(w) => document.getElementById('opening').innerText === w", arg=words
        )
        assert [m["cards"] for m in shown.sent if m.get("type") == "check"] == [selection.split()]
        phone.click("#btn-add")
        phone.wait_for_selector("#message.error")
        assert phone.locator("#message").inner_text().startswith(words)
        assert phone.locator("#staging .staged").count() == 0
    assert shown.actions() == []


@pytest.mark.parametrize(("changes", "anna", "selection"), HOUSE_CASES[1:], ids=lambda x: str(x))
def test_the_engines_reason_for_a_refused_selection_is_said_in_italian(
    server: str, phone: Page, changes: dict[str, object], anna: str, selection: str
) -> None:
    (key,) = changes
    show(phone, server, drawn_under(changes, anna), "it")
    _select(phone, selection)
    phone.wait_for_function(
        "(w) => document.getElementById('opening').innerText === w", arg=WHY_NOT[key]["it"]
    )
    phone.screenshot(path=str(ARTIFACTS / f"page-asks-{key}-it-phone.png"))


def _tampered(state: dict[str, Any]) -> None:
    """A VIEW that says other things than the rules would: the page must say them too.
    (Anna holds 5D 5C 5S 10H QH 2C 7S 9D KS and a card drawn; a 9-10-J♥ run with a
    joker is on the table.)"""
    view = state["view"]
    view["table"][0]["points"] = 77
    view["legal"]["melds"] = [
        {"kind": "run", "cards": ["7S", "9D", "KS"], "points": 11},
        {"kind": "run", "cards": ["KS", "9D", "7S"], "points": 99},
        {"kind": "set", "cards": ["2C", "5D", "7S"], "points": 5},
    ]


def _wait_sent(page: Page, shown: Shown) -> dict[str, Any]:
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
    actions = shown.actions()
    assert len(actions) == 1, actions
    return actions[0]


def test_a_table_meld_shows_the_points_the_view_gives(server: str, phone: Page) -> None:
    show(phone, server, everything_open(), "en", edit=_tampered)
    assert phone.locator("#melds .meld .tag").first.inner_text() == "1 · 77"


def test_a_selection_the_view_lists_is_a_meld(server: str, phone: Page) -> None:
    shown = show(phone, server, everything_open(), "en", edit=_tampered)
    _select(phone, "2C 5D 7S")
    phone.click("#btn-meld")
    assert _wait_sent(phone, shown)["action"] == {"type": "meld", "cards": ["2C", "5D", "7S"]}


def test_the_options_are_the_views_with_its_points(server: str, phone: Page) -> None:
    shown = show(phone, server, everything_open(), "it", edit=_tampered)
    _select(phone, "9D KS 7S")
    phone.click("#btn-meld")
    phone.wait_for_selector("#choice:not([hidden])")
    labels = phone.locator("#choice-buttons button").all_inner_texts()
    assert [label.strip() for label in labels] == ["(99)", "(11)"]
    phone.locator("#choice-buttons button").first.click()
    assert _wait_sent(phone, shown)["action"] == {"type": "meld", "cards": ["KS", "9D", "7S"]}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_selection_the_view_does_not_list_is_refused_in_the_engines_words(
    server: str, phone: Page, lang: str
) -> None:
    shown = show(phone, server, everything_open(), lang, edit=_tampered)
    _select(phone, "5D 5C 5S")
    phone.click("#btn-meld")
    phone.wait_for_selector("#message.error")
    assert phone.locator("#message").inner_text().startswith(NOT_A_MELD[lang])
    assert shown.actions() == []


def _lay(page: Page, card: str, target: int) -> None:
    page.locator(f'#hand .card[data-card="{card}"]').first.click(position=CORNER)
    page.locator(f'#melds .meld[data-id="{target}"]').click()


def test_a_joker_on_a_run_asks_for_the_ends_the_engine_lists(server: str, phone: Page) -> None:
    actor = joker_to_lay_off()
    ends = [x["end"] for x in actor.view_json(0)["legal"]["layoff"] if x["target"] == 0]
    assert sorted(ends) == ["high", "low"]
    shown = show(phone, server, actor, "en")
    _lay(phone, "JK", 0)
    phone.wait_for_selector("#choice:not([hidden])")
    labels = phone.locator("#choice-buttons button").all_inner_texts()
    assert labels == ["Low end — joker = 7♥", "High end — joker = Q♥"]
    phone.locator("#choice-buttons button").nth(1).click()
    assert _wait_sent(phone, shown)["action"] == {
        "type": "layoff",
        "card": "JK",
        "target": 0,
        "end": "high",
    }


def test_a_joker_on_a_set_of_three_takes_the_missing_suit(server: str, phone: Page) -> None:
    shown = show(phone, server, joker_to_lay_off(), "en")
    _lay(phone, "JK", 1)
    assert _wait_sent(phone, shown)["action"] == {
        "type": "layoff",
        "card": "JK",
        "target": 1,
        "declared": "5S",
    }


@pytest.mark.parametrize(
    ("card", "action"),
    [
        ("10H", {"type": "swap", "card": "10H", "target": 0}),
        ("QH", {"type": "layoff", "card": "QH", "target": 0}),
    ],
)
def test_a_card_played_on_a_meld_is_the_swap_or_lay_off_the_engine_lists(
    server: str, phone: Page, card: str, action: dict[str, Any]
) -> None:
    shown = show(phone, server, everything_open(), "en")
    _lay(phone, card, 0)
    assert _wait_sent(phone, shown)["action"] == action
