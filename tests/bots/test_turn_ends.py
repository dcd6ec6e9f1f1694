"""Every bot level ends its turn, even from a corner where only a take-back is legal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scala40.bots import LEVELS, make_bot
from scala40.bots.base import ending_move, world_of
from scala40.engine.actions import Action, Discard, LayOff, SwapJoker, TakeBack
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.state import PLAY
from scala40.notation.record import replay

CORNER = Path(__file__).parent / "data" / "greedy_cornered.json"
"""A 3-player house match (``keep_swapped_joker``: a swapped joker stays in hand) where the
player to move holds 3♥ and 5♦ after the draw: swapping the 3♥ for the joker of 3♥ 3♣ 3♠
and laying the 5♦ off leaves a joker that may not be discarded, so only a take-back is
legal. The easy bot used to lay the same cards again after every take-back, for ever."""


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_in_a_corner_ends_its_turn(level: str) -> None:
    match = replay(CORNER.read_text())
    hand = match.hand
    player = hand.current
    assert hand.turn.phase == PLAY
    bot = make_bot(level)
    rng = random.Random(0)
    played = []
    while hand.current == player and hand.result is None and len(played) < 30:
        action = bot.choose(match.view(match.current_seat), rng)
        played.append(action)
        hand.apply(action)
    assert hand.current != player or hand.result is not None, played
    assert isinstance(played[-1], Discard) or hand.result is not None
    assert not any(isinstance(a, TakeBack) for a in played), played


def _ends_the_turn(match: Match) -> list[Action]:
    """``ending_move`` played from here until the turn is over (at most four moves)."""
    hand = match.hand
    player = hand.current
    played: list[Action] = []
    while match.hand is hand and hand.current == player and hand.result is None:
        assert len(played) < 4, played
        action = ending_move(world_of(match.view(match.current_seat)))
        played.append(action)
        match.apply(action)
    return played


def test_the_ending_move_gets_out_of_the_corner() -> None:
    match = replay(CORNER.read_text())
    hand = match.hand
    for kind in (SwapJoker, LayOff):  # the swap and the lay-off that leave only the joker
        match.apply(next(a for a in legal_actions(hand) if isinstance(a, kind)))
    assert [type(a) for a in legal_actions(hand)] == [TakeBack]
    played = _ends_the_turn(match)
    assert isinstance(played[0], TakeBack)
    assert isinstance(played[-1], Discard), played


@pytest.mark.parametrize("seed", range(6))
def test_the_ending_move_ends_any_turn_in_a_few_moves(seed: int) -> None:
    """From anywhere in a turn — before the draw, after melds and lay-offs — the draw,
    the discard, or a take-back then the discard."""
    rng = random.Random(seed)
    match = Match(Rules.build("house" if seed % 2 else "fisca"), seed)
    bot = make_bot("easy")
    for _ in range(400):
        if match.over:
            break
        if rng.random() < 0.2:
            _ends_the_turn(match)
        else:
            match.apply(bot.choose(match.view(match.current_seat), rng))
