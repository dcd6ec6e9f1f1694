"""``scala40 score`` driven by scripted answers, as a table would type them.

The terminal keeps its sheets in the web server's database in ``$SCALA40_DATA``: these
tests read that database, and open the web app on the same folder, to see what a player
would see there.
"""

from __future__ import annotations

import csv
import io
import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # Starlette asks for the httpx2 fork; httpx is what this project installs.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

from scala40.cli import main
from scala40.scoresheet.history import Keyring, SheetChanged, SheetFiles
from scala40.scoresheet.sheet import ScoreSheet, hand_from_json
from scala40.storage.sheets import SheetStore, TerminalSheets, sheets_dir
from scala40.storage.store import Store

LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""What ``--lang`` defaults from, in the order gettext reads it."""


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scorekeeper speaks English here unless a test chooses: the language of the
    machine that runs the tests must not change what they read."""
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SCALA40_DATA", str(tmp_path))
    return tmp_path


def score(*args: str, answers: list[str] | None = None) -> Result:
    text = "".join(a + "\n" for a in answers or [])
    return CliRunner().invoke(main, ["score", *args], input=text)


def saved(data: Path) -> list[dict[str, Any]]:
    """The sheets in the database the terminal and the server share, oldest first."""
    store = Store(f"sqlite:///{data / 'scala40.db'}")
    try:
        rows = SheetStore(store).rows()
    finally:
        store.close()
    return [{"id": r.id, "finished": r.finished, "sheet": json.loads(r.sheet)} for r in rows]


@pytest.fixture
def web(data: Path) -> Iterator[TestClient]:
    """``scala40 serve``'s app started with the same ``$SCALA40_DATA`` as the terminal."""
    from scala40.server.app import create_app
    from scala40.server.settings import Settings

    with TestClient(create_app(Settings())) as client:
        yield client


KEEPER_LINK = re.compile(r"http://127\.0\.0\.1:8000/score\?id=([\w-]+)#keeper=([\w-]+)")


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
    assert game["id"] in out
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


def test_lang_it_reads_the_italian_suit_letters_and_names_a_bad_card_in_italian(
    data: Path,
) -> None:
    # Carla had K♥ (KC: K of cuori) and 4♥ (4 di cuori): 10 + 4 under FISCA's values.
    answers = ["Anna", "Anna", "n", "", "KC 3X", "KC 4 di cuori", "q"]
    result = score("--players", "Anna,Carla", "--rules", "fisca", "--lang", "it", answers=answers)
    assert result.exit_code == 0, result.output
    assert 'Carla: non è una carta: "3X"' in result.output
    [game] = saved(data)
    assert game["sheet"]["hands"][0]["left"] == {"1": "KH 4H"}
    english = score("--players", "Anna,Carla", "--rules", "fisca", answers=["Anna", *answers])
    assert 'Carla: not a card: "3X"' in english.output


def test_list_export_csv_and_resume(data: Path) -> None:
    score(
        "--players", "Anna,Carla", "--rules", "fisca", answers=["Anna", "Anna", "n", "", "40", "q"]
    )
    listing = score("--list")
    assert listing.exit_code == 0
    line = listing.output.strip()
    sheet_id = line.split()[0]
    assert "Anna, Carla  1 hand  in play  (kept here)" in line
    exported = score("--export", sheet_id, "--csv")
    assert exported.exit_code == 0
    assert exported.output.splitlines()[1] == "1,Anna,0,40,Anna went out"
    as_json = json.loads(score("--export", sheet_id, "--json").output)
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
    assert "--json goes with --export ID" in score("--json").output
    assert "is not a database URL" in score("--db", "nonsense", "--list").output
    assert "choose one of --csv and --json" in score("--export", "x", "--csv", "--json").output


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


# One store with the web page -------------------------------------------------------------

A_GAME = ["Carla", "Carla", "n", "", "30", "45", "q"]
"""Anna, Bruno and Carla by the FISCA rules; Carla deals; Carla goes out, Anna pays 30 and
Bruno 45; then the table stops."""


