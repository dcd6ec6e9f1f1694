"""``scala40 score`` driven by scripted answers, as a table would type them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scala40.cli import main


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SCALA40_DATA", str(tmp_path))
    return tmp_path


def score(*args: str, answers: list[str] | None = None) -> Result:
    text = "".join(a + "\n" for a in answers or [])
    return CliRunner().invoke(main, ["score", *args], input=text)


def saved(data: Path) -> list[dict[str, object]]:
    return [json.loads(p.read_text()) for p in sorted((data / "scoresheets").glob("*.json"))]


def test_a_whole_game_to_the_winner_asking_the_rules(data: Path) -> None:
    answers = [
        "Anna, Bruno, Carla",
        "elimination",
        "101",
        "no",
        "flat100",
        "n",
        "Bruno",  # deals first
        # Hand 1: Anna goes out; Bruno had not opened (flat 100); Carla counts her cards.
        "anna",
        "n",
        "Bruno",
        "JK KH 4C",
        # Hand 2: Carla goes out; Anna 25+10+4, Bruno 7 reaches 107 and is out.
        "c",
        "n",
        "",
        "25+10+4",
        "7",
        # Hand 3: Anna goes out, Carla pays 70, reaches 109: Anna is the last one in.
        "Anna",
        "n",
        "",
        "70",
    ]
    result = score(answers=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Bruno had not opened: pays a flat 100." in out
    assert "Hand 1: Anna went out. Pay: Carla 39, Bruno 100." in out
    assert "Bruno 100 (1 to 101)" in out
    assert "Hand 2: Carla went out; Bruno is out. Pay: Anna 39, Bruno 7." in out
    assert "Hand 3 (Anna deals; playing: Carla, Anna)" in out
    assert "Carla 109 (out)" in out
    assert "*** Anna wins! ***" in out
    [game] = saved(data)
    assert game["finished"]
    sheet = game["sheet"]
    assert isinstance(sheet, dict)
    assert sheet["players"] == ["Anna", "Bruno", "Carla"]
    assert sheet["rules"] == {"players": 3, "unopened_penalty": "flat100"}
    assert sheet["first_dealer"] == 1


def test_rules_options_skip_the_questions_and_undo_takes_a_hand_back(data: Path) -> None:
    answers = ["Anna", "n", "", "30", "u", "Carla", "n", "", "12", "t", "q"]
    result = score(
        "--players", "Anna,Carla", "--rule", "elimination=51", answers=["Anna", *answers]
    )
    assert result.exit_code == 0, result.output
    assert "Elimination limit" not in result.output
    assert "Hand 1 taken off the sheet." in result.output
    assert "Anna 12 (39 to 51)" in result.output
    [game] = saved(data)
    sheet = game["sheet"]
    assert isinstance(sheet, dict)
    assert len(sheet["hands"]) == 1
    assert game["finished"] is None


def test_mistakes_are_named_and_asked_again(data: Path) -> None:
    answers = ["Anna", "Zoe", "Anna", "n", "", "JK XX", "12", "q"]
    result = score("--players", "Anna,Carla", "--rules", "fisca", answers=answers)
    assert result.exit_code == 0, result.output
    assert "no player called 'Zoe'" in result.output
    assert "XX" in result.output
    assert "Carla 12" in result.output


def test_list_export_csv_and_resume(data: Path) -> None:
    score(
        "--players", "Anna,Carla", "--rules", "fisca", answers=["Anna", "Anna", "n", "", "40", "q"]
    )
    listing = score("--list")
    assert listing.exit_code == 0
    line = listing.output.strip()
    sheet_id = line.split()[0]
    assert "Anna, Carla  1 hands  in play" in line
    exported = score("--export", sheet_id, "--csv")
    assert exported.exit_code == 0
    assert exported.output.splitlines()[1] == "1,Anna,0,40,Anna went out"
    as_json = json.loads(score("--export", sheet_id).output)
    assert as_json["id"] == sheet_id
    resumed = score("--resume", sheet_id, answers=["Carla", "n", "", "110"])
    assert "*** Carla wins! ***" in resumed.output
    assert "Carla wins" in score("--list").output


def test_bad_options_exit_2_with_the_reason(data: Path) -> None:
    missing = score("--export", "nope")
    assert missing.exit_code == 2
    assert "no saved score sheet 'nope'" in missing.output
    bad = score("--players", "Anna", "--rules", "fisca")
    assert bad.exit_code == 2
    assert "2 to 8 players" in bad.output
    assert score("--rule", "elimination=x", "--players", "A,B").exit_code == 2
    assert score("--csv").exit_code == 2


def test_end_of_input_saves_and_stops(data: Path) -> None:
    result = score("--players", "Anna,Carla", "--rules", "fisca", answers=["Anna"])
    assert result.exit_code == 0
    assert "carry on with scala40 score --resume" in result.output
    assert len(saved(data)) == 1


def test_fixed_hands_and_single_game_asked_at_the_start(data: Path) -> None:
    fixed = ["Anna,Bruno", "fixed 2", "count", "n", "Anna"]
    fixed += ["Anna", "n", "", "30", "Bruno", "n", "", "20"]
    result = score(answers=fixed)
    assert result.exit_code == 0, result.output
    assert "1 of 2 hands left" in result.output
    assert "*** Anna wins! ***" in result.output
    single = ["Anna,Bruno", "single", "Anna", "-", "Bruno"]
    result = score(answers=single)
    assert result.exit_code == 0, result.output
    assert "Hand 2" in result.output
    assert "*** Bruno wins! ***" in result.output
    bad = score(answers=["Anna,Bruno", "whenever"])
    assert bad.exit_code == 2
    assert "the game ends by elimination, fixed N, target N or single" in bad.output


def test_four_players_may_play_in_partnerships(data: Path) -> None:
    answers = ["Anna,Bruno,Carla,Dario", "y", "worst", "elimination", "201", "count", "n"]
    answers += ["Anna", "Anna", "n", "", "30", "20", "40", "q"]
    result = score(answers=answers)
    assert result.exit_code == 0, result.output
    assert "Re-entry" not in result.output
    assert "Anna+Carla 20 (181 to 201)" in result.output
    assert "Bruno+Dario 40 (161 to 201)" in result.output
