"""A join whose answer is lost still seats the player once; the lobby list comes in pages."""

from __future__ import annotations

from playwright.sync_api import Browser, Route

from .support import get_json, post_json


def test_a_join_whose_answer_was_lost_seats_the_player_once(server: str, browser: Browser) -> None:
    made = post_json(
        server + "/api/tables", {"seats": ["human", "human", "human"], "nickname": "Anna"}
    )
    table = made["table_id"]
    page = browser.new_page()
    lost: list[str] = []

    def lose_first_answer(route: Route) -> None:
        if not lost:
            route.fetch()  # the server stores the seat ...
            lost.append(route.request.post_data or "")
            route.abort("connectionreset")  # ... and the answer never arrives
        else:
            route.continue_()

    page.route(f"**/api/tables/{table}/join", lose_first_answer)
    page.goto(f"{server}/t/{table}?join")
    page.fill("#join-name", "Bea")
    page.click("#join-btn")
    page.wait_for_function("() => document.getElementById('join').hidden", timeout=15_000)
    assert lost, "the first answer was not intercepted"
    seats = get_json(f"{server}/api/tables/{table}")["seats"]
    assert [(s["name"], s["taken"]) for s in seats] == [
        ("Anna", True),
        ("Bea", True),
        ("", False),
    ]  # one seat for Bea, not two, and the third still free for Cleo
    # ... and the page sits at the table with the token it made (the players' list shows).
    page.wait_for_function(
        "() => document.querySelectorAll('#players > *').length === 3", timeout=15_000
    )
    page.close()


def test_the_lobby_pages_through_many_open_tables(server: str, browser: Browser) -> None:
    for _ in range(55):
        post_json(server + "/api/tables", {"seats": ["human", "human"], "nickname": "Zed"})
    total = get_json(server + "/api/tables")["total"]
    assert total >= 55
    page = browser.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#tables li.pager")
    first = page.locator("#tables li[data-table]").count()
    assert first == 50
    assert f"1–50 of {total}" in page.locator("#tables li.pager").inner_text()
    page.get_by_role("button", name="Older tables").click()
    page.wait_for_function(
        "() => document.querySelector('#tables li.pager').textContent.startsWith('tables 51')"
    )
    assert page.locator("#tables li[data-table]").count() == min(50, total - 50)
    page.get_by_role("button", name="Newest tables").click()
    page.wait_for_function(
        "() => document.querySelector('#tables li.pager').textContent.startsWith('tables 1–')"
    )
    page.close()
