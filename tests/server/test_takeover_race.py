"""A node that loses the race to take a table over sends its socket on, never away for good.

Two nodes that find a table nobody holds both claim it; one wins. The loser must not tell
the player "no such table in play" (4404, which the page takes as final and stops
reconnecting): the table is in play, on the winner. It relays the socket there, or closes
it with 1012 so that the page reconnects.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from scala40.server.wire.refusals import CloseCode
from scala40.storage.leases import Lease, Leases

from .conftest import MakeClient
from .helpers import own_database

pytestmark = pytest.mark.slow

RIVAL = "rival-node"


def _always_beaten(node: Any) -> None:
    """Every claim this node makes is lost: another node claims the table a moment before
    (the race, made to happen every time)."""
    rival = Leases(node.leases.engine, RIVAL, ttl=node.leases.ttl)
    mine: Callable[[str], Lease | None] = node.leases.claim

    def beaten(table_id: str) -> Lease | None:
        rival.claim(table_id)
        return mine(table_id)

    node.leases.claim = beaten


async def _look_for_no_orphans(node: Any) -> None:
    """Stop the node's own look for tables nobody holds: only the socket's arrival makes it
    claim the table (each look would be a race of its own, lost the same way)."""
    for task in node.tasks:
        if task.get_name() == "node-_adopt_orphans":
            task.cancel()


def _close_code(ws: Any, seconds: float) -> int | None:
    """How the server ends the socket (its close code) within ``seconds``; ``None`` if it
    stays open. Messages before the close are read and dropped."""
    found: list[int] = []

    def read() -> None:
        try:
            while True:
                ws.receive_json()
        except WebSocketDisconnect as closed:
            found.append(closed.code)
        except Exception:  # the test left the socket open, and closed it at its end
            pass

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    return found[0] if found else None


def test_a_node_that_loses_the_take_over_race_never_closes_the_socket_with_4404(
    postgres_url: str, redis_url: str, make_client: MakeClient
) -> None:
    client = make_client(
        db_url=own_database(postgres_url, "race"),
        redis_url=redis_url,
        node="race1",
        lease_seconds=1.0,
    )
    made = client.post("/api/tables", json={"seats": ["human", "bot:club"], "nickname": "Anna"})
    assert made.status_code == 201
    table_id, token = made.json()["table_id"], made.json()["token"]
    node = client.app.state.tables.placement  # type: ignore[attr-defined]
    _always_beaten(node)
    client.portal.call(_look_for_no_orphans, node)  # type: ignore[union-attr]
    # This node stops playing the table (as a node that paused past its lease would):
    # from now on the table is in play and held by whoever wins each claim.
    client.portal.call(node.let_go, table_id, "the table moved to another server node")  # type: ignore[union-attr]
    time.sleep(1.5)  # its lease runs out: the next claim is a race, which it loses
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        code = _close_code(ws, 10.0)
    assert code != CloseCode.NO_TABLE, "a table in play was called gone: the page stops trying"
    assert code == CloseCode.MOVED, f"the socket was not sent on to the winner (closed {code})"
