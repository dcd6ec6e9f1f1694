"""The table on one screen: on a phone (upright and sideways) and on a desktop, with no
meld, six or twelve on the table, the page does not scroll, and the stock, the pozzo,
every card of the hand, the action buttons and the newest meld are all in view and can be
tapped. The score sheet, the log, the chat and the spectators' link open from tabs over
the table and close again; unread chat is counted on its tab.

The positions are the engine's (positions.py). Screenshots go to
tests/e2e/artifacts/screen-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .positions import drawn_under, melds_on_the_table, show
from .support import CORNER
from .test_i18n_pages import ENGLISH, ITALIAN, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"
SIZES = {
    "phone": (390, 844),
    "small": (360, 640),
    "sideways": (844, 390),
    "desktop": (1280, 900),
}
CASES = [
    *[("phone", melds, lang) for melds in (0, 6, 12) for lang in ("it", "en")],
    ("small", 0, "en"),
    ("small", 6, "it"),
    ("small", 12, "en"),
    ("sideways", 0, "it"),
    ("sideways", 6, "en"),
    ("sideways", 12, "it"),
    ("desktop", 0, "en"),
    ("desktop", 6, "it"),
    ("desktop", 12, "en"),
]
"""Every size with every number of melds; both languages on the 390×844 phone, the others
in turn (the words are the same whatever the size)."""


@pytest.fixture
def page_at(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height = SIZES[request.param]
    ctx = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=request.param != "desktop"
    )
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    yield page
    ctx.close()


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"screen-{name}.png"))


def _one_language(page: Page, lang: str) -> None:
    text = _shown_text(page)
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"words of the other language on the page: {wrong}\n---\n{text}"


WHAT_IS_SEEN = """async (selectors) => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    // For each element: its box, and whether a tap on the part of it that shows lands on it
    // (not on a card overlapping it, the drawer or anything else).
    const W = window.innerWidth, H = window.innerHeight;
    const out = {};
    for (const [name, selector] of Object.entries(selectors)) {
        out[name] = [...document.querySelectorAll(selector)].map((el) => {
            const r = el.getBoundingClientRect();
            // A card of the hand shows its left part up to the next card.
            const next = el.matches('#hand .card') ? el.nextElementSibling : null;
            const right = next ? Math.min(r.right, next.getBoundingClientRect().left) : r.right;
            const x = (r.left + right) / 2, y = r.top + Math.min(r.height / 2, 20);
            const hit = document.elementFromPoint(x, y);
            return {
                left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                shown: right - r.left,
                tappable: !!hit && (hit === el || el.contains(hit)),
            };
        });
    }
    const doc = document.documentElement;
    return {W, H, out, scrollH: doc.scrollHeight, scrollW: doc.scrollWidth,
        melds: document.getElementById('melds').getBoundingClientRect().toJSON()};
}"""

SEEN = {
    "stock": "#stock-slot",
    "pozzo": "#pozzo-slot",
    "card": "#hand .card",
    "action": "#actions button:not([hidden])",
    "newest meld": "#melds .meld:last-child",
    "tab": "#tabs .tab:not([hidden])",
    "seat": "#players .player",
}


def _inside(box: dict[str, float], w: float, h: float) -> bool:
    return box["left"] >= 0 and box["top"] >= 0 and box["right"] <= w and box["bottom"] <= h


def _apart(seen: dict[str, Any], *names: str) -> None:
    """No element of one kind lies over one of another (a pile over a seat, a tab over a
    card): each part of the table has its own place."""
    boxes = [(name, box) for name in names for box in seen["out"].get(name, [])]
    for i, (a_name, a) in enumerate(boxes):
        for b_name, b in boxes[i + 1 :]:
            if a_name == b_name:
                continue
            over = (
                a["left"] < b["right"] - 1
                and b["left"] < a["right"] - 1
                and a["top"] < b["bottom"] - 1
                and b["top"] < a["bottom"] - 1
            )
            assert not over, f"a {a_name} lies over a {b_name}: {a} and {b}"


@pytest.mark.parametrize(
    ("page_at", "melds", "lang"),
    CASES,
    ids=[f"{size}-{melds}-{lang}" for size, melds, lang in CASES],
    indirect=["page_at"],
)
def test_the_whole_table_is_on_one_screen(
    server: str, page_at: Page, melds: int, lang: str, request: pytest.FixtureRequest
) -> None:
    page = page_at
    show(page, server, melds_on_the_table(melds), lang)
    page.wait_for_selector("#hand .card")
    seen: dict[str, Any] = page.evaluate(WHAT_IS_SEEN, SEEN)
    w, h = seen["W"], seen["H"]
    _shot(page, request.node.callspec.id)
    assert seen["scrollH"] <= h, f"the page scrolls: {seen['scrollH']} px tall in {h}"
    assert seen["scrollW"] <= w, f"the page scrolls sideways: {seen['scrollW']} px in {w}"
    assert len(seen["out"]["card"]) == 14
    assert len(seen["out"]["newest meld"]) == (1 if melds else 0)
    for name, boxes in seen["out"].items():
        assert boxes or (name == "newest meld" and not melds), f"no {name} on the page"
        for i, box in enumerate(boxes):
            assert _inside(box, w, h), f"{name} #{i} is not all in view: {box} in {w}×{h}"
            assert box["tappable"], f"{name} #{i} cannot be tapped: {box}"
            if name == "card":
                assert box["shown"] >= 14, f"card #{i} shows only {box['shown']} px"
    _apart(seen, "seat", "stock", "pozzo", "card", "action", "newest meld", "tab")
    if melds:
        newest = seen["out"]["newest meld"][0]
        area = seen["melds"]
        assert area["top"] - 1 <= newest["top"] and newest["bottom"] <= area["bottom"] + 1, (
            f"the newest meld is scrolled out of the melds' area: {newest} in {area}"
        )
    _one_language(page, lang)


def _next(state: dict[str, Any], v: int, event: dict[str, Any] | None) -> dict[str, Any]:
    return {**state, "v": v, "event": event}


TAGS_COVERED = """() => {
    // The meld tags (number · points) a "who laid it" name lies over, by meld id.
    const covered = [];
    for (const label of document.querySelectorAll('.motion-meld')) {
        const a = label.getBoundingClientRect();
        for (const tag of document.querySelectorAll('#melds .meld .tag')) {
            const b = tag.getBoundingClientRect();
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
                covered.push(tag.parentElement.dataset.id);
            }
        }
    }
    return covered;
}"""


@pytest.mark.parametrize(
    ("page_at", "lang"), [("phone", "it"), ("small", "en")], indirect=["page_at"]
)
def test_a_meld_just_laid_is_scrolled_into_view_and_named_until_the_next_hand(
    server: str, page_at: Page, lang: str
) -> None:
    page = page_at
    before = melds_on_the_table(11).state(0)
    shown = show(page, server, melds_on_the_table(11), lang)
    page.evaluate("() => { document.getElementById('melds').scrollTop = 0; }")
    # Bruno lays the twelfth meld: it is scrolled into view and framed with his name.
    after = melds_on_the_table(12).state(0)
    shown.push(
        _next(after, before["v"] + 1, {"seat": 1, "type": "meld", "cards": ["6H", "6S", "6C"]})
    )
    name = page.locator(".meld[data-id='11'] .motion-meld")
    name.wait_for(timeout=2_000)
    bot = "Bot 2 (Facile)" if lang == "it" else "Bot 2 (Easy)"
    assert name.inner_text() == bot
    page.wait_for_function("() => document.getAnimations().length === 0")  # the meld's pop
    seen: dict[str, Any] = page.evaluate(WHAT_IS_SEEN, {"newest meld": ".meld[data-id='11']"})
    newest, area = seen["out"]["newest meld"][0], seen["melds"]
    assert area["top"] - 1 <= newest["top"] and newest["bottom"] <= area["bottom"] + 1, (
        f"the meld just laid is out of view: {newest} in {area}"
    )
    # The name does not hide a meld's number and points.
    assert page.evaluate(TAGS_COVERED) == []
    _shot(page, f"laid-{lang}")
    # A new hand is dealt while the name is still up: nothing of it is left on the new table.
    new_hand = {**after, "view": {**after["view"], "hand_number": after["view"]["hand_number"] + 1}}
    shown.push(_next(new_hand, before["v"] + 2, None))
    page.wait_for_function(
        f"() => document.getElementById('game').dataset.v === '{before['v'] + 2}'"
    )
    assert page.locator(".motion-meld").count() == 0
    assert page.locator(".meld.laid").count() == 0
    _one_language(page, lang)


PANELS = {"scores": "#panel-scores", "log": "#panel-log", "chat": "#chat", "share": "#panel-share"}
GOOD_GAME = {"en": "Good game!", "it": "Bella partita!"}


@pytest.mark.parametrize(
    ("page_at", "lang"),
    [("phone", "it"), ("phone", "en"), ("sideways", "it")],
    indirect=["page_at"],
    ids=["phone-it", "phone-en", "sideways-it"],
)
def test_the_tabs_open_their_panel_over_the_table_and_close_it(
    server: str, page_at: Page, lang: str, request: pytest.FixtureRequest
) -> None:
    page = page_at
    where = request.node.callspec.id
    height = SIZES[where.split("-")[0]][1]
    shown = show(page, server, melds_on_the_table(6), lang)
    sheet = page.locator("#sheet")
    assert sheet.is_hidden()  # on a phone only the table is shown at first
    for tab, panel in PANELS.items():
        page.click(f"#tab-{tab}")
        assert page.locator(panel).is_visible()
        assert [p for p in PANELS.values() if p != panel and page.locator(p).is_visible()] == []
        box = sheet.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height
        assert page.evaluate("() => document.documentElement.scrollHeight") <= height
        _shot(page, f"tab-{tab}-{where}")
        _one_language(page, lang)
        page.click(f"#tab-{tab}")  # a second tap closes it
        assert sheet.is_hidden()
    page.click("#tab-log")
    page.click("#sheet-close")
    assert sheet.is_hidden()
    page.click("#tab-scores")
    page.keyboard.press("Escape")
    assert sheet.is_hidden()
    # Bruno says something while the chat is closed: its tab counts it until it is opened.
    shown.push({"type": "chat", "seat": 1, "phrase": "gg"})
    page.wait_for_function("() => document.getElementById('chat-unread').textContent === '1'")
    assert page.locator("#chat-unread").is_visible()
    _shot(page, f"tab-unread-{where}")
    page.click("#tab-chat")
    assert page.locator("#chat-unread").is_hidden()
    assert page.locator("#chat-log li").inner_text().endswith(GOOD_GAME[lang])


@pytest.mark.parametrize(
    ("page_at", "lang"), [("phone", "en"), ("small", "it")], indirect=["page_at"]
)
def test_a_card_of_the_fan_is_dragged_to_another_place(
    server: str, page_at: Page, lang: str
) -> None:
    page = page_at
    show(page, server, melds_on_the_table(12), lang)
    cards = page.locator("#hand .card")
    before = cards.evaluate_all("(els) => els.map((e) => e.dataset.card)")
    first, last = cards.first.bounding_box(), cards.last.bounding_box()
    assert first is not None and last is not None
    assert first["x"] + first["width"] > cards.nth(1).bounding_box()["x"]  # type: ignore[index]
    # Held by its corner (what shows of it), dropped on the right half of the last card.
    page.mouse.move(first["x"] + CORNER["x"], first["y"] + CORNER["y"])
    page.mouse.down()
    page.mouse.move(first["x"] + 30, first["y"] + 10, steps=3)
    page.mouse.move(last["x"] + last["width"] * 0.8, last["y"] + last["height"] / 2, steps=8)
    page.mouse.up()
    after = cards.evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert after == [*before[1:], before[0]]
    _shot(page, f"dragged-{lang}")


OPENER = "5D 5C 5S 7H 8H 9H 2C 3C 4C KS QS JS 9D"
"""Three melds and a card: enough to put two melds aside and still choose a third."""


@pytest.mark.parametrize(
    ("page_at", "lang"),
    [("phone", "it"), ("small", "en"), ("sideways", "en")],
    indirect=["page_at"],
    ids=["phone-it", "small-en", "sideways-en"],
)
def test_melds_put_aside_for_the_opening_leave_the_actions_in_view(
    server: str, page_at: Page, lang: str, request: pytest.FixtureRequest
) -> None:
    page = page_at
    show(page, server, drawn_under({}, OPENER), lang)
    for meld in ("5D 5C 5S", "7H 8H 9H"):
        for card in meld.split():
            page.locator(f'#hand .card[data-card="{card}"]').click(position=CORNER)
        page.click("#btn-add")
    page.wait_for_selector("#staging .staged:nth-child(2)")
    for card in ("2C", "3C", "4C"):  # a third chosen: the opening line counts it too
        page.locator(f'#hand .card[data-card="{card}"]').click(position=CORNER)
    page.wait_for_selector("#opening:not([hidden])")
    seen: dict[str, Any] = page.evaluate(
        WHAT_IS_SEEN,
        {
            "action": "#actions button:not([hidden])",
            "card": "#hand .card",
            "put aside": "#staging .staged",
            "opening": "#opening",
            "pozzo": "#pozzo-slot",
            "stock": "#stock-slot",
            "seat": "#players .player",
            "tab": "#tabs .tab",
        },
    )
    _shot(page, f"opening-{request.node.callspec.id}")
    w, h = seen["W"], seen["H"]
    assert seen["scrollH"] <= h, f"the page scrolls: {seen['scrollH']} px tall in {h}"
    for name, boxes in seen["out"].items():
        assert boxes, f"no {name} on the page"
        for i, box in enumerate(boxes):
            assert _inside(box, w, h), f"{name} #{i} is not all in view: {box} in {w}×{h}"
            assert box["tappable"], f"{name} #{i} cannot be tapped: {box}"
    _apart(seen, "seat", "stock", "pozzo", "put aside", "card", "action", "tab")
    _one_language(page, lang)
