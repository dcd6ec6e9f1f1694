"""Fixtures for the web table: an app on a fresh SQLite file, with no bot pauses."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # Starlette asks for the httpx2 fork; httpx is what this project installs.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

from scala40.server.app import create_app
from scala40.server.settings import Settings

MakeClient = Callable[..., TestClient]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'scala40.db'}"


@pytest.fixture
def make_client(db_url: str) -> Iterator[MakeClient]:
    """Start the app (lifespan included) with test settings; stopped at the end."""
    opened: list[TestClient] = []

    def make(**changes: object) -> TestClient:
        values: dict[str, object] = {"db_url": db_url, "bot_pause": 0.0, "grace_seconds": 30.0}
        values.update(changes)
        client = TestClient(create_app(Settings(**values)))  # type: ignore[arg-type]
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()
