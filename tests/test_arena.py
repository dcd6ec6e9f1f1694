"""``scala40 arena``: the ladder shows, the format is duplicate, the output is as promised.

Runs are small and seeded, so every figure here is exact and repeatable; margins are set
from what these seeds measure, well inside the sample's 95% intervals.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner, Result

from scala40 import arena
from scala40.bots import LEVELS
from scala40.cli import main
from scala40.engine.actions import Action, Discard, DrawStock
from scala40.engine.cards import JOKER
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["arena", *args])


def arena_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def config(bots: str, players: int, **kw: Any) -> arena.ArenaConfig:
    rules = Rules.build(None, {"players": str(players)})
    return arena.make_config(bots.split(","), rules, **kw)


def by_bot(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["bot"]: r for r in data["results"]}


# The ladder ----------------------------------------------------------------------------------


def test_greedy_beats_random_heads_up_over_single_hands() -> None:
    data = arena_json("--bots", "easy,beginner", "--players", "2", "--hands", "30", "--seed", "2")
    greedy, rand = by_bot(data)["easy"], by_bot(data)["beginner"]
    assert greedy["games"] == rand["games"] == 60
    assert greedy["win_rate"] > 0.7  # 0.80 and 0.82 over 200 games (seeds 2 and 3)
    assert greedy["ci95"][0] > 0.5  # clearly better, not just luckier
    assert greedy["win_rate"] + rand["win_rate"] == pytest.approx(1.0)
    assert greedy["elo"] > rand["elo"] + 150
    assert (greedy["elo"] + rand["elo"]) / 2 == pytest.approx(1500, abs=0.1)
    assert greedy["mean_penalty"] < rand["mean_penalty"]
    assert greedy["go_out_rate"] > rand["go_out_rate"]


def test_greedy_beats_random_over_whole_matches() -> None:
    data = arena_json("--bots", "easy,beginner", "--players", "2", "--matches", "4", "--seed", "1")
    greedy = by_bot(data)["easy"]
    assert data["matches"] == 4 and data["hands"] is None
    assert greedy["games"] == 8
    assert greedy["win_rate"] >= 0.875  # 8 of 8 measured
    assert greedy["hands"] > greedy["games"]  # matches run over several hands


def test_heuristic_beats_greedy_heads_up_over_single_hands() -> None:
    data = arena_json("--bots", "club,easy", "--players", "2", "--hands", "25", "--seed", "3")
    heuristic, greedy = by_bot(data)["club"], by_bot(data)["easy"]
    assert heuristic["win_rate"] >= 0.8  # 0.90 measured
    assert heuristic["ci95"][0] > 0.6
    assert heuristic["elo"] > greedy["elo"] + 150
    assert heuristic["mean_penalty"] < greedy["mean_penalty"]


def test_a_bot_against_itself_splits_exactly_in_half() -> None:
    # Seats, not bots, own the random streams: mirrored seatings replay each other.
    data = arena_json("--bots", "easy,easy", "--hands", "10", "--seed", "5")
    results = by_bot(data)
    assert set(results) == {"easy#1", "easy#2"}
    assert [r["win_rate"] for r in results.values()] == [0.5, 0.5]
    assert results["easy#1"]["elo"] == pytest.approx(1500)


# The duplicate format --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bots", "players", "mode"),
    [
        ("easy,beginner", 2, "hands"),
        ("beginner,easy,beginner", 3, "hands"),
        ("easy,beginner", 3, "matches"),
    ],
)
def test_every_deal_is_played_in_every_seating(bots: str, players: int, mode: str) -> None:
    report = arena.run(config(bots, players, **{mode: 2}, seed=7))
    assert len(report.outcomes) == 2 * players
    for deal in range(2):
        games = [o for o in report.outcomes if o.deal == deal]
        assert len({o.deal_key for o in games}) == 1  # the same cards every time
        assert {o.lineup for o in games} == {report.config.lineup(r) for r in range(players)}
        # Each entry sat in each seat as often as its share of the table says.
        for seat in range(players):
            sitters = [o.lineup[seat] for o in games]
            for e in range(len(report.config.bots)):
                assert sitters.count(e) == report.config.lineup(0).count(e)


def test_more_seats_than_bots_fill_the_table_in_turn() -> None:
    data = arena_json("--bots", "easy,beginner", "--players", "4", "--hands", "2", "--seed", "3")
    assert data["players"] == 4
    assert [r["seats"] for r in data["results"]] == [2, 2]
    assert sum(r["wins"] for r in data["results"]) == pytest.approx(data["games"])


# Output ------------------------------------------------------------------------------------------


def test_json_shape() -> None:
    data = arena_json(
        "--bots",
        "easy,beginner",
        "--players",
        "2",
        "--hands",
        "3",
        "--seed",
        "4",
        "--rule",
        "opening_points=51",
    )
    assert {
        "bots",
        "players",
        "hands",
        "matches",
        "seed",
        "rules",
        "think_ms",
        "workers",
        "games",
        "abandoned",
        "results",
    } <= set(data)
    assert data["bots"] == ["easy", "beginner"]
    assert (data["players"], data["hands"], data["seed"]) == (2, 3, 4)
    assert data["rules"]["opening_points"] == 51
    assert data["think_ms"] is None and data["workers"] == 1
    assert [r["bot"] for r in data["results"]] == ["easy", "beginner"]
    for r in data["results"]:
        assert isinstance(r["bot"], str)
        for key in ("win_rate", "mean_penalty", "elo", "go_out_rate", "decisions_per_s"):
            assert isinstance(r[key], float), key
        low, high = r["ci95"]
        assert isinstance(low, float) and isinstance(high, float)
        assert 0 <= low <= r["win_rate"] <= high <= 1
        for key in ("games", "illegal", "abandoned"):
            assert isinstance(r[key], int), key
        assert isinstance(r["wins"], float)
        assert r["mean_open_turn"] is None or r["mean_open_turn"] >= 1
        assert r["illegal"] == 0 and r["abandoned"] == 0


def test_text_table() -> None:
    result = run("--bots", "easy,beginner", "--hands", "3", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar when stderr is not a terminal
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Arena: easy vs beginner, 2 players, 3 hands x 2 seatings")
    rows = [line.split()[0] for line in lines if line.startswith(("easy", "beginner"))]
    assert sorted(rows) == ["beginner", "easy"]
    assert "95% CI" in result.stdout and "Elo" in result.stdout


# Paired edges ---------------------------------------------------------------------------------


def test_paired_edge_of_every_pair_in_json_and_text() -> None:
    args = ("--bots", "easy,beginner,beginner", "--players", "3", "--hands", "12", "--seed", "6")
    data = arena_json(*args)
    pairs = {(p["a"], p["b"]): p for p in data["pairs"]}
    assert set(pairs) == {
        ("easy", "beginner#1"),
        ("easy", "beginner#2"),
        ("beginner#1", "beginner#2"),
    }
    for pair in pairs.values():
        assert set(pair) == {"a", "b", "edge", "se", "deals"}
        assert pair["deals"] == 12 and pair["se"] > 0
    # The greedy bot pays far less than random, beyond any doubt.
    assert pairs[("easy", "beginner#1")]["edge"] < -3 * pairs[("easy", "beginner#1")]["se"]
    # The edge is exactly the difference of the per-hand means when every deal has the
    # same number of hands for both (single hands: one each per seating).
    results = by_bot(data)
    assert pairs[("easy", "beginner#2")]["edge"] == pytest.approx(
        results["easy"]["mean_penalty"] - results["beginner#2"]["mean_penalty"], abs=0.02
    )
    text = run(*args).stdout
    assert "Paired edge per hand" in text
    assert "easy vs beginner#1: -" in text and "(easy better)" in text


def test_a_bot_against_itself_has_no_edge() -> None:
    data = arena_json("--bots", "easy,easy", "--hands", "10", "--seed", "5")
    [pair] = data["pairs"]
    assert (pair["a"], pair["b"], pair["edge"], pair["se"], pair["deals"]) == (
        "easy#1",
        "easy#2",
        0.0,
        0.0,
        10,
    )


def _outcome(
    deal: int, rotation: int, lineup: tuple[int, ...], penalty: list[int], hands: list[int]
) -> arena.GameOutcome:
    out = arena.GameOutcome.start(deal, rotation, lineup, "k")
    out.penalty, out.hands = penalty, hands
    return out


def test_the_edge_is_paired_by_deal_and_skips_abandoned_deals() -> None:
    names = ["a", "b"]
    games = [
        # deal 0: a pays 10 + 20 over 2 hands, b 30 + 0 over 2 hands -> 15 - 15 = 0
        _outcome(0, 0, (0, 1), [10, 30], [1, 1]),
        _outcome(0, 1, (1, 0), [0, 20], [1, 1]),
        # deal 1: a pays 0 in both seatings, b 40 in both -> 0 - 40 = -40
        _outcome(1, 0, (0, 1), [0, 40], [1, 1]),
        _outcome(1, 1, (1, 0), [40, 0], [1, 1]),
        # deal 2: one seating abandoned -> left out
        _outcome(2, 0, (0, 1), [0, 99], [1, 1]),
        _outcome(2, 1, (1, 0), [0, 0], [0, 0]),
    ]
    games[-1].abandoned = True
    [edge] = arena.pair_edges(names, games)
    assert (edge.a, edge.b, edge.deals) == ("a", "b", 2)
    assert edge.edge == pytest.approx(-20.0)
    assert edge.se == pytest.approx(20.0)  # sd of (0, -40) is 28.28; / sqrt(2)
    [single] = arena.pair_edges(names, games[:2])
    assert single.deals == 1 and single.as_json()["se"] is None


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data, workers=None)
    data["results"] = [dict(r, decisions_per_s=None, decision_ms=None) for r in data["results"]]
    return data


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    args = ("--bots", "easy,beginner,beginner", "--players", "3", "--hands", "4", "--seed", "9")
    one = arena_json(*args, "--workers", "1")
    two = arena_json(*args, "--workers", "2")
    assert two["workers"] == 2
    assert _without_timing(one) == _without_timing(two)


def test_plot_writes_a_png(tmp_path: Any) -> None:
    out = tmp_path / "ladder.png"
    result = run("--bots", "easy,beginner", "--hands", "3", "--seed", "1", "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "plot_available", lambda: False)
    result = run("--bots", "easy,beginner", "--hands", "1", "--plot", "x.png")
    assert result.exit_code == 2
    assert "matplotlib" in result.stderr and "scala40[plot]" in result.stderr


# Misbehaving bots and endless hands -------------------------------------------------------------


class DrawForeverBot:
    """Draws in every phase: illegal once it holds 14 cards and must play or discard."""

    name = "drawer"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return DrawStock() if view.phase == DRAW or rng.random() < 0.5 else Discard(JOKER)


def test_illegal_attempts_are_counted_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEVELS, "drawer", DrawForeverBot)
    data = arena_json("--bots", "drawer,beginner", "--hands", "3", "--seed", "1")
    results = by_bot(data)
    assert results["drawer"]["illegal"] > 0
    assert results["beginner"]["illegal"] == 0
    assert data["games"] + data["abandoned"] == 6  # random players may never go out
    text = run("--bots", "drawer,beginner", "--hands", "1", "--seed", "1").stdout
    assert "illegal action(s) replaced by a legal fallback" in text


def test_endless_hands_are_abandoned_and_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "MAX_TURNS", 4)
    data = arena_json("--bots", "beginner,beginner", "--hands", "2", "--seed", "1")
    assert data["abandoned"] == 4 and data["games"] == 0
    assert [r["abandoned"] for r in data["results"]] == [4, 4]
    assert [r["games"] for r in data["results"]] == [0, 0]


class BudgetBot(DrawForeverBot):
    think_ms = 1000.0


def test_think_ms_reaches_bots_that_take_a_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "budget", BudgetBot)
    bot = arena.build_bot("budget", 25)
    assert isinstance(bot, BudgetBot) and bot.think_ms == 25
    assert not hasattr(arena.build_bot("beginner", 25), "think_ms")
    seen: list[float | None] = []

    def factory(level: str, think_ms: float | None = None) -> Any:
        seen.append(think_ms)
        return LEVELS[level]()

    monkeypatch.setattr(arena, "make_bot", factory)
    arena.build_bot("beginner", 40)
    assert seen == [40]


# Statistics ------------------------------------------------------------------------------------


def test_wilson_interval() -> None:
    low, high = arena.wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert arena.wilson(0, 10)[0] == 0.0
    assert arena.wilson(10, 10)[1] == pytest.approx(1.0)
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_ratings() -> None:
    even = arena.bradley_terry([[0, 10], [10, 0]])
    assert even == pytest.approx([1500, 1500])
    # 10:1 odds are 400 Elo points (without the prior, which pulls ratings together).
    a, b = arena.bradley_terry([[0, 1000], [100, 0]], prior=0)
    assert a - b == pytest.approx(400)
    ratings = arena.bradley_terry([[0, 30, 30], [0, 0, 30], [0, 0, 0]])
    assert ratings[0] > ratings[1] > ratings[2]
    assert sum(ratings) / 3 == pytest.approx(1500)


# Random rules ----------------------------------------------------------------------------------


def test_random_rules_vary_by_deal_repeat_by_seed_and_keep_the_tables_keys() -> None:
    base = Rules.build(None, {"players": "3", "stock_out": "end_hand"})
    drawn = [arena.random_rules(base, 11, deal) for deal in range(30)]
    assert drawn == [arena.random_rules(base, 11, deal) for deal in range(30)]
    assert drawn != [arena.random_rules(base, 12, deal) for deal in range(30)]
    assert all(r.players == 3 and r.stock_out == "end_hand" for r in drawn)
    # Every play key is drawn with more than one value over a few deals.
    for key in arena.PLAY_KEYS:
        if key != "stock_out":
            assert len({repr(getattr(r, key)) for r in drawn}) > 1, key
    # Hands leave the match keys alone; matches draw them too.
    assert {r.elimination for r in drawn} == {101}
    matches = [arena.random_rules(base, 11, deal, matches=True) for deal in range(30)]
    assert len({r.elimination for r in matches}) > 1
    assert any(r.single_hand for r in matches) and any(r.fixed_hands for r in matches)


def test_no_bot_attempts_an_illegal_move_under_random_rules() -> None:
    data = arena_json(
        "--bots",
        "beginner,easy,club",
        "--players",
        "3",
        "--hands",
        "12",
        "--seed",
        "21",
        "--random-rules",
    )
    assert data["random_rules"] is True
    assert data["illegal_attempts"] == []
    assert [r["illegal"] for r in data["results"]] == [0, 0, 0]
    draws = data["rule_draws"]
    assert set(draws) == set(arena.PLAY_KEYS)
    assert all(sum(values.values()) == 12 for values in draws.values())
    # Even on unfamiliar tables the ladder shows.
    results = by_bot(data)
    assert results["club"]["win_rate"] > results["beginner"]["win_rate"]


def test_the_strong_bot_is_legal_under_random_rules_over_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scala40.bots.strong import StrongBot

    monkeypatch.setitem(LEVELS, "search", lambda: StrongBot(think_ms=1e9, max_worlds=2))
    data = arena_json(
        "--bots",
        "search,easy",
        "--players",
        "2",
        "--matches",
        "1",
        "--seed",
        "5",
        "--random-rules",
    )
    assert [r["illegal"] for r in data["results"]] == [0, 0]
    assert set(data["rule_draws"]) == {*arena.PLAY_KEYS, *arena.MATCH_KEYS, "match_end"}


def test_the_table_says_the_rules_were_random() -> None:
    result = run("--bots", "easy,beginner", "--hands", "2", "--seed", "3", "--random-rules")
    assert result.exit_code == 0, result.output
    assert "drawn at random for each deal" in result.stdout


# Bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "easy,wizard", "--hands", "2"], "unknown bot level 'wizard'"),
        (["--bots", "easy,beginner", "--hands", "2", "--matches", "2"], "not both"),
        (["--bots", "easy,beginner"], "--hands H or --matches M"),
        (["--bots", "easy,beginner", "--players", "1", "--hands", "2"], "players must be 2"),
        (["--bots", "easy,beginner", "--players", "9", "--hands", "2"], "players must be 2"),
        (["--bots", "easy,beginner,beginner", "--players", "2", "--hands", "2"], "do not fit"),
        (["--bots", "easy", "--hands", "2"], "at least two bots"),
        (["--bots", "easy,,beginner", "--hands", "2"], "separated by commas"),
        (["--bots", "easy,beginner", "--hands", "0"], "--hands must be 1 or more"),
        (["--bots", "easy,beginner", "--hands", "2", "--workers", "0"], "--workers"),
        (["--bots", "easy,beginner", "--hands", "2", "--think-ms", "0"], "--think-ms"),
        (["--bots", "easy,beginner", "--hands", "2", "--rule", "nope=1"], "nope"),
        (
            [
                "--bots",
                "easy,beginner",
                "--players",
                "4",
                "--hands",
                "2",
                "--rule",
                "partnerships=true",
            ],
            "partnerships",
        ),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = run(*args, "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr


def test_the_old_level_names_still_work_and_show_as_the_new() -> None:
    data = arena_json("--bots", "Greedy,random", "--hands", "2", "--seed", "1")
    assert data["bots"] == ["easy", "beginner"]
    assert sorted(by_bot(data)) == ["beginner", "easy"]


def test_the_arena_reports_how_long_each_bots_decisions_take() -> None:
    data = arena_json("--bots", "expert,club", "--players", "2", "--hands", "3", "--seed", "4")
    for r in data["results"]:
        ms = r["decision_ms"]
        assert 0.0 < ms["p50"] <= ms["p95"] <= ms["max"] < 1000.0
