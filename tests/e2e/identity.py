"""What the ratings and league browser tests share: fresh nicknames, a browser context
that keeps a rated identity, and the check every page of theirs passes."""

from __future__ import annotations

import json
import secrets
import string
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from .support import post_json
from .test_i18n_pages import ENGLISH, ITALIAN, VIEWPORTS, _shown_text, _telltales

ARTIFACTS = Path(__file__).parent / "artifacts"


def letters(n: int = 6) -> str:
    return "".join(secrets.choice(string.ascii_lowercase) for _ in range(n))


def nickname(stem: str) -> str:
    """A nickname no other test of the session holds (letters only: no telltale word)."""
    return stem + letters()


def make_player(server: str, stem: str) -> dict[str, Any]:
    """A rated identity made through the API: its key, id and nickname."""
    made: dict[str, Any] = post_json(server + "/api/players", {"nickname": nickname(stem)})
    return {"key": made["key"], "player_id": made["player_id"], "nickname": made["nickname"]}


def identity_context(
    browser: Browser, lang: str, viewport: str, identity: Any = None
) -> BrowserContext:
    """A browser in ``lang`` at ``viewport`` that keeps ``identity`` (when given) the way
    the pages store it."""
    ctx = browser.new_context(viewport=VIEWPORTS[viewport])  # type: ignore[arg-type]
    script = f"localStorage.setItem('scala40:lang', {lang!r});"
    if identity is not None:
        script += f"localStorage.setItem('scala40:player', {json.dumps(json.dumps(identity))});"
    ctx.add_init_script(script)
    ctx.set_default_timeout(15_000)
    return ctx


def check_page(page: Page, lang: str, shot: str) -> None:
    """A screenshot (``artifacts/SHOT.png``), then no word of the other language and
    nothing wider than the screen."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    text = _shown_text(page)
    wrong = _telltales(text, ENGLISH if lang == "it" else ITALIAN)
    assert wrong == [], f"{shot}: words of the other language: {wrong}\n---\n{text}"
    fits: bool = page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert fits, f"{shot}: the page is wider than the screen"


def stored_identity(page: Page) -> Any:
    return page.evaluate("() => JSON.parse(localStorage.getItem('scala40:player') || 'null')")
