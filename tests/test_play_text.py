"""``scala40 play``: the line-mode game, from scripted standard input and through its loop.

A scripted game is made by letting a bot play the human seat once (recording the lines
it types) and then feeding those lines to the command: with the same seed the command
replays the same match to its winner.
"""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner, Result

from scala40.bots import GreedyBot, RandomBot
from scala40.bots.base import Bot
from scala40.cli import main
from scala40.engine.actions import (
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView, resample
from scala40.notation.actions import format_action, parse_action
from scala40.play_text import (
    HINT_SEED,
    Reader,
    as_notation,
    bot_levels,
    bot_reader,
    hint,
    play_game,
    typed,
)
from scala40.words import Words


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """English unless a test asks for another language: the locale of whoever runs the
    tests must not choose it (``scala40 play`` defaults to the locale's language)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=stdin)


def recording(bot: Bot, rng: random.Random, lines: list[str]) -> Reader:
    inner = bot_reader(bot, rng)

    def read(prompt: str, view: PlayerView) -> str | None:
        line = inner(prompt, view)
        assert line is not None
        lines.append(line)
        return line

    return read


def test_helpers_bad_text_and_illegal_actions_print_reasons() -> None:
    script = ["hint", "legal", "discard ZZ", "discard QS", "draw", "layoff 7H 0", "quit"]
    result = run("--seed", "3", "--players", "3", "--plain", stdin="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Best opening" in out and "needed)" in out
    assert "Legal now:\n  draw" in out
    assert 'Cannot read that: not a card: "ZZ"' in out
    assert "Not allowed: draw a card first (from the stock or the pozzo)" in out
    assert "You take " in out and " from the stock. Your hand: " in out
    assert "Not allowed: you have not opened: lay-offs are allowed only after opening" in out
    assert out.rstrip().endswith("You leave the table. Goodbye.")


def test_the_position_shows_what_the_seat_may_see() -> None:
    result = run("--seed", "3", "--players", "3", stdin="quit\n")
    out = result.output
    assert "Table:\n  (no melds yet)" in out
    assert "Pozzo: " in out and "Stock: 68 cards" in out
    assert "Bot 1: 13 cards, not opened" in out
    assert "Scores: You 0 · Bot 1 0 · Bot 2 0" in out
    hand = re.search(r"Your hand \(13 cards; not opened, 40 to open\): (.*)", out)
    assert hand is not None and re.search("[♥♦♣♠]", hand.group(1))


def test_end_of_input_quits_cleanly() -> None:
    result = run("--seed", "1", stdin="hint\n")
    assert result.exit_code == 0
    assert "You leave the table" in result.output


def test_a_scripted_game_plays_to_a_winner() -> None:
    rules = Rules.build(None, {"players": "3", "elimination": "61"})
    lines: list[str] = []
    out: list[str] = []
    winner = play_game(
        rules, ["greedy", "random"], recording(GreedyBot(), random.Random(8), lines), out.append, 21
    )
    assert winner is not None
    script = "\n".join(lines) + "\n"
    result = run(
        "--seed", "21", "--bots", "greedy,random", "--rule", "elimination=61", stdin=script
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"^\*\*\* .* wins? the match", result.output, re.MULTILINE)
    assert result.output.count("is over:") == sum("is over:" in o for o in out)
    assert "Not allowed" not in result.output and "Cannot read" not in result.output


@pytest.mark.parametrize(
    ("rules", "levels", "seed"),
    [
        ({"players": "2"}, ["greedy"], 1),
        ({"players": "4"}, ["random", "greedy", "greedy"], 2),
        ({"players": "4", "partnerships": "true", "elimination": "81"}, ["greedy"] * 3, 3),
        ({"players": "3", "open_from_pozzo": "any_use", "reentry": "true"}, ["greedy"] * 2, 4),
        ({"players": "3", "single_hand": "true"}, ["random"] * 2, 5),
    ],
)
def test_a_bot_in_the_human_seat_finishes_the_match(
    rules: dict[str, str], levels: list[str], seed: int
) -> None:
    out: list[str] = []
    human = bot_reader(GreedyBot() if seed % 2 else RandomBot(), random.Random(seed))
    winner = play_game(Rules.build(None, rules), levels, human, out.append, seed)
    assert winner is not None
    text = "\n".join(out)
    assert re.search(r"^\*\*\* .* wins? the match", text, re.MULTILINE)
    assert "Hand 1 is over" in text
    # Bots act in public terms: a card drawn from the stock is never named.
    for line in text.splitlines():
        if line.startswith("Bot ") and "stock" in line:
            assert re.fullmatch(r"Bot \d draws from the stock", line), line


def test_an_illegal_action_changes_nothing() -> None:
    views: list[PlayerView] = []
    script = iter(["discard QS", "takeback", "layoff 7H 0", "open KH KD KC", "pozzo?", "quit"])

    def read(prompt: str, view: PlayerView) -> str | None:
        views.append(view)
        return next(script)

    out: list[str] = []
    assert play_game(Rules(), ["greedy"] * 3, read, out.append, 9) is None
    assert len(views) == 6 and all(v == views[0] for v in views)
    assert sum(line.startswith("Not allowed: ") for line in out) == 4
    assert sum(line.startswith("Cannot read that: ") for line in out) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--bots", "clever"],
            "unknown bot level 'clever': choose among beginner, easy, club, expert, master",
        ),
        (["--bots", "random,greedy", "--players", "5"], "--bots lists 2 levels for 4 bots"),
        (["--players", "9"], "players must be 2 to 6"),
        (["--rule", "nonsense=1"], "unknown rule key"),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    result = run(*args, stdin="quit\n")
    assert result.exit_code == 2
    assert message in result.output


def test_bot_levels_set_the_table_size() -> None:
    result = run("--seed", "2", "--bots", "beginner,club", stdin="quit\n")
    assert "you against Bot 1 (Beginner), Bot 2 (Club player)." in result.output
    result = run("--seed", "2", "--rules", "house", "--players", "5", stdin="quit\n")
    assert "Bot 4 (Easy)." in result.output  # the default level


def test_the_old_level_names_still_choose_the_bots() -> None:
    result = run("--seed", "2", "--bots", "Random,heuristic", stdin="quit\n")
    assert "you against Bot 1 (Beginner), Bot 2 (Club player)." in result.output
    assert bot_levels(["greedy"], 3) == ["easy", "easy"]
    assert bot_levels(["strong", "club"], 3) == ["master", "club"]


HINT_LABELS = {
    DrawStock: "Draw",
    TakePozzo: "Take the pozzo",
    Open: "Openings",
    Meld: "New melds",
    LayOff: "Lay-offs",
    SwapJoker: "Joker swaps",
    Discard: "Discards",
    TakeBack: "Take back",
}


def _line_of(text: str, label: str) -> str:
    lines = [line for line in text.splitlines() if line.startswith(f"  {label}")]
    assert len(lines) == 1, (label, text)
    return lines[0]


def test_the_hint_lists_every_kind_of_legal_move_with_the_engines_refusals() -> None:
    """At every turn of the person's, the hint has a line for each kind of move the engine
    allows (with its first move as typed), the engine's reason when the pozzo is refused
    and when a card may not be discarded, and what goes out now; over two hands every
    kind shows up."""
    rules = Rules.build(None, {"players": "2"})
    bot = GreedyBot()
    seen: set[str] = set()
    for seed in (1, 2):
        rng = random.Random(seed)
        match = Match(rules, seed=seed)
        while not match.over and match.hand_number == 1:
            view = PlayerView.of_match(match, match.current_seat)
            if match.current_seat == 0:
                text = hint(view)
                assert text.startswith("Suggested: ")
                assert "\nYour moves now (type one):\n" in text
                world = resample(view, random.Random(HINT_SEED))
                actions = legal_actions(world)
                for kind, label in HINT_LABELS.items():
                    mine = [a for a in actions if isinstance(a, kind)]
                    if not mine:
                        assert f"\n  {label}" not in text, (label, text)
                        continue
                    seen.add(label)
                    line = _line_of(text, label)
                    first = mine[0] if kind is not Open else None
                    assert first is None or format_action(first, pretty=True) in line
                refused = world.check(TakePozzo()) if view.phase == DRAW else None
                if refused is not None:
                    assert f"  Not the pozzo: {refused.reason}" in text
                    seen.add("Not the pozzo")
                barred = {
                    err.reason
                    for k in set(view.hand)
                    if view.phase != DRAW and (err := world.check(Discard(k))) is not None
                }
                if barred:
                    line = _line_of(text, "Not to discard: ")
                    assert all(reason in line for reason in barred)
                    seen.add("Not to discard")
                if "Goes out now" in text:
                    seen.add("Goes out now")
                    for move in _line_of(text, "Goes out now").split(": ", 1)[1].split(" · "):
                        probe = world.clone()
                        probe.apply(parse_action(move))
                        assert probe.result is not None and probe.result.winner == world.current
            match.apply(bot.choose(view, rng))
    assert seen == {*HINT_LABELS.values(), "Not the pozzo", "Not to discard", "Goes out now"}


def test_hint_at_the_prompt_shows_the_moves_and_changes_nothing() -> None:
    script = ["hint", "draw", "hint", "quit"]
    result = run("--seed", "3", "--players", "3", "--plain", stdin="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your moves now (type one):\n  Draw: draw\n" in out
    assert "Not the pozzo: " in out or "  Take the pozzo (" in out
    assert "  Discards (" in out and "discard " in out
    # A hint deals the unseen cards with its own seed: the bots play the same match.
    rules = Rules.build(None, {"players": "3", "elimination": "61"})

    def asking(bot: Bot, rng: random.Random) -> Reader:
        inner = bot_reader(bot, rng)
        asked: list[PlayerView] = []

        def read(prompt: str, view: PlayerView) -> str | None:
            if view not in asked:
                asked.append(view)
                return "hint"
            return inner(prompt, view)

        return read

    plain: list[str] = []
    hinted: list[str] = []
    play_game(rules, ["greedy"] * 2, bot_reader(GreedyBot(), random.Random(5)), plain.append, 7)
    play_game(rules, ["greedy"] * 2, asking(GreedyBot(), random.Random(5)), hinted.append, 7)
    assert [line for line in hinted if not line.startswith("Suggested: ")] == plain


def _suggested(text: str) -> list[str]:
    """The moves the hint's suggestion names, as typed: its first line, then each
    ``then:`` line under it."""
    lines = text.splitlines()
    assert lines[0].startswith("Suggested: "), text
    moves = [lines[0].removeprefix("Suggested: ")]
    moves += [ln.removeprefix("  then: ") for ln in lines[1:] if ln.startswith("  then: ")]
    return moves


def test_every_hint_names_a_legal_move_and_after_the_draw_the_discard() -> None:
    """At every turn of the person's over two hands the hint suggests a move, typed as the
    person would type it; after the draw it goes on to the discard (or to going out), and
    every move it names is legal in turn, as the engine says."""
    rules = Rules.build(None, {"players": "2"})
    bot = GreedyBot()
    discards = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        match = Match(rules, seed=seed)
        while not match.over and match.hand_number == 1:
            view = PlayerView.of_match(match, match.current_seat)
            if match.current_seat == 0:
                text = hint(view)
                world = resample(view, random.Random(HINT_SEED))
                probe = world.clone()
                moves = [parse_action(m) for m in _suggested(text)]
                for move in moves:
                    assert probe.check(move) is None, (move, text)
                    probe.apply(move)
                if view.phase == DRAW:
                    assert isinstance(moves[0], DrawStock | TakePozzo)
                else:
                    out = probe.result is not None and probe.result.winner == world.current
                    assert isinstance(moves[-1], Discard) or out, text
                    discards += isinstance(moves[-1], Discard)
            match.apply(bot.choose(view, rng))
    assert discards > 5


def test_the_hint_at_the_prompt_suggests_a_discard() -> None:
    result = run("--seed", "3", "--players", "3", "--plain", stdin="draw\nhint\nquit\n")
    out = result.output
    suggestion = out[out.index("Suggested: ") :].splitlines()
    assert any(line.startswith(("Suggested: discard ", "  then: discard ")) for line in suggestion)


def test_a_joker_that_could_stand_for_two_cards_is_asked_for() -> None:
    # Seed 56 deals the person Q♥ Q♠ 6♠ 7♠ and a joker.
    script = ["draw", "open QH QS JK", "2", "open 7S JK 6S", "5S", "open 6S 7S JK", "quit"]
    result = run("--seed", "56", "--players", "2", "--plain", stdin="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    asked = out.split("Which card does the joker stand for?")
    assert len(asked) == 3, out  # the set, the run typed out of order; not the run in order
    assert "1  Q♥ JK=Q♦ Q♠" in asked[1] and "2  Q♥ JK=Q♣ Q♠" in asked[1]
    assert "You lay Q♥ JK=Q♣ Q♠." in asked[1]
    assert "You lay JK=5♠ 6♠ 7♠." in asked[2]
    assert "make 21" in asked[2]  # 6♠ 7♠ JK as typed: the joker is the 8♠


def test_a_bad_answer_to_the_joker_question_lays_nothing() -> None:
    script = ["draw", "open QH QS JK", "7", "quit"]
    result = run("--seed", "56", "--players", "2", "--plain", stdin="\n".join(script) + "\n")
    assert "Nothing laid: answer with a number from 1 to 2 or the card" in result.output


# In the player's language ------------------------------------------------------------------

ITALIAN = Words("it")
ENGLISH_TELLTALES = (
    "your turn",
    "Discard",
    "Draw",
    "the ",
    " and ",
    "Hint",
    "Suggested",
    "stock",
    "hand",
    "points",
    "pts",
    "You ",
    "Table",
    "Not allowed",
    "Cannot read",
    "Totals",
    "Scores",
    "opened",
    "pays",
    "deals",
    "goes out",
    "wins",
    "match",
    "Legal",
    "Goodbye",
)
"""Words the English line mode is full of and the Italian one never prints (case
matters)."""


def english_on(text: str) -> list[str]:
    return [word for word in ENGLISH_TELLTALES if word in text]


def test_line_mode_in_italian_speaks_and_reads_italian() -> None:
    """``--lang it``: every sentence Italian, the Italian command words read (``pesca``,
    ``scarta``, ``attacca``, ``suggerimento``...), bad input and refusals said in Italian."""
    script = [
        "aiuto",
        "suggerimento",
        "mosse",
        "scarta ZZ",
        "foo 3",
        "scarta QS",
        "pesca",
        "suggerimento",
        "attacca 7H 0",
        "apri QH",
        "mostra",
        "esci",
    ]
    stdin = "\n".join(script) + "\n"
    result = run("--seed", "3", "--players", "3", "--plain", "--lang", "it", stdin=stdin)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Scala 40: tu contro Bot 1 (Facile), Bot 2 (Facile).")
    assert "--- Mano 1, tocca a te: pesca una carta ---" in out
    assert "In tavola:\n  (ancora nessuna combinazione)" in out
    assert "Punti: Tu 0 · Bot 1 0 · Bot 2 0" in out
    assert "  pesca                        pesca dal tallone" in out  # the help
    assert "Mossa consigliata: pesca" in out and "Le tue mosse ora (scrivine una):" in out
    assert "Apertura migliore" in out and "(ne servono 40)." in out
    assert "Mosse possibili ora:\n  pesca" in out
    assert "Non capisco: non è una carta: «ZZ»  (scrivi aiuto per i comandi)" in out
    assert "Non capisco: «foo» non è un comando" in out
    assert "Mossa non consentita. Prima pesca una carta (dal tallone o dal pozzo)." in out
    assert "Peschi " in out and " dal tallone. La tua mano: " in out
    assert "gioca> suggerimento" in out
    assert "Mossa non consentita. Non hai ancora aperto" in out
    assert "Mossa non consentita. Una combinazione vuole almeno 3 carte: Q♥." in out
    assert out.rstrip().endswith("Lasci il tavolo. Arrivederci.")
    assert english_on(out) == []


def test_an_italian_locale_picks_italian_without_lang() -> None:
    env = {"LANG": "it_IT.UTF-8"}
    result = CliRunner().invoke(main, ["play", "--plain", "--seed", "4"], input="esci\n", env=env)
    assert result.output.startswith("Scala 40: tu contro Bot 1 (Facile), Bot 2 (Facile)")
    assert "Lasci il tavolo. Arrivederci." in result.output
    english = CliRunner().invoke(
        main, ["play", "--plain", "--seed", "4", "--lang", "en"], input="quit\n", env=env
    )
    assert "You leave the table. Goodbye." in english.output


def test_a_whole_match_in_italian_has_no_english_line() -> None:
    """A match played to its winner in Italian, the person's seat typed by a bot (in the
    English command words, which are read too): hands announced, moves told, every hand's
    end and scores, eliminations and the winner all Italian."""
    rules = Rules.build(None, {"players": "3", "elimination": "61"})
    out: list[str] = []
    winner = play_game(
        rules, ["greedy"] * 2, bot_reader(GreedyBot(), random.Random(5)), out.append, 7, "it"
    )
    assert winner is not None
    text = "\n".join(out)
    assert "--- Fine della mano 1: " in text and "Totali: " in text
    assert re.search(r"^\*\*\* (Hai vinto|.* vince) la partita", text, re.MULTILINE)
    assert english_on(text) == []


def test_the_moves_the_italian_hint_lists_are_typed_in_italian_and_read_back() -> None:
    """Every legal move, written in the Italian command words as the hint lists it
    (``scarta Q♠``, ``attacca 8♠ 2 basso``), reads back as the same move."""
    rules = Rules.build(None, {"players": "2"})
    bot = GreedyBot()
    rng = random.Random(1)
    match = Match(rules, seed=1)
    seen: set[str] = set()
    while not match.over and match.hand_number == 1:
        view = PlayerView.of_match(match, match.current_seat)
        for action in legal_actions(resample(view, random.Random(HINT_SEED))):
            text = typed(action, ITALIAN)
            seen.add(text.split()[0])
            assert parse_action(as_notation(text, ITALIAN)) == action, text
        if match.current_seat == 0:
            assert english_on(hint(view, ITALIAN)) == []
        match.apply(bot.choose(view, rng))
    assert {"pesca", "scarta", "apri"} <= seen
    assert as_notation("attacca 8S 2 basso", ITALIAN) == "layoff 8S 2 low"
    assert as_notation("Scarta QS", ITALIAN) == "discard QS"
