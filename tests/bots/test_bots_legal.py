"""Bots never attempt an illegal action, under many tables and seeded deals.

Each bot is asked for its action from its seat's view only; the action is then checked
against the *true* hand before it is applied, so a bot that relied on a wrong guess about
hidden cards, or on a rule it misread, fails here with the engine's reason.
"""

from __future__ import annotations

import random

import pytest

from scala40.bots import GreedyBot, RandomBot, make_bot
from scala40.bots.base import Bot
from scala40.engine.actions import Discard, TakeBack
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView

TABLES: dict[str, tuple[str | None, dict[str, str]]] = {
    "fisca": (None, {}),
    "house": ("house", {}),
    "2p": (None, {"players": "2"}),
    "3p": (None, {"players": "3"}),
    "5p": (None, {"players": "5"}),
    "6p": (None, {"players": "6"}),
    "any_use": (None, {"open_from_pozzo": "any_use"}),
    "opening_pozzo": (None, {"open_from_pozzo": "opening"}),
    "keep_joker": (None, {"keep_swapped_joker": "true"}),
    "jokers_fisca": (None, {"open_without_jokers": "fisca"}),
    "out_no_discard": (None, {"go_out_without_discard": "double", "players": "3"}),
    "old_rules": (None, {"max_run_length_5": "true", "complete_set_to_stock": "true"}),
    "wild": (None, {"jokers_per_meld": "any", "min_naturals": "2", "jokers": "6"}),
    "ban_always": (None, {"fit_discard_ban": "always", "players": "2"}),
    "partners": (None, {"partnerships": "true", "elimination": "61"}),
}

SEEDS = range(5)
MAX_ACTIONS = 2500
"""Several hands at every table, and still a quick suite."""


def drive(rules: Rules, bots: list[Bot], seed: int, limit: int = MAX_ACTIONS) -> Match:
    """Play from the bots' views, checking each action against the true hand first."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if match.over:
            break
        seat = match.current_seat
        action = bots[seat].choose(PlayerView.of(match.deal, seat), rng)
        refusal = match.deal.check(action)
        assert refusal is None, (
            f"{bots[seat].name} bot at seat {seat} tried {action}: {refusal.reason}"
        )
        match.apply(action)
    return match


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("seed", SEEDS)
def test_mixed_bots_play_only_legal_actions(table: str, seed: int) -> None:
    preset, keys = TABLES[table]
    rules = Rules.build(preset, keys)
    bots = [make_bot("greedy" if s % 2 else "random") for s in range(rules.players)]
    drive(rules, bots, seed * 7919 + len(table))


@pytest.mark.parametrize("table", ["fisca", "house", "2p", "6p", "any_use", "keep_joker"])
def test_greedy_bots_finish_a_match(table: str) -> None:
    preset, keys = TABLES[table]
    rules = Rules.build(preset, keys)
    match = drive(rules, [GreedyBot() for _ in range(rules.players)], 11, limit=20_000)
    assert match.over and match.winner is not None


def test_greedy_opens_and_goes_out_in_most_hands() -> None:
    """Greedy is not random: its hands end by someone going out, not by the stock."""
    rules = Rules()
    match = drive(rules, [GreedyBot() for _ in range(4)], 5, limit=20_000)
    assert match.over
    went_out = [r for r in match.history if r.result.winner is not None]
    assert len(went_out) >= len(match.history) - 1


def test_random_bot_picks_every_legal_action_but_takeback() -> None:
    """Uniform over the legal actions: over many draws each non-TakeBack action appears."""
    rules = Rules()
    match = Match(rules, seed=3)
    bot = RandomBot()
    seat = match.current_seat
    view = PlayerView.of(match.deal, seat)
    seen = {bot.choose(view, random.Random(i)) for i in range(60)}
    assert seen == set(legal_actions(match.deal))
    assert not any(isinstance(a, TakeBack) for a in seen)


def test_random_bot_takes_back_only_when_nothing_else_is_legal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import scala40.bots.base as base

    match = Match(Rules(), seed=1)
    view = PlayerView.of(match.deal, match.current_seat)
    monkeypatch.setattr(base, "legal_actions", lambda hand: [TakeBack(), Discard(5)])
    assert {RandomBot().choose(view, random.Random(i)) for i in range(30)} == {Discard(5)}
    monkeypatch.setattr(base, "legal_actions", lambda hand: [TakeBack()])
    assert RandomBot().choose(view, random.Random(0)) == TakeBack()
