"""A real server and a real browser: create a table in the lobby, play a whole hand by
clicking, and read the score sheet; then check the table fits a phone's screen.

The server runs as ``scala40 serve`` in a subprocess (temporary SQLite database and data
directory, bots without a pause); the browser is Debian's chromium driven by Playwright.
The test fails, never skips, when chromium is missing: CI installs it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FloatRect, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .support import CORNER, Server, free_port, get_json, post_json

ARTIFACTS = Path(__file__).parent / "artifacts"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
MAX_CLICK_ROUNDS = 400
"""More turns than any hand lasts; the loop stops with a failure instead of hanging."""


def _page_errors(page: Page) -> list[str]:
    """Script errors on the page, anything the content policy blocked, and any of the
    page's files the server failed to send."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.on(
        "response",
        lambda r: (
            errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and ("/static/" in r.url or r.request.resource_type == "document")
            else None
        ),
    )
    return errors


def _summary_shown(page: Page) -> bool:
    return page.locator("#summary").is_visible()


WHERE_THE_PAGE_IS = """() => ({
    game: {...document.getElementById("game").dataset},
    summary_hidden: document.getElementById("summary").hidden,
    turn: document.getElementById("turnbar").innerText,
    message: document.getElementById("message").innerText,
})"""
"""What a test that waited in vain reports of the page: its data, the turn bar, the message."""


def _wait_for_my_move(page: Page) -> None:
    """Until it is this seat's turn with nothing in flight, or the hand is over."""
    try:
        page.wait_for_function(
            """() => {
                const g = document.getElementById("game");
                return !document.getElementById("summary").hidden
                    || (g.dataset.myTurn === "true" && g.dataset.pending === "false");
            }""",
            timeout=20_000,
        )
    except PlaywrightTimeoutError:
        raise AssertionError(
            f"20 s without this seat's turn: {page.evaluate(WHERE_THE_PAGE_IS)}"
        ) from None


def _wait_for_answer(page: Page, version: str) -> None:
    """Until the server answered the last click: a new version, an error, or the summary."""
    page.wait_for_function(
        """(v) => {
            const g = document.getElementById("game");
            return !document.getElementById("summary").hidden
                || g.dataset.v !== v
                || (g.dataset.pending === "false"
                    && document.getElementById("message").classList.contains("error"));
        }""",
        arg=version,
        timeout=20_000,
    )


def _discard_a_legal_card(page: Page) -> None:
    page.keyboard.press("Escape")  # drop any selection left by a refused move
    legal = page.locator("#hand .card.legal-discard")
    legal.first.click()
    page.click("#btn-discard")


SHOWN_WIDTH = """(el) => {
    const next = el.matches('#hand .card') && el.nextElementSibling;
    const r = el.getBoundingClientRect();
    return next ? Math.min(r.width, next.getBoundingClientRect().left - r.left) : r.width;
}"""
"""How much of an element shows: a card of a phone's fan shows up to the next card."""


def _box(page: Page, what: Locator) -> FloatRect:
    """Where ``what`` is on screen, once it shows. A view that arrives just then redraws the
    hand: a card found a moment before is gone (no box), and the same place names its
    successor, so the look is taken again until one holds still (up to 10 s)."""
    deadline = time.monotonic() + 10
    while True:
        what.wait_for(state="visible", timeout=10_000)
        box = what.bounding_box()
        if box is not None:
            return box
        assert time.monotonic() < deadline, f"{what} never showed long enough to be seen"
        page.wait_for_timeout(50)


