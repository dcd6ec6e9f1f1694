"""The bot levels by the names a player understands, and the old names that still work."""

from __future__ import annotations

import pytest

from scala40.bots import (
    ALIASES,
    LABELS,
    LEVELS,
    OFFERED,
    ExpertBot,
    GreedyBot,
    HeuristicBot,
    PlannerBot,
    RandomBot,
    StrongBot,
    canonical_level,
    level_label,
    make_bot,
)


def test_the_levels_weakest_first_and_the_bot_each_builds() -> None:
    expected = [
        ("beginner", RandomBot),
        ("easy", GreedyBot),
        ("club", HeuristicBot),
        ("expert", ExpertBot),
        ("master", PlannerBot),
        ("search", StrongBot),
    ]
    assert list(LEVELS.items()) == expected
    assert OFFERED == ("beginner", "easy", "club", "expert", "master")  # search: studies
    assert set(LABELS) == set(LEVELS)
    assert [LABELS[level] for level in OFFERED] == [
        "Beginner",
        "Easy",
        "Club player",
        "Expert",
        "Master",
    ]


@pytest.mark.parametrize(("old", "new"), sorted(ALIASES.items()))
def test_an_old_name_builds_the_same_bot_as_its_new_name(old: str, new: str) -> None:
    assert canonical_level(old) == new
    assert canonical_level(old.upper()) == new
    assert LEVELS[canonical_level(old)] is LEVELS[new]
    if new != "expert":  # the expert's tables are built by its own tests
        assert type(make_bot(old)) is type(make_bot(new)) is LEVELS[new]
        assert type(make_bot(f" {old.title()} ")) is LEVELS[new]


def test_the_old_names_are_the_old_levels() -> None:
    assert ALIASES == {
        "random": "beginner",
        "greedy": "easy",
        "heuristic": "club",
        "strong": "master",
    }


@pytest.mark.parametrize("call", [make_bot, canonical_level])
def test_an_unknown_level_is_refused_naming_the_levels(call: object) -> None:
    assert callable(call)
    with pytest.raises(ValueError) as err:
        call("grandmaster")
    assert str(err.value) == (
        "unknown bot level 'grandmaster':"
        " choose one of beginner, easy, club, expert, master, search"
    )


def test_a_level_in_a_players_words() -> None:
    assert level_label("club") == "Club player"
    assert level_label("heuristic") == "Club player"
    assert level_label("cmd:python bot.py") == "cmd:python bot.py"
