"""``scala40 bot-check``: the example bots pass, and a faulty program's faults are named.

The faulty program (tests/botproto/programs/faulty.py) has four specific faults — a joker
written without its identity, a house key ignored, a late answer, a line that is not
JSON — and gives no name in ``ready``; each must be named by its check, with the message
sent and the answer received, and nothing else may fail.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scala40.botcheck.situations import SITUATIONS
from scala40.cli import main
from scala40.engine.legal import legal_actions
from scala40.notation.actions import format_action, parse_action

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "programs"
PYTHON = shlex.quote(sys.executable)


def bot_check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["bot-check", *args])
    return result.exit_code, result.stdout


def checked(*args: str) -> tuple[int, dict[str, Any]]:
    code, out = bot_check("--json", *args)
    return code, json.loads(out)


def outcomes(report: dict[str, Any]) -> dict[str, str]:
    return {c["key"]: c["outcome"] for c in report["checks"]}


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (f"{PYTHON} {ROOT / 'examples/bots/simple.py'}", "simple.py"),
        (f"node {ROOT / 'examples/bots/simple.js'}", "simple.js"),
    ],
)
def test_the_example_bots_pass_every_check(command: str, name: str) -> None:
    code, report = checked("--hands", "2", command)
    assert code == 0, report["failed"]
    assert report["passed"] and report["failed"] == []
    assert report["name"] == name
    assert set(outcomes(report).values()) == {"passed"}
    keys = [c["key"] for c in report["checks"]]
    assert keys[:2] == ["handshake", "name"]
    assert keys[2:-2] == [s.key for s in SITUATIONS]
    assert keys[-2:] == ["hand-1", "hand-2"]
    assert all(c["decisions"] >= 1 for c in report["checks"][2:])


FAULTS = {
    "long-legal": "timeout",
    "joker-set": "illegal",
    "joker-layoff-set": "bad_json",
    "max_run_length_5": "illegal",
}


def test_the_faults_of_a_wrong_program_are_each_named() -> None:
    command = f"{PYTHON} {PROGRAMS / 'faulty.py'}"
    code, report = checked("--hands", "0", "--decision-ms", "1000", command)
    assert code == 1
    assert report["passed"] is False
    assert sorted(report["failed"]) == sorted(FAULTS)
    seen = outcomes(report)
    assert seen["name"] == "noted"  # no name in ready: advice, not a failure
    assert seen["handshake"] == "passed"
    failures = {c["key"]: c["failure"] for c in report["checks"] if "failure" in c}
    assert {key: f["reason"] for key, f in failures.items()} == FAULTS
    for failure in failures.values():
        assert failure["sent"]["type"] == "decide"
        assert failure["why"]
    joker = failures["joker-set"]
    assert joker["answered"] == ['{"type": "action", "id": 1, "action": "meld 7H 7D JK"}']
    assert "say which suit the joker stands for" in joker["detail"]
    assert "meld 7H 7D JK=7C" in joker["sent"]["legal"]
    assert failures["max_run_length_5"]["sent"]["view"]["rules"]["changes"] == {
        "max_run_length_5": True,
        "players": 2,
    }
    assert "at most 5 cards" in failures["max_run_length_5"]["detail"]
    assert failures["long-legal"]["answered"] == []  # nothing came within the limit
    assert "1000 ms" in failures["long-legal"]["detail"]
    assert len(failures["long-legal"]["sent"]["legal"]) > 5000
    assert failures["joker-layoff-set"]["answered"][0].endswith('"action": "layoff JK')


def test_the_text_report_shows_the_exchange_that_went_wrong() -> None:
    command = f"{PYTHON} {PROGRAMS / 'faulty.py'}"
    code, out = bot_check("--hands", "0", "--decision-ms", "1000", command)
    assert code == 1
    lines = out.splitlines()
    failed = [line.split()[1] for line in lines if line.startswith("FAILED")]
    assert failed == ["long-legal", "joker-set", "joker-layoff-set", "max_run_length_5"]
    at = next(i for i, line in enumerate(lines) if line.startswith("FAILED   joker-set"))
    sent, answered, wrong, why = (line.split(maxsplit=1) for line in lines[at + 1 : at + 5])
    assert sent[0] == "sent:" and "legal: meld 2C JK=3C 4C, meld 7H 7D JK=7C" in sent[1]
    assert answered == ["answered:", '{"type": "action", "id": 1, "action": "meld 7H 7D JK"}']
    assert wrong[0] == "wrong:" and wrong[1].startswith("illegal: 'meld 7H 7D JK' refused")
    assert why[0] == "why:" and "a set of three must say which suit" in why[1]
    total = 2 + len(SITUATIONS)
    assert lines[-1].startswith(
        f"{total - 4} of {total} checks passed; failed: long-legal, joker-set,"
    )


def test_a_program_that_fails_its_handshake_is_not_put_through_the_rest() -> None:
    command = f"{PYTHON} {PROGRAMS / 'misbehave.py'} stranger"
    code, report = checked("--hands", "1", command)
    assert code == 1
    assert report["failed"] == ["handshake"]
    handshake = report["checks"][0]
    assert handshake["failure"]["reason"] == "handshake"
    assert "protocol 99" in handshake["failure"]["detail"]
    assert handshake["failure"]["sent"]["type"] == "hello"
    assert {c["outcome"] for c in report["checks"][1:]} == {"not run"}
    assert len(report["checks"]) == 1 + len(SITUATIONS) + 1


def test_a_turn_that_never_ends_fails(tmp_path: Path) -> None:
    """Laying a meld and taking it back forever: each move legal, the turn endless."""
    program = tmp_path / "undecided.py"
    program.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'ready', 'protocol': 1, 'name': 'undecided'}),"
        " flush=True)\n"
        "    elif m['type'] == 'decide':\n"
        "        legal = m['legal']\n"
        "        move = 'takeback' if 'takeback' in legal else legal[0]\n"
        "        print(json.dumps({'type': 'action', 'id': m['id'], 'action': move}),"
        " flush=True)\n"
    )
    code, report = checked("--hands", "0", f"{PYTHON} {program}")
    assert code == 1
    takeback = next(c for c in report["checks"] if c["key"] == "takeback")
    assert takeback["outcome"] == "failed"
    assert takeback["failure"]["reason"] == "no_end"
    assert takeback["decisions"] == 20
    # The 20th decision came after a take-back: the run is laid once more.
    assert takeback["failure"]["sent"]["legal"][0] == "meld 9D 10D JD"
    assert json.loads(takeback["failure"]["answered"][0])["action"] == "meld 9D 10D JD"


def test_a_command_that_cannot_run_is_an_input_error() -> None:
    result = CliRunner().invoke(main, ["bot-check", "no-such-program-xyz"])
    assert result.exit_code == 2
    assert "not found" in result.output
    assert result.stdout == ""


def test_several_arguments_are_the_program_and_its_arguments() -> None:
    argv = [sys.executable, "-u", str(ROOT / "examples" / "bots" / "simple.py")]
    code, report = checked("--hands", "0", "--", *argv)
    assert code == 0, report["failed"]
    assert report["command"] == shlex.join(argv)


# The catalogue says what it claims -------------------------------------------------------


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.key)
def test_each_situation_refuses_its_tempting_move_and_allows_the_rest(situation: Any) -> None:
    deal = situation.deal()
    assert deal.seats[deal.current] == 0 and not deal.over
    legal = [format_action(a) for a in legal_actions(deal)]
    assert legal
    if situation.tempting is not None:
        assert deal.check(parse_action(situation.tempting)) is not None, situation.tempting
        assert situation.tempting not in legal
        assert situation.why_refused
    for move in situation.allowed:
        assert deal.check(parse_action(move)) is None, move


def test_the_situations_cover_every_phase_joker_and_listed_house_key() -> None:
    keys = {s.key for s in SITUATIONS}
    assert len(keys) == len(SITUATIONS)
    for key in (
        "open_from_pozzo",
        "go_out_without_discard",
        "jokers_per_meld",
        "max_run_length_5",
        "two_natural_aces_in_run",
        "open_without_jokers",
        "keep_pozzo_card",
        "face_values",
        "fit_discard_ban",
        "first_pozzo_free",
        "keep_swapped_joker",
        "min_naturals",
        "opening_points",
    ):
        assert key in keys
    verbs = set()
    for s in SITUATIONS:
        deal = s.deal()
        verbs |= {format_action(a).split()[0] for a in legal_actions(deal)}
        verbs |= {m.split()[0] for m in s.before}
    assert verbs == {"draw", "pozzo", "open", "meld", "layoff", "swap", "discard", "takeback"}
    assert {"joker-run", "joker-set", "joker-layoff-run", "joker-layoff-set"} <= keys
