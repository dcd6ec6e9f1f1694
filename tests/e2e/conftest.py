"""Fixtures of the browser tests: one server for the session, one chromium per module.

Every test in this directory is marked ``slow`` (it drives chromium against a server
process), so the inner loop, ``pytest -m "not slow"``, leaves them out.

The browser's contexts block service workers, unless the module is marked
``service_workers`` (the installable app, the offline table). A page of this site registers
its service worker, which at install fetches the whole app shell (every script, stylesheet
and icon, the rule book): in each new context, that is, in nearly every test. Measured on
tests/e2e/test_one_screen.py, blocking it takes the CPU the run costs (chromium, server,
pytest) from 60 s to 40 s. Only the tests of the worker itself need it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from .support import CHROMIUM, CHROMIUM_ARGS, Server, free_port

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark this directory's tests ``slow`` (a hook sees every item of the session)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server for the session's tests; yields its base URL."""
    running = Server(tmp_path_factory.mktemp("scala40-data"), free_port())
    running.start()
    try:
        yield running.base
    finally:
        running.stop()


def block_service_workers(browser: Browser) -> None:
    """Make ``browser.new_context`` block service workers unless the caller asks for them."""
    new_context = browser.new_context

    def without_service_workers(**options: Any) -> BrowserContext:
        options.setdefault("service_workers", "block")
        return new_context(**options)

    browser.new_context = without_service_workers  # type: ignore[method-assign]


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    """Chromium for one test module. Not for the session: Playwright's sync API keeps an
    asyncio loop marked running while it is open, which would break later tests that call
    ``asyncio.run``; a module fixture is closed before the next module starts."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser test needs Debian's chromium at {CHROMIUM} (apt install chromium)"
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        if request.node.get_closest_marker("service_workers") is None:
            block_service_workers(b)
        yield b
        b.close()
