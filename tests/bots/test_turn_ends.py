"""Every bot level ends its turn, even from a corner where only a take-back is legal."""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest

from scala40.bots import LEVELS, make_bot
from scala40.bots.base import ending_move, world_of
from scala40.bots.rollout import heuristic_play_out
from scala40.engine.actions import Action, Discard, LayOff, SwapJoker, TakeBack, TakePozzo
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.phases import PLAY
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation import load_position, parse_card
from scala40.notation.record import replay

WRONG_JOKER = {
    "rules": {"players": 3},
    "hands": ["9D 9H", "2H 2S 4H", "3H 7H 3D 6C 8C JS KS"],
    "table": [
        "4C 5C 6C",
        "JC QC KC",
        "10D JD QD KD AD",
        "2C 3C 4C",
        "2D JK=3D 4D 5D 6D",
        "8C 9C JK=10C JC",
        "5H 6H JK=7H 8H",
    ],
    "pozzo": "8D AH AS KD 7D AS 10S JH KS KH QH JS 9S 8H 10S 3S 2C 10H",
    "opened": [True, True, True],
    "current": 2,
    "turns_done": 17,
}
"""Seen at a live table: the third player takes the 10♥, which only the way through the
hearts run uses (swap the 7♥ for its joker, lay the joker off as the 9♥, then the 10♥).
The beginner bot swapped the 3♦ for the other joker instead, and from there neither the
bot nor the table's ending move (which looked one play ahead) found a discard: they swapped
and took back thousands of times."""

CORNER = Path(__file__).parent / "data" / "greedy_cornered.json"
"""A 3-player house match (``keep_swapped_joker``: a swapped joker stays in hand) where the
player to move holds 3♥ and 5♦ after the draw: swapping the 3♥ for the joker of 3♥ 3♣ 3♠
and laying the 5♦ off leaves a joker that may not be discarded, so only a take-back is
legal. The easy bot used to lay the same cards again after every take-back, for ever."""


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_in_a_corner_ends_its_turn(level: str) -> None:
    match = replay(CORNER.read_text())
    hand = match.deal
    player = hand.current
    assert hand.turn.phase == PLAY
    bot = make_bot(level)
    rng = random.Random(0)
    played = []
    while hand.current == player and hand.result is None and len(played) < 30:
        action = bot.choose(PlayerView.of_match(match, match.current_seat), rng)
        played.append(action)
        hand.apply(action)
    assert hand.current != player or hand.result is not None, played
    assert isinstance(played[-1], Discard) or hand.result is not None
    assert not any(isinstance(a, TakeBack) for a in played), played


def _ends_the_turn(match: Match) -> list[Action]:
    """``ending_move`` played from here until the turn is over (at most four moves)."""
    hand = match.deal
    player = hand.current
    played: list[Action] = []
    while match.deal is hand and hand.current == player and hand.result is None:
        assert len(played) < 4, played
        action = ending_move(world_of(PlayerView.of_match(match, match.current_seat)))
        played.append(action)
        match.apply(action)
    return played


def test_the_ending_move_gets_out_of_the_corner() -> None:
    match = replay(CORNER.read_text())
    hand = match.deal
    for kind in (SwapJoker, LayOff):  # the swap and the lay-off that leave only the joker
        match.apply(next(a for a in legal_actions(hand) if isinstance(a, kind)))
    assert [type(a) for a in legal_actions(hand)] == [TakeBack]
    played = _ends_the_turn(match)
    assert isinstance(played[0], TakeBack)
    assert isinstance(played[-1], Discard), played


def test_the_ending_move_finds_the_long_way_to_use_the_pozzo_card() -> None:
    hand = load_position(WRONG_JOKER)
    hand.apply(TakePozzo())
    hand.apply(SwapJoker(parse_card("3D"), 4))  # the wrong joker: now two to lay
    assert not any(isinstance(a, Discard) for a in legal_actions(hand))
    played: list[Action] = []
    while hand.current == 2 and hand.result is None:
        assert len(played) < 8, played
        action = ending_move(hand)
        played.append(action)
        hand.apply(action)
    assert not any(isinstance(a, TakeBack) for a in played), played
    assert isinstance(played[-1], Discard), played
    assert parse_card("10H") in hand.table[6].cards()  # the card taken, used


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
            match.apply(bot.choose(PlayerView.of_match(match, match.current_seat), rng))


CYCLING_AFTER_A_TAKE = {
    "hands": [
        ["2H", "2D"],
        ["3H", "3D"],
        ["AH", "4H", "4H", "3D", "5D", "10D", "AC", "3C", "4C", "5C", "2S", "9S", "10S"],
        ["6S"],
    ],
    "table": [
        "JK=8H 8D 8C 8S",
        "6H 6C 6S",
        "9D 10D JD",
        "JS QS KS AS",
        "JK=4H 4D 4C 4S",
        "2H 2D 2C 2S",
        "7D 7C 7S",
        "5H 6H 7H",
        "9C 10C JC",
        "JK=3H 3C 3S",
    ],
    "pozzo": "3S QD KH 10S QH 9C QS KS QH KH 2C 9S 9D 7H 10C 9H AC AS 5D KC KD KC JC QC JH "
    "5S 9H JH 7C",
    "stock": "5S 8C 10H JS QC 7S 5H 4D 4S AH JK KD 7D JD 10H 6D 8H QD 8D 6C AD 6D 3H AD 8H 8S 5C",
    "shuffle_seed": 5540023898767394985,
    "opened": [True, True, False, True],
    "current": 1,
    "turns_done": 29,
}
"""Found by forcing pozzo takes the club player would not make: the second player takes
the 7♣ with 3♥ 3♦ in hand, and from there the club player goes round a loop within the
turn for ever (swap, lay the joker, lay off, take back, …). A search plays such takes
in its plans and rolls the world out with the club player in every seat."""


def test_a_club_play_out_from_a_take_it_would_not_make_ends() -> None:
    def hung(_signum: int, _frame: object) -> None:
        raise AssertionError("the play-out is still in the second player's turn after 20 s")

    old = signal.signal(signal.SIGALRM, hung)
    try:
        for seed in range(3):
            deal = load_position(CYCLING_AFTER_A_TAKE)
            deal.apply(TakePozzo())
            signal.alarm(20)
            heuristic_play_out(deal, random.Random(seed))
            signal.alarm(0)
            assert deal.over or deal.turns_done >= 200 + 29, "the play-out stopped early"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