def test_a_terminal_sheet_is_on_the_web_for_its_keeper_and_nobody_else(
    data: Path, web: TestClient
) -> None:
    result = score("--players", "Anna,Bruno,Carla", "--rules", "fisca", answers=A_GAME)
    assert result.exit_code == 0, result.output
    found = KEEPER_LINK.search(result.output)
    assert found, result.output
    sheet_id, token = found.groups()
    assert f"follow the score at http://127.0.0.1:8000/score?view={sheet_id}" in result.output
    keeper = {"Authorization": f"Bearer {token}"}

    # The keeper's browser, holding the link, checks it and lists the sheet as its own.
    assert web.get(f"/api/scoresheets/{sheet_id}", headers=keeper).json()["kept"] is True
    [listed] = web.get(f"/api/scoresheets?ids={sheet_id}").json()["sheets"]
    assert listed["players"] == ["Anna", "Bruno", "Carla"]
    assert listed["hands"] == 1

    # Another visitor lists its own sheets: the terminal's is not among them, and no
    # token of theirs keeps it.
    other = web.post("/api/scoresheets", json={"players": ["Zeno", "Yuri"]}).json()
    theirs = web.get(f"/api/scoresheets?ids={other['id']}").json()["sheets"]
    assert [s["id"] for s in theirs] == [other["id"]]
    assert web.get("/api/scoresheets").json()["sheets"] == []
    stranger = {"Authorization": f"Bearer {other['token']}"}
    assert web.get(f"/api/scoresheets/{sheet_id}", headers=stranger).json()["kept"] is False
    hand = {"hands": 1, "went_out": 0, "left": {"1": 5, "2": 5}}
    refused = web.post(f"/api/scoresheets/{sheet_id}/hands", json=hand, headers=stranger)
    assert refused.status_code == 403

    # The keeper enters hand 2 on the web; the terminal carries on from there.
    assert web.post(f"/api/scoresheets/{sheet_id}/hands", json=hand, headers=keeper).is_success
    resumed = score("--resume", sheet_id, answers=["q"])
    assert resumed.exit_code == 0, resumed.output
    assert "Hand 3 (Bruno deals" in resumed.output
    assert f"#keeper={token}" in resumed.output


def test_sheets_made_on_the_web_are_listed_and_exported_at_the_terminal(
    data: Path, web: TestClient
) -> None:
    made = web.post("/api/scoresheets", json={"players": ["Anna", "Bruno"]}).json()
    sheet_id = made["id"]
    hand = {"went_out": 1, "left": {"0": 25}}
    headers = {"Authorization": f"Bearer {made['token']}"}
    assert web.post(f"/api/scoresheets/{sheet_id}/hands", json=hand, headers=headers).is_success

    listing = score("--list")
    assert listing.exit_code == 0
    assert f"{sheet_id}  " in listing.output
    assert "Anna, Bruno  1 hand  in play  (kept on the web)" in listing.output
    exported = score("--export", sheet_id)
    assert exported.exit_code == 0
    assert "Anna  Bruno" in exported.output
    # Only the browser that keeps it enters hands: the terminal says where to go.
    resumed = score("--resume", sheet_id)
    assert resumed.exit_code == 2
    assert "kept by the browser that started it" in resumed.output


def test_sheets_saved_as_files_by_older_versions_move_into_the_store(
    data: Path, web: TestClient
) -> None:
    sheet = ScoreSheet.new(["Anna", "Carla"], {"elimination": 101})
    sheet = sheet.add(hand_from_json({"went_out": 0, "left": {"1": 40}}, 2))
    SheetFiles(sheets_dir()).save("20250301-201500", sheet, "2025-03-01T20:15:00+00:00")

    listing = score("--list")
    assert listing.exit_code == 0, listing.output
    assert "Moved 1 score sheet file(s)" in listing.output
    assert "2025-03-01 20:15  Anna, Carla  1 hand  in play  (kept here)" in listing.output
    folder = data / "scoresheets"
    assert not (folder / "20250301-201500.json").exists()
    assert (folder / "20250301-201500.json.imported").exists()
    [game] = saved(data)
    assert game["id"] != "20250301-201500"  # the store's ids are unguessable

    # The old name still works, and the sheet is on the web for its keeper like any other.
    assert "  Carla 40 (61 to 101)" in score("--export", "20250301-201500").output
    resumed = score("--resume", "20250301-201500", answers=["q"])
    assert resumed.exit_code == 0, resumed.output
    found = KEEPER_LINK.search(resumed.output)
    assert found and found.group(1) == game["id"]
    headers = {"Authorization": f"Bearer {found.group(2)}"}
    assert web.get(f"/api/scoresheets/{game['id']}", headers=headers).json()["kept"] is True
    assert score("--list").output.count("Anna, Carla") == 1  # moved once