def _drag(page: Page, source: Locator, target: Locator, *, right: bool = False) -> None:
    """Drag with the mouse from the corner of ``source`` (what a card in a phone's fan
    shows) to what shows of ``target`` (its right part)."""
    a = _box(page, source)
    b = _box(page, target)
    shown: float = target.evaluate(SHOWN_WIDTH)
    page.mouse.move(a["x"] + CORNER["x"], a["y"] + CORNER["y"])
    page.mouse.down()
    page.mouse.move(a["x"] + CORNER["x"] + 12, a["y"] + CORNER["y"], steps=3)
    x = b["x"] + shown * (0.8 if right else 0.5)
    page.mouse.move(x, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def _select_and_lay(page: Page, button: str) -> None:
    """Lay the hint's melds by hand: click each meld's cards, then ``button`` (Add meld or
    Meld), picking the hint's joker reading if the page asks which one."""
    groups = [
        (g.get_attribute("data-cards") or "").split()
        for g in page.locator("#hint-melds .hint-meld").all()
    ]
    for cards in groups:
        staged = page.locator("#staging .staged").count()
        version = page.locator("#game").get_attribute("data-v") or ""
        for text in cards:
            in_hand = "JK" if text.startswith("JK") else text
            page.locator(f'#hand .card[data-card="{in_hand}"]:not(.selected)').first.click()
        page.click(button)
        page.wait_for_function(
            """([n, v]) => !document.getElementById("choice").hidden
                || document.querySelectorAll("#staging .staged").length > n
                || document.getElementById("game").dataset.pending === "true"
                || document.getElementById("game").dataset.v !== v
                || document.getElementById("message").classList.contains("error")""",
            arg=[staged, version],
        )
        if page.locator("#choice").is_visible():
            options = page.locator("#choice-buttons button").all()
            same = [
                b
                for b in options
                if sorted((b.get_attribute("data-cards") or "").split()) == sorted(cards)
            ]
            (same or options)[0].click()


def _play_on_meld(page: Page, card: Locator) -> None:
    """Lay off or swap as the hint says: select the card, click the meld, answer the
    question about the run's end or the joker's suit if the page asks it."""
    version = page.locator("#game").get_attribute("data-v") or ""
    card.click()
    page.locator("#melds .meld.hinted").click()
    page.wait_for_function(
        """(v) => !document.getElementById("choice").hidden
            || document.getElementById("game").dataset.pending === "true"
            || document.getElementById("game").dataset.v !== v
            || document.getElementById("message").classList.contains("error")""",
        arg=version,
    )
    if page.locator("#choice").is_visible():
        hint = page.locator("#hintbox")
        end = hint.get_attribute("data-end") or ""
        declared = hint.get_attribute("data-declared") or ""
        options = page.locator("#choice-buttons button").all()
        same = [
            b
            for b in options
            if (not end or b.get_attribute("data-end") == end)
            and (not declared or b.get_attribute("data-declared") == declared)
        ]
        (same or options)[0].click()


def _open_by_hand(page: Page) -> None:
    """Open as the hint says, through Add meld and Open, checking the running total."""
    _select_and_lay(page, "#btn-add")
    opening = page.locator("#opening")
    assert opening.is_visible()
    assert "ok" in (opening.get_attribute("class") or ""), opening.inner_text()
    page.click("#btn-open")


def _play_one_move(page: Page, drag_discard: bool) -> bool:
    """The test's policy: draw; then the hint's move (a discard by hand, dragged onto the
    pozzo when ``drag_discard``), else a legal discard. True when it dragged a discard."""
    dragged = False
    game = page.locator("#game")
    version = game.get_attribute("data-v") or ""
    assert page.locator("#turnbar").inner_text().startswith("Your turn")
    if game.get_attribute("data-phase") == "draw":
        page.click("#btn-draw")
        _wait_for_answer(page, version)
        return False
    page.click("#btn-hint")
    page.wait_for_selector("#hintbox:not([hidden])")
    page.wait_for_function("() => document.getElementById('game').dataset.pending === 'false'")
    action = page.locator("#hintbox").get_attribute("data-action")
    hinted = page.locator("#hand .card.hinted")
    if action == "discard" and hinted.count() == 1 and drag_discard:
        _drag(page, hinted.first, page.locator("#pozzo-slot"))
        dragged = True
    elif action == "discard" and hinted.count() == 1:
        hinted.first.click()
        page.click("#btn-discard")
    elif action == "open":
        _open_by_hand(page)
    elif action == "meld":
        _select_and_lay(page, "#btn-meld")
    elif action in ("layoff", "swap") and hinted.count() == 1:
        _play_on_meld(page, hinted.first)
    elif action:
        page.click("#btn-playhint")
    else:
        _discard_a_legal_card(page)
    _wait_for_answer(page, version)
    if action == "open":
        # The opening laid by hand went through: the table shows me as opened.
        assert page.locator("#players .player.me .badge.opened").count() == 1, page.locator(
            "#message"
        ).inner_text()
    if dragged or action in ("open", "meld", "layoff", "swap"):
        # The move made by hand was the hint's legal move: the server took it.
        assert game.get_attribute("data-v") != version or _summary_shown(page), (
            f"{action}: {page.locator('#message').inner_text()}"
        )
    if game.get_attribute("data-v") == version and not _summary_shown(page):
        # The move was refused (the reason is on screen): fall back to a plain discard.
        _discard_a_legal_card(page)
        _wait_for_answer(page, version)
    return dragged


def test_a_whole_hand_through_the_lobby_and_the_table(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = _page_errors(page)
    page.goto(server + "/")

    # The lobby: one human (me) and three bots, FISCA rules changed to a one-hand match
    # through the rules form, so the match ends with the hand and reaches the history.
    page.fill("#nickname", "Anna")
    page.select_option("#seat-count", "4")
    for seat in (1, 2, 3):
        page.select_option(f'#seats select[data-seat="{seat}"]', "bot:easy")
    page.click("#rules-details summary")
    page.fill('#rules [data-key="fixed_hands"]', "1")
    page.click("#create-btn")
    # Nobody to invite: the lobby goes straight to the table.
    page.wait_for_url("**/t/*")
    table_id = page.url.split("/t/")[1].split("?")[0]

    # The table: 13 cards (14 if I play first and drew... not yet), four players.
    page.wait_for_selector("#hand .card")
    assert page.locator("#players .player").count() == 4
    assert page.locator("#players .player.me .name").inner_text().startswith("Anna")
    assert page.locator("#hand .card").count() == 13

    ARTIFACTS.mkdir(exist_ok=True)
    dragged = False
    try:
        for _ in range(MAX_CLICK_ROUNDS):
            _wait_for_my_move(page)
            if _summary_shown(page):
                break
            dragged = _play_one_move(page, drag_discard=not dragged) or dragged
        else:
            pytest.fail(f"the hand did not end within {MAX_CLICK_ROUNDS} moves")
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "failure.png"), full_page=True)
        print(f"\nfailure screenshot: {ARTIFACTS / 'failure.png'}")
        raise

    # The end-of-hand summary: every hand shown and counted, the winner paying nothing.
    rows = page.locator("#summary-table tbody tr.player-row")
    assert rows.count() == 4
    penalties: dict[str, int] = {}
    for i in range(4):
        row = rows.nth(i)
        name = row.locator("td").first.inner_text()
        penalties[name] = int(row.locator("td.penalty").inner_text())
        seat_shown = row.get_attribute("data-seat")
        shown = page.locator(f'#summary-table tr.cards-row[data-seat="{seat_shown}"] .card').count()
        if "winner" in (row.get_attribute("class") or ""):
            assert penalties[name] == 0
            assert shown == 0
        else:
            assert shown > 0
    assert sum(penalties.values()) > 0
    ARTIFACTS.mkdir(exist_ok=True)
    summary_png = ARTIFACTS / "summary.png"
    page.screenshot(path=str(summary_png))
    print(f"\nsummary screenshot: {summary_png}")

    winner = page.locator("#summary-table tr.winner td").first.inner_text()
    assert winner in page.locator("#summary-extra").inner_text()  # "Match over: X wins!"

    # The score sheet carries the hand's penalties, column by column.
    page.click("#summary-close")
    page.click("#tab-scores")  # the score sheet lies behind its tab
    page.wait_for_selector("#scores tbody tr:nth-child(2)")
    heads = page.locator("#scores thead th").all_inner_texts()[1:]
    first = page.locator("#scores tbody tr").first.locator("td").all_inner_texts()
    assert first[0] == "1"
    assert dict(zip(heads, (int(x) for x in first[1:]), strict=True)) == penalties
    assert page.locator("#chart svg line.elimination").count() == 1

    table_png = ARTIFACTS / "table.png"
    page.screenshot(path=str(table_png), full_page=True)
    print(f"table screenshot: {table_png}")

    # The finished match is in the history, with its replay and its game record.
    page.goto(server + "/history")
    row = page.locator(f'#matches tr[data-table="{table_id}"]')
    row.wait_for()
    assert "Anna" in row.inner_text()
    assert winner in row.locator("td").nth(2).inner_text()
    record = get_json(f"{server}/api/tables/{table_id}/record")
    assert record["format"] == "scala40-record"
    row.locator("a", has_text="Replay").click()
    page.wait_for_selector("#hands .replay-hand")
    assert page.locator("#hands .replay-hand").count() == 4
    assert page.locator("#hands .replay-hand").first.locator(".card").count() == 13
    page.click("#last")
    page.wait_for_selector("#scores tbody tr:nth-child(2)")
    last = page.locator("#scores tbody tr").first.locator("td").all_inner_texts()
    assert dict(zip(heads, (int(x) for x in last[1:]), strict=True)) == penalties
    replay_png = ARTIFACTS / "replay.png"
    page.screenshot(path=str(replay_png), full_page=True)
    print(f"replay screenshot: {replay_png}")
    assert errors == []
    context.close()


