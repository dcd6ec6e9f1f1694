"""A refused move reads in the page's language, with the engine's specifics.

The server sends the engine's code, its English reason and its facts (which rule, which
cards, how many points); an Italian player reads the whole reason in Italian, never the
English beside it.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from .support import post_json
from .test_browser import _drag

REFUSAL_JS = """async (cases) => {
    const m = await import("/static/js/i18n.js");
    const out = [];
    for (const [lang, code, message, facts] of cases) {
        localStorage.setItem("scala40:lang", lang);
        out.push(m.refusal(code, message, facts));
    }
    return out;
}"""


def test_the_words_for_a_refusal_in_each_language(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    neither = "7♥ 8♦ 9♣ is neither a run (one suit, consecutive) nor a set (one rank, ...)"
    got: list[str] = page.evaluate(
        REFUSAL_JS,
        [
            ["it", "draw_first", "draw a card first (from the stock or the pozzo)", None],
            ["it", "not_in_hand", "you do not hold 7♥", {"card": "7♥"}],
            [
                "it",
                "below_opening",
                "an opening needs 40 points; these melds make 33",
                {"need": 40, "points": 33},
            ],
            ["it", "not_your_turn", "it is Bea's turn", {"seat": 1, "name": "Bea"}],
            ["it", "invalid_meld", neither, {"problem": "neither", "cards": "7♥ 8♦ 9♣"}],
            ["it", "not_in_hand", "you do not hold 7♥", None],
            ["it", "a_code_from_tomorrow", "something new went wrong", None],
            ["en", "draw_first", "draw a card first (from the stock or the pozzo)", None],
            ["en", "not_in_hand", "", None],
            ["en", "below_opening", "", {"need": 40, "points": 33}],
        ],
    )
    page.close()
    assert got == [
        "Prima pesca una carta (dal tallone o dal pozzo).",
        "Non hai in mano 7♥.",
        "Per aprire servono 40 punti: queste combinazioni ne fanno 33.",
        "Tocca a Bea.",
        "7♥ 8♦ 9♣ non è né una scala (stesso seme, consecutive) né un tris o poker"
        " (stesso valore, semi diversi).",
        # An older server sends no facts: the code's own sentence, no English beside it.
        "Non hai in mano quella carta.",
        "something new went wrong",
        "Draw a card first (from the stock or the pozzo)",
        "You do not hold that card.",
        "An opening needs 40 points: these melds make 33.",
    ]


def test_an_italian_table_says_why_a_move_is_refused(server: str, browser: Browser) -> None:
    made = post_json(
        server + "/api/tables",
        {
            "seats": ["human", "bot:greedy"],
            "rules": {"preset": "fisca", "changes": {}},
            "nickname": "Anna",
            "turn_seconds": None,
        },
    )
    table_id, token = made["table_id"], made["token"]
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    page.set_default_timeout(10_000)
    page.goto(server + "/")
    page.evaluate(
        """([id, token]) => {
            localStorage.setItem("scala40:" + id, token);
            localStorage.setItem("scala40:lang", "it");
        }""",
        [table_id, token],
    )
    page.goto(f"{server}/t/{table_id}")
    page.wait_for_function(
        """() => document.getElementById("game").dataset.myTurn === "true"
            && document.getElementById("game").dataset.phase === "draw" """
    )
    # Dropping a card on the pozzo before drawing: refused, in Italian.
    _drag(page, page.locator("#hand .card").nth(0), page.locator("#pozzo-slot"))
    page.wait_for_selector("#message.error")
    assert page.locator("#message").inner_text() == (
        "Prima pesca una carta (dal tallone o dal pozzo)."
    )
    assert page.locator("#message .detail").count() == 0
    # Switching the language re-words the refusal on the spot.
    page.click("#lang")
    page.wait_for_function(
        """() => document.getElementById("message").textContent.startsWith("Draw a card")"""
    )
    assert page.locator("#message.error").count() == 1
    page.context.close()