def test_a_hand_entered_on_the_web_meanwhile_is_never_overwritten(data: Path) -> None:
    store = Store(f"sqlite:///{data / 'scala40.db'}")
    store.migrate()
    try:
        shelf = TerminalSheets(SheetStore(store), Keyring(sheets_dir()), "http://h")
        sheet = shelf.start(ScoreSheet.new(["Anna", "Carla"]))
        first = hand_from_json({"went_out": 0, "left": {"1": 10}}, 2)
        shelf.change(sheet.id, 0, lambda s: s.add(first))
        with pytest.raises(SheetChanged):
            shelf.change(sheet.id, 0, lambda s: s.add(first))
        assert len(shelf.load(sheet.id).sheet.hands) == 1
    finally:
        store.close()


# Export ----------------------------------------------------------------------------------


def test_export_prints_a_sheet_with_players_as_columns_and_totals(data: Path) -> None:
    answers = ["Anna", "Anna", "n", "", "60", "50", "Bruno", "n", "", "55", "45"]
    answers += ["Anna", "n", "", "50"]
    result = score("--players", "Anna,Bruno,Carla", "--rule", "elimination=101", answers=answers)
    assert result.exit_code == 0, result.output
    assert "*** Anna wins! ***" in result.output
    [game] = saved(data)

    text = score("--export", game["id"]).output
    lines = text.splitlines()
    assert lines[0] == f"Scala 40 score sheet {game['id']}"
    assert "Players: Anna, Bruno, Carla" in lines
    assert "Rules: elimination at 101; not opened pays the cards" in lines
    head = next(line for line in lines if line.startswith("hand"))
    assert head.split() == ["hand", "dealer", "Anna", "Bruno", "Carla", "notes"]
    rows = {line.split()[0]: line.split() for line in lines if line[:1].isdigit()}
    assert rows["1"][:5] == ["1", "Anna", "0", "60", "50"]
    assert "Carla is out" in lines[lines.index(head) + 3]
    assert next(line for line in lines if line.startswith("total")).split() == [
        "total",
        "45",
        "110",
        "105",
    ]
    assert "  Bruno 110 (out)" in lines
    assert lines[-1] == "Result: Anna wins"

    table = list(csv.reader(io.StringIO(score("--export", game["id"], "--csv").output)))
    assert table[0] == ["hand", "dealer", "Anna", "Bruno", "Carla", "notes"]
    assert table[1] == ["1", "Anna", "0", "60", "50", "Anna went out"]
    assert table[-1] == ["total", "", "45", "110", "105", "Anna wins"]


# In Italian --------------------------------------------------------------------------------

ENGLISH_TELLTALES = (
    "Hand",
    "hand",
    "points",
    "player",
    "wins",
    "Enter",
    "Who",
    "deals",
    "not a card",
    "Error:",
    "[y/N]",
    " the ",
    " and ",
    " or ",
)
"""Words an Italian screen shows only when something fell back to English."""


def english_left(output: str) -> list[str]:
    """The English telltales in ``output``, once the links (random letters) are cut out."""
    text = re.sub(r"http://\S+", "", output)
    return [word for word in ENGLISH_TELLTALES if word in text]


AN_ITALIAN_GAME = [
    "Anna, Bruno, Carla",
    "eliminazione",
    "101",
    "no",  # no re-entry
    "100",  # who had not opened pays a flat 100
    "forse",  # not an answer: asked again
    "n",
    "Bruno",  # deals first
    # Mano 1: Anna chiude; Bruno non aveva aperto (100 fissi); Carla scrive una carta sbagliata
    # (4X), poi le sue carte con le lettere italiane: JK, K di cuori, 4 di fiori = 39.
    "anna",
    "n",
    "Bruno",
    "JK KC 4X",
    "JK KC 4F",
    "?",
    "t",
    # Mano 2: Carla chiude; Anna 25+10+4, Bruno 7 arriva a 107 ed è eliminato.
    "c",
    "n",
    "",
    "25+10+4",
    "7",
    # Mano 3: Anna chiude, Carla paga 70 e arriva a 109: vince Anna.
    "Anna",
    "n",
    "",
    "70",
]


