"""``scala40 replay`` on a recorded game: every action told, each hand's table and scores."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from scala40.cli import main
from scala40.notation.record import replay

RECORD = Path(__file__).parent / "data" / "greedy_match.json"


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, ["replay", *args], input=stdin)


def test_the_whole_game_is_told_hand_by_hand() -> None:
    rec = json.loads(RECORD.read_text())
    match = replay(rec)
    result = run(str(RECORD))
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    actions = [line for line in out if line[:6].strip().endswith(".") and line[:5].strip()]
    assert len(actions) == sum(len(h["actions"]) for h in rec["hands"])
    assert out[0] == "Scala 40: Anna, Bruno."
    assert "=== Hand 1: Anna deals. Order: Bruno, Anna ===" in out
    assert "    1. Bruno draws JK from the stock" in out
    assert "    2. Bruno opens: J♦ Q♦ JK=K♦ A♦ | A♣ 2♣ 3♣" in out
    assert sum(1 for line in out if line.startswith("  Totals: ")) == len(rec["hands"])
    last_totals = [line for line in out if line.startswith("  Totals: ")][-1]
    assert last_totals == f"  Totals: Anna {match.totals[0]} · Bruno {match.totals[1]}"
    assert "  Bruno is out of the match." in out
    assert out[-1] == "*** Anna wins the match. ***"


def test_the_table_after_a_hand_names_joker_identities() -> None:
    out = run(str(RECORD)).output
    first_end = out.split("--- ", 1)[1]
    table = first_end.split("  Table:\n", 1)[1].split("  Bruno pays", 1)[0]
    assert "JK=K♦" in table


def test_step_waits_for_enter_before_each_action_and_q_stops() -> None:
    result = run("--step", str(RECORD), stdin="\n\nq\n")
    assert result.exit_code == 0
    out = result.output
    assert "1. Bruno draws JK from the stock" in out
    assert "2. Bruno opens" in out
    assert "3. Bruno discards" not in out
    assert out.rstrip().endswith("Replay stopped.")
    assert out.count("[Enter: next action, q: stop]") == 3


def test_a_broken_record_is_refused_naming_the_action(tmp_path: Path) -> None:
    rec = json.loads(RECORD.read_text())
    rec["hands"][0]["actions"][2] = "discard 10H"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    result = run(str(bad))
    assert result.exit_code == 2
    assert "hand 1, action 3 ('discard 10H')" in result.output
    assert "Scala 40:" not in result.output
    missing = run(str(tmp_path / "none.json"))
    assert missing.exit_code == 2
    assert "cannot read" in missing.output


def test_the_replay_is_told_in_italian_with_lang_or_the_locale() -> None:
    """``--lang it`` (or an Italian locale) tells the same game in Italian: every action,
    each hand's end and the winner, with no English telltale."""
    english = run(str(RECORD)).output
    for result in (
        run("--lang", "it", str(RECORD)),
        CliRunner().invoke(main, ["replay", str(RECORD)], env={"LANG": "it_IT.UTF-8"}),
    ):
        assert result.exit_code == 0, result.output
        out = result.output.splitlines()
        assert out[0] == "Scala 40: Anna, Bruno."
        assert "=== Mano 1: distribuisce Anna. Ordine: Bruno, Anna ===" in out
        assert "    1. Bruno pesca JK dal tallone" in out
        assert "    2. Bruno apre: J♦ Q♦ JK=K♦ A♦ | A♣ 2♣ 3♣" in out
        assert "  Bruno è eliminato dalla partita." in out
        assert out[-1] == "*** Anna vince la partita. ***"
        assert len(out) == len(english.splitlines())
        telltales = ("the ", " and ", "stock", "hand", "Hand", "pays", "deals", "Totals", "out")
        assert [w for w in telltales if w in result.output] == []


def test_step_asks_in_italian() -> None:
    result = run("--step", "--lang", "it", str(RECORD), stdin="\nq\n")
    assert result.exit_code == 0
    assert result.output.count("[Invio: prossima mossa, q: basta]") == 2
    assert result.output.rstrip().endswith("Replay interrotto.")
