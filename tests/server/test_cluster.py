"""Several server nodes on real PostgreSQL and Redis: a table is played across nodes, the lobby
lists every node's tables, and a table survives its node being killed (SIGKILL) again and
again — every acknowledged move stays stored, every view a seat was sent matches the
replayed record, from whichever node it came."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from scala40.bots import make_bot
from scala40.notation.actions import format_action, parse_action
from scala40.notation.codec import action_from_dict, action_to_dict
from scala40.notation.view import view_from_json, view_to_dict
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.storage.seal import load_or_create_key
from scala40.storage.store import Store, StoredTable

from .cluster_nodes import Cluster, ConnectionClosed, NodeProcess, Player, own_database
from .conftest import free_port

pytestmark = pytest.mark.slow

REPLAYED_KEYS = ("hand", "table", "pozzo", "stock", "current", "phase", "hand_number", "players")
"""The parts of a VIEW the replayed record decides (who is connected is not in it)."""


@pytest.fixture
def cluster(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[Cluster]:
    made = Cluster(own_database(postgres_url, "cluster"), redis_url, tmp_path)
    try:
        yield made
    finally:
        made.stop()


def _table(node: NodeProcess, humans: int, bots: int = 0, **changes: Any) -> dict[str, Any]:
    seats = ["human"] * humans + ["bot:easy"] * bots
    body = {"seats": seats, "nickname": "Anna", "rules": {"changes": changes}}
    made = httpx.post(node.url + "/api/tables", json=body, timeout=10)
    assert made.status_code == 201, made.text
    return dict(made.json())


def _join(node: NodeProcess, table_id: str, name: str) -> str:
    joined = httpx.post(
        f"{node.url}/api/tables/{table_id}/join", json={"nickname": name}, timeout=10
    )
    assert joined.status_code == 200, joined.text
    return str(joined.json()["token"])


def _replayed(cluster: Cluster, table_id: str) -> tuple[StoredTable, Store]:
    store = Store(cluster.db_url, load_or_create_key(cluster.folder / "server.key"))
    stored = store.stored_table(table_id)
    assert stored is not None
    return stored, store


def _check_views(cluster: Cluster, table_id: str, players: dict[int, Player]) -> int:
    """Every VIEW each seat was sent equals, in what the record decides, the seat's view
    replayed at that version; returns how many were checked."""
    stored, store = _replayed(cluster, table_id)
    store.close()
    bare = StoredTable(stored.table, stored.seats, [], stored.entropy)
    actor = TableActor.rebuild(bare, None, Settings())  # type: ignore[arg-type]
    by_version: dict[int, dict[int, dict[str, Any]]] = {}

    def snapshot(version: int) -> None:
        by_version[version] = {
            seat: view_to_dict(actor.view_of(seat)) for seat in range(len(stored.seats))
        }

    snapshot(0)
    for version, _seat, action in stored.actions:
        actor.recorder.apply(parse_action(action))
        snapshot(version)
    checked = 0
    for seat, player in players.items():
        for version, view in player.views:
            truth = by_version[version][seat]
            for key in REPLAYED_KEYS:
                got = view[key]
                if key == "players":
                    got = [
                        {k: p[k] for k in truth["players"][0] if k in p} for p in view["players"]
                    ]
                assert got == truth[key], f"seat {seat} v{version}: {key} differs"
            checked += 1
    return checked


def _play_turn(player: Player, bot: Any, rng: random.Random) -> dict[str, Any] | None:
    """If it is this seat's turn in its newest state, send a move; the move sent."""
    state = player.state
    if state is None or state["view"]["status"] != "playing" or not state["view"]["my_turn"]:
        return None
    action = bot.choose(view_from_json(state["view"]), rng)
    sent = {"type": "action", "v": state["v"], "action": action_to_dict(action)}
    player.send(sent)
    return sent


def test_a_table_is_played_across_nodes_and_listed_by_each(cluster: Cluster) -> None:
    a, b, c = cluster.add(3)
    made = _table(a, humans=2, bots=1, fixed_hands=1)
    table_id = made["table_id"]
    second = _join(b, table_id, "Bruno")  # joined through another node than the owner's
    assert cluster.holder(table_id)[0] == a.name  # type: ignore[index]
    for node in (a, b, c):
        listed = httpx.get(node.url + "/api/tables", timeout=10).json()
        assert [t["table_id"] for t in listed["tables"]] == [table_id]
        assert all(s["taken"] for s in listed["tables"][0]["seats"])
        assert httpx.get(f"{node.url}/api/tables/{table_id}", timeout=10).status_code == 200
    rng = random.Random(5)
    players = {
        0: Player(cluster, table_id, made["token"], rng),
        1: Player(cluster, table_id, second, rng),
    }
    players[0].connect(b)  # neither seat talks to the owner
    players[1].connect(c)
    bot = make_bot("easy")
    moves = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for player in players.values():
            msg = player.read(0.05)
            if msg is not None and msg["type"] == "error":
                raise AssertionError(msg)
            if _play_turn(player, bot, rng) is not None:
                moves += 1
                while (got := player.read(5.0)) is not None and got["type"] != "state":
                    assert got["type"] != "error", got
        states = [p.state for p in players.values()]
        if all(s is not None and s["view"]["status"] == "over" for s in states):
            break
    assert all(p.state and p.state["view"]["status"] == "over" for p in players.values())
    # The deal is the table's secret, so the bot may end the hand soon; the floor is what
    # every hand holds: a draw, a meld and a discard at least (the humans' share may be 0).
    final = players[0].state
    assert final is not None and final["v"] >= 3
    assert _check_views(cluster, table_id, players) >= 2 * moves
    for player in players.values():
        player.close()


