"""``scala40 tournament``: schedules, standings, ratings and the command line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from scala40 import tournament as tm
from scala40.cli import main
from scala40.engine.rules import Rules


def run_cli(*args: str) -> Result:
    return CliRunner().invoke(main, ["tournament", *args])


def run_json(*args: str) -> dict[str, Any]:
    result = run_cli(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_every_entry_meets_every_other_once_and_once_a_round() -> None:
    for entries in range(2, 9):
        rounds = tm.schedule(entries)
        pairs = [tuple(sorted(p)) for r in rounds for p in r]
        assert sorted(pairs) == list(itertools.combinations(range(entries), 2))
        for r in rounds:
            met = [e for p in r for e in p]
            assert len(met) == len(set(met)), f"an entry plays twice in a round: {r}"


def test_a_round_robin_ranks_the_club_player_over_greedy_over_random() -> None:
    data = run_json("--bots", "beginner,easy,club", "--hands", "8", "--seed", "3")
    ranked = [s["bot"] for s in data["standings"]]
    assert ranked == ["club", "easy", "beginner"]
    assert [s["points"] for s in data["standings"]] == [2, 1, 0]
    assert len(data["pairings"]) == 3
    assert data["games"] == 3 * 8 * 2
    for s in data["standings"]:
        low, high = s["interval"]
        assert low < s["rating"] < high
        assert s["games"] == 2 * 8 * 2
    # Ratings follow the results: the winner of every pairing is rated above its loser.
    rating = {s["bot"]: s["rating"] for s in data["standings"]}
    assert rating["club"] > rating["easy"] > rating["beginner"]


def test_a_knockout_has_one_champion_and_everyone_else_out_once() -> None:
    data = run_json("--bots", "club,beginner,easy,beginner", "--format", "knockout", "--hands", "6")
    assert len(data["pairings"]) == 3
    assert [p["round"] for p in data["pairings"]] == [1, 1, 2]
    assert data["champion"] == "club"
    outs = {s["bot"]: s["out_in_round"] for s in data["standings"]}
    assert outs["club"] is None
    assert sorted(v for v in outs.values() if v is not None) == [1, 1, 2]
    # Seeds 1 v 4 and 2 v 3 in the first round.
    first = [(p["a"], p["b"]) for p in data["pairings"][:2]]
    assert first == [("club", "beginner#2"), ("beginner#1", "easy")]


def test_an_odd_field_gives_the_top_seed_a_bye() -> None:
    assert tm.bracket([0, 1, 2]) == [(0, None), (1, 2)]
    data = run_json("--bots", "club,easy,beginner", "--format", "knockout", "--hands", "4")
    first = data["pairings"][0]
    assert (first["round"], first["a"], first["b"]) == (1, "easy", "beginner")
    assert len(data["pairings"]) == 2


def test_a_level_pairing_shares_the_point_and_the_better_seed_goes_through() -> None:
    # Two copies of one bot on duplicate deals: every deal is played both ways round.
    data = run_json("--bots", "easy,easy", "--hands", "4")
    (pairing,) = data["pairings"]
    assert pairing["winner"] is None and pairing["edge"] == 0
    assert [s["points"] for s in data["standings"]] == [0.5, 0.5]
    data = run_json("--bots", "easy,easy", "--hands", "4", "--format", "knockout")
    assert data["champion"] == "easy#1"


def test_the_same_seed_gives_the_same_tournament() -> None:
    args = ("--bots", "beginner,easy", "--hands", "5", "--seed", "9")
    first, second = run_json(*args), run_json(*args)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


def test_the_text_report_shows_standings_and_pairings() -> None:
    result = run_cli("--bots", "beginner,club", "--hands", "4", "--format", "knockout")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Tournament (knockout): beginner, club")
    standings = [line for line in lines if line.strip().startswith("1 ")]
    assert standings and "club" in standings[0] and "champion" in standings[0]
    assert any("round 1: beginner" in line and "-> club" in line for line in lines)
    assert lines[-1] == "Champion: club"


def test_bad_settings_exit_2_and_say_why() -> None:
    cases = {
        ("--bots", "easy", "--hands", "2"): "at least two bots",
        ("--bots", "easy,beginner", "--hands", "2", "--rule", "players=3"): "heads-up",
        ("--bots", "easy,nosuchbot", "--hands", "2"): "nosuchbot",
        ("--bots", "easy,beginner"): "--hands",
        ("--bots", "easy,beginner", "--hands", "0"): "1 or more",
    }
    for args, words in cases.items():
        result = run_cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)


def test_the_plot_draws_the_ratings(tmp_path: Path) -> None:
    path = tmp_path / "ratings.png"
    result = run_cli("--bots", "beginner,easy", "--hands", "3", "--plot", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_config_refuses_an_unknown_format() -> None:
    try:
        tm.make_config(["easy", "beginner"], Rules(), format="swiss", hands=1)
    except tm.TournamentError as err:
        assert "round-robin" in str(err)
    else:
        raise AssertionError("an unknown format was accepted")


def test_json_lists_every_game_of_a_pairing() -> None:
    data = run_json("--bots", "beginner,easy", "--hands", "2", "--seed", "4")
    (pairing,) = data["pairings"]
    games = pairing["results"]
    assert len(games) == pairing["games"] == 4
    assert [(g["deal"], g["seating"]) for g in games] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    for g in games:
        assert sorted(g["seats"]) == ["beginner", "easy"] and not g["abandoned"]
        assert g["hands"] == 1 and len(g["penalties"]) == 2
        assert set(g["winners"]) <= {"beginner", "easy"} and g["winners"]
    # Both seatings of a deal are the same deal, the bots swapped.
    assert games[0]["key"] == games[1]["key"] != games[2]["key"]
    assert games[0]["seats"] == games[1]["seats"][::-1]
    wins = {"beginner": 0.0, "easy": 0.0}
    for g in games:
        for w in g["winners"]:
            wins[w] += 1 / len(g["winners"])
    assert [wins["beginner"], wins["easy"]] == pairing["wins"]


def test_a_win_on_an_edge_within_the_noise_is_flagged() -> None:
    # Level on games both times; seed 3's edge is within two standard errors, seed 4's not.
    noisy = run_json("--bots", "beginner,easy", "--hands", "2", "--seed", "3")["pairings"][0]
    assert noisy["wins"][0] == noisy["wins"][1] and noisy["decided_by"] == "edge"
    assert abs(noisy["edge"]) <= 2 * noisy["se"]
    assert noisy["winner"] == "easy" and noisy["uncertain"] is True
    clear = run_json("--bots", "beginner,easy", "--hands", "2", "--seed", "4")["pairings"][0]
    assert clear["decided_by"] == "edge" and clear["uncertain"] is False
    text = run_cli("--bots", "beginner,easy", "--hands", "2", "--seed", "3").output
    assert "-> easy (on an edge within two standard errors: not a clear win)" in text
    text = run_cli("--bots", "beginner,easy", "--hands", "2", "--seed", "4").output
    assert "not a clear win" not in text
