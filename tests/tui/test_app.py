"""The Textual game, played headless by keys through ``App.run_test``'s pilot."""

from __future__ import annotations

import random
import types
from pathlib import Path

import pytest
from rich.color import Color
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from scala40.bots import make_bot
from scala40.bots.heuristic import hint
from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation.cards import format_card, parse_cards
from scala40.notation.melds import format_meld
from scala40.tui.app import (
    CURSOR,
    MARK,
    DiscardScreen,
    JokerScreen,
    PlayApp,
    QuitScreen,
    SummaryScreen,
    hand_rows,
)
from scala40.tui.selection import readings
from scala40.tui.text import count
from scala40.words import Words

SIZE = (100, 32)
ENGLISH = Words("en")
ARTIFACTS = Path(__file__).parents[1] / "e2e" / "artifacts"
"""Screenshots of the terminal game's views, beside the browser tests' ones."""

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def app_for(seed: int, players: int = 2, **changes: object) -> PlayApp:
    rules = Rules.build(None, {"players": players, **changes})
    return PlayApp(rules, ["greedy"] * (players - 1), seed=seed, bot_pause=0)


async def settle(pilot: Pilot[int | None]) -> None:
    """Let the bots' worker finish and the screen catch up."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    if not app.bots_running:
        await pilot.pause()
        return
    for _ in range(50):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app, PlayApp)
        if not app.bots_running:
            return


async def cursor_to(pilot: Pilot[int | None], app: PlayApp, card: int) -> None:
    """Move the cursor onto a not-yet-picked copy of ``card``."""
    hand = app.my_hand()
    taken = app.picking.picked + app.picking.aside
    spots = [i for i, k in enumerate(hand) if k == card and i not in taken]
    assert spots, f"card {card} is not in hand {hand}"
    steps = (spots[0] - app.picking.cursor) % len(hand)
    if steps <= len(hand) // 2:
        await pilot.press(*["right"] * steps)
    else:
        await pilot.press(*["left"] * (len(hand) - steps))
    assert app.picking.cursor == spots[0]


async def pick(pilot: Pilot[int | None], app: PlayApp, spec: MeldSpec) -> None:
    for card in spec.cards:
        await cursor_to(pilot, app, card)
        await pilot.press("space")
    options = readings(app.picked_cards(), app.rules)
    for _ in range(len(options)):
        if app._reading(app.picked_cards()) == spec:
            break
        await pilot.press("j")


async def accept_shown(pilot: Pilot[int | None], app: PlayApp) -> None:
    """Asked which card a joker stands for: Enter takes the reading shown (set by ``j``)."""
    if isinstance(app.screen, JokerScreen):
        await pilot.press("enter")


async def target(pilot: Pilot[int | None], app: PlayApp, index: int) -> None:
    while app.target != index:
        await pilot.press("down")


async def by_keys(pilot: Pilot[int | None], app: PlayApp, action: Action) -> None:
    """Play ``action`` the way a person would: by keys only."""
    if isinstance(action, DrawStock):
        await pilot.press("d")
    elif isinstance(action, TakePozzo):
        await pilot.press("p")
    elif isinstance(action, Discard):
        await pilot.press("c")
        await cursor_to(pilot, app, action.card)
        await pilot.press("x", "x")
    elif isinstance(action, Open):
        await pilot.press("c")
        for spec in action.melds:
            await pick(pilot, app, spec)
            await pilot.press("g")
            await accept_shown(pilot, app)
        await pilot.press("o")
    elif isinstance(action, Meld):
        await pilot.press("c")
        await pick(pilot, app, action.meld)
        await pilot.press("m")
        await accept_shown(pilot, app)
    elif isinstance(action, LayOff | SwapJoker):
        await pilot.press("c")
        await cursor_to(pilot, app, action.card)
        await pilot.press("space")
        await target(pilot, app, action.target)
        if isinstance(action, SwapJoker):
            await pilot.press("s")
        else:
            await pilot.press("L" if action.end == "low" else "l")
    else:
        assert isinstance(action, TakeBack)
        await pilot.press("t")


async def test_a_few_turns_by_keys_and_the_bots_answer() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = app.view()
        assert view is not None and view.my_turn and view.phase == "draw"
        stock = view.stock_size
        await pilot.press("d")
        after = app.view()
        assert after is not None and len(after.hand) == 14 and after.stock_size == stock - 1
        assert app.message.startswith("You take ")
        drawn = app.my_hand()[app.picking.cursor]
        # Discard the card the cursor rests on (the one just drawn), confirmed by Enter.
        await pilot.press("x", "enter")
        await settle(pilot)
        view = app.view()
        assert view is not None and view.my_turn and len(view.hand) == 13
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert "You draw " in log and "You discard " in log
        assert "Bot 1 (Easy) draws" in log or "Bot 1 (Easy) takes" in log
        assert "Bot 1 (Easy) discards" in log
        assert drawn not in view.hand or view.hand.count(drawn) < after.hand.count(drawn)


async def test_an_illegal_move_shows_the_engines_reason_and_changes_nothing() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.view()
        await pilot.press("x")
        assert "Not allowed: draw a card first" in app.message
        assert not isinstance(app.screen, DiscardScreen), "a refused discard asks nothing"
        assert app.view() == before
        await pilot.press("d")
        hand = app.my_hand()
        # Three cards that make no meld: the engine says why.
        await pilot.press("c")
        for card in (hand[0], hand[-2], hand[5]):
            await cursor_to(pilot, app, card)
            await pilot.press("space")
        await pilot.press("m")
        assert "Not allowed:" in app.message
        assert app.my_hand() == hand
        screen_text = str(app.query_one("#message").render())
        assert "Not allowed" in screen_text


async def test_the_score_table_key() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        assert isinstance(app.screen, SummaryScreen)
        assert "Totals: You 0 · Bot 1 0" in str(app.screen.query_one("#summary").render())
        await pilot.press("escape")
        assert not isinstance(app.screen, SummaryScreen)


async def test_the_hint_key_explains_a_move() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        assert app.message.startswith("[cyan]Hint: ")
        await pilot.press("d", "h")
        assert "Hint: " in app.message
        assert "open" in app.message or "discard" in app.message


async def test_table_melds_show_joker_identities_and_others_card_counts() -> None:
    app = app_for(seed=5, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        others = str(app.query_one("#others").render())
        assert "Bot 1 (Easy): 0 pts, 13 cards, not opened" in others
        assert "Bot 2 (Easy)" in others
        hand_text = str(app.query_one("#hand").render())
        assert "Your hand (13 cards, not opened: 40 to open)" in hand_text


def screen_text(app: PlayApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_q_asks_first_and_n_or_escape_keep_the_match() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        before = app.view()
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        assert "Quit this match? y/n" in screen_text(app, "#question")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("tui-quit-confirm.svg", str(ARTIFACTS))
        # While the question is open the game keys do nothing.
        await pilot.press("x", "d", "right")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        assert not isinstance(app.screen, QuitScreen)
        assert app.is_running and app.view() == before
        assert "The match goes on." in app.message
        await pilot.press("q", "escape")
        assert app.is_running and app.view() == before
        assert not isinstance(app.screen, QuitScreen)


async def test_q_then_y_leaves_the_match() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running
    assert app.return_value is None


async def test_x_names_the_card_and_escape_keeps_it_in_hand() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        hand = app.my_hand()
        card = hand[app.picking.cursor]
        await pilot.press("x")
        assert isinstance(app.screen, DiscardScreen)
        name = format_card(card, pretty=True)
        question = screen_text(app, "#question")
        assert f"Discard {name}?" in question
        assert "x again or Enter to confirm, Escape to cancel" in question
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("tui-discard-confirm.svg", str(ARTIFACTS))
        await pilot.press("escape")
        assert not isinstance(app.screen, DiscardScreen)
        assert app.my_hand() == hand
        assert f"Not discarded: {name} stays in your hand." in screen_text(app, "#message")
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert "You discard" not in log


async def test_x_then_x_again_discards_the_named_card() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        hand = app.my_hand()
        card = hand[app.picking.cursor]
        await pilot.press("x", "x")
        await settle(pilot)
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert f"You discard {format_card(card, pretty=True)}" in log
        view = app.view()
        assert view is not None and view.my_turn and len(view.hand) == 13


def _hand_lines(app: PlayApp) -> list[list[tuple[str, Color | None, bool | None]]]:
    """The hand panel as drawn: each line's segments (text, background, reverse)."""
    panel = app.query_one("#hand", Static)
    lines = []
    for y in range(panel.content_size.height):
        strip = panel.render_line(y)
        lines.append([(s.text, s.style.bgcolor, s.style.reverse) for s in strip if s.style])
    return lines


