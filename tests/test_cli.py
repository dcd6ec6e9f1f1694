"""The ``scala40`` command line: the referee's ``check`` and ``penalty`` commands.

Every worked example of RULES.md §5 goes through ``check --json`` exactly as a user types it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner, Result

from scala40 import __version__
from scala40.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def check_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = run("check", "--json", *args)
    assert result.stderr == ""
    return result.exit_code, json.loads(result.stdout)


# RULES.md §5 worked examples: (melds, points of each, total, opens).
WORKED_EXAMPLES = [
    (["KH KD KC", "3S 4S 5S"], [30, 12], 42, True),
    (["KH KD KC"], [30], 30, False),
    (["10H 10D 10C 10S"], [40], 40, True),
    (["AH AD AC"], [33], 33, False),
    (["AH AD AC AS"], [44], 44, True),
    (["Q♥ K♥ A♥", "2♣ 3♣ 4♣"], [31, 9], 40, True),
    (["Q♥ K♥ A♥", "A♣ 2♣ 3♣"], [31, 6], 37, False),
    (["9♣ 10♣ J♣ Q♣"], [39], 39, False),
    (["9♣ 10♣ J♣ Q♣ K♣"], [49], 49, True),
    (["J♠ Q♠ JK", "5♥ 6♥ 7♥"], [30, 18], 48, True),
    (["JS QS JK=KS", "5H 6H 7H"], [30, 18], 48, True),
    (["4H 4C 4S", "3D 4D 5D 6D 7D"], [12, 25], 37, False),
    (["K♥ Q♥ J♥", "7♠ 7♦ 7♣"], [30, 21], 51, True),
    (["2D 3D 4D 5D 6D 7D 8D"], [35], 35, False),
]


@pytest.mark.parametrize(("melds", "points", "total", "opens"), WORKED_EXAMPLES)
def test_worked_examples_of_the_opening(
    melds: list[str], points: list[int], total: int, opens: bool
) -> None:
    code, data = check_json(*melds)
    assert code == 0
    assert data == {
        "melds": [{"valid": True, "kind": data["melds"][i]["kind"], "points": p, "reason": None}
                  for i, p in enumerate(points)],
        "total": total,
        "opens": opens,
    }  # fmt: skip
    assert [m["kind"] for m in data["melds"]] == [
        "set" if len({c[:-1] for c in m.split()} - {"JK"}) == 1 else "run" for m in melds
    ]


@pytest.mark.parametrize(
    ("meld", "reason"),
    [
        ("KH AH 2H", "K-A-2 is not a run"),
        ("9♠ 9♠ 9♥", "different suits"),
        ("5H JK JK 8H", "at most one joker"),
        ("JK JK JK", "only jokers"),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", ""),
        ("7H 7D JK=7H", "missing suit"),
        ("JK=9S 8S 9S", "the joker's place fixes"),
        ("7H 8H", "at least 3 cards"),
        ("7H 8D 9C", "neither a run"),
        ("7H 7D 7C 7S JK", "at most 4 cards"),
        ("7H 7D 7C 7S 7H", "different suits"),
    ],
)
def test_invalid_melds_exit_1_with_the_reason(meld: str, reason: str) -> None:
    code, data = check_json(meld)
    assert code == 1
    [verdict] = data["melds"]
    assert verdict["valid"] is False
    assert verdict["kind"] is None
    assert verdict["points"] is None
    assert reason in verdict["reason"]
    assert data["total"] == 0
    assert data["opens"] is False


def test_one_invalid_meld_spoils_the_opening_but_not_the_count() -> None:
    code, data = check_json("KH KD KC", "KH AH 2H", "10H 10D 10C")
    assert code == 1
    assert [m["valid"] for m in data["melds"]] == [True, False, True]
    assert data["total"] == 60
    assert data["opens"] is False


def test_an_undeclared_joker_in_a_set_of_three_is_accepted() -> None:
    code, data = check_json("7H 7D JK")
    assert code == 0
    assert data["melds"][0] == {"valid": True, "kind": "set", "points": 21, "reason": None}


def test_melds_one_hand_cannot_hold_do_not_open() -> None:
    # Three K♥ are more than the pack's two.
    code, data = check_json("KH KD KC", "KH KD KS", "KH KC KS")
    assert (code, data["total"], data["opens"]) == (0, 90, False)
    # A 14-card run is a meld, but no hand lays 14 cards keeping one to discard.
    code, data = check_json("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    assert (code, data["total"], data["opens"]) == (0, 96, False)


@pytest.mark.parametrize(
    ("args", "melds", "total", "opens", "code"),
    [
        (["--rule", "opening_points=51"], ["KH KD KC", "3S 4S 5S"], 42, False, 0),
        (["--rule", "opening_points=51"], ["K♥ Q♥ J♥", "7♠ 7♦ 7♣"], 51, True, 0),
        (["--rule", "face_values=high"], ["AH AD AC"], 42, True, 0),
        (["--rule", "open_without_jokers=fisca"], ["JS QS JK", "5H 6H 7H"], 48, False, 0),
        (
            ["--rule", "open_without_jokers=fisca"],
            ["KH KD KC", "10H 10D 10C", "JS QS JK"],
            90,
            True,
            0,
        ),
        (
            ["--rule", "open_without_jokers=strict"],
            ["KH KD KC", "10H 10D 10C", "JS QS JK"],
            90,
            False,
            0,
        ),
        (["--rule", "jokers_per_meld=2"], ["5H JK JK 8H 9H"], 35, False, 0),
        (["--rule", "jokers_per_meld=2"], ["JK JK 8H"], 0, False, 1),
        (["--rule", "max_run_length_5=true"], ["9C 10C JC QC KC AC"], 0, False, 1),
        (["--rule", "max_run_length_5=true"], ["9C 10C JC QC KC"], 49, True, 0),
        (["--rules", "house"], ["KH KD KC", "3S 4S 5S"], 42, True, 0),
        (
            ["--rules", "house", "--rule", "opening_points=43"],
            ["KH KD KC", "3S 4S 5S"],
            42,
            False,
            0,
        ),
    ],
)
def test_rule_variants(
    args: list[str], melds: list[str], total: int, opens: bool, code: int
) -> None:
    got, data = check_json(*args, *melds)
    assert (got, data["total"], data["opens"]) == (code, total, opens)


def test_one_natural_and_jokers_is_a_run_unless_declared_a_set() -> None:
    loose = ("--rule", "jokers_per_meld=2", "--rule", "min_naturals=1")
    _, run_data = check_json(*loose, "JK JK KH")
    _, set_data = check_json(*loose, "JK=KD JK=KC KH")
    assert (run_data["melds"][0]["kind"], run_data["total"]) == ("run", 30)
    assert (set_data["melds"][0]["kind"], set_data["total"]) == ("set", 30)


BOTH_ACES = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_both_natural_aces_make_a_run_under_the_variant() -> None:
    code, data = check_json("--rule", "two_natural_aces_in_run=true", BOTH_ACES)
    assert (code, data["melds"][0]["points"]) == (0, 96)


def test_both_natural_aces_are_refused_for_the_right_reason() -> None:
    code, data = check_json(BOTH_ACES)
    assert code == 1
    assert "both aces" in data["melds"][0]["reason"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1X"], 'not a card: "1X"'),
        (["KH KD KC", "7H 1X 9H"], 'not a card: "1X"'),
        (["7H=7D 8H 9H"], "only a joker carries a declared identity"),
        (["--rule", "colour=red", "KH KD KC"], "unknown rule key 'colour'"),
        (["--rule", "opening_points=many", "KH KD KC"], "rule opening_points takes a number"),
        (["--rule", "opening_points", "KH KD KC"], '--rule takes KEY=VALUE, not "opening_points"'),
        (["--rules", "casino", "KH KD KC"], "unknown rules preset 'casino'"),
    ],
)
@pytest.mark.parametrize("as_json", [True, False])
def test_unreadable_input_exits_2_with_nothing_on_stdout(
    args: list[str], message: str, as_json: bool
) -> None:
    result = run("check", *(["--json"] if as_json else []), *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr


def test_check_needs_a_meld() -> None:
    result = run("check", "--json")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_check_in_words() -> None:
    result = run("check", "KH KD KC", "3S 4S 5S")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "K♥ K♦ K♣: a valid set, 30 points",
        "3♠ 4♠ 5♠: a valid run, 12 points",
        "Total 42 points: opens (40 needed)",
    ]
    result = run("check", "KH KD KC", "KH AH 2H")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[1].startswith("K♥ A♥ 2♥: not valid: ")
    assert lines[2] == "Total 30 points: does not open (meld 2 is not valid)"
    result = run("check", "kh qh jk", "7H 7D JK")
    assert result.stdout.splitlines()[:2] == [
        "K♥ Q♥ JK: a valid run (JK=J♥ Q♥ K♥), 30 points",
        "7♥ 7♦ JK: a valid set, 21 points",
    ]
    result = run("check", "KH KD KC")
    assert result.stdout.splitlines()[-1] == (
        "Total 30 points: does not open (an opening needs 40 points; these melds make 30)"
    )


# penalty -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["JK KH 4C"], ["JK", "KH", "4C"], ["jk", "k♥", "4♣"]])
def test_the_penalty_example(args: list[str]) -> None:
    result = run("penalty", "--json", *args)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"penalty": 39}
    words = run("penalty", *args)
    assert words.stdout == "JK K♥ 4♣: 39 points\n"


@pytest.mark.parametrize(
    ("args", "points"),
    [
        (["AS"], 11),
        (["--rule", "lone_ace_counts_one=true", "AS"], 1),
        (["--rule", "lone_ace_counts_one=true", "AS AH"], 22),
        (["--rule", "face_values=high", "JK KH 4C AS"], 14 + 13 + 4 + 14),
        (["--rules", "house", "2H 3H 10S QD"], 25),
        ([""], 0),
    ],
)
def test_penalty_under_the_rules(args: list[str], points: int) -> None:
    result = run("penalty", "--json", *args)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"penalty": points}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["JK KH 1X"], 'not a card: "1X"'),
        (["JK=7D"], "a card in hand has no declared identity"),
        (["--rule", "face_values=low", "KH"], "rule face_values takes one of"),
    ],
)
def test_penalty_input_errors_exit_2(args: list[str], message: str) -> None:
    result = run("penalty", "--json", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr


def test_version_and_help() -> None:
    assert __version__ in run("--version").stdout
    help_text = run("--help").stdout
    assert "check" in help_text
    assert "penalty" in help_text
