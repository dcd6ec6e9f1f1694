"""The master (whole-turn planner): legal, honest, the club player's turn unless another
clearly pays, whole turns played as planned, and a clock that ends a search."""

from __future__ import annotations

import random

import pytest

from scala40.bots import make_bot
from scala40.bots import planner as planner_module
from scala40.bots.base import world_of
from scala40.bots.expert import ExpertBot
from scala40.bots.greedy import GreedyBot
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.planner import PlannerBot
from scala40.bots.rollout import heuristic_play_out
from scala40.engine.actions import Action, Discard, DrawStock, TakePozzo
from scala40.engine.cards import pack_list, penalty_table
from scala40.engine.match import Match
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

from .test_bots_legal import TABLES as LEGAL_TABLES

TABLES = [
    {},
    {"players": 3},
    {"players": 4},
    {"players": 2, "open_from_pozzo": "any_use"},
    {"keep_swapped_joker": True, "fit_discard_ban": "unopened_only"},
    {"go_out_without_discard": True, "players": 2},
]


def _deal(rules: Rules, seed: int) -> Deal:
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(seed).shuffle(deck)
    return Deal.deal(rules, deck, shuffle_seed=seed)


def _play_view(seed: int, *, laying: bool = False) -> tuple[Deal, PlayerView]:
    """Seat 0 of a heads-up club game just after its draw, a few turns in (``laying``:
    at a turn where the club player lays something before its discard)."""
    rules = Rules(players=2)
    hand = _deal(rules, seed)
    club = HeuristicBot()
    rng = random.Random(seed)
    while not hand.over:
        view = PlayerView.of(hand, hand.seats[hand.current])
        action = club.choose(view, rng)
        started = hand.turns_done >= 4 and hand.current == 0 and hand.phase != DRAW
        lays = not isinstance(action, Discard)
        if started and hand.turn.actions_now == 0 and (lays or not laying):
            return hand, view
        hand.apply(action)
    raise AssertionError(f"seed {seed}: no such turn")


@pytest.mark.parametrize("changes", TABLES)
def test_the_master_never_attempts_an_illegal_action(changes: dict[str, object]) -> None:
    rules = Rules.build(None, changes)
    for seed in (5, 6):
        hand = _deal(rules, seed)
        master = PlannerBot(worlds=3, think_ms=None)
        greedy = GreedyBot()
        rng = random.Random(1)
        steps = 0
        while not hand.over and steps < 1500:
            bot = master if hand.current == 0 else greedy
            view = PlayerView.of(hand, hand.seats[hand.current])
            action = bot.choose(view, rng)
            assert hand.check(action) is None, (action, hand.check(action))
            hand.apply(action)
            steps += 1
        assert hand.over
        assert master.searches > 0


def test_the_master_reads_only_the_view() -> None:
    # Two hands that differ only in what seat 0 cannot see give it the same turn.
    hand, view = _play_view(9)
    other = hand.clone()
    other.stock.reverse()
    other.shuffle_seed += 1
    a = PlannerBot(worlds=4, think_ms=None)
    b = PlannerBot(worlds=4, think_ms=None)
    assert a.choose(view, random.Random(4)) == b.choose(
        PlayerView.of(other, other.seats[0]), random.Random(4)
    )
    assert a._rest == b._rest


@pytest.mark.parametrize("seed", range(4))
def test_every_turn_weighed_is_legal_and_the_first_is_the_club_players(seed: int) -> None:
    hand, view = _play_view(seed)
    master = PlannerBot(base=HeuristicBot, shed=False)
    plans = master.turns(view, hand.clone(), random.Random(0))
    # The first plan is the club player's whole turn, move for move.
    club_turn = []
    probe = hand.clone()
    club = HeuristicBot()
    while probe.current == 0 and probe.turns_done == hand.turns_done and not probe.over:
        action = club.choose(PlayerView.of(probe, probe.seats[0]), random.Random(0))
        club_turn.append(action)
        probe.apply(action)
    assert plans[0] == tuple(club_turn)
    assert len(set(plans)) == len(plans)
    for plan in plans:
        played = hand.clone()
        for action in plan:
            assert played.check(action) is None, (plan, action)
            played.apply(action)
        # Each ends the turn: the next player is to draw, or the hand is over.
        assert played.over or (played.current == 1 and played.phase == DRAW)
    discards = [p for p in plans if len(p) == 1 and isinstance(p[0], Discard)]
    if len(plans[0]) > 1:  # the club player lays something: holding is weighed too
        assert discards


