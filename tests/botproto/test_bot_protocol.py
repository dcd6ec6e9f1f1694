"""The bot protocol: outside programs play whole games, misbehave safely, see one seat.

Every program here is a real subprocess speaking JSON lines (docs/bot-protocol.md): the
example bots under examples/bots/ and tests/botproto/programs/misbehave.py, which plays
plainly but breaks the protocol once in the way its argument names.
"""

from __future__ import annotations

import json
import logging
import random
import shlex
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scala40 import arena
from scala40.bots import GreedyBot, make_bot
from scala40.bots.program import ProgramBot, Reason
from scala40.cli import main
from scala40.engine.cards import pack_list
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.notation.cards import format_card
from scala40.notation.view import history_to_list, view_from_json, view_to_dict
from scala40.tableview.view import SeatFacts, TableFacts, view_to_json

ROOT = Path(__file__).resolve().parents[2]
SIMPLE_PY = ROOT / "examples" / "bots" / "simple.py"
SIMPLE_JS = ROOT / "examples" / "bots" / "simple.js"
MISBEHAVE = Path(__file__).resolve().parent / "programs" / "misbehave.py"


def python_command(script: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(script), *args])


def arena_json(bots: str, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["arena", "--bots", bots, "--players", "2", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def program_result(data: dict[str, Any]) -> dict[str, Any]:
    (result,) = [r for r in data["results"] if r["bot"].startswith("cmd:")]
    return result


# Whole matches ------------------------------------------------------------------------------


def test_python_example_plays_whole_matches_without_fallbacks() -> None:
    bots = f"heuristic,cmd:{json.dumps(python_command(SIMPLE_PY))}"
    data = arena_json(bots, "--matches", "2", "--rule", "fixed_hands=2")
    assert data["games"] == 4 and data["abandoned"] == 0
    program = program_result(data)
    assert program["games"] == 4 and program["hands"] == 8
    assert program["decisions"] > 0
    assert program["fallbacks"] == {} and program["fallback_decisions"] == 0
    assert program["illegal"] == 0 and data["fallback_log"] == []


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_example_plays_whole_matches_without_fallbacks() -> None:
    bots = f"cmd:'node {SIMPLE_JS}',greedy"
    data = arena_json(bots, "--matches", "1", "--rule", "fixed_hands=2")
    assert data["games"] == 2 and data["abandoned"] == 0
    program = program_result(data)
    assert program["hands"] == 4 and program["decisions"] > 0
    assert program["fallbacks"] == {} and program["fallback_decisions"] == 0


def test_two_copies_of_a_program_split_a_duplicate_run_evenly() -> None:
    command = json.dumps(python_command(SIMPLE_PY))
    data = arena_json(f"cmd:{command},cmd:{command}", "--hands", "2")
    wins = [r["win_rate"] for r in data["results"]]
    assert wins == [0.5, 0.5]


# Misbehaviour -------------------------------------------------------------------------------

MISBEHAVIOURS = [
    ("garbage", Reason.BAD_JSON, False, ()),
    ("illegal", Reason.ILLEGAL, False, ()),
    ("unreadable", Reason.BAD_ACTION, False, ()),
    # It waits out the time limit and the game after it: the inner loop leaves it out.
    pytest.param("sleepy", Reason.TIMEOUT, False, ("--think-ms", "100"), marks=pytest.mark.slow),
    ("quitter", Reason.CRASH, True, ()),
    ("hog", Reason.CRASH, True, ()),
    ("flood", Reason.TOO_MUCH_OUTPUT, True, ()),
    ("stranger", Reason.HANDSHAKE, True, ()),
]


@pytest.mark.parametrize(("mode", "reason", "fatal", "extra"), MISBEHAVIOURS)
def test_a_misbehaving_program_falls_back_and_the_game_finishes(
    mode: str,
    reason: Reason,
    fatal: bool,
    extra: tuple[str, ...],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="scala40.bots.program")
    bots = f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, mode))}"
    data = arena_json(bots, "--hands", "1", *extra)
    assert data["games"] == 2 and data["abandoned"] == 0
    program = program_result(data)
    assert set(program["fallbacks"]) == {reason.value}
    assert program["illegal"] == 0  # the host never hands the referee an illegal move
    if reason is not Reason.TIMEOUT:
        assert program["fallbacks"][reason.value] == 2  # once in each of the two games
    if fatal:  # the built-in bot finishes the game for it
        assert program["fallback_decisions"] > 2
    else:
        assert program["fallback_decisions"] == sum(program["fallbacks"].values())
    assert {e["reason"] for e in data["fallback_log"]} == {reason.value}
    assert any(reason.value in r.getMessage() for r in caplog.records)


def test_a_crash_is_reported_with_the_exit_status_and_last_words() -> None:
    data = arena_json(
        f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, 'quitter'))}", "--hands", "1"
    )
    detail = data["fallback_log"][0]["detail"]
    assert "exited with status 3" in detail and "enough for today" in detail


def test_a_memory_hog_hits_the_memory_limit() -> None:
    data = arena_json(f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, 'hog'))}", "--hands", "1")
    assert "MemoryError" in data["fallback_log"][0]["detail"]


