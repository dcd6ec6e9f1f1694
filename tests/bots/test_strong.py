"""The searching bot: legal under every table, honest (views only), and it ends hands."""

from __future__ import annotations

import random

import pytest

from scala40.bots.greedy import GreedyBot
from scala40.bots.rollout import outcome, play_out
from scala40.bots.strong import StrongBot
from scala40.engine.actions import DrawStock
from scala40.engine.cards import pack_list
from scala40.engine.rules import Rules
from scala40.engine.state import Hand
from scala40.engine.views import PlayerView

TABLES = [
    {},
    {"players": 3},
    {"players": 2, "open_from_pozzo": "any_use"},
    {"keep_swapped_joker": True, "fit_discard_ban": "unopened_only"},
    {"go_out_without_discard": True, "players": 2},
]


def _deal(rules: Rules, seed: int) -> Hand:
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(seed).shuffle(deck)
    return Hand.deal(rules, deck, shuffle_seed=seed)


@pytest.mark.parametrize("changes", TABLES)
def test_the_strong_bot_never_attempts_an_illegal_action(changes: dict[str, object]) -> None:
    rules = Rules.build(None, changes)
    hand = _deal(rules, 5)
    strong = StrongBot(max_worlds=3)
    greedy = GreedyBot()
    rng = random.Random(1)
    steps = 0
    while not hand.over and steps < 1500:
        bot = strong if hand.current == 0 else greedy
        view = PlayerView.of(hand, hand.seats[hand.current])
        action = bot.choose(view, rng)
        assert hand.check(action) is None, (action, hand.check(action))
        hand.apply(action)
        steps += 1
    assert hand.over


def test_play_outs_end_hands_and_score_them() -> None:
    rules = Rules()
    rng = random.Random(3)
    for seed in range(10):
        hand = _deal(rules, seed)
        play_out(hand, rng)
        assert hand.over or hand.turns_done >= 300
        assert -3.0 < outcome(hand, 0) < 3.0


def test_the_search_reads_only_the_view() -> None:
    # Two hands that differ only in what seat 0 cannot see give it the same choice.
    rules = Rules(players=2)
    hand = _deal(rules, 9)
    hand.apply(DrawStock())
    other = hand.clone()
    other.stock.reverse()
    other.shuffle_seed += 1
    a = StrongBot(max_worlds=2).choose(PlayerView.of(hand, 0), random.Random(4))
    b = StrongBot(max_worlds=2).choose(PlayerView.of(other, 0), random.Random(4))
    assert a == b