@pytest.mark.pure_only  # patches the planner's play-outs
@pytest.mark.parametrize("seed", range(3))
def test_another_turn_is_played_only_when_it_clearly_pays(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Play-outs stubbed: a world is judged by the card on the pozzo after the turn, with
    # noise; one of the other turns ends with the card the judge favours.
    hand, view = _play_view(seed)
    master = PlannerBot(worlds=30, think_ms=None)
    plans = master.turns(view, hand.clone(), random.Random(seed))
    assert len(plans) >= 2
    target = plans[-1]
    last = target[-1]
    assert isinstance(last, Discard)
    noise = random.Random(seed)
    monkeypatch.setattr(planner_module, "heuristic_play_out", lambda deal, rng, seats: None)

    def judged(gain: float) -> Action:
        def outcome(deal: Deal, player: int) -> float:
            ends = deal.pozzo[-1] == last.card and deal.sizes[0] == hand.sizes[0] - len(target)
            return (gain if ends else 0.0) + noise.gauss(0.0, 0.1)

        monkeypatch.setattr(planner_module, "outcome", outcome)
        return PlannerBot(worlds=30, think_ms=None).choose(view, random.Random(seed))

    assert judged(0.3) == target[0]  # three standard deviations of a world: clear
    assert judged(0.0) == plans[0][0]  # noise alone never overrules the club player


def test_a_turn_chosen_is_played_to_its_end_without_searching_again() -> None:
    hand, view = _play_view(3, laying=True)
    master = PlannerBot(worlds=4, think_ms=None)
    rng = random.Random(2)
    first = master.choose(view, rng)
    planned = [first, *master._rest]
    played = [first]
    hand.apply(first)
    while hand.current == 0 and not hand.over and hand.phase != DRAW:
        action = master.choose(PlayerView.of(hand, hand.seats[0]), rng)
        played.append(action)
        hand.apply(action)
    assert len(planned) > 1 and played == planned
    assert master.searches <= 1


def test_a_turn_that_went_another_way_is_planned_again() -> None:
    # The table played a move for the seat (a turn's cap, say): the rest of the old plan
    # no longer fits, and the bot plans from where the turn stands.
    hand, view = _play_view(1)
    master = PlannerBot(worlds=4, think_ms=None)
    master.choose(view, random.Random(2))
    master._rest = [Discard(card) for card in range(3)]  # a plan made for another hand
    action = master.choose(view, random.Random(2))
    assert hand.check(action) is None


def test_the_clock_ends_a_search_before_its_worlds() -> None:
    hand, view = _play_view(2)
    unhurried = PlannerBot(worlds=40, think_ms=None)
    unhurried.search(view, unhurried.turns(view, hand.clone(), random.Random(0)), random.Random(0))
    hurried = PlannerBot(worlds=40, think_ms=1.0)
    hurried.search(view, hurried.turns(view, hand.clone(), random.Random(0)), random.Random(0))
    assert hurried.dealt < unhurried.dealt or unhurried.dealt <= 1
    assert hurried.dealt >= 1


def test_a_longer_clock_deals_more_worlds() -> None:
    assert PlannerBot().world_budget() == planner_module.WORLDS
    assert PlannerBot(think_ms=3000).world_budget() == 3 * planner_module.WORLDS
    assert PlannerBot(worlds=5).world_budget() == 5
    assert PlannerBot(think_ms=None).world_budget() == planner_module.WORLDS


def test_the_draw_weighs_both_draws_when_both_are_legal() -> None:
    rules = Rules(players=2, open_from_pozzo="any_use")
    hand = _deal(rules, 8)
    view = PlayerView.of(hand, hand.seats[0])
    draws = PlannerBot().draws(view, hand.clone(), random.Random(0))
    assert {plan[0] for plan in draws} <= {DrawStock(), TakePozzo()}
    assert all(hand.check(plan[0]) is None for plan in draws)


def test_the_master_is_a_level_by_name() -> None:
    assert isinstance(make_bot("master"), PlannerBot)


def test_on_the_experts_turns_the_plan_is_the_experts() -> None:
    for seed in range(3):
        hand, view = _play_view(seed)
        master = PlannerBot(base=ExpertBot)
        plans = master.turns(view, hand.clone(), random.Random(0))
        probe = hand.clone()
        expert = ExpertBot()
        for action in plans[0]:
            assert expert.choose(PlayerView.of(probe, probe.seats[0]), random.Random(0)) == action
            probe.apply(action)


class _Counting:
    """The club player, counting the seats it is asked to play."""

    def __init__(self) -> None:
        self.club = HeuristicBot()
        self.seats: set[int] = set()

    def choose_in(self, view: PlayerView, world: Deal, rng: random.Random) -> Action:
        self.seats.add(view.me)
        return self.club.choose_in(view, world, rng)


def test_a_play_out_plays_the_searching_seat_with_its_own_player() -> None:
    hand, view = _play_view(4)
    hand.apply(PlannerBot().turns(view, hand.clone(), random.Random(0))[0][0])
    own = _Counting()
    heuristic_play_out(hand, random.Random(1), {0: own})
    assert hand.over
    assert own.seats == {0}


def test_shedding_weighs_the_costliest_card_too() -> None:
    pay = penalty_table("standard")
    for seed in range(4):
        hand, view = _play_view(seed)
        plans = PlannerBot(shed=True).turns(view, hand.clone(), random.Random(0))
        ends = {plan[-1] for plan in plans if len(plan) == 1}
        legal = [k for k in set(view.hand) if hand.check(Discard(k)) is None]
        costliest = max(pay[k] for k in legal)
        if len(plans[0]) == 1:  # nothing laid: the plays' discards are the hold's
            ends = {plan[-1] for plan in plans}
        assert any(isinstance(a, Discard) and pay[a.card] == costliest for a in ends)


@pytest.mark.parametrize("table", sorted(LEGAL_TABLES))
def test_every_turn_the_master_weighs_is_legal_at_every_table(table: str) -> None:
    # Each whole turn it might play, checked move by move against the true hand, at every
    # table of the legality tests (the other seats play as club players meanwhile).
    preset, keys = LEGAL_TABLES[table]
    rules = Rules.build(preset, keys)
    match = Match(rules, seed=len(table))
    club, master = HeuristicBot(), PlannerBot()
    rng = random.Random(1)
    weighed = 0
    for _ in range(1500):
        if match.over:
            break
        deal = match.deal
        seat = match.current_seat
        view = PlayerView.of(deal, seat)
        if deal.phase == DRAW or deal.turn.actions_now == 0:
            world = world_of(view)
            plans = master.draws(view, world, rng) if deal.phase == DRAW else []
            if deal.phase != DRAW and deal.turn.actions_now == 0:
                plans = master.turns(view, world, rng)
            for plan in plans:
                played = deal.clone()
                for action in plan:
                    assert played.check(action) is None, (table, plan, action)
                    played.apply(action)
                weighed += 1
        match.apply(club.choose(view, rng))
    assert weighed > 50