def test_the_table_fits_a_phone(server: str, browser: Browser) -> None:
    made = post_json(
        server + "/api/tables",
        {
            "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"],
            "rules": {"preset": "fisca", "changes": {}},
            "nickname": "Bea",
            "turn_seconds": None,
        },
    )
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    errors = _page_errors(page)
    page.goto(server + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem('scala40:' + id, token)",
        [made["table_id"], made["token"]],
    )
    page.goto(f"{server}/t/{made['table_id']}")
    page.wait_for_selector("#hand .card")
    # The action bar shows the moves of the moment: wait for my turn so it has some.
    page.wait_for_function(
        """() => document.getElementById("game").dataset.myTurn === "true"
            && document.getElementById("game").dataset.pending === "false" """,
        timeout=20_000,
    )

    width = page.evaluate("() => document.documentElement.clientWidth")
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways on a phone ({scroll} > {width} px)"
    for selector in ("#hand .card", "#actions button:visible"):
        boxes = page.locator(selector)
        assert boxes.count() > 0
        for i in range(boxes.count()):
            box = boxes.nth(i).bounding_box()
            assert box is not None, f"{selector} #{i} is not shown"
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (
                f"{selector} #{i} is off the side of a 390 px screen"
            )
    # Drag the first card to the right of the sixth: the hand keeps that order.
    cards = page.locator("#hand .card")
    order = cards.evaluate_all("els => els.map(e => e.dataset.card)")
    _drag(page, cards.nth(0), cards.nth(5), right=True)
    moved = cards.evaluate_all("els => els.map(e => e.dataset.card)")
    assert moved == order[1:6] + order[:1] + order[6:]
    assert page.locator(".sortbtn.active").count() == 0
    page.click("#sort-rank")
    ranked = cards.evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(ranked) == sorted(order)
    ranks = [RANKS.index(c[:-1]) if c != "JK" else len(RANKS) for c in ranked]
    assert ranks == sorted(ranks)

    phone_png = ARTIFACTS / "phone.png"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(phone_png), full_page=True)
    print(f"\nphone screenshot: {phone_png}")
    assert errors == []
    context.close()