async def test_the_cursor_card_has_a_background_and_a_mark_under_it() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "space", "right")
        hand = app.my_hand()
        cursor = app.picking.cursor
        assert app.picking.picked == [cursor - 1]
        lines = _hand_lines(app)
        cursor_bg = Color.parse(CURSOR)
        row = next(i for i, line in enumerate(lines) if any(bg == cursor_bg for _, bg, _ in line))
        segments = lines[row]
        texts = [t for t, _, _ in segments]
        at = next(i for i, (_, bg, _) in enumerate(segments) if bg == cursor_bg)
        assert texts[at] == format_card(hand[cursor], pretty=True)
        column = sum(len(t) for t in texts[:at])
        mark_line = "".join(t for t, _, _ in lines[row + 1])
        assert mark_line.strip() == MARK
        assert column <= mark_line.index(MARK) < column + len(texts[at])
        # The picked card next to it is drawn in reverse, without the cursor's background.
        picked = next(i for i, (t, _, rev) in enumerate(segments) if rev and t.strip() and i != at)
        assert picked < at and segments[picked][1] != cursor_bg
        assert texts[picked] == format_card(hand[cursor - 1], pretty=True)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("tui-cursor.svg", str(ARTIFACTS))


def test_hand_rows_break_lines_and_keep_the_mark_under_its_card() -> None:
    cells = [(f"c{i}", 2) for i in range(10)]
    rows = hand_rows(cells, cursor=6, width=9)
    assert rows == ["c0 c1 c2", "c3 c4 c5", "c6 c7 c8", f"[b]{MARK}[/b]", "c9"]
    rows = hand_rows([("10♥", 3), ("7♥", 2)], cursor=0, width=80)
    assert rows == ["10♥ 7♥", f" [b]{MARK}[/b]"]


