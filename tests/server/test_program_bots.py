"""Protocol bots at the web table: a program the admin registers (``serve --bot``) is
offered in the lobby, plays its seat to the match's end, hears how hands and the match
ended, and is ended with its table."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from scala40.server.table.program_seats import parse_bot_option

from .helpers import create, wait_over, ws_url

SIMPLE = Path(__file__).parents[2] / "examples" / "bots" / "simple.py"
COMMAND = f"{sys.executable} {SIMPLE}"


def test_a_registered_program_plays_its_seat_to_the_end_of_the_match(make_client: Any) -> None:
    client = make_client(
        program_bots=(("simple", COMMAND),),
        grace_seconds=0.01,
        bots_pause_seconds=1e6,
        stand_in_level="greedy",
    )
    assert client.get("/api/bots").json() == {
        "levels": ["beginner", "easy", "club", "expert", "master"],
        "programs": ["simple"],
        "remote": [],
    }
    made = create(
        client,
        ["human", "bot:simple"],
        rules={"preset": "fisca", "changes": {"fixed_hands": 1}},
    )
    actor = client.app.state.tables.get(made["table_id"])
    program = actor.seats[1].program
    assert program is not None
    # A program seat waits for the table's first player to come; she comes and goes.
    with client.websocket_connect(ws_url(made)) as ws:
        ws.receive_json()
    wait_over(client, made["table_id"])
    bot = program.bot
    # The program itself played: every decision was its own, none a fallback's.
    # The deal is the server's own (random): the other seat may go out on its second turn,
    # after the program's first (a draw and a discard).
    assert bot.decisions >= 2
    assert bot.fallback_decisions == 0, bot.incidents
    assert bot.program_name == "simple.py"
    info = client.get(f"/api/tables/{made['table_id']}").json()
    assert info["seats"][1]["kind"] == "bot:simple"
    # The seat shows the name the program gave in ready, not the admin's short name.
    assert info["seats"][1]["name"] == "Bot 2 (simple.py)"
    assert actor.recorder.seats[1] == "Bot 2 (simple.py)"
    stored = client.app.state.tables.store.live_table(made["table_id"])
    finished = client.app.state.tables.store.finished_table(made["table_id"])
    row = stored or finished
    assert row is not None and row[1][1].name == "Bot 2 (simple.py)"


def test_an_unknown_program_name_is_refused_naming_the_choices(make_client: Any) -> None:
    client = make_client(program_bots=(("simple", COMMAND),))
    r = client.post("/api/tables", json={"seats": ["human", "bot:other"], "nickname": "Anna"})
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["code"] == "bad_seat" and "bot:simple" in error["message"]


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("simple", "NAME=COMMAND"),
        ("Simple Bot=python x.py", "a letter, then"),
        ("greedy=python x.py", "built-in level"),
        ("mine=no-such-program-here --flag", "no-such-program-here"),
    ],
)
def test_a_bad_bot_option_is_refused_with_the_reason(option: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_bot_option(option)


def test_the_option_reads_a_name_and_a_command() -> None:
    assert parse_bot_option(f"Simple={COMMAND}") == ("simple", COMMAND)
