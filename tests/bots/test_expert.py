"""The expert: the club player's game, with fewer cards handed to the next player."""

from __future__ import annotations

import random

from scala40.bots import make_bot
from scala40.bots.expert import ExpertBot
from scala40.engine.actions import Discard
from scala40.engine.rules import Rules
from scala40.reading_fit import feeds

from .positions import club_play

HANDS = 150


def test_the_expert_feeds_the_next_player_less_often_than_the_club_player() -> None:
    """In the very positions of club-player hands, the expert's discard is a card the
    next player could take less often than the club player's own choice."""
    rules = Rules.build(None, {"players": "2"})
    expert = ExpertBot()
    fed = {"club": 0, "expert": 0}
    offers = 0
    for hand, view, action in club_play(rules, HANDS, seed=0):
        if isinstance(action, Discard) and hand.opened[(hand.current + 1) % hand.n]:
            mine = expert.choose(view, random.Random(offers))
            assert isinstance(mine, Discard) and hand.check(mine) is None
            offers += 1
            fed["club"] += feeds(hand, action.card)
            fed["expert"] += feeds(hand, mine.card)
    assert offers > 1000
    assert fed["expert"] < fed["club"] - 5, fed


def test_while_the_next_player_cannot_take_the_expert_plays_as_the_club_player() -> None:
    """FISCA: an unopened player may not take the pozzo, so nothing is priced in."""
    rules = Rules.build(None, {"players": "3"})
    club, expert = make_bot("club"), ExpertBot()
    compared = 0
    for hand, view, _ in club_play(rules, 8, seed=0):
        if not hand.opened[(hand.current + 1) % hand.n]:
            assert expert.choose(view, random.Random(7)) == club.choose(view, random.Random(7))
            compared += 1
    assert compared > 100


def test_in_a_dealt_world_the_expert_chooses_as_at_the_table() -> None:
    """A search plays the expert in its dealt worlds (``choose_in``) and weighs its ranked
    discards: both agree with the expert's own choice at the table."""
    rules = Rules.build("house", {"players": "3"})
    expert = ExpertBot()
    discards = 0
    for hand, view, _ in club_play(rules, 12, seed=1):
        chosen = expert.choose(view, random.Random(3))
        assert expert.choose_in(view, hand, random.Random(3)) == chosen
        if isinstance(chosen, Discard):
            ranked = expert.ranked_discards(view, hand)
            assert ranked[0] == chosen
            assert all(hand.check(a) is None for a in ranked)
            discards += 1
    assert discards > 100