def _seat_page(browser: Browser, base: str, table_id: str, token: str) -> Page:
    """A browser page holding a seat token, opened on the table."""
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    page.set_default_timeout(10_000)
    page.goto(base + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem('scala40:' + id, token)", [table_id, token]
    )
    page.goto(f"{base}/t/{table_id}")
    return page


def _new_page(browser: Browser) -> Page:
    page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    page.set_default_timeout(10_000)
    return page


def test_friends_join_by_the_share_link_and_from_the_lobby(server: str, browser: Browser) -> None:
    # Anna creates a table for three people and a bot: the lobby shows the link to share.
    anna = _new_page(browser)
    errors = _page_errors(anna)
    anna.goto(server + "/")
    anna.fill("#nickname", "Anna")
    anna.select_option("#seat-count", "4")
    anna.select_option('#seats select[data-seat="1"]', "human")
    anna.select_option('#seats select[data-seat="2"]', "human")
    anna.select_option('#seats select[data-seat="3"]', "bot:easy")
    anna.uncheck("#private")  # listed in the lobby too, where Cleo finds it
    anna.click("#create-btn")
    anna.wait_for_selector("#share:not([hidden])")
    share = anna.input_value("#share-url")
    table_id = share.split("/t/")[1].split("?")[0]
    anna.click("#go-table")
    anna.wait_for_selector("#invite:not([hidden])")
    assert anna.input_value("#invite-url").split("?")[0] == share.split("?")[0]

    # Bea follows the link: the table page asks her name and seats her.
    bea = _new_page(browser)
    errors += _page_errors(bea)
    bea.goto(share)
    bea.fill("#join-name", "Bea")
    bea.click("#join-btn")
    bea.wait_for_selector("#hand .card")

    # Cleo finds the table in the lobby's list and joins from there.
    cleo = _new_page(browser)
    errors += _page_errors(cleo)
    cleo.goto(server + "/")
    cleo.locator(f'#tables li[data-table="{table_id}"] button.join').click()
    cleo.fill("#join-name", "Cleo")
    cleo.click("#join button[type=submit]")
    cleo.wait_for_url(f"**/t/{table_id}")
    cleo.wait_for_selector("#hand .card")
    assert cleo.locator("#hand .card").count() in (13, 14)
    names = cleo.locator("#players .player .name").all_inner_texts()
    for who in ("Anna", "Bea", "Cleo"):
        assert any(n.startswith(who) for n in names), names

    # Everyone is seated: Anna's invitation is gone and the game is on for all.
    anna.wait_for_selector("#invite", state="hidden")
    for page in (anna, bea, cleo):
        page.wait_for_selector("#turnbar:not(:empty)")
        assert page.locator("#players .player.turn").count() == 1
    assert errors == []
    for page in (anna, bea, cleo):
        page.context.close()


