"""The table page on a cluster whose nodes give their own addresses (``--public-url``): the
page opened at a node that does not play the table is sent to the one that does (4307) and
plays there, its socket never relayed; and on a cluster whose nodes give none, the same page
is relayed as before.

Two ``scala40 serve`` nodes on one PostgreSQL and one Redis of this module's own.
Screenshot: tests/e2e/artifacts/cluster-direct.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocket
from server.cluster_nodes import Cluster, NodeProcess
from server.conftest import PostgresServer, RedisServer
from server.helpers import own_database

from .support import post_json
from .test_browser import _page_errors, _play_one_move, _wait_for_my_move

ARTIFACTS = Path(__file__).parent / "artifacts"
DESKTOP = {"width": 1100, "height": 900}
"""The test plays by clicks as tests/e2e/test_browser.py does (the table page at phone
size is checked there and in test_narrow_pages.py; here it is where the socket goes)."""


@pytest.fixture(scope="module")
def stores() -> Iterator[tuple[PostgresServer, RedisServer]]:
    postgres, redis = PostgresServer(), RedisServer()
    try:
        yield postgres, redis
    finally:
        postgres.remove()
        redis.remove()


def _two_nodes(
    stores: tuple[PostgresServer, RedisServer], folder: Path, direct: bool
) -> tuple[Cluster, NodeProcess, NodeProcess]:
    postgres, redis = stores
    db = own_database(postgres.url, "pagedirect" if direct else "pagerelay")
    cluster = Cluster(db, redis.url, folder, 5.0, direct=direct)
    owner, other = cluster.add(2)
    return cluster, owner, other


def _sockets(page: Any) -> list[str]:
    """The URL of every socket the page opens, in order."""
    urls: list[str] = []

    def opened(ws: WebSocket) -> None:
        urls.append(ws.url)

    page.on("websocket", opened)
    return urls


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "relayed"])
def test_the_table_page_at_another_node_plays_there_relayed(
    stores: tuple[PostgresServer, RedisServer], browser: Browser, tmp_path: Path, direct: bool
) -> None:
    cluster, owner, other = _two_nodes(stores, tmp_path, direct)
    try:
        made = post_json(
            owner.url + "/api/tables",
            {"seats": ["human", "bot:easy"], "nickname": "Anna"},
        )
        table_id = made["table_id"]
        ctx = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
        ctx.add_init_script(
            f"localStorage.setItem('scala40:' + {table_id!r}, {made['token']!r});"
        )
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors = _page_errors(page)
        sockets = _sockets(page)
        page.goto(f"{other.url}/t/{table_id}")  # a node that does not play the table
        page.wait_for_selector("#hand .card")
        for _ in range(2):  # a draw and a move of her own, then the bot's turn
            _wait_for_my_move(page)
            _play_one_move(page, drag_discard=False)
        _wait_for_my_move(page)
        ws_owner = "ws" + owner.url[len("http") :]
        ws_other = "ws" + other.url[len("http") :]
        assert sockets[0].startswith(f"{ws_other}/ws/{table_id}?")
        assert "direct=1" in sockets[0]
        if direct:
            # Sent to the owner's own port, another origin: not followed; the page asks
            # the node it reached again, without direct=1, and is relayed there.
            assert [s.split("/ws/")[0] for s in sockets] == [ws_other, ws_other]
            assert "direct=1" not in sockets[1]
            assert ws_owner not in " ".join(sockets)
            shot = "cluster-direct"
        else:
            # Nobody gave an address: the node it reached relays it.
            assert [s.split("/ws/")[0] for s in sockets] == [ws_other]
            shot = "cluster-relayed"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
        assert errors == []
        ctx.close()
    finally:
        cluster.stop()
