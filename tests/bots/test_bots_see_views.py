"""Bots see one seat's view and nothing else, by construction and in the game loop.

Structural checks: ``choose`` is typed to take a :class:`PlayerView`; the bots' modules
never import the match or the game loop; the loop hands bots views only. Behavioural
check: two true hands that differ only in hidden cards give the same view, and then the
same choice.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import get_type_hints

import pytest

import scala40.bots
from scala40.bots import LEVELS, GreedyBot, PlannerBot, RandomBot, make_bot
from scala40.bots.base import Bot
from scala40.bots.strong import StrongBot
from scala40.engine.actions import Action, DrawStock
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.play_text import bot_reader, names_of, play_match

from .positions import twin as twin_of

BOTS_DIR = Path(scala40.bots.__file__).parent


@pytest.mark.pure_only  # compiled methods keep no annotations
@pytest.mark.parametrize("cls", [RandomBot, GreedyBot])
def test_choose_takes_a_view(cls: type[Bot]) -> None:
    hints = get_type_hints(cls.choose)
    assert hints["view"] is PlayerView
    assert hints["return"] == Action
    assert isinstance(cls(), Bot)


def test_bot_modules_import_no_true_state_holder() -> None:
    """No bot module can reach a Match, the game loop or the text layer."""
    allowed = {
        "scala40.bots",
        "scala40.bots.base",
        "scala40.bots.expert",
        "scala40.bots.reading",
        "scala40.bots.greedy",
        "scala40.bots.random_bot",
        "scala40.bots.heuristic",
        # Why a hint suggests its move, as facts (codes and values), worded per language.
        "scala40.bots.reasons",
        "scala40.bots.rollout",
        "scala40.bots.strong",
        # The searches' shared parts: the gate over paired play-outs, the dealt worlds.
        "scala40.bots.paired",
        "scala40.bots.worlds",
        "scala40.bots.planner",
        "scala40.engine.actions",
        "scala40.engine.analysis",
        "scala40.engine.cards",
        # Which cards may end the turn: the one door is the discard family (it decides,
        # on the world the bot was given).
        "scala40.engine.discard",
        "scala40.engine.errors",
        "scala40.engine.legal",
        "scala40.engine.melds",
        "scala40.engine.phases",
        "scala40.engine.rules",
        "scala40.engine.scoring",
        "scala40.engine.state",
        # The table's bound on a bot's turn asks the engine for the plays to a legal
        # discard; it plays them on clones of the checking world the bot was given.
        "scala40.engine.turn_end",
        "scala40.engine.views",
        # The protocol bot (bots/program.py) writes its seat's view and the legal moves as
        # notation for an outside program and reads the answer back: the codecs, never
        # the record or the replay.
        "scala40.bots.program",
        # The one conversation of the protocol (bots/protocol.py), spoken by the pipe seat and
        # the remote seat alike: it, too, writes only the seat's view as notation.
        "scala40.bots.protocol",
        # Its process and its standard error (a keeper process, a bounded ring of lines).
        "scala40.bots.program_process",
        "scala40.bots.program_stderr",
        "scala40.notation.actions",
        "scala40.notation.codec",
        "scala40.notation.errors",
        "scala40.notation.view",
    }
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and "scala40" in node.module:
                assert node.module in allowed, f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("scala40"), f"{path.name}: {alias.name}"


def test_bot_modules_build_no_true_hand() -> None:
    """The only Deal a bot holds is the determinized one ``resample`` deals from its view."""
    for path in BOTS_DIR.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for forbidden in ("Deal.deal", "Deal.setup", "Match(", ".stock[", "shuffle_seed"):
            assert forbidden not in text, f"{path.name} uses {forbidden}"


class Spy:
    """A bot wrapper recording what the game loop hands it."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen: list[object] = []

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        self.seen.append(view)
        assert view.my_turn
        return self.inner.choose(view, rng)


def test_the_game_loop_gives_bots_views_only() -> None:
    rules = Rules.build(None, {"players": "3", "elimination": "51"})
    spies = {s: Spy(make_bot(level)) for s, level in ((1, "greedy"), (2, "random"))}
    human = Spy(GreedyBot())
    out: list[str] = []
    match = Match(rules, seed=4)
    winner = play_match(
        match, spies, bot_reader(human, random.Random(1)), out.append, random.Random(2), names_of(3)
    )
    assert winner is not None
    for spy in (*spies.values(), human):
        assert spy.seen
        assert all(type(v) is PlayerView for v in spy.seen)
        assert not any(isinstance(v, Deal | Match) for v in spy.seen)


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("seed", range(4))
def test_hidden_cards_do_not_change_the_choice(level: str, seed: int) -> None:
    rules = Rules()
    match = Match(rules, seed=seed)
    hand = match.deal
    hand.apply(DrawStock())
    seat = match.current_seat
    twin = twin_of(hand, seat)
    assert twin.hands != hand.hands and twin.stock != hand.stock
    view = PlayerView.of(hand, seat)
    assert PlayerView.of(twin, seat) == view
    bot = make_bot(level)
    if isinstance(bot, StrongBot):
        # An iteration budget, not the clock: the same search both times.
        bot.think_ms, bot.max_worlds = 1e9, 6
    if isinstance(bot, PlannerBot):
        bot.think_ms, bot.worlds = None, 6
    assert bot.choose(view, random.Random(seed)) == bot.choose(
        PlayerView.of(twin, seat), random.Random(seed)
    )
