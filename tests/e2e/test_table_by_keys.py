"""The table for a screen reader and a keyboard, on a phone, in Italian and in English:
cards and melds named in the page's language, the selection exposed as pressed, turns,
refusals and a hint asked for said once by the live region, every move made by keys alone
(a whole turn against a bot, and open / meld / lay off / swap on set-up positions), a
visible focus and no motion for who asks for less. Screenshots go to
tests/e2e/artifacts/keys-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from . import positions
from .axe import assert_accessible
from .support import post_json

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE: ViewportSize = {"width": 390, "height": 844}
LANGS = ["it", "en"]

WORDS = {
    "it": {
        "queen": "donna di cuori",
        "joker_for": "jolly al posto del dieci di cuori",
        "run": "Combinazione 1: scala di cuori da otto a fante, 37 punti",
        "set": "Combinazione 2: tris di cinque, 15 punti",
        "joker": "jolly",
        "choose": "Su quale combinazione?",
        "your_turn": "Tocca a te",
        "bot_turn": "Sta giocando Bot",
        "barred": "La carta 6♠ si attacca a una combinazione in tavola",
    },
    "en": {
        "queen": "queen of hearts",
        "joker_for": "joker standing for the ten of hearts",
        "run": "Meld 1: run of hearts from eight to jack, 37 points",
        "set": "Meld 2: set of three fives, 15 points",
        "joker": "joker",
        "choose": "On which meld?",
        "your_turn": "Your turn",
        "bot_turn": "Bot 2 (Easy) is playing",
        "barred": "The 6♠ fits a meld on the table",
    },
}

# Lines of the list of keys ("?") for the moves a click on the table makes.
LISTED = {
    "it": ["Cala le carte scelte", "Attacca la carta scelta", "Scambia la carta scelta"],
    "en": ["Lay the selected cards", "Lay off the selected card", "Swap the selected card"],
}

# Every text the live region says, in order (an empty region is not a word said).
HEARD = """(() => {
    window.heard = [];
    const watch = () => {
        const region = document.getElementById("announce");
        if (!region) return setTimeout(watch, 20);
        new MutationObserver(() => {
            if (region.textContent) window.heard.push(region.textContent);
        }).observe(region, { childList: true, characterData: true, subtree: true });
    };
    watch();
})();"""


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


@pytest.fixture
def page(browser: Browser, lang: str) -> Iterator[Page]:
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_init_script(f"localStorage.setItem('scala40:lang', {lang!r});")
    ctx.add_init_script(HEARD)
    ctx.set_default_timeout(15_000)
    yield ctx.new_page()
    ctx.close()


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"keys-{name}.png"), full_page=True)


def _select(page: Page, card: str) -> None:
    """Move the keyboard's cursor to ``card`` with the arrows, then Space."""
    cards: list[str] = page.eval_on_selector_all(
        "#hand .card", "cs => cs.map((c) => c.dataset.card)"
    )
    at = next(
        (
            i
            for i, c in enumerate(page.locator("#hand .card").all())
            if "kbd-cursor" in (c.get_attribute("class") or "")
        ),
        -1,
    )
    goal = cards.index(card)
    if at < 0:
        page.keyboard.press("ArrowRight")  # the cursor shows up on the first card
        at = 0
    for _ in range(abs(goal - at)):
        page.keyboard.press("ArrowRight" if goal > at else "ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == card
    page.keyboard.press(" ")


def _pressed(page: Page, card: str) -> str | None:
    return page.get_attribute(f'#hand .card[data-card="{card}"]', "aria-pressed")


def _heard(page: Page) -> list[str]:
    said: list[str] = page.evaluate("window.heard")
    return said


def test_cards_and_melds_are_named_in_the_pages_language(
    page: Page, server: str, lang: str
) -> None:
    words = WORDS[lang]
    positions.show(page, server, positions.joker_to_lay_off(), lang)
    # The accessible names Chromium computes: what a screen reader says.
    page.get_by_role("group", name=words["run"], exact=True).wait_for()
    page.get_by_role("group", name=words["set"], exact=True).wait_for()
    joker = page.get_by_role("button", name=words["joker"], exact=True)
    assert joker.get_attribute("aria-pressed") == "false"
    joker.click()
    assert joker.get_attribute("aria-pressed") == "true"
    assert page.locator("#hand .kbd-cursor").count() == 0  # a click shows no keyboard cursor
    # The glyphs drawn on a card ("J", "♥") are hidden: only its name is read.
    hidden = page.eval_on_selector_all(
        "#melds .card .pip, #melds .card .corner, #hand .card .pip",
        "els => els.every((e) => e.getAttribute('aria-hidden') === 'true')",
    )
    assert hidden
    positions.show(page, server, positions.everything_open(), lang)
    page.get_by_role("button", name=words["queen"], exact=True).wait_for()
    page.get_by_role("img", name=words["joker_for"], exact=True).wait_for()
    _shot(page, f"named-{lang}")


def test_open_meld_lay_off_and_swap_by_keys(page: Page, server: str, lang: str) -> None:
    words = WORDS[lang]
    actor = positions.everything_open()
    shown = positions.show(page, server, actor, lang)

    def answered() -> None:
        """The server's answer (here: the same VIEW again) ends the wait for it."""
        page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
        shown.push(actor.state(0))
        page.wait_for_function("() => document.getElementById('game').dataset.pending === 'false'")

    # Tab reaches the hand too: Space selects the card, and the focus stays on it.
    page.focus("#sort-group")
    page.keyboard.press("Tab")
    first = page.locator("#hand .card").first.get_attribute("data-card")
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press(" ")
    assert _pressed(page, str(first)) == "true"
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press("Escape")
    for card in ("5D", "5C", "5S"):
        _select(page, card)
        assert _pressed(page, card) == "true"
    page.keyboard.press("m")
    answered()
    assert shown.actions()[-1]["action"] == {"type": "meld", "cards": ["5D", "5C", "5S"]}
    page.keyboard.press("Escape")
    assert _pressed(page, "5D") == "false"
    _select(page, "QH")
    page.keyboard.press("l")
    answered()
    assert shown.actions()[-1]["action"] == {"type": "layoff", "card": "QH", "target": 0}
    page.keyboard.press("Escape")
    _select(page, "10H")
    page.keyboard.press("s")
    answered()
    assert shown.actions()[-1]["action"] == {"type": "swap", "card": "10H", "target": 0}
    page.keyboard.press("Escape")
    _select(page, "KS")
    page.keyboard.press("x")
    answered()
    assert shown.actions()[-1]["action"] == {"type": "discard", "card": "KS"}
    # The list of keys names them, in the page's language.
    page.keyboard.press("?")
    listed = page.inner_text("#keys-list")
    for line in LISTED[lang]:
        assert line in listed
    _shot(page, f"keys-help-{lang}")
    assert_accessible(page, f"the list of keys ({lang})")
    page.keyboard.press("Escape")

    # A joker fits two melds: L asks which, by the melds' names; the keyboard answers.
    shown = positions.show(page, server, positions.joker_to_lay_off(), lang)
    _select(page, "JK")
    page.keyboard.press("l")
    page.wait_for_selector("#choice:not([hidden])")
    assert page.inner_text("#choice-title") == words["choose"]
    assert page.locator("#choice-buttons button").all_inner_texts() == [words["run"], words["set"]]
    assert page.evaluate("document.activeElement.parentElement.id") == "choice-buttons"
    _shot(page, f"choose-meld-{lang}")
    assert_accessible(page, f"the choice of a meld ({lang})")
    page.keyboard.press("Tab")  # to the set
    page.keyboard.press("Enter")
    # A joker on the set of fives stands for the suit it lacks: the one left, asked no more.
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
    assert shown.actions()[-1]["action"] == {
        "type": "layoff",
        "card": "JK",
        "target": 1,
        "declared": "5S",
    }


def test_a_refusal_is_said_once_not_on_every_patch(page: Page, server: str, lang: str) -> None:
    actor = positions.barred_six()
    shown = positions.show(page, server, actor, lang)
    barred = WORDS[lang]["barred"]
    said_barred = f"() => window.heard.filter((h) => h.startsWith({barred!r})).length"
    # Selecting the card alone says at once why it may not go; pressing the discard key
    # then asks again and is told again: once for each thing the player did.
    _select(page, "6S")
    page.wait_for_function(f"() => ({said_barred})() === 1")
    page.keyboard.press("x")
    page.wait_for_function(f"() => ({said_barred})() === 2")
    page.wait_for_timeout(200)
    said = [h for h in _heard(page) if h.startswith(barred)]
    assert len(said) == 2, _heard(page)
    # The table drawn again (the same VIEW sent whole, twice) says nothing more.
    before = len(_heard(page))
    for _ in range(2):
        shown.push(actor.state(0))
    page.wait_for_timeout(300)
    assert _heard(page)[before:] == []
    assert page.inner_text("#message").startswith(WORDS[lang]["barred"])  # still shown


def test_a_whole_turn_by_keys_alone(page: Page, server: str, lang: str) -> None:
    words = WORDS[lang]
    made: dict[str, Any] = post_json(
        server + "/api/tables",
        {"seats": ["human", "bot:greedy"], "rules": {"preset": "fisca"}, "nickname": "Anna"},
    )
    page.goto(server + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem('scala40:' + id, token)",
        [made["table_id"], made["token"]],
    )
    page.goto(f"{server}/t/{made['table_id']}")
    page.wait_for_function(
        """() => {
            const game = document.getElementById("game");
            return game.dataset.myTurn === "true" && game.dataset.phase === "draw";
        }"""
    )
    page.wait_for_function(
        "(w) => window.heard.some((h) => h.startsWith(w))", arg=words["your_turn"]
    )
    # H: the hint, said as it comes.
    page.keyboard.press("h")
    page.wait_for_selector("#hintbox:not([hidden])")
    hint = page.inner_text("#hint-text")
    page.wait_for_function("(h) => window.heard.includes(h)", arg=hint)
    page.keyboard.press("d")
    page.wait_for_function("() => document.getElementById('game').dataset.phase === 'play'")
    legal = page.get_attribute("#hand .card.legal-discard", "data-card")
    assert legal is not None
    _select(page, legal)
    assert _pressed(page, legal) == "true"
    v = int(page.get_attribute("#game", "data-v") or 0)
    page.keyboard.press("x")
    # My discard, the bot's turn (no pause: its moves come at once), and mine again.
    page.wait_for_function(
        """(v) => {
            const game = document.getElementById("game");
            return Number(game.dataset.v) >= v + 3 && game.dataset.myTurn === "true"
                && game.dataset.phase === "draw";
        }""",
        arg=v,
    )
    assert page.locator("#hand .card").count() == 13  # the discard went: 14 - 1
    page.wait_for_timeout(1500)  # the turn line ticks and patches come: nothing more is said
    heard = [h for h in _heard(page) if h != hint]
    _shot(page, f"turn-{lang}")
    # From my first turn on (a page that connects before the bot's first move hears the
    # bot's turn first): each turn said once: mine, (the bot's, unless mine came within the
    # same instant), mine.
    mine = [i for i, h in enumerate(heard) if h.startswith(words["your_turn"])]
    assert mine, heard
    heard = heard[mine[0] :]
    assert heard[-1].startswith(words["your_turn"])
    assert len(heard) in (2, 3), heard
    assert all(h.startswith(words["bot_turn"]) for h in heard[1:-1]), heard
    assert page.get_attribute("#turnbar", "aria-live") is None  # its ticking is not read out


def test_focus_is_visible_and_motion_stops_on_request(browser: Browser, server: str) -> None:
    motions: list[tuple[Literal["reduce", "no-preference"], str]] = [
        ("reduce", "0s"),
        ("no-preference", "0.08s"),
    ]
    for motion, duration in motions:
        ctx = browser.new_context(viewport=PHONE, reduced_motion=motion)
        page = ctx.new_page()
        positions.show(page, server, positions.everything_open(), "en")
        got = page.eval_on_selector("#hand .card", "c => getComputedStyle(c).transitionDuration")
        assert got == duration, motion
        ctx.close()
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    positions.show(page, server, positions.everything_open(), "en")
    for selector in ("#btn-discard", "#sort-suit", "#chat-send", "#lang"):
        if selector == "#chat-send":
            page.click("#tab-chat")  # the chat is behind its tab on a phone
        page.focus(selector)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # reached by the keyboard: :focus-visible applies
        outline = page.eval_on_selector(
            selector, "b => [getComputedStyle(b).outlineStyle, getComputedStyle(b).outlineWidth]"
        )
        assert outline == ["solid", "3px"], (selector, outline)
    ctx.close()


def test_an_opening_by_keys(page: Page, server: str, lang: str) -> None:
    # Anna, not opened, has drawn: the run 10♥ J♥ Q♥ K♥ makes the 40 points to open.
    anna = "10H JH QH KH 2C 5D 9S 3C 7D 8S 4C 6D 2S"
    shown = positions.show(page, server, positions.drawn_under({}, anna), lang)
    for card in ("10H", "JH", "QH", "KH"):
        _select(page, card)
    page.keyboard.press("a")  # put aside for the opening
    page.wait_for_selector("#staging .staged")
    assert page.locator("#hand .card[aria-pressed='true']").count() == 0
    page.keyboard.press("o")
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'true'")
    assert shown.actions()[-1]["action"] == {"type": "open", "melds": [["10H", "JH", "QH", "KH"]]}


def _luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed ``rgb(r, g, b)`` colour."""
    parts = [float(x) / 255 for x in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted([_luminance(a), _luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_turn_line_and_the_felts_words_keep_4_5_to_1(browser: Browser, server: str) -> None:
    """axe cannot judge text on the felt's gradient: measured here against its lightest
    colour (the centre), or the text's own background where it has one."""
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    positions.show(page, server, positions.everything_open(), "en")
    colours: list[list[str]] = page.evaluate(
        """() => {
            const probe = document.createElement("div");
            probe.style.background = "var(--felt-light)";
            document.body.append(probe);
            const felt = getComputedStyle(probe).backgroundColor;
            return ["#turnbar", ".pile .label", "#players .player .name"].map((sel) => {
                const style = getComputedStyle(document.querySelector(sel));
                const own = style.backgroundColor;
                const back = own.startsWith("rgba") && own.endsWith(", 0)") ? felt : own;
                return [sel, style.color, back, style.opacity];
            });
        }"""
    )
    for selector, colour, back, opacity in colours:
        assert opacity == "1", selector
        ratio = _contrast(colour, back)
        assert ratio >= 4.5, f"{selector}: {colour} on {back} is {ratio:.2f}:1"
    ctx.close()