def test_a_killed_owner_s_table_moves_on_and_loses_no_acknowledged_move(
    cluster: Cluster,
) -> None:
    """The harness: 20 times, the node holding the table is killed mid-hand (SIGKILL) and
    started again; the players reconnect to any node and play on."""
    cluster.add(3)
    made = _table(cluster.nodes[0], humans=2, fixed_hands=50)
    table_id = made["table_id"]
    second = _join(cluster.nodes[1], table_id, "Bruno")
    rng = random.Random(11)
    players = {
        0: Player(cluster, table_id, made["token"], rng),
        1: Player(cluster, table_id, second, rng),
    }
    bot = make_bot("easy")
    acknowledged: dict[int, str] = {}
    """version → the move a seat saw take effect at that version (it was told)."""
    kills = 0
    moved_in: list[float] = []

    def play(moves: int) -> None:
        done = 0
        deadline = time.monotonic() + 30
        while done < moves and time.monotonic() < deadline:
            for player in players.values():
                try:
                    if player.ws is None:
                        player.connect()
                    msg = player.read(0.02)
                    sent = _play_turn(player, bot, rng)
                    if sent is None:
                        continue
                    while True:
                        msg = player.read(5.0)
                        assert msg is not None, "no answer to a move"
                        if msg["type"] == "error":
                            player.send({"type": "sync"})  # stale: look again
                            break
                        if msg["type"] == "state" and msg["v"] > sent["v"]:
                            if (
                                msg["v"] == sent["v"] + 1
                                and msg["event"]["seat"] == msg["view"]["seat"]
                            ):
                                action = action_from_dict(sent["action"])
                                acknowledged[msg["v"]] = format_action(action)
                            done += 1
                            break
                except (ConnectionClosed, OSError):
                    player.close()  # its node was killed, or is still starting: another
            assert all(
                p.state is None or p.state["view"]["status"] == "playing" for p in players.values()
            )

    for _ in range(20):
        play(rng.randint(2, 5))
        owner = cluster.node_named(cluster.holder(table_id)[0])  # type: ignore[index]
        # Another node is up to take over (the one killed last time may still be starting).
        end = time.monotonic() + 30
        while not any(cluster.ready(n) for n in cluster.live() if n is not owner):
            assert time.monotonic() < end, "no other node came up"
            time.sleep(0.1)
        killed_at = time.monotonic()
        cluster.kill(owner)
        kills += 1
        # Another node takes the table over within the lease's time (and its loop's round).
        while True:
            held = cluster.holder(table_id)
            if held is not None and held[0] != owner.name and held[2] > time.time():
                moved_in.append(time.monotonic() - killed_at)
                break
            assert time.monotonic() - killed_at < 10, "nobody took the table over"
            time.sleep(0.05)
        cluster.start(owner)  # back, as a new life of the same node, while play goes on
        for player in players.values():
            player.close()
    play(3)
    assert kills >= 20
    assert max(moved_in) < cluster.lease_seconds + 3.0
    stored = cluster.stored_actions(table_id)
    lost = {v: a for v, a in acknowledged.items() if stored.get(v, (None, None))[1] != a}
    assert not lost, f"acknowledged moves not stored: {lost}"
    assert len(acknowledged) >= 40
    assert _check_views(cluster, table_id, players) >= 60
    for player in players.values():
        player.close()


def test_a_second_node_of_the_same_name_is_refused(cluster: Cluster) -> None:
    (first,) = cluster.add(1)
    twin = NodeProcess(first.name, free_port())
    cluster.nodes.append(twin)
    cluster.start(twin)
    assert twin.process is not None
    assert twin.process.wait(timeout=cluster.lease_seconds + 20) != 0
    twin.process = None
    assert f"a node named {first.name!r} is running" in cluster.log_tail(twin)
    assert httpx.get(first.url + "/api/rules", timeout=5).status_code == 200  # unharmed
