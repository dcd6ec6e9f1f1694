"""Program seats cannot exhaust the server: a table never opened starts no program, a
table that ends or pauses leaves no process of its programs' trees, and the server's cap
on running programs refuses a table (naming the limit) or hands a move to the built-in
bot."""

from __future__ import annotations

import logging
import random
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.bots.program import Reason
from scala40.notation.codec import action_to_dict
from scala40.notation.view import view_from_json

from .helpers import create, wait_over, ws_url
from .helpers import until as next_of  # the next message of a kind
from .program_harness import alive

ROOT = Path(__file__).resolve().parents[2]
MISBEHAVE = ROOT / "tests" / "botproto" / "programs" / "misbehave.py"
SIMPLE = ROOT / "examples" / "bots" / "simple.py"


def wait_dead(pids: list[int], seconds: float = 3.0) -> list[int]:
    """The pids of ``pids`` still alive after up to ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and any(alive(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def family_pids(log: Path) -> list[list[int]]:
    """Each start's pids as the family program wrote them: itself, child, grandchild."""
    return [[int(p) for p in line.split()] for line in log.read_text().splitlines()]


def family(log: Path) -> tuple[tuple[str, str], ...]:
    """The family program registered as ``bot:family``, writing its tree's pids to ``log``."""
    return (("family", shlex.join([sys.executable, str(MISBEHAVE), "family", str(log)])),)


def simple() -> tuple[tuple[str, str], ...]:
    return (("simple", shlex.join([sys.executable, str(SIMPLE)])),)


def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("waited in vain")
        time.sleep(0.02)


def play_my_turn(ws: Any, state: dict[str, Any]) -> None:
    """If ``state`` says it is this seat's turn, play the whole turn (the greedy bot chooses
    on the view the server sent): afterwards the next seat is to move."""
    bot = make_bot("greedy")
    rng = random.Random(0)
    while state["view"]["status"] == "playing" and state["view"]["my_turn"]:
        action = bot.choose(view_from_json(state["view"]), rng)
        ws.send_json({"type": "action", "v": state["v"], "action": action_to_dict(action)})
        new = next_of(ws, "state")
        while new["v"] <= state["v"]:
            new = next_of(ws, "state")
        state = new


def open_and_leave(client: Any, made: dict[str, Any]) -> None:
    """The creator opens the table and leaves (a stand-in plays their seat)."""
    with client.websocket_connect(ws_url(made)) as ws:
        ws.receive_json()


def test_a_table_never_opened_starts_no_program(make_client: Any, tmp_path: Path) -> None:
    log = tmp_path / "family.txt"
    client = make_client(program_bots=family(log), grace_seconds=0.01, stand_in_level="greedy")
    made = create(client, ["human", "bot:family", "bot:family"])
    actor = client.app.state.tables.get(made["table_id"])
    time.sleep(1.5)  # the stand-in has long played the creator's seat by now
    assert not log.exists(), "a program started at a table nobody opened"
    assert [s.bot.starts for s in actor.seats if s.program is not None] == [0, 0]


def test_no_process_of_a_program_tree_outlives_its_table(make_client: Any, tmp_path: Path) -> None:
    log = tmp_path / "family.txt"
    client = make_client(
        program_bots=family(log),
        grace_seconds=0.01,
        bots_pause_seconds=1e6,
        stand_in_level="greedy",
    )
    made = create(
        client, ["human", "bot:family"], rules={"preset": "fisca", "changes": {"fixed_hands": 1}}
    )
    open_and_leave(client, made)
    wait_over(client, made["table_id"])
    (pids,) = family_pids(log)  # the program, its child, its setsid grandchild
    assert wait_dead(pids) == [], "a process of the program's tree outlived its table"


def test_a_paused_table_stops_its_programs_and_its_next_move_starts_them_again(
    make_client: Any, tmp_path: Path
) -> None:
    log = tmp_path / "family.txt"
    client = make_client(
        program_bots=family(log),
        grace_seconds=0.01,
        bots_pause_seconds=0.6,
        bot_pause=0.05,
        stand_in_level="greedy",
    )
    made = create(client, ["human", "bot:family"])
    actor = client.app.state.tables.get(made["table_id"])
    bot = actor.seats[1].bot
    open_and_leave(client, made)
    until(lambda: log.exists() and bool(family_pids(log)))
    (pids,) = family_pids(log)
    # Nobody is connected: after bots_pause_seconds the table pauses, its program stops.
    assert wait_dead(pids, 5.0) == [], "a paused table kept its program's processes"
    until(lambda: not bot.running)
    assert bot.starts == 1
    with client.websocket_connect(ws_url(made)) as ws:
        # The table paused on either seat's turn: on the person's, they play it first.
        play_my_turn(ws, ws.receive_json())
        until(lambda: len(family_pids(log)) == 2)  # the seat's next move starts it again
        assert bot.running and bot.starts == 2
        assert all(alive(p) for p in family_pids(log)[1])
    assert bot.incidents == []


@pytest.mark.parametrize(
    ("limit", "status", "code"),
    [
        ({"max_live_programs": 1}, 503, "programs_full"),
        ({"programs_per_address": 1}, 429, "too_many_programs"),
    ],
)
def test_a_table_whose_programs_could_not_all_run_is_refused_naming_the_limit(
    make_client: Any, limit: dict[str, int], status: int, code: str
) -> None:
    client = make_client(program_bots=simple(), **limit)
    r = client.post(
        "/api/tables", json={"seats": ["human", "bot:simple", "bot:simple"], "nickname": "Anna"}
    )
    assert r.status_code == status
    error = r.json()["error"]
    assert error["code"] == code
    assert next(iter(limit)) in error["message"] and "at most 1 bot program" in error["message"]
    # One program seat fits, and a table of built-in bots is never counted.
    create(client, ["human", "bot:simple"])
    create(client, ["human", "bot:club", "bot:club"])


def test_a_program_past_the_cap_at_its_move_is_played_by_the_built_in_bot(
    make_client: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="scala40.bots.program")
    client = make_client(
        program_bots=simple(),
        max_live_programs=1,
        grace_seconds=0.01,
        bots_pause_seconds=1e6,
        bot_pause=0.05,
        stand_in_level="greedy",
    )
    tables = [create(client, ["human", "bot:simple"]) for _ in range(2)]  # none runs yet
    first, second = (client.app.state.tables.get(t["table_id"]).seats[1].bot for t in tables)
    open_and_leave(client, tables[0])
    until(lambda: first.running)
    open_and_leave(client, tables[1])
    until(lambda: second.fallback_decisions >= 1)
    assert first.running and not second.running
    assert {i.reason for i in second.incidents} == {Reason.LIMIT}
    assert not second.gone  # asked again at its next move
    assert "max_live_programs" in caplog.text
    assert client.app.state.tables.programs.running() == 1


def test_a_table_made_after_its_program_seats_stopped_is_welcome(
    make_client: Any, tmp_path: Path
) -> None:
    """Ended tables give their places back: the count is of programs running now."""
    log = tmp_path / "family.txt"
    client = make_client(
        program_bots=family(log),
        max_live_programs=1,
        grace_seconds=0.01,
        bots_pause_seconds=1e6,
        stand_in_level="greedy",
    )
    rules = {"preset": "fisca", "changes": {"fixed_hands": 1}}
    made = create(client, ["human", "bot:family"], rules=rules)
    open_and_leave(client, made)
    wait_over(client, made["table_id"])
    until(lambda: client.app.state.tables.programs.running() == 0)
    create(client, ["human", "bot:family"], rules=rules)
