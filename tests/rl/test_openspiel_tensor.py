"""The OpenSpiel game's observation tensor, as a Python caller gets it.

``Scala40State.observation_tensor`` answers Python callers itself (pyspiel's C++ path
costs four times as much for a tensor of 4,173 floats). Whatever the route, the tensor
must be the same: on random states of random hands (the deal, every phase, openings in
progress, the end) and for every seat, the list is compared with pyspiel's C++ path
(``pyspiel.State.observation_tensor``, through the observer's ``set_from``) and with a
reference written here from the seat's ``PlayerView`` alone, section by section, as
docs/rl.md describes the observation -- so a change to either route is caught.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import scala40.rl.openspiel_game  # noqa: F401  (registers python_scala40)
from scala40.bots import make_bot
from scala40.engine.cards import KINDS
from scala40.engine.phases import DRAW, OVER, Drew
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.rl.moves import Build
from scala40.rl.observation import MELD_WIDTH, ObservationEncoder

from .positions import MOVE_KEYS, examples, move_rules


def rules_param(rules: Rules) -> str:
    """The game's ``rules`` parameter for these rules (the keys that shape moves)."""
    return ",".join(f"{key}={getattr(rules, key)}" for key in MOVE_KEYS if key != "players")


def reference(enc: ObservationEncoder, view: PlayerView, build: Build | None) -> list[float]:
    """The observation of ``view``'s seat, each section written plainly from the view."""
    obs = np.zeros(enc.size, np.float32)
    players = enc.players
    my_turn = view.current == view.me
    mine = build if my_turn else None
    for k in view.hand:
        enc.view(obs, "hand")[k] += 1
    if mine is not None:
        pending = enc.view(obs, "opening_pending")
        for k in view.hand:
            pending[k] += 1
        for k in range(KINDS):
            pending[k] -= mine.counts[k]
        enc.view(obs, "opening_points")[0] = mine.points
    table = enc.view(obs, "table")
    for t, meld in enumerate(view.table[: enc.slots]):
        for i, k in enumerate(meld.slots):
            table[t, k + (52 if meld.jokers >> i & 1 else 0)] = 1
        table[t, MELD_WIDTH - 1] = 1 if meld.is_run else 0
    if view.pozzo:
        enc.view(obs, "pozzo_top")[view.pozzo[-1]] = 1
        for k in view.pozzo:
            enc.view(obs, "pozzo")[k] += 1
    for p, seat in enumerate(view.seats):
        rel = (seat - view.seat) % players
        if p != view.me:
            for k in view.known[p]:
                enc.view(obs, "known")[rel, k] += 1
        enc.view(obs, "hand_sizes")[rel] = view.hand_sizes[p]
        enc.view(obs, "opened")[rel] = 1 if view.opened[p] else 0
        enc.view(obs, "in_hand")[rel] = 1
        if p == view.current:
            enc.view(obs, "current")[rel] = 1
    enc.view(obs, "stock_size")[0] = min(255, view.stock_size)
    if view.phase == OVER:
        phase = 4
    elif not my_turn:
        phase = 3
    elif mine is not None:
        phase = 2
    else:
        phase = 0 if view.phase == DRAW else 1
    enc.view(obs, "phase")[phase] = 1
    turn = view.turn
    if my_turn and turn.drew == Drew.POZZO and not turn.pozzo_used:
        enc.view(obs, "pozzo_card_to_use")[turn.pozzo_card] = 1
    enc.view(obs, "turn_flags")[:] = [
        turn.jokers_owed,
        turn.must_go_out,
        turn.opened_now,
        turn.actions_now,
        view.turns_done >= len(view.seats),
    ]
    return [float(x) for x in obs]


def dealing_reference(state: pyspiel.State, player: int) -> list[float]:
    enc = state.setup.encoder
    obs = np.zeros(enc.size, np.float32)
    n = state.setup.players
    for i, k in enumerate(state.progress.dealt[: 13 * n]):
        if i % n == player:
            enc.view(obs, "hand")[k] += 1
    return [float(x) for x in obs]


def check_every_seat(state: pyspiel.State) -> None:
    enc = state.setup.encoder
    deal = state.progress.deal
    for p in range(state.setup.players):
        new = state.observation_tensor(p)
        assert type(new) is list and {type(x) for x in new} == {float}
        assert new == pyspiel.State.observation_tensor(state, p)  # pyspiel's C++ path
        if deal is None:
            assert new == dealing_reference(state, p)
        else:
            assert new == reference(enc, PlayerView.of(deal, p), state.progress.build)
        assert state.information_state_tensor(p) == new
        assert new == pyspiel.State.information_state_tensor(state, p)


@examples(15)
@given(rules=move_rules(), seed=st.integers(0, 10**6))
def test_the_tensor_a_python_caller_gets_is_pyspiel_s_and_the_view_s(
    rules: Rules, seed: int
) -> None:
    params = {"players": rules.players, "rules": rules_param(rules)}
    game = pyspiel.load_game("python_scala40", params)
    assert game.rules == rules
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 160:
        if checked % 3 == 0 or state.progress.build is not None:
            check_every_seat(state)
            if state.progress.build is not None:
                event("an opening in progress")
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        checked += 1
    check_every_seat(state)


def test_a_hand_played_out_by_club_bots_compares_its_openings_and_its_end() -> None:
    """Random ids rarely finish a hand: here two club bots play one to its end through the
    game's ids, so the tensor is compared while a seat composes its opening (the
    ``opening_*`` entries, the build phase) and once the hand is over (phase ``over``)."""
    game = pyspiel.load_game("python_scala40", {"players": 2})
    rng = random.Random(11)
    bots = [make_bot("club"), make_bot("club")]
    state = game.new_initial_state()
    builds = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        deal = state.progress.deal
        seat = deal.current
        ids = state.setup.moves.encode(deal, bots[seat].choose(PlayerView.of(deal, seat), rng))
        for action in ids:
            if state.progress.build is not None:
                check_every_seat(state)
                builds += 1
            state.apply_action(action)
    assert state.progress.deal.over
    check_every_seat(state)
    assert builds > 0


def test_a_tensor_for_no_seat_is_refused_as_pyspiel_refuses_it() -> None:
    game = pyspiel.load_game("python_scala40", {"players": 2})
    state = game.new_initial_state()  # a chance node: no player to move
    with pytest.raises(pyspiel.SpielError, match="the player to move -1 is not a seat"):
        state.observation_tensor()
    with pytest.raises(pyspiel.SpielError, match="player 2 is not a seat of this game"):
        state.observation_tensor(2)
    with pytest.raises(pyspiel.SpielError, match="information_state_tensor: player -1"):
        state.information_state_tensor(-1)
