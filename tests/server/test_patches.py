"""VIEW patches: a connection that asks for them rebuilds, patch by patch, the very VIEW
the server would send whole — over a played hand, and for any two JSON documents."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json
from scala40.tableview.patch import PatchError, apply, diff, share

from .conftest import MakeClient
from .helpers import create, join, ws_url

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab/~", max_size=3),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text("ab/~", max_size=3), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values, json_values)
@example([[None, True]], [[None, 1]])  # equal in Python, at a depth, not in JSON
@example({"a": [0.0]}, {"a": [0]})
def test_a_patch_turns_the_old_document_into_the_new(old: Any, new: Any) -> None:
    ops = diff(old, new)
    # Compared as JSON text: True and 1 are equal in Python, not in JSON.
    text = lambda doc: json.dumps(doc, sort_keys=True)  # noqa: E731
    assert text(apply(copy.deepcopy(old), ops)) == text(new)
    if text(old) == text(new):
        assert ops == []


def test_sharing_keeps_a_part_that_is_equal_only_in_python() -> None:
    old = {"players": [{"connected": 1}], "pozzo": ["5H"]}
    new = {"players": [{"connected": True}], "pozzo": ["5H"]}
    shared = share(old, new)
    assert shared["players"][0]["connected"] is True
    assert shared["pozzo"] is old["pozzo"]


def test_one_players_count_is_one_op() -> None:
    old = {"players": [{"seat": 0, "cards": 13}, {"seat": 1, "cards": 13}], "current": 0}
    new = {"players": [{"seat": 0, "cards": 14}, {"seat": 1, "cards": 13}], "current": 0}
    assert diff(old, new) == [{"op": "replace", "path": "/players/0/cards", "value": 14}]


def test_a_patch_that_does_not_fit_is_refused() -> None:
    with pytest.raises(PatchError, match="replace"):
        apply({"a": 1}, [{"op": "replace", "path": "/b", "value": 2}])
    with pytest.raises(PatchError, match="unsupported"):
        apply({"a": 1}, [{"op": "move", "from": "/a", "path": "/b"}])


def _next_view(ws: Any, seen: dict[str, Any]) -> dict[str, Any]:
    """Read until the next state or patch; apply a patch to ``seen`` (checked against
    its ``from``); return the message as a whole state."""
    while True:
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "state":
            return dict(msg)
        if msg["type"] == "patch":
            assert msg["from"] == seen["v"], "a patch must follow the VIEW this connection holds"
            view = apply(copy.deepcopy(seen["view"]), msg["ops"])
            return {"type": "state", "v": msg["v"], "view": view, "event": msg["event"]}


@pytest.mark.parametrize("sync_every", [1, 6])
def test_a_hand_played_on_patches_matches_the_whole_views(
    make_client: MakeClient, sync_every: int
) -> None:
    """Two seats and a spectator on patches; every ``sync_every`` moves each asks for the
    whole VIEW, which must be the one it rebuilt. Between syncs the patches are the move's
    shared public patch plus each seat's own keys (outbox.Broadcast); after a sync, a
    diff of the whole VIEW. Played on past a hand's end (the deal is the table's secret,
    and a hand can end in a dozen moves), so the hands revealed at its end and the next
    deal come as patches too."""
    client = make_client(rate_per_second=1000.0)  # a move and a sync each turn, quickly
    # No elimination within reach: a hand that costs a seat 100 or more (not opened,
    # doubled) does not end the match before the floor of moves below.
    changes = {"stock_out": "end_hand", "elimination": 100_000}
    table = create(client, ["human", "human"], rules={"changes": changes})
    other = join(client, table["table_id"], "Bruno")
    bot, rng = make_bot("easy"), random.Random(7)
    patches = moves = 0
    with (
        client.websocket_connect(ws_url(table) + "&patches=1") as a,
        client.websocket_connect(ws_url(table, other["token"]) + "&patches=1") as b,
        client.websocket_connect(f"/ws/{table['table_id']}?watch=1&patches=1") as w,
    ):
        seen = {0: _next_view(a, {}), 1: _next_view(b, {}), None: _next_view(w, {})}
        socks = {0: a, 1: b}
        while moves < 80 or not seen[None]["view"]["scores"]:  # and past a hand's end
            assert moves < 1000, "two easy bots played a thousand moves without a hand's end"
            states = {s: seen[s] for s in socks}
            if any(st["view"]["status"] == "over" for st in states.values()):
                break
            mover = next((s for s, st in states.items() if st["view"]["my_turn"]), None)
            if mover is None:
                # Both views are of the same moment? Read on until one seat is to move.
                s = min(states, key=lambda x: states[x]["v"])
                seen[s] = _next_view(socks[s], seen[s])
                continue
            state = seen[mover]
            action = bot.choose(view_from_json(state["view"]), rng)
            socks[mover].send_json(
                {"type": "action", "v": state["v"], "action": action_to_dict(action)}
            )
            moves += 1
            for s, ws in [*socks.items(), (None, w)]:
                new = _next_view(ws, seen[s])
                while new["v"] <= seen[s]["v"]:
                    new = _next_view(ws, new)
                patches += 1
                seen[s] = new
                if moves % sync_every:
                    continue
                # Nobody else moves now: the whole VIEW asked for is the one rebuilt.
                ws.send_json({"type": "sync"})
                whole = _next_view(ws, new)
                assert whole["v"] == new["v"]
                assert whole["view"] == new["view"], diff(new["view"], whole["view"])
                seen[s] = whole
        for s, ws in [*socks.items(), (None, w)]:  # and where play stopped
            ws.send_json({"type": "sync"})
            whole = _next_view(ws, seen[s])
            assert whole["view"] == seen[s]["view"], diff(seen[s]["view"], whole["view"])
        assert moves >= 80 and patches >= 240
        assert seen[None]["view"]["scores"] or seen[None]["view"]["status"] == "over"
