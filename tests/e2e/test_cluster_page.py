"""The table page on a cluster, opened where its table is not played.

The page asks to be sent to the table's node (``direct=1``). Behind nginx configured as
docs/deploy.md says, each node's address is a path of the site (``/n/NAME``): the page
follows the 4307 there and plays on the table's node, its socket never relayed. Reached at
their own ports instead, the nodes' addresses are another origin than the page's: the page
does not follow (its content policy allows sockets to its own origin only, and the seat's
token stays on the site) and asks the node it reached to relay it, at once, and plays. On a
cluster whose nodes give no address the page is relayed from the start.

Two ``scala40 serve`` nodes on one PostgreSQL and one Redis of this module's own.
Screenshots: tests/e2e/artifacts/cluster-nginx.png, cluster-direct.png, cluster-relayed.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocket

from server.cluster_nodes import Cluster, NodeProcess
from server.conftest import PostgresServer, RedisServer, free_port
from server.helpers import own_database
from server.test_direct_sockets import _inbox_ends, _relayed_messages, _ws

from .nginx_site import NginxSite
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


def _play_at(browser: Browser, owner: NodeProcess, site: str, shot: str) -> list[str]:
    """A table made at ``owner``, its page opened at ``site``: the player draws and moves,
    then waits for her next turn. The URLs of the page's sockets, in order (the page made
    no error; its screenshot is ``shot``)."""
    body = {"seats": ["human", "bot:easy"], "nickname": "Anna"}
    made = post_json(owner.url + "/api/tables", body)
    table_id = made["table_id"]
    ctx = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    ctx.add_init_script(f"localStorage.setItem('scala40:' + {table_id!r}, {made['token']!r});")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors = _page_errors(page)
    sockets = _sockets(page)
    page.goto(f"{site}/t/{table_id}")
    page.wait_for_selector("#hand .card")
    for _ in range(2):  # a draw and a move of her own, then the bot's turn
        _wait_for_my_move(page)
        _play_one_move(page, drag_discard=False)
    _wait_for_my_move(page)
    assert all(f"/ws/{table_id}?" in s for s in sockets), sockets
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    assert errors == []
    ctx.close()
    return sockets


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "relayed"])
def test_the_table_page_at_another_node_plays_there_relayed(
    stores: tuple[PostgresServer, RedisServer], browser: Browser, tmp_path: Path, direct: bool
) -> None:
    cluster, owner, other = _two_nodes(stores, tmp_path, direct)
    try:
        # Opened at a node that does not play the table.
        shot = "cluster-direct" if direct else "cluster-relayed"
        sockets = _play_at(browser, owner, other.url, shot)
        assert "direct=1" in sockets[0]
        if direct:
            # Sent to the owner's own port, another origin: not followed; the page asks
            # the node it reached again, without direct=1, and is relayed there.
            assert [s.split("/ws/")[0] for s in sockets] == [_ws(other.url), _ws(other.url)]
            assert "direct=1" not in sockets[1]
            assert _ws(owner.url) not in " ".join(sockets)
        else:
            # Nobody gave an address: the node it reached relays it.
            assert [s.split("/ws/")[0] for s in sockets] == [_ws(other.url)]
    finally:
        cluster.stop()


def test_the_table_page_behind_nginx_plays_on_the_table_s_node_never_relayed(
    stores: tuple[PostgresServer, RedisServer], browser: Browser, tmp_path: Path
) -> None:
    postgres, redis = stores
    port = free_port()
    site_url = f"http://127.0.0.1:{port}"
    db = own_database(postgres.url, "pagenginx")
    cluster = Cluster(db, redis.url, tmp_path, 5.0, site=site_url)
    site: NginxSite | None = None
    try:
        owner, other = cluster.add(2)
        # The proxy sends the page's first socket to the node that does not play the table.
        nodes = {n.name: n.port for n in (owner, other)}
        site = NginxSite(tmp_path / "nginx", port, nodes, sockets_to=other.name)
        since = _inbox_ends(redis.url, list(nodes))
        sockets = _play_at(browser, owner, site.url, "cluster-nginx")
        ws_site = _ws(site.url)
        assert [s.split("/ws/")[0] for s in sockets] == [ws_site, f"{ws_site}/n/{owner.name}"]
        assert all("direct=1" in s for s in sockets)
        assert _relayed_messages(redis.url, since) == 0, "a message crossed Redis"
    finally:
        if site is not None:
            site.stop()
        cluster.stop()
