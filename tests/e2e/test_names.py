"""Names nobody can fake, as a player sees them on a 390×844 phone in Italian and English:
a guest's name is marked "(ospite)" / "(guest)" at the table and in the lobby, a rated
player's is not, and the lobby refuses a name that imitates a bot in the page's own words.
Screenshots go to tests/e2e/artifacts/names-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from .identity import check_page, identity_context, make_player, nickname
from .support import post_json

MARK = {"it": "ospite", "en": "guest"}
BOT_LOOK = {"it": "Bot 2 (Giocatore di circolo)", "en": "Bot 2 (Club player)"}
IMITATES = {
    "it": "sembra di un bot o del server",
    "en": "reads like a bot or the server",
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_guest_is_marked_beside_a_rated_player(server: str, browser: Browser, lang: str) -> None:
    rated = make_player(server, "Rosa")
    guest = nickname("Marco")
    made: dict[str, Any] = post_json(
        server + "/api/tables",
        {"seats": ["human", "human", "bot:easy"], "nickname": guest, "rules": {"preset": "fisca"}},
    )
    post_json(
        f"{server}/api/tables/{made['table_id']}/join",
        {"nickname": "ignored", "player_key": rated["key"]},
    )
    ctx = identity_context(browser, lang, "phone")
    ctx.add_init_script(
        f"localStorage.setItem('scala40:' + {made['table_id']!r}, {made['token']!r});"
    )
    try:
        page = ctx.new_page()
        page.goto(f"{server}/t/{made['table_id']}")
        plates = page.locator("#players .player .name")
        expect(plates.nth(0)).to_contain_text(f"{guest} ({MARK[lang]})")
        expect(plates.nth(1)).to_contain_text(rated["nickname"])
        assert f"({MARK[lang]})" not in plates.nth(1).inner_text()
        assert f"({MARK[lang]})" not in plates.nth(2).inner_text()  # the bot
        check_page(page, lang, f"names-table-{lang}-phone")

        lobby = ctx.new_page()
        lobby.goto(f"{server}/")
        row = lobby.locator(f"#tables li[data-table='{made['table_id']}'] .who")
        expect(row).to_contain_text(f"{guest} ({MARK[lang]}), {rated['nickname']},")
        lobby.fill("#nickname", BOT_LOOK[lang])
        lobby.click("#create-btn")
        expect(lobby.locator("#create-error")).to_contain_text(IMITATES[lang])
        row.scroll_into_view_if_needed()
        check_page(lobby, lang, f"names-lobby-{lang}-phone")
    finally:
        ctx.close()
