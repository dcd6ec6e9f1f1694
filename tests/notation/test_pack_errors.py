"""The notation layer refuses cards that are not the pack with the engine's one check,
naming the cards in notation (``7H``) and keeping :class:`NotationError` for callers."""

from __future__ import annotations

import pytest

from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.notation import NotationError
from scala40.notation.position import load_position
from scala40.notation.record import Recorder, replay
from scala40.notation.referee import check_melds


def test_a_record_whose_deck_lost_a_card_names_it() -> None:
    record = Recorder(Match(Rules(), seed=1)).record()
    deck = record["hands"][0]["deck"]
    lost = deck.pop(5)
    with pytest.raises(NotationError) as info:
        replay(record, from_decks=True)
    message = str(info.value)
    assert message.startswith("hand 1: the deck is not the whole pack of these rules")
    assert message.endswith(f"the deck loses cards of the pack: {lost}")


def test_a_record_whose_deck_has_a_card_twice_too_often_names_it() -> None:
    record = Recorder(Match(Rules(), seed=1)).record()
    record["hands"][0]["deck"].append("7H")
    with pytest.raises(NotationError, match="too many 7H: the pack holds 2 copies of 7H"):
        replay(record, from_decks=True)


def test_a_position_with_an_extra_seven_of_hearts_names_it() -> None:
    position = {"hands": [["7H", "7H", "8C"], ["7H"]], "stock": ["2S"]}
    with pytest.raises(NotationError) as info:
        load_position(position)
    message = str(info.value)
    assert "too many 7H: the pack holds 2 copies of 7H, the position has 3" in message
    assert "(in hands[0], hands[1])" in message


def test_a_position_that_loses_cards_says_where_to_put_them() -> None:
    with pytest.raises(NotationError, match=r"loses cards of the pack: .*leave the stock out\)"):
        load_position({"hands": [["7H"], ["8C"]], "stock": ["2S"]})


def test_melds_that_use_more_copies_than_the_pack_holds_do_not_open() -> None:
    verdict = check_melds(["7H 8H 9H", "7H 8H 9H", "7H 8H 9H"], Rules())
    assert verdict.all_valid and not verdict.opens
    assert (
        verdict.not_opening == "too many 7♥: the pack holds 2 copies of 7♥, this opening has 3; "
        "too many 8♥: the pack holds 2 copies of 8♥, this opening has 3; "
        "too many 9♥: the pack holds 2 copies of 9♥, this opening has 3"
    )
