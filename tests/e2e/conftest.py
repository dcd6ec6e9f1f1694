"""Fixtures of the browser tests: one server for the session, one chromium per module.

Every test in this directory is marked ``slow`` (it drives chromium against a server
process), so the inner loop, ``pytest -m "not slow"``, leaves them out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for one test module. Not for the session: Playwright's sync API keeps an
    asyncio loop marked running while it is open, which would break later tests that call
    ``asyncio.run``; a module fixture is closed before the next module starts."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser test needs Debian's chromium at {CHROMIUM} (apt install chromium)"
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()
