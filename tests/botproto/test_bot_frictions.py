"""The small frictions a bot author met (issue 31, point 3), each as the author sees it.

Every program here is a real subprocess: tests/botproto/programs/misbehave.py in its
``spy`` mode, which plays plainly and writes every message it gets to a log.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from scala40.bots.program import ProgramBot, Reason, shown_name
from scala40.bots.program_stderr import StderrTail
from scala40.cli import main
from scala40.engine.cards import pack_list
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

PROGRAMS = Path(__file__).resolve().parent / "programs"
MISBEHAVE = PROGRAMS / "misbehave.py"


def python_command(script: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(script), *args])


def arena_json(bots: str, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["arena", "--bots", bots, "--players", "2", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def spied(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_a_lone_hand_is_hand_1_in_the_view_and_in_hand_over(tmp_path: Path) -> None:
    log = tmp_path / "seen.jsonl"
    arena_json(
        f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, 'spy', str(log)))}", "--hands", "1"
    )
    messages = spied(log)
    numbers = {m["view"]["hand_number"] for m in messages if m["type"] == "decide"}
    told = {m["hand"] for m in messages if m["type"] == "hand_over"}
    assert told == {1}
    assert numbers == told


def first_view() -> PlayerView:
    rules = Rules.build(None, {"players": "2"})
    hand = Deal.deal(rules, pack_list(rules.decks, rules.joker_count), None, 1)
    return PlayerView.of(hand, hand.seats[hand.current])


def test_a_silent_program_is_told_the_handshake_limit_it_missed() -> None:
    silent = shlex.join([sys.executable, "-c", "import time; time.sleep(30)"])
    bot = ProgramBot(silent, handshake_ms=400, decision_ms=5000)
    try:
        bot.choose(first_view(), random.Random(1))
    finally:
        bot.close()
    (incident,) = bot.incidents
    assert incident.reason is Reason.HANDSHAKE
    assert incident.detail == "no ready within 400 ms of the start"


def test_a_slow_start_is_not_counted_as_decision_time() -> None:
    """The program takes 1.5 s to answer hello, then answers at once: its decisions are
    quick, and the arena's times say so."""
    data = arena_json(
        f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, 'slowstart'))}", "--hands", "1"
    )
    (program,) = [r for r in data["results"] if r["bot"].startswith("cmd:")]
    assert program["fallbacks"] == {}
    assert program["decision_ms"]["max"] < 1500


def test_arena_verbose_shows_a_programs_log_and_stderr() -> None:
    bots = f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, 'talker'))}"
    args = ["arena", "--bots", bots, "--players", "2", "--hands", "1"]
    quiet = CliRunner().invoke(main, args)
    assert quiet.exit_code == 0, quiet.output
    assert "weighing the pozzo" not in quiet.output
    loud = CliRunner().invoke(main, [*args, "--verbose", "--json"])
    assert loud.exit_code == 0, loud.output
    json.loads(loud.stdout)  # the JSON stays clean: the program's lines go to stderr
    said = [line for line in loud.stderr.splitlines() if "talker:" in line]
    # One game per seating, each with its own copy of the program.
    assert sum("log: talker: weighing the pozzo" in line for line in said) == 2
    assert sum("stderr: talker: a line on stderr" in line for line in said) == 2
    assert all(line.startswith("deal 1, seating ") for line in said)


def test_new_stderr_lines_are_given_once_and_whole() -> None:
    read, write = os.pipe()
    tail = StderrTail(read, "test-stderr")
    data = b"".join(b"line %d\n" % i for i in range(300))
    os.write(write, data)
    deadline = time.monotonic() + 5
    while tail.written < len(data) and time.monotonic() < deadline:
        time.sleep(0.01)
    text, lost = tail.take_new()
    lines = text.splitlines()
    assert lines == [f"line {i}" for i in range(100, 300)]  # the ring keeps the last 200
    assert lost == sum(len(b"line %d\n" % i) for i in range(100))
    os.write(write, b"half")
    time.sleep(0.2)
    assert tail.take_new() == ("", 0)  # a line is given once it is whole
    os.write(write, b" and half\n")
    os.close(write)
    assert tail.wait_closed(5)
    assert tail.take_new() == ("half and half\n", 0)
    assert tail.take_new() == ("", 0)


def test_a_program_shows_under_its_ready_name_in_the_arena() -> None:
    command = python_command(MISBEHAVE, "good")
    bots = f"greedy,cmd:{json.dumps(command)}"
    data = arena_json(bots, "--hands", "1")
    program = next(r for r in data["results"] if r["bot"].startswith("cmd:"))
    assert program["name"] == "good"  # what it said in ready; "bot" stays the entry
    assert next(r for r in data["results"] if r["bot"] == "easy")["name"] == "easy"
    text = CliRunner().invoke(main, ["arena", "--bots", bots, "--players", "2", "--hands", "1"])
    assert text.exit_code == 0, text.output
    assert "Arena: easy vs good, 2 players" in text.stdout
    assert any(line.startswith("good ") for line in text.stdout.splitlines())
    assert command not in text.stdout


def test_two_copies_of_a_program_are_told_apart_and_so_is_a_tournament_entry() -> None:
    command = json.dumps(python_command(MISBEHAVE, "good"))
    # Two plain programs never open: the hand ends when the stock runs out, not at the
    # arena's 1,000-turn cap (8,000 decisions over the protocol, two minutes here).
    short = ("--rule", "stock_out=end_hand")
    data = arena_json(f"cmd:{command},cmd:{command}", "--hands", "1", *short)
    assert [r["name"] for r in data["results"]] == ["good#1", "good#2"]
    result = CliRunner().invoke(
        main, ["tournament", "--bots", f"easy,cmd:{command}", "--hands", "1", *short, "--json"]
    )
    assert result.exit_code == 0, result.output
    standings = json.loads(result.stdout)["standings"]
    assert sorted(s["name"] for s in standings) == ["easy", "good"]
    text = CliRunner().invoke(
        main, ["tournament", "--bots", f"easy,cmd:{command}", "--hands", "1", *short]
    )
    assert "Tournament (round-robin): easy, good;" in text.stdout
    assert "misbehave.py" not in text.stdout


def test_a_ready_name_is_cleaned_before_it_is_shown() -> None:
    assert shown_name("  deep\x1b[31mblue\n ") == "deep[31mblue"
    assert shown_name("x" * 100) == "x" * 40
    assert shown_name("   ") is None and shown_name(7) is None
