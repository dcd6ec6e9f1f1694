"""Every bot level ends its turn, even from a corner where only a take-back is legal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scala40.bots import LEVELS, make_bot
from scala40.engine.actions import Discard, TakeBack
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
