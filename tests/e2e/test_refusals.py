"""A refused move reads in the page's language, and keeps the engine's specifics.

The server sends the engine's code and its English reason; an Italian player sees the
Italian sentence for the code, with the English reason in small print only when it names
a card, a number or a player (so nothing the engine said is lost).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from .support import post_json
from .test_browser import _drag

REFUSAL_JS = """async (cases) => {
    const m = await import("/static/js/i18n.js");
    const out = [];
    for (const [lang, code, message] of cases) {
        localStorage.setItem("scala40:lang", lang);
        out.push(m.refusal(code, message));
    }
    return out;
}"""


def test_the_words_for_a_refusal_in_each_language(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    got: list[dict[str, Any]] = page.evaluate(
        REFUSAL_JS,
        [
            ["it", "draw_first", "draw a card first (from the stock or the pozzo)"],
            ["it", "not_in_hand", "you do not hold 7♥"],
            ["it", "below_opening", "an opening needs 40 points; these melds make 33"],
            ["it", "not_your_turn", "it is Bea's turn"],
            ["it", "a_code_from_tomorrow", "something new went wrong"],
            ["en", "draw_first", "draw a card first (from the stock or the pozzo)"],
            ["en", "not_in_hand", ""],
        ],
    )
    page.close()
    assert got == [
        {"text": "Prima pesca una carta (dal tallone o dal pozzo).", "detail": ""},
        {"text": "Non hai in mano quella carta.", "detail": "you do not hold 7♥"},
        {
            "text": "Queste combinazioni non fanno abbastanza punti per aprire.",
            "detail": "an opening needs 40 points; these melds make 33",
        },
        {"text": "Non è il tuo turno.", "detail": "it is Bea's turn"},
        {"text": "something new went wrong", "detail": ""},
        {"text": "Draw a card first (from the stock or the pozzo)", "detail": ""},
        {"text": "You do not hold that card.", "detail": ""},
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