@pytest.mark.slow
async def test_a_whole_hand_by_keys_to_the_summary_and_the_end_of_the_match() -> None:
    """The person plays as the hint says, by keys only, and goes out: the summary shows
    the table, what everyone pays and the scores; with the limit at 1 the match ends."""
    app = app_for(seed=10, elimination=1)
    rng = random.Random(0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        laid = 0
        for _ in range(100):
            if isinstance(app.screen, SummaryScreen):
                break
            view = app.view()
            assert view is not None and view.my_turn
            action = hint(view, rng).action
            await by_keys(pilot, app, action)
            assert "Not allowed" not in app.message, (action, app.message)
            if isinstance(action, Open | Meld | LayOff | SwapJoker):
                laid += 1
            await settle(pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert laid > 0
        summary = str(app.screen.query_one("#summary").render())
        record = app.match.history[0]
        assert "Hand 1 is over. You went out!" in summary
        assert "Table:" in summary
        assert f"Bot 1 (Easy): pays {record.penalties[1]}" in summary
        assert f"Totals: You 0 · Bot 1 {record.penalties[1]} (out)" in summary
        assert "Bot 1 (Easy) is out of the match." in summary
        assert "*** You win the match! ***" in summary
        await pilot.press("enter")
        assert "You win the match" in app.message
        assert "The match is over." in str(app.query_one("#top").render())
        await pilot.press("d")
        assert "The match is over" in app.message
        await pilot.press("q")
    assert app.return_value == 0


def test_the_table_panels_read_a_view_with_nobodys_cards_in_or_out_of_the_hand() -> None:
    """The pozzo, table and others' panels come from the engine's public view: no card of
    any hand, whether the person plays the hand or has been eliminated from it."""
    app = app_for(seed=5, players=3, elimination=30)
    bot = make_bot("greedy")
    rng = random.Random(0)
    out = 0
    for _ in range(3000):
        if app.match.over:
            break
        pub = app.public_view()
        assert pub is not None and pub.me == -1 and pub.hand == () and not pub.my_turn
        assert pub.turn.start is None or pub.turn.start.hand is None
        hand = app.match.deal
        assert pub.hand_sizes == tuple(hand.sizes) and pub.pozzo == tuple(hand.pozzo)
        if not app.playing:  # the person was eliminated: the bots play on, shown publicly
            out += 1
            assert app.view() is None
            assert "you are out: the bots play on" in app._top_text(None, pub)
            lines = app._others_text(pub).splitlines()
            assert lines[0].startswith("You: ") and "(out)" in lines[0]
            for p, seat in enumerate(hand.seats):
                assert f" pts, {count(hand.sizes[p], ENGLISH)}, " in lines[seat]
        app.match.apply(bot.choose(PlayerView.of_match(app.match, app.match.current_seat), rng))
    assert app.match.over and out > 50, "the person never sat a hand out"


class _Terminal:
    @staticmethod
    def isatty() -> bool:
        return True


def test_scala40_play_opens_the_app_on_a_terminal_and_line_mode_with_plain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    from click.testing import CliRunner

    import scala40.cli
    import scala40.tui.app

    calls: list[tuple[Rules, list[str], int | None]] = []

    def fake_run_app(rules: Rules, levels: list[str], seed: int | None, lang: str) -> None:
        calls.append((rules, levels, seed))

    monkeypatch.setattr(scala40.tui.app, "run_app", fake_run_app)
    monkeypatch.setattr(
        scala40.cli, "sys", types.SimpleNamespace(stdin=_Terminal, stdout=_Terminal)
    )
    result = CliRunner().invoke(
        scala40.cli.main,
        ["play", "--players", "3", "--bots", "heuristic", "--seed", "4", "--lang", "en"],
    )
    assert result.exit_code == 0, result.output
    # The terminal game gets the level by its new name, the old one still taken.
    assert calls == [(Rules.build(None, {"players": 3}), ["club", "club"], 4)]
    plain = CliRunner().invoke(scala40.cli.main, ["play", "--plain", "--seed", "4"], input="quit\n")
    assert "You leave the table" in plain.output
    assert len(calls) == 1


def test_the_bots_are_named_by_their_level_in_a_players_words() -> None:
    rules = Rules.build(None, {"players": 3})
    app = PlayApp(rules, ["heuristic", "beginner"], seed=1, bot_pause=0)  # an old name too
    assert app.names == ["You", "Bot 1 (Club player)", "Bot 2 (Beginner)"]


async def pick_cards(pilot: Pilot[int | None], app: PlayApp, text: str) -> None:
    for card in parse_cards(text):
        await cursor_to(pilot, app, card)
        await pilot.press("space")


async def test_a_joker_that_could_be_two_cards_is_asked_for_not_picked_silently() -> None:
    # Seed 56 deals the person 6♠ 7♠ and a joker: the joker may be the 5♠ or the 8♠.
    app = app_for(seed=56)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pick_cards(pilot, app, "6S 7S JK")
        await pilot.press("g")
        assert isinstance(app.screen, JokerScreen)
        question = screen_text(app, "#question")
        assert "Which card does the joker stand for?" in question
        assert "JK=8♠" in question and "JK=5♠" in question
        assert question.index("JK=8♠") < question.index("JK=5♠")  # the most points first
        await pilot.press("2")
        assert not isinstance(app.screen, JokerScreen)
        assert [format_meld(g) for g in app.picking.groups] == ["JK=5S 6S 7S"]
        assert "JK=5♠" in str(app.query_one("#aside").render())


async def test_escape_at_the_joker_question_lays_nothing() -> None:
    app = app_for(seed=56)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = list(app.my_hand())
        await pick_cards(pilot, app, "6S 7S JK")
        for key in ("g", "o"):
            await pilot.press(key)
            assert isinstance(app.screen, JokerScreen)
            await pilot.press("escape")
            assert app.picking.groups == []
            assert len(app.picked_cards()) == 3
            assert "Nothing laid" in app.message
        assert list(app.my_hand()) == hand


async def test_enter_at_the_joker_question_takes_the_reading_shown() -> None:
    app = app_for(seed=56)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pick_cards(pilot, app, "6S 7S JK")
        await pilot.press("j")  # the second reading is shown: the joker as the 5♠
        assert "JK=5♠" in str(app.query_one("#aside").render())
        await pilot.press("g")
        assert "(shown)" in screen_text(app, "#question")
        await pilot.press("enter")
        assert [format_meld(g) for g in app.picking.groups] == ["JK=5S 6S 7S"]


# In the player's language ------------------------------------------------------------------

ENGLISH_TELLTALES = (
    "Your turn",
    "Discard",
    "Draw",
    "the ",
    " and ",
    "Hint",
    "stock",
    "hand",
    "points",
    "pts",
    "You ",
    "Table",
    "Not allowed",
    "Totals",
    "opened",
    "pays",
    "deals",
    "Press",
    "Quit",
    "Cancel",
    "Continue",
    "Pick",
    "Scores",
    "palette",
    "space",
    "Escape",
    "match",
)
"""Words an English screen is full of and an Italian one never shows (case matters: the
Italian ``Scarta`` is no ``Discard``)."""


def english_on(text: str) -> list[str]:
    """The English telltales found in ``text``."""
    return [word for word in ENGLISH_TELLTALES if word in text]


def whole_screen(app: PlayApp) -> str:
    """Every line the terminal shows now, as plain text (the top screen and what it
    covers, the bottom bar included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def screen_showing(pilot: Pilot[int | None], *words: str) -> str:
    """The whole screen once it shows every one of ``words`` (the keys' bar is drawn a
    refresh after the screen it belongs to; on a busy machine, some pauses later)."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    for _ in range(100):
        shown = whole_screen(app)
        if all(word in shown for word in words):
            return shown
        await pilot.pause(0.02)
    return whole_screen(app)


def panel(app: PlayApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def log_text(app: PlayApp) -> str:
    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)


def italian_app(seed: int, **changes: object) -> PlayApp:
    rules = Rules.build(None, {"players": 2, **changes})
    return PlayApp(rules, ["greedy"], seed=seed, bot_pause=0, lang="it")


async def test_the_game_in_italian_speaks_italian_on_every_screen() -> None:
    """Started in Italian, the person is refused a discard before the draw, draws, asks a
    hint, opens the discard question and the help: every screen and the log are Italian,
    with no English telltale."""
    app = italian_app(seed=10)
    screens: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screens.append(await screen_showing(pilot, "Pesca", "Scarta"))
        assert "Tocca a te: pesca una carta (d/p)" in panel(app, "#top")
        assert "La tua mano (13 carte, non hai aperto: servono 40 punti" in panel(app, "#hand")
        assert "Pesca" in screens[-1] and "Scarta" in screens[-1]  # the keys' bar
        await pilot.press("x")  # before the draw: the engine's refusal, in Italian
        assert "Mossa non consentita. Prima pesca una carta" in app.message
        await pilot.press("d")
        assert app.message.startswith("Prendi ")
        await pilot.press("h")
        assert app.message.startswith("[cyan]Suggerimento: ")
        screens.append(whole_screen(app))
        await pilot.press("left", "x")  # the joker just drawn may not go: the card before it
        assert isinstance(app.screen, DiscardScreen)
        question = screen_text(app, "#question")
        assert "Scartare" in question and "Invio per confermare" in question
        screens.append(whole_screen(app))
        await pilot.press("escape")
        assert "Niente scarto:" in app.message
        await pilot.press("question_mark")
        help_text = str(app.screen.query_one("#summary").render())
        assert help_text.startswith("Tasti") and "pesca dal tallone" in help_text
        screens.append(whole_screen(app) + "\n" + help_text)
        await pilot.press("escape", "left", "x", "enter")
        await settle(pilot)
        log = log_text(app)
        assert "Scala 40: tu contro Bot 1 (Facile)." in log and "Premi ? per i tasti." in log
        assert "Peschi " in log and "Scarti " in log and "Bot 1 (Facile) " in log
        screens += [whole_screen(app), log, app.message]
    for text in screens:
        assert english_on(text) == [], text


@pytest.mark.slow
async def test_a_whole_hand_in_italian_to_the_summary_and_the_end_of_the_match() -> None:
    """The person plays a hand out as the hints say, in Italian: the summary, the winner
    and the log at the end are Italian, with no English telltale."""
    app = italian_app(seed=10, elimination=1)
    rng = random.Random(0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(100):
            if isinstance(app.screen, SummaryScreen):
                break
            view = app.view()
            assert view is not None and view.my_turn
            await by_keys(pilot, app, hint(view, rng).action)
            assert "non consentita" not in app.message, app.message
            await settle(pilot)
        summary = str(app.screen.query_one("#summary").render())
        assert "La mano 1 è finita. Hai chiuso!" in summary
        assert "In tavola:" in summary and "Bot 1 (Facile): paga" in summary
        assert "Totali: Tu 0 · Bot 1 " in summary and "(eliminato)" in summary
        assert "*** Hai vinto la partita! ***" in summary
        screens = [whole_screen(app), summary]
        await pilot.press("enter")
        assert "La partita è finita." in panel(app, "#top")
        assert "Hai vinto la partita" in app.message
        screens += [whole_screen(app), log_text(app), app.message]
        await pilot.press("q")
    assert app.return_value == 0
    for text in screens:
        assert english_on(text) == [], text


async def test_the_italian_quit_question_takes_s_for_yes() -> None:
    app = italian_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        assert "Lasci la partita? s/n" in screen_text(app, "#question")
        await pilot.press("n")
        assert "La partita continua." in app.message
        await pilot.press("q", "s")
    assert app.return_value is None and not app.is_running


async def test_the_joker_question_in_italian() -> None:
    app = italian_app(seed=56)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pick_cards(pilot, app, "6S 7S JK")
        await pilot.press("g")
        assert isinstance(app.screen, JokerScreen)
        question = screen_text(app, "#question")
        assert question.startswith("Quale carta sostituisce il jolly?")
        assert "(mostrata)" in question
        assert english_on(whole_screen(app)) == []
        await pilot.press("escape")
        assert "Non hai calato niente" in app.message


def test_scala40_play_takes_the_language_from_lang_or_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--lang it`` plays in Italian; without it the locale decides (``LANG=it_IT``), and
    ``--lang`` wins over the locale."""
    from click.testing import CliRunner

    import scala40.cli
    import scala40.tui.app

    langs: list[str] = []

    def fake_run_app(rules: Rules, levels: list[str], seed: int | None, lang: str) -> None:
        langs.append(lang)

    monkeypatch.setattr(scala40.tui.app, "run_app", fake_run_app)
    monkeypatch.setattr(
        scala40.cli, "sys", types.SimpleNamespace(stdin=_Terminal, stdout=_Terminal)
    )
    italian = {"LANG": "it_IT.UTF-8", "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
    english = {**italian, "LANG": "C.UTF-8"}
    for args, env in [
        (["--lang", "it"], english),
        ([], italian),
        (["--lang", "en"], italian),
        ([], english),
    ]:
        result = CliRunner().invoke(scala40.cli.main, ["play", *args], env=env)
        assert result.exit_code == 0, result.output
    assert langs == ["it", "it", "en", "en"]
