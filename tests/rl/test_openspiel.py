"""The OpenSpiel game: OpenSpiel's random simulation test, its ISMCTS bot, resampling."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import scala40.rl.openspiel_game  # noqa: F401  (registers python_scala40)
from scala40.engine.cards import KINDS


def deal(game: pyspiel.Game, rng: np.random.RandomState) -> pyspiel.State:
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def test_random_simulation_test() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 3, "max_moves": 250})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_random_simulation_test_under_house_rules() -> None:
    params = {"players": 2, "max_moves": 250, "rules": "preset=house,jokers_per_meld=any"}
    pyspiel.random_sim_test(pyspiel.load_game("python_scala40", params), 2, False, False)


def test_the_deal_and_the_draws_are_explicit_chance_nodes() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == KINDS
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    chance = 0
    rng = np.random.RandomState(0)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
        chance += 1
    assert chance == 13 * 2 + 1
    state.apply_action(0)  # draw from the stock: the card is chance's choice
    assert state.is_chance_node()
    draw = state.chance_outcomes()
    assert sum(p for _, p in draw) == pytest.approx(1.0)
    # The drawer sees its card; the other seat only that a card was drawn.
    state.apply_action(draw[0][0])
    assert state.information_state_string(0).endswith(f"0:draw s{draw[0][0]}")
    assert state.information_state_string(1).endswith("0:draw")


def test_resampling_keeps_the_seat_s_information_state() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 3, "max_moves": 400})
    rng = np.random.RandomState(1)
    state = deal(game, rng)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.legal_actions() == state.legal_actions()
        for q in range(3):
            if q != p:
                # Others' private cards belonged to the old world: only public moves remain.
                tokens = other.information_state_string(q).split()[1:]
                assert not [t for t in tokens if t[0] in "ds"]
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked == 40


def test_resampling_during_the_deal_keeps_the_seat_s_cards() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(10):
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(5):
        other = state.resample_from_infostate(0, sampler)
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.chance_outcomes() != [] and other.is_chance_node()
        others.add(other.information_state_string(1))
    assert len(others) > 1  # seat 1's cards are dealt again, not copied


def test_worlds_resampled_for_one_seat_give_the_others_states_that_fix_their_moves() -> None:
    """A search keyed by information state (ISMCTS) needs one set of legal moves per key."""
    game = pyspiel.load_game("python_scala40", {"players": 2})
    rng = np.random.RandomState(5)
    state = deal(game, rng)
    state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node() or state.current_player() != 1:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    moves: dict[str, list[int]] = {}
    for _ in range(8):
        world = state.resample_from_infostate(0, sampler)
        key = world.information_state_string(1)
        assert moves.setdefault(key, world.legal_actions()) == world.legal_actions()
    assert len(moves) > 1  # seat 1 holds other cards in other worlds, and knows it there


def test_ismcts_plays_a_short_hand() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 2, "max_moves": 120})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=6, random_state=rng
    )
    state = deal(game, rng)
    bot_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert bot_moves >= 10
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)


def test_bad_parameters_are_named() -> None:
    with pytest.raises(Exception, match="players must be 2 to 6"):
        pyspiel.load_game("python_scala40", {"players": 7})
    with pytest.raises(Exception, match="not key=value"):
        pyspiel.load_game("python_scala40", {"rules": "house"})


def test_illegal_moves_and_outcomes_are_refused_and_change_nothing() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 2})
    state = game.new_initial_state()
    with pytest.raises(Exception, match="not a chance outcome"):
        state.apply_action(99)
    state = deal(game, np.random.RandomState(2))
    before = str(state)
    with pytest.raises(Exception, match=r"discard .* is not legal now"):
        state.apply_action(5)  # no discard before drawing
    with pytest.raises(Exception, match="outside"):
        state.apply_action(10**6)
    assert str(state) == before and state.move_number() == 13 * 2 + 1


def test_a_stock_of_cards_everyone_saw_is_drawn_in_order() -> None:
    # complete_set_to_stock puts sets under the stock, face down but seen: once only
    # those are left, the draw is no longer a chance.
    game = pyspiel.load_game("python_scala40", {"players": 2})
    state = deal(game, np.random.RandomState(4))
    hand = state.progress.deal
    hand.bottom_known = len(hand.stock)
    top = hand.stock[-1]
    state.apply_action(0)
    assert state.chance_outcomes() == [(top, 1.0)]
    state.apply_action(top)
    assert state.current_player() == 0 and hand.hands[0][top] >= 1


def test_legal_actions_are_the_mask_s_ids_in_order_as_python_ints() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 3, "max_moves": 300})
    rng = np.random.RandomState(8)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = state.legal_actions()
        mask = state.setup.moves.mask(state.progress.deal, state.progress.build)
        assert legal == sorted(i for i in range(len(mask)) if mask[i])
        assert {type(a) for a in legal} == {int}
        state.apply_action(legal[rng.randint(len(legal))])
        decisions += 1
    assert decisions > 100
