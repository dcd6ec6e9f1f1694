"""A rated player makes a remote bot account on /players, in a real browser: the page shows
the key once, inside the command that connects a program, and the key is the bot's."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from .identity import check_page, identity_context, letters, make_player


@pytest.mark.parametrize(("lang", "vp"), [("en", "desktop"), ("it", "phone")])
def test_a_player_makes_a_bot_account_and_sees_its_key_once(
    server: str, browser: Browser, lang: str, vp: str
) -> None:
    owner = make_player(server, "Owner")
    ctx = identity_context(browser, lang, vp, owner)
    page = ctx.new_page()
    page.goto(server + "/players")
    page.wait_for_selector("#bot-form")
    name = "robo" + letters()
    page.fill("#bot-name", name)
    page.check("#bot-anyone")
    page.click("#bot-btn")
    page.wait_for_selector("#bot-made:not([hidden])")
    command = page.input_value("#bot-command")
    assert command.startswith("SCALA40_BOT_KEY=") and f"bot-connect {server} -- " in command
    key = command.split()[0].split("=", 1)[1]
    check_page(page, lang, f"bot-account-{lang}-{vp}")
    # The key is the bot's: it is known, and only asks the bot to connect first.
    r = httpx.post(
        server + "/api/bots/tables",
        json={"seats": [f"bot:remote:{name}", "bot:club"]},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "bot_not_connected"
    # A second bot of that name is refused, in the page's language.
    page.fill("#bot-name", name.upper())
    page.click("#bot-btn")
    page.wait_for_function("() => document.getElementById('bot-error').textContent !== ''")
    ctx.close()
