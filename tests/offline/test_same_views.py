"""The local table speaks the server's protocol: for the same seed and the same moves,
the page is sent the same VIEWs (whole or patched) and the same hand summaries by the
local table (what the Worker runs) as by the server's table actor over its socket."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from scala40.notation.actions import parse_action
from scala40.notation.codec import rules_changes
from scala40.offline.table import LocalTable, Setup
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.server.wire.outbox import Frame, Outbox
from scala40.storage.store import SeatRow, TableRow
from scala40.tableview.patch import apply


class Shelf:
    """A store that keeps nothing: the actor's moves (and the match's end) are "stored"
    at once."""

    class store:  # the attribute the actor reads when the match ends
        @staticmethod
        def mark_over(*_: Any) -> None:
            return None

    async def append(self, table_id: str, version: int, seat: int, text: str) -> None:
        return None

    async def run(self, fn: Any, *args: Any) -> None:
        return None


def wire(message: Any) -> Any:
    """A message as the page reads it (JSON text parsed), the pause's clock left out: the
    moment the summary was shown is each table's own."""
    data = json.loads(message.text if isinstance(message, Frame) else json.dumps(message))
    view = data.get("view")
    if isinstance(view, dict) and view.get("pause"):
        view["pause"]["until"] = None
    for op in data.get("ops", []):
        if op["path"] == "/pause" and op.get("value"):
            op["value"]["until"] = None
    return data


class Page:
    """What a page holds after each message: the VIEW (a patch applied to the one it held)
    and the summaries it was shown."""

    def __init__(self) -> None:
        self.view: Any = None
        self.v = -1
        self.views: list[Any] = []
        self.summaries: list[Any] = []

    def read(self, message: Any) -> None:
        data = wire(message)
        if data["type"] == "state":
            self.view, self.v = data["view"], data["v"]
        elif data["type"] == "patch":
            assert data["from"] == self.v, "a patch of a VIEW the page does not hold"
            self.view, self.v = apply(self.view, data["ops"]), data["v"]
        elif data["type"] == "hand_over":
            self.summaries.append(data["summary"])
            return
        else:
            raise AssertionError(f"unexpected message {data}")
        self.views.append(json.dumps(self.view, sort_keys=True))


def server_table(setup: Setup) -> tuple[TableActor, Outbox]:
    """The server's actor for the same seats, rules and seed, its person connected with a
    socket that asks for patches; it stores nothing and starts no bot of its own."""
    rules = setup.rules()
    row = TableRow(
        "local", datetime.now(UTC), setup.preset, rules_changes(rules), setup.seed,
        setup.first_dealer, None, "playing", fair=True,
    )  # fmt: skip
    names = setup.names()
    seats = [SeatRow(0, "human", names[0], "h0")] + [
        SeatRow(i + 1, f"bot:{level}", names[i + 1], None) for i, level in enumerate(setup.bots)
    ]
    actor = TableActor(row, seats, db=Shelf(), settings=Settings(bot_pause=0.0))  # type: ignore[arg-type]
    actor._schedule = lambda: None  # type: ignore[method-assign]  # the moves come from here
    outbox = Outbox(patches=True)
    actor.seats[0].outbox = outbox
    return actor, outbox


def drain(outbox: Outbox) -> list[Any]:
    out = []
    while not outbox.queue.empty():
        out.append(outbox.queue.get_nowait())
    return out


def play_both(setup: Setup, moves: int) -> tuple[Page, Page, LocalTable]:
    """Bots of the local table choose every move (the person's too, by the club level's
    hint); each move is played at both tables and each page reads what its table sent."""
    local = LocalTable(setup)
    actor, outbox = server_table(setup)
    mine, theirs = Page(), Page()

    async def run() -> None:
        outbox.put(actor.state(0))
        for message in drain(outbox):
            theirs.read(message)
        for message in local.receive({"type": "sync"}):
            mine.read(message)
        for _ in range(moves):
            if local.match.over:
                break
            seat = local.match.current_seat
            if seat == 0:
                hint = local.receive({"type": "hint"})[0]
                sent = local.receive(
                    {"type": "action", "v": local.version, "action": hint["action"]}
                )
                text = local.actions[-1]
            else:
                sent = local.bot_move()
                text = local.actions[-1]
            for message in sent:
                mine.read(message)
            action = parse_action(text)
            assert actor.vet(seat, actor.version, action) == text
            await actor._commit(seat, action, text, None)
            for message in drain(outbox):
                theirs.read(message)
            local.pause = None  # the person closed the summary at once, at both tables
            actor.pause.end()

    asyncio.run(run())
    return mine, theirs, local


def test_the_page_sees_the_same_views_from_the_local_table_as_from_the_server() -> None:
    setup = Setup("Anna", ("club", "easy", "expert"), seed=4242, first_dealer=1)
    mine, theirs, _ = play_both(setup, 400)
    assert len(mine.views) > 100, "too few moves compared"
    assert mine.summaries, "no hand ended: no summary compared"
    assert mine.views == theirs.views
    assert mine.summaries == theirs.summaries


def test_a_whole_match_with_eliminations_ends_the_same_at_both_tables() -> None:
    setup = Setup("Bea", ("beginner",), changes={"elimination": 51}, seed=9)
    mine, theirs, local = play_both(setup, 5000)
    assert local.match.over, "the match did not end"
    assert mine.views == theirs.views
    assert mine.summaries == theirs.summaries and mine.summaries[-1]["match_over"]
    assert json.loads(mine.views[-1])["status"] == "over"
