"""The local table a browser runs: refusals that change nothing, a kept match that
resumes exactly, a record that replays and verifies, and setups refused by name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scala40.notation.record import load_record, replay, verify
from scala40.offline import worker
from scala40.offline.table import LocalTable, Setup, SetupError


def play(table: LocalTable, moves: int) -> None:
    """``moves`` moves: the bots', and the person's as the club player's hint says."""
    for _ in range(moves):
        if table.match.over:
            return
        if table.match.current_seat == 0:
            hint = table.receive({"type": "hint"})[0]
            out = table.receive({"type": "action", "v": table.version, "action": hint["action"]})
            assert out[-1]["type"] in ("patch", "state"), out
        else:
            table.bot_move()


def test_moves_out_of_turn_stale_or_illegal_are_refused_and_change_nothing() -> None:
    table = LocalTable(Setup("Anna", ("club",), seed=5, first_dealer=0))
    while table.match.current_seat == 0:
        play(table, 1)
    before = json.dumps(table.view_json(), sort_keys=True), table.version
    [refused] = table.receive({"type": "action", "v": table.version, "action": {"type": "draw"}})
    assert refused["code"] == "not_your_turn" and refused["facts"] == {"seat": 1}
    play(table, 1)
    while table.match.current_seat != 0:
        table.bot_move()
    before = json.dumps(table.view_json(), sort_keys=True), table.version
    [stale] = table.receive({"type": "action", "v": table.version - 1, "action": {"type": "draw"}})
    assert stale["code"] == "stale_version"
    [bad] = table.receive({"type": "action", "v": table.version, "action": {"type": "fly"}})
    assert bad["code"] == "bad_action"
    [illegal] = table.receive(
        {"type": "action", "v": table.version, "action": {"type": "discard", "card": "7H"}}
    )
    assert illegal["type"] == "error" and illegal["code"] not in ("bad_action", "bad_message")
    [unknown] = table.receive({"type": "dance"})
    assert unknown["code"] == "bad_message" and "dance" in unknown["message"]
    assert (json.dumps(table.view_json(), sort_keys=True), table.version) == before


def test_a_kept_match_resumes_where_it_was_and_plays_on_the_same() -> None:
    setup = Setup("Anna", ("expert", "easy"), seed=123, first_dealer=2)
    first = LocalTable(setup)
    play(first, 60)
    kept = json.loads(json.dumps(first.saved()))
    again = LocalTable.resume(kept)
    assert again.receive({"type": "sync"}) == first.receive({"type": "sync"})
    play(first, 80)
    play(again, 80)
    assert again.actions == first.actions, "the bots played otherwise after the resume"


def test_the_record_replays_and_verifies_to_the_same_result() -> None:
    table = LocalTable(Setup("Anna", ("club", "club"), changes={"elimination": 51}, seed=8))
    play(table, 6000)
    assert table.match.over
    record = json.loads(json.dumps(table.record()))
    again = replay(record)
    assert again.over and again.winner == table.match.winner
    assert again.totals == table.match.totals
    assert verify(record) == len(table.match.history)
    assert load_record(record)["seats"][0] == "Anna"


@pytest.mark.parametrize(
    ("setup", "problem"),
    [
        ({"nickname": "", "bots": ["club"]}, "nickname is text"),
        ({"nickname": "A\u202eB", "bots": ["club"]}, "invisible or control"),
        ({"nickname": "Anna", "bots": []}, "1 to 5 bot levels"),
        ({"nickname": "Anna", "bots": ["club"] * 6}, "1 to 5 bot levels"),
        ({"nickname": "Anna", "bots": ["grandmaster"]}, "unknown bot level 'grandmaster'"),
        ({"nickname": "Anna", "bots": ["club"], "preset": "moon"}, "unknown rules preset"),
        ({"nickname": "Anna", "bots": ["club"], "changes": {"jokers": "x"}}, "bad rules"),
        ({"nickname": "Anna", "bots": ["club"], "bot_pace": "warp"}, "bot_pace is one of"),
        ({"nickname": "Anna", "bots": ["club"], "first_dealer": 2}, "first_dealer is a seat"),
        ({"nickname": "Anna", "bots": ["club"], "seed": -1}, "seed is a whole number"),
    ],
)
def test_a_bad_setup_is_refused_naming_the_problem(setup: dict[str, Any], problem: str) -> None:
    with pytest.raises(SetupError, match=problem):
        Setup.read(setup)


def test_a_preset_and_a_house_key_in_italian_and_english_seats() -> None:
    setup = Setup.read(
        {"nickname": "Anna", "bots": ["beginner", "heuristic"], "preset": "house",
         "changes": {"elimination": "201"}, "seed": 3}
    )  # fmt: skip
    view = LocalTable(setup).view_json()
    assert view["rules"]["preset"] == "house"
    assert [p["name"] for p in view["players"]] == [
        "Anna",
        "Bot 2 (Beginner)",
        "Bot 3 (Club player)",
    ]
    assert [p["kind"] for p in view["players"]] == ["human", "bot:beginner", "bot:club"]


def test_the_worker_functions_speak_json_text() -> None:
    setup = {"nickname": "Anna", "bots": ["easy"], "seed": 11, "bot_pace": "fast"}
    [state] = json.loads(worker.start(json.dumps(setup)))
    assert state["type"] == "state" and state["view"]["table_id"] == "local"
    assert worker.pace() == 0.2
    while worker.bot_due():
        json.loads(worker.bot_move())
    [pong] = json.loads(worker.receive('{"type": "ping"}'))
    assert pong == {"type": "pong"}
    [bad] = json.loads(worker.receive("not json"))
    assert bad["code"] == "bad_message"
    kept = worker.saved()
    [again] = json.loads(worker.resume(kept))
    assert again["view"] == json.loads(worker.receive('{"type": "sync"}'))[0]["view"]
    assert load_record(worker.record())["seats"] == ["Anna", "Bot 2 (Easy)"]


def test_the_bench_gives_each_level_a_median_below_its_95th_percentile() -> None:
    from scala40.offline.bench import figures

    shown = figures(["beginner", "expert"], 60)
    assert set(shown) == {"beginner", "expert"}
    for level in shown.values():
        assert level["decisions"] == 60
        assert 0 <= level["p50_ms"] <= level["p95_ms"]