def test_an_italian_table_keeps_its_sheet_in_italian(data: Path) -> None:
    result = score("--lang", "it", answers=AN_ITALIAN_GAME)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Come finisce la partita? eliminazione / mani N" in out
    assert "Dopo una chiusura in mano, chi aveva aperto paga doppio? [s/N]: " in out
    assert "Errore: risposta non valida" in out
    assert "Bruno non aveva aperto: paga 100 fissi." in out
    assert 'Carla: non è una carta: "4X"' in out
    assert "Mano 1: Anna ha chiuso. Pagano: Carla 39, Bruno 100." in out
    assert "Bruno 100 (manca 1 a 101)" in out
    assert "per annullare l'ultima mano" in out
    assert "mano    mazziere  Anna  Bruno  Carla  note" in out
    assert "Risultato: in corso" in out
    assert "Mano 2: Carla ha chiuso; Bruno eliminato. Pagano: Anna 39, Bruno 7." in out
    assert "Mano 3 (distribuisce Anna; giocano: Carla, Anna)" in out
    assert "Carla 109 (eliminato)" in out
    assert "*** Vince Anna! ***" in out
    assert english_left(out) == []
    [game] = saved(data)
    assert game["sheet"]["rules"] == {"players": 3, "unopened_penalty": "flat100"}
    assert game["sheet"]["hands"][0]["left"] == {"2": "JK KH 4C"}


def test_italian_answers_choose_partnerships_and_a_fixed_number_of_hands(data: Path) -> None:
    answers = ["Anna,Bruno,Carla,Dario", "sì", "peggio", "peggiore", "mani 2", "doppio", "s"]
    answers += ["Dario", "q"]
    result = score("--lang", "it", answers=answers)
    assert result.exit_code == 0, result.output
    assert "Una coppia segna (somma, peggiore) [somma]: " in result.output
    assert "Errore: 'peggio' non è tra 'somma', 'peggiore'." in result.output
    assert "Mano 1 (distribuisce Dario; giocano: Anna, Bruno, Carla, Dario)" in result.output
    assert "Salvato come" in result.output
    assert english_left(result.output) == []
    [game] = saved(data)
    assert game["sheet"]["rules"] == {
        "partnerships": True,
        "team_score": "worst",
        "fixed_hands": 2,
        "unopened_penalty": "double",
        "chiusura_in_mano_double": True,
    }
    assert game["sheet"]["first_dealer"] == 3


def test_the_italian_list_export_and_refusals(data: Path) -> None:
    answers = ["Anna", "Anna", "n", "", "40", "u", "u", "q"]
    kept = score("--players", "Anna,Carla", "--rules", "fisca", "--lang", "it", answers=answers)
    assert "Mano 1 tolta dal foglio." in kept.output
    assert "Impossibile annullare: non c'è nessuna mano da annullare" in kept.output
    score("--players", "Anna,Carla", "--rules", "fisca", answers=["Anna", "Anna", "n", "", "40"])
    listing = score("--list", "--lang", "it")
    assert "Anna, Carla  1 mano  in corso  (tenuto qui)" in listing.output
    sheet_id = listing.output.splitlines()[-1].split()[0]
    printed = score("--export", sheet_id, "--lang", "it").output
    assert f"Segnapunti di Scala 40 {sheet_id}" in printed
    assert "Regole: eliminazione a 101; chi non ha aperto paga le carte" in printed
    assert "  Carla 40 (mancano 61 a 101)" in printed
    table = list(
        csv.reader(io.StringIO(score("--export", sheet_id, "--csv", "--lang", "it").output))
    )
    assert table[0] == ["mano", "mazziere", "Anna", "Carla", "note"]
    assert table[1] == ["1", "Anna", "0", "40", "Anna ha chiuso"]
    assert table[-1] == ["totale", "", "0", "40", "in corso"]
    refused = score("--json", "--lang", "it")
    assert refused.exit_code == 2
    assert "Errore: --json va con --export ID" in refused.output
    few = score("--players", "Anna", "--rules", "fisca", "--lang", "it")
    assert few.exit_code == 2
    assert "un segnapunti vuole da 2 a 8 giocatori, non 1" in few.output
    for result in (kept, listing, refused, few):
        assert english_left(result.output) == []


def test_the_locale_chooses_the_language(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    answers = ["Anna", "Anna", "n", "", "4C", "q"]
    italian = score("--players", "Anna,Carla", "--rules", "fisca", answers=answers)
    assert "Chi ha chiuso? (nome, - per nessuno, ? per l'aiuto)" in italian.output
    assert "Mano 1: Anna ha chiuso. Pagano: Carla 4." in italian.output
    assert english_left(italian.output) == []
    [game] = saved(data)
    assert game["sheet"]["hands"][0]["left"] == {"1": "4H"}  # C is cuori to an Italian
    english = score("--players", "Anna,Carla", "--rules", "fisca", "--lang", "en", answers=answers)
    assert "Hand 1: Anna went out. Pay: Carla 4." in english.output
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # no French catalogue: English
    assert "Score sheet" in score("--players", "A,B", "--rules", "fisca", answers=["A", "q"]).output