def test_the_text_report_names_the_fallbacks() -> None:
    bots = f"greedy,cmd:{json.dumps(python_command(MISBEHAVE, 'illegal'))}"
    result = CliRunner().invoke(main, ["arena", "--bots", bots, "--players", "2", "--hands", "1"])
    assert result.exit_code == 0, result.output
    assert "2 decision(s) taken by a built-in bot (illegal 2)" in result.stdout


# Processes ----------------------------------------------------------------------------------


def first_view(seat: int = 1) -> PlayerView:
    rules = Rules.build(None, {"players": "2"})
    hand = Deal.deal(rules, pack_list(rules.decks, rules.joker_count), None, 1)
    return PlayerView.of(hand, seat)


def test_a_hung_program_is_killed_when_the_game_ends() -> None:
    bot = ProgramBot(python_command(MISBEHAVE, "sleepy"), decision_ms=100)
    view = first_view(seat=hand_first_seat())
    bot.choose(view, random.Random(1))
    assert [i.reason for i in bot.incidents] == [Reason.TIMEOUT]
    running = bot._proc
    assert running is not None and running.proc.poll() is None
    bot.close()
    assert running.proc.returncode is not None  # reaped: no zombie left behind
    bot.close()  # closing twice is harmless


def hand_first_seat() -> int:
    rules = Rules.build(None, {"players": "2"})
    hand = Deal.deal(rules, pack_list(rules.decks, rules.joker_count), None, 1)
    return hand.seats[hand.current]


def test_a_bot_list_names_programs_and_refuses_missing_ones() -> None:
    assert arena.split_bots('Heuristic,cmd:"python a.py --x=1,2"') == [
        "Heuristic",
        "cmd:python a.py --x=1,2",
    ]
    rules = Rules.build(None, {"players": "2"})
    config = arena.make_config(["Heuristic", f"CMD:{python_command(SIMPLE_PY)}"], rules, hands=1)
    # A level by its canonical name (an old name is its level's), a command as written.
    assert config.bots == ("club", f"cmd:{python_command(SIMPLE_PY)}")
    with pytest.raises(arena.ArenaError, match="not found"):
        arena.make_config(["greedy", "cmd:no-such-bot-program --x"], rules, hands=1)
    assert isinstance(make_bot(f"cmd:{python_command(SIMPLE_PY)}"), ProgramBot)


# Hidden information -------------------------------------------------------------------------


def test_the_program_gets_only_its_own_seat_view(tmp_path: Path) -> None:
    log = tmp_path / "seen.jsonl"
    rules = Rules.build(None, {"players": "2"})
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(7).shuffle(deck)
    hand = Deal.deal(rules, deck, None, 3)
    bots = {0: GreedyBot(), 1: ProgramBot(python_command(MISBEHAVE, "spy", str(log)))}
    rng = random.Random(1)
    asked: list[PlayerView] = []
    try:
        for _ in range(2000):
            if hand.over:
                break
            seat = hand.seats[hand.current]
            view = PlayerView.of(hand, seat)
            if seat == 1:
                asked.append(view)
            hand.apply(bots[seat].choose(view, rng))
    finally:
        bots[1].close()
    assert hand.over and asked
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    hello = messages[0]
    assert hello["type"] == "hello" and hello["seat"] == 1
    assert set(hello) == {
        "type",
        "protocol",
        "seat",
        "players",
        "rules",
        "seed",
        "restarts",
        "limits",
    }
    assert hello["restarts"] == 0
    decides = [m for m in messages if m["type"] == "decide"]
    assert len(decides) == len(asked)
    for message, view in zip(decides, asked, strict=True):
        assert message["view"] == view_to_dict(view)  # the seat's PlayerView, nothing more
        # ... and all of it: the view, and the deal's turns beside it
        assert view_from_json(message["view"]) == replace(view, history=())
        assert message["history"] == history_to_list(view)
        assert len(message["history"]) == len(view.history)
    # Of the other seat the program learns only public facts: a count, what it laid down
    # or took openly; its own hand is exactly the seat's true hand.
    public = {"seat", "in_hand", "cards", "opened", "known", "total", "eliminated"}
    for message, view in zip(decides, asked, strict=True):
        assert all(set(p) == public for p in message["view"]["players"])
        assert message["view"]["hand"] == [format_card(k) for k in view.hand]
    assert not {"hands", "stock_order", "deck"} & set(decides[0]["view"])


def test_the_view_is_the_web_view_of_the_same_seat() -> None:
    """The protocol's VIEW has the web VIEW's keys and values (docs/protocol.md)."""
    rules = Rules.build(None, {"players": "3"})
    match = Match(rules, seed=5, first_dealer=0)
    rng = random.Random(2)
    facts = TableFacts("t1", "playing", "fisca", [SeatFacts(f"p{s}", "bot") for s in range(3)])
    bot = GreedyBot()
    for _ in range(120):
        seat = match.current_seat
        for watcher in range(3):
            view = PlayerView.of_match(match, watcher)
            ours = view_to_dict(view)
            web = view_to_json(view, facts)
            for key, value in ours.items():
                if key == "players":
                    for mine, theirs in zip(value, web["players"], strict=True):
                        assert mine.items() <= theirs.items()
                elif key == "rules":
                    assert value.items() <= web["rules"].items()
                else:
                    assert value == web[key], key
        match.apply(bot.choose(PlayerView.of_match(match, seat), rng))
