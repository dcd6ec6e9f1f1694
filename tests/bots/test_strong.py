"""The searching bot: legal under every table, honest (views only), and it ends hands."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scala40.bots import paired as paired_module
from scala40.bots import strong as strong_module
from scala40.bots.greedy import GreedyBot
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.rollout import heuristic_play_out, match_value, outcome, play_out
from scala40.bots.strong import StrongBot
from scala40.bots.worlds import deal_consistent
from scala40.engine.actions import Action, Discard, DrawStock
from scala40.engine.analysis import best_opening
from scala40.engine.cards import pack_list, penalty_table
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample

TABLES = [
    {},
    {"players": 3},
    {"players": 2, "open_from_pozzo": "any_use"},
    {"keep_swapped_joker": True, "fit_discard_ban": "unopened_only"},
    {"go_out_without_discard": True, "players": 2},
]


def _deal(rules: Rules, seed: int) -> Deal:
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(seed).shuffle(deck)
    return Deal.deal(rules, deck, shuffle_seed=seed)


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
    ended = 0
    for seed in range(10):
        hand = _deal(rules, seed)
        play_out(hand, rng)
        assert hand.over or hand.turns_done >= 300
        assert -3.0 < outcome(hand, 0) < 3.0
        club = _deal(rules, seed)
        heuristic_play_out(club, rng)
        assert club.result is not None
        ended += club.result.winner is not None
        # Club players end hands in about as many turns as at a real table.
        assert club.turns_done < 80
    assert ended >= 9


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


def _discard_view(seed: int) -> PlayerView:
    """A heads-up view of seat 0 about to discard, a few turns into a seeded hand."""
    rules = Rules(players=2)
    hand = _deal(rules, seed)
    club = HeuristicBot()
    rng = random.Random(seed)
    while not (hand.turns_done >= 4 and hand.current == 0 and hand.phase != DRAW):
        hand.apply(club.choose(PlayerView.of(hand, hand.seats[hand.current]), rng))
    return PlayerView.of(hand, hand.seats[0])


@pytest.mark.pure_only  # patches strong's play-outs
@pytest.mark.parametrize("seed", range(3))
def test_the_search_departs_from_the_plan_only_on_a_clear_gain(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Play-outs stubbed: a world is judged by the card just discarded, with noise.
    view = _discard_view(seed)
    club = HeuristicBot()
    world = resample(view, random.Random(0))
    plan = club.choose_in(view, world, random.Random(0))
    ranked = [a for a in club.ranked_discards(view, world) if a != plan]
    assert isinstance(plan, Discard) and ranked
    target = ranked[-1].card if len(ranked) < 3 else ranked[2].card
    noise = random.Random(seed)
    monkeypatch.setattr(strong_module, "heuristic_play_out", lambda hand, rng: None)

    def judged(gain: float) -> Action:
        def outcome(deal: Deal, player: int) -> float:
            return (gain if deal.pozzo[-1] == target else 0.0) + noise.gauss(0.0, 0.1)

        monkeypatch.setattr(strong_module, "outcome", outcome)
        bot = StrongBot(think_ms=1e9, max_worlds=30)
        return bot.choose(view, random.Random(seed))

    assert judged(0.3) == Discard(target)  # three standard deviations of a world: clear
    assert judged(0.0) == plan  # noise alone never overrules the plan


def test_dealt_worlds_agree_with_what_the_others_did() -> None:
    # An opponent who played turns without opening holds no opening in the dealt worlds.
    rules = Rules(players=2)
    checked = 0
    for seed in range(6):
        hand = _deal(rules, seed)
        bots = [HeuristicBot(), HeuristicBot()]
        rng = random.Random(seed)
        while not hand.over and hand.turns_done < 12:
            view = PlayerView.of(hand, hand.seats[hand.current])
            if view.phase == DRAW and view.turns_done >= 4 and not view.opened[1 - view.me]:
                for k in range(10):
                    world = deal_consistent(view, random.Random(k))
                    best = best_opening(world.hands[1 - view.me], rules, leave=1)
                    assert best is None or not best.opens
                    checked += 1
            hand.apply(bots[hand.current].choose(view, rng))
    assert checked >= 50


def test_match_value_counts_the_room_under_the_limit() -> None:
    rules = Rules(players=2, elimination=501)
    hand = _deal(rules, 2)
    view = PlayerView.of(hand, hand.seats[0])
    pays = [sum(penalty_table("standard")[k] * c for k, c in enumerate(h)) for h in hand.hands]
    # No match scores (a lone hand): the hand's own outcome is the measure.
    assert match_value(hand, 0, view) is None
    even = replace(view, scores=(0, 0))
    room = [501 - pays[0], 501 - pays[1]]
    assert match_value(hand, 0, even) == pytest.approx(room[0] / sum(room))
    # The opponent pushed over the limit by this hand: the match is won.
    edge = replace(view, scores=(0, 501 - pays[1]))
    assert match_value(hand, 0, edge) == 1.0
    assert match_value(hand, 1, edge) == 0.0
    # Other ways of ending a match are judged hand by hand.
    fixed = replace(even, rules=Rules(players=2, elimination=501, fixed_hands=3))
    assert match_value(hand, 0, fixed) is None


def test_choose_in_a_dealt_world_is_choose() -> None:
    # The club player's shortcut for play-outs decides exactly as its public choice.
    rules = Rules(players=3)
    hand = _deal(rules, 4)
    bot = HeuristicBot()
    while not hand.over and hand.turns_done < 30:
        view = PlayerView.of(hand, hand.seats[hand.current])
        action = bot.choose(view, random.Random(1))
        assert bot.choose_in(view, hand, random.Random(1)) == action
        ranked = bot.ranked_discards(view, hand) if view.phase != DRAW else []
        assert all(hand.check(a) is None for a in ranked)
        hand.apply(action)


def test_a_longer_thinking_budget_deals_more_worlds() -> None:
    # The arena's --think-ms sets think_ms: the iteration budget must grow with it, or a
    # three-second bot would search exactly as much as a one-second one.
    assert StrongBot().world_budget() == 32
    assert StrongBot(think_ms=3000).world_budget() == 96
    assert StrongBot(think_ms=1).world_budget() == paired_module.DROP_AFTER + 1
    assert StrongBot(max_worlds=5).world_budget() == 5
    assert StrongBot(max_worlds=None).world_budget() is None
