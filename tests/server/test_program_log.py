"""A program seat's log at the web table: its ``log`` messages and standard error, read
by the table's creator only (GET /api/tables/{id}/programs/{seat}/log).

Another player must never read it: a program's log may tell its view of its own hand.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import create, join, wait_over, ws_url

TALKER = Path(__file__).parents[1] / "botproto" / "programs" / "misbehave.py"
COMMAND = f"{sys.executable} {TALKER} talker"


def log_of(client: Any, table_id: str, seat: int, token: str | None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return client.get(f"/api/tables/{table_id}/programs/{seat}/log", headers=headers)


def test_the_creator_reads_the_program_log_and_no_other_player_does(make_client: Any) -> None:
    client = make_client(
        program_bots=(("talker", COMMAND),),
        grace_seconds=0.01,
        bots_pause_seconds=1e6,
        stand_in_level="greedy",
    )
    made = create(
        client,
        ["human", "bot:talker", "human"],
        rules={"preset": "fisca", "changes": {"fixed_hands": 1}},
    )
    table_id = made["table_id"]
    bruno = join(client, table_id, "Bruno")
    # Both players come and go: stand-ins play their seats, the program its own.
    for token in (made["token"], bruno["token"]):
        with client.websocket_connect(ws_url(made, token)) as ws:
            ws.receive_json()
    wait_over(client, table_id)
    lines: list[str] = []
    end = time.monotonic() + 10
    while time.monotonic() < end and "stderr: talker: a line on stderr" not in lines:
        r = log_of(client, table_id, 1, made["token"])
        assert r.status_code == 200, r.text
        lines = r.json()["lines"]
        time.sleep(0.05)
    body = r.json()
    assert body["seat"] == 1 and body["program"] == "talker" and body["dropped"] == 0
    assert "log: talker: weighing the pozzo" in lines
    assert "stderr: talker: a line on stderr" in lines
    # Another player's seat token reads nothing of it.
    refused = log_of(client, table_id, 1, bruno["token"])
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "not_table_creator"
    assert "talker" not in refused.text
    assert log_of(client, table_id, 1, "x" * 43).status_code == 403
    missing = log_of(client, table_id, 1, None)
    assert missing.status_code == 401 and missing.json()["error"]["code"] == "token_needed"
    human = log_of(client, table_id, 0, made["token"])
    assert human.status_code == 404 and human.json()["error"]["code"] == "no_program"
    assert log_of(client, "nosuchtable", 1, made["token"]).status_code == 404


def test_the_log_keeps_only_the_latest_lines_each_cut_short() -> None:
    from scala40.bots.program import ProgramBot
    from scala40.server.table.program_seats import LOG_CHARS, LOG_LINES, ProgramSeat

    seat = ProgramSeat(ProgramBot(COMMAND))
    try:
        seat.bot.notes.extend(f"log: line {i}" for i in range(LOG_LINES + 5))
        seat.bot.notes.append("stderr: " + "x" * 2 * LOG_CHARS)
        seat._take_notes()
        lines, dropped = seat.log()
        assert len(lines) == LOG_LINES and dropped == 6
        assert lines[0] == "log: line 6"
        assert len(lines[-1]) == LOG_CHARS + 1 and lines[-1].endswith("…")
        assert seat.bot.notes == []
    finally:
        seat.close()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(max_size=1200), max_size=120), max_size=8))
def test_the_log_is_the_latest_lines_whatever_the_program_writes(
    batches: list[list[str]],
) -> None:
    """However the lines come (decision by decision), the log is the last LOG_LINES of
    them in order, each cut to LOG_CHARS, and counts the rest as dropped."""
    from scala40.bots.program import ProgramBot
    from scala40.server.table.program_seats import LOG_CHARS, LOG_LINES, ProgramSeat

    seat = ProgramSeat(ProgramBot(COMMAND))
    try:
        for batch in batches:
            seat.bot.notes.extend(batch)
            seat._take_notes()
        every = [line for batch in batches for line in batch]
        lines, dropped = seat.log()
        kept = every[-LOG_LINES:] if every else []
        assert lines == [x if len(x) <= LOG_CHARS else x[:LOG_CHARS] + "…" for x in kept]
        assert dropped == len(every) - len(kept)
    finally:
        seat.close()
