"""The turn's transitions build their values field by field, in order (``new_value``): each
must be the value the named fields give, so a field added or moved shows here."""

from __future__ import annotations

from scala40.engine.melds import TableMeld
from scala40.engine.phases import Drew, Phase
from scala40.engine.turn import PastTurn, Turn, TurnStart, new_value


def _start() -> TurnStart:
    table = (TableMeld.run(0, 1, 3, ()),)
    return TurnStart(
        hand=(1, 0, 2),
        size=3,
        table=table,
        opened=True,
        known=(0, 0, 1),
        pozzo_used=False,
        stock_len=40,
    )


def test_each_transition_gives_the_turn_its_named_fields_say() -> None:
    start = _start()
    assert Turn.begin(2) == Turn(player=2, phase=Phase.DRAW)
    assert Turn.begin(1, Phase.PLAY) == Turn(player=1, phase=Phase.PLAY)
    drawn = Turn.begin(1).drawn(Drew.POZZO, start, pozzo_card=7, pozzo_used=False)
    assert drawn == Turn(
        player=1, phase=Phase.PLAY, drew=Drew.POZZO, pozzo_card=7, pozzo_used=False, start=start
    )
    played = drawn.played(pozzo_used=True, jokers_owed=1, laid_off=True, opened=True, short=True)
    assert played == drawn._replace(
        pozzo_used=True,
        opened_now=True,
        actions_now=1,
        jokers_owed=1,
        laid_off_now=True,
        must_go_out=True,
    )
    again = played.played(pozzo_used=True, jokers_owed=0)
    assert again == played._replace(actions_now=2, jokers_owed=0)
    assert again.taken_back(False) == drawn
    assert isinstance(again, Turn) and type(again.taken_back(True)) is Turn


def test_values_made_whole_are_the_named_tuples_themselves() -> None:
    past = new_value(PastTurn, (1, 12, True, False, 30))
    assert past == PastTurn(player=1, offered=12, took=True, opened=False, discard=30)
    assert type(past) is PastTurn and past.discard == 30
    start = _start()
    assert new_value(TurnStart, tuple(start)) == start