def test_the_table_reconnects_after_the_server_restarts(tmp_path: Path, browser: Browser) -> None:
    running = Server(tmp_path, free_port())
    running.start()
    try:
        made = post_json(
            running.base + "/api/tables",
            {
                "seats": ["human", "bot:greedy"],
                "rules": {"preset": "fisca", "changes": {}},
                "nickname": "Anna",
                "turn_seconds": None,
            },
        )
        page = _seat_page(browser, running.base, made["table_id"], made["token"])
        page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'true'")
        before = sorted(
            page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        )

        running.stop()
        page.wait_for_selector("#conn.bad")
        running.start()
        page.wait_for_selector("#conn:not(.bad)", timeout=30_000)
        # The same hand, and play goes on: drawing is still the move to make.
        page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'true'")
        after = sorted(
            page.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert after == before
        version = page.locator("#game").get_attribute("data-v") or ""
        page.click("#btn-draw")
        _wait_for_answer(page, version)
        assert page.locator("#hand .card").count() == len(before) + 1
        page.context.close()
    finally:
        running.stop()


def test_an_illegal_move_shows_the_engines_reason(server: str, browser: Browser) -> None:
    made = post_json(
        server + "/api/tables",
        {
            "seats": ["human", "bot:greedy"],
            "rules": {"preset": "fisca", "changes": {}},
            "nickname": "Anna",
            "turn_seconds": None,
        },
    )
    page = _seat_page(browser, server, made["table_id"], made["token"])
    page.wait_for_function(
        """() => document.getElementById("game").dataset.myTurn === "true"
            && document.getElementById("game").dataset.phase === "draw" """
    )
    version = page.locator("#game").get_attribute("data-v") or ""
    cards = page.locator("#hand .card")
    before = cards.count()
    # Dropping a card on the pozzo before drawing: the server refuses, saying why.
    _drag(page, cards.nth(0), page.locator("#pozzo-slot"))
    page.wait_for_selector("#message.error")
    reason = page.locator("#message").inner_text()
    assert "draw" in reason.lower(), reason
    assert page.locator("#game").get_attribute("data-v") == version
    assert cards.count() == before
    # Nothing changed: drawing is still the move to make.
    page.click("#btn-draw")
    _wait_for_answer(page, version)
    assert cards.count() == before + 1
    page.context.close()


def test_the_lobby_offers_the_five_levels_by_name(server: str, browser: Browser) -> None:
    page = _new_page(browser)
    errors = _page_errors(page)
    page.goto(server + "/")
    page.select_option("#seat-count", "2")
    seat = page.locator('#seats select[data-seat="1"]')
    options = seat.locator("option")
    # The lobby draws the seats once it has the rules and the programs from the server.
    seat.locator('option[value="bot:expert"]').wait_for(state="attached")
    values = options.evaluate_all("(os) => os.map((o) => o.value)")
    texts = options.evaluate_all("(os) => os.map((o) => o.textContent)")
    # The built-in levels, then any program the server registered (bot:simple here).
    levels = ["beginner", "easy", "club", "expert", "master"]
    assert values[:6] == ["human", *(f"bot:{level}" for level in levels)]
    words = ["Beginner", "Easy", "Club player", "Expert", "Master"]
    assert texts[1:6] == [f"Bot: {w}" for w in words]
    assert not any(v in values for v in ("bot:heuristic", "bot:strong", "bot:search"))
    assert seat.input_value() == "bot:club"  # a bot seat's level unless chosen
    assert errors == []
    page.context.close()
