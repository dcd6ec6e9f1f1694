"""RULES.md §8: the stock runs out. Keys: stock_out ("reshuffle" / "end_hand"),
reshuffle_limit (3 / any number / none)."""

from __future__ import annotations

from collections import Counter

from scala40.engine.discard import legal_discards
from scala40.notation.cards import format_card

from .helpers import (
    DRAW,
    cards,
    conserved,
    discard,
    lay,
    play,
    position,
    refuse,
    rules,
)


def last_card(r=None, *, pozzo="2S 3S", rest="pozzo", mine="9C 2D QD", other="4H 5H 6C"):
    """Two players; the stock holds only the Q♠; player 0 is to draw it."""
    rr = r if r is not None else rules(players=2)
    return position(
        [mine, other], rules=rr, pozzo=pozzo, stock_top="QS", rest=rest, opened=[True, False]
    )


def test_reshuffle_keeps_the_discard_as_the_pozzo():
    hand = last_card()
    old_pozzo = Counter(hand.pozzo)
    hand.apply(DRAW)
    assert hand.stock == []
    hand.apply(discard("9C"))
    assert hand.pozzo == cards("9C")
    assert Counter(hand.stock) == old_pozzo
    assert len(hand.stock) == sum(old_pozzo.values())
    assert hand.current == 1 and not hand.over
    assert conserved(hand)


def test_reshuffle_new_stock_is_shuffled_and_replayable():
    hand = last_card()
    old = hand.pozzo[:]
    play(hand, DRAW, discard("9C"))
    assert hand.stock != old  # shuffled (a 50-odd card pile is never left in order)
    again = last_card()
    play(again, DRAW, discard("9C"))
    assert again.stock == hand.stock  # same seed, same replay


def _tiny(r=None):
    """Player 0 draws the stock's last card; the pozzo under it is just 2♠ 3♠."""
    return last_card(r, pozzo="2S 3S", rest=1)


def _any_discard(hand):
    """A card the current player may discard, as the helpers write it."""
    return format_card(legal_discards(hand)[0])


def test_reshuffles_go_on_up_to_the_limit():
    hand = _tiny()  # the pozzo is just 2♠ 3♠
    play(hand, DRAW, discard("9C"))
    assert sorted(hand.stock) == sorted(cards("2S 3S")) and hand.pozzo == cards("9C")
    play(hand, DRAW, discard("4H"), DRAW)
    assert hand.stock == []
    hand.apply(discard("2D"))
    assert sorted(hand.stock) == sorted(cards("9C 4H")) and hand.pozzo == cards("2D")
    assert hand.reshuffles == 2 and not hand.over
    assert conserved(hand)


def test_the_stock_running_out_after_the_third_rebuild_ends_the_hand():
    hand = _tiny()
    play(hand, DRAW, discard("9C"))  # rebuild 1
    play(hand, DRAW, discard("4H"), DRAW, discard("2D"))  # rebuild 2
    play(hand, DRAW, discard("5H"), DRAW, discard("QD"))  # rebuild 3
    assert hand.reshuffles == 3 and not hand.over
    play(hand, DRAW, discard("6C"))
    hand.apply(DRAW)  # the last card of the third rebuilt stock
    assert hand.stock == [] and not hand.over  # the player finishes the turn
    before = sorted(hand.hand_cards(0))
    hand.apply(discard(_any_discard(hand)))
    res = hand.result
    assert hand.over and res.reason == "reshuffle_limit" and res.winner is None
    assert res.penalties[0] > 0 and res.penalties[1] > 0  # everybody counts
    assert len(before) == 4 and hand.reshuffles == 3
    assert conserved(hand)


def test_reshuffle_limit_zero_ends_the_hand_when_the_stock_first_runs_out():
    hand = _tiny(rules(players=2, reshuffle_limit=0))
    play(hand, DRAW, discard("9C"))
    res = hand.result
    assert hand.over and res.reason == "reshuffle_limit" and hand.reshuffles == 0
    assert res.penalties[0] == 2 + 10 + 10  # counted: no flat 100, no doubling


def test_reshuffle_limit_none_rebuilds_for_ever():
    hand = _tiny(rules(players=2, reshuffle_limit="none"))
    play(hand, DRAW, discard("9C"))
    play(hand, DRAW, discard("4H"), DRAW, discard("2D"))
    play(hand, DRAW, discard("5H"), DRAW, discard("QD"))
    play(hand, DRAW, discard("6C"), DRAW)
    hand.apply(discard(_any_discard(hand)))
    assert hand.reshuffles == 4 and not hand.over
    assert conserved(hand)


def test_a_turn_that_ends_by_going_out_at_the_limit_is_a_going_out():
    hand = position(
        ["9C", "4H 5H 6C"],
        rules=rules(players=2, reshuffle_limit=0),
        table=["9S 10S JS"],
        pozzo="2S",
        stock_top="QS",
        rest="pozzo",
        opened=[True, False],
    )
    play(hand, DRAW, lay("QS", 0), discard("9C"))
    assert hand.result.winner == 0 and hand.result.reason == "went_out"


def test_no_new_stock_ends_the_hand_and_everybody_counts():
    # every other card is in player 0's hand: after the discard the pozzo is one card
    hand = last_card(pozzo="", rest=0)
    play(hand, DRAW, discard("9C"))
    assert hand.over
    res = hand.result
    assert res.winner is None and res.reason == "stock_out"
    assert res.penalties[1] == 4 + 5 + 6
    assert res.penalties[0] > 0  # nobody scores 0
    assert conserved(hand)


def test_no_new_stock_unopened_players_count_even_with_flat100():
    r = rules(players=2, unopened_penalty="flat100")
    hand = last_card(r, pozzo="", rest=0)
    play(hand, DRAW, discard("9C"))
    assert hand.result.reason == "stock_out"
    assert hand.result.penalties[1] == 15  # counted, not a flat 100


END = rules(players=2, stock_out="end_hand")


def test_stock_out_end_hand_stops_after_the_turn_of_the_last_draw():
    hand = last_card(END)
    hand.apply(DRAW)
    assert not hand.over  # the player finishes the turn
    hand.apply(discard("9C"))
    res = hand.result
    assert hand.over and res.reason == "stock_end" and res.winner is None
    assert res.penalties[0] == 2 + 10 + 10
    assert res.penalties[1] == 4 + 5 + 6
    assert conserved(hand)


def test_stock_out_end_hand_the_last_drawer_may_still_go_out():
    hand = position(
        ["9C", "4H 5H 6C"],
        rules=END,
        table=["9S 10S JS"],
        pozzo="2S",
        stock_top="QS",
        rest="pozzo",
        opened=[True, False],
    )
    hand.apply(DRAW)
    play(hand, lay("QS", 0), discard("9C"))
    assert hand.result.winner == 0 and hand.result.reason == "went_out"


def set_completed_by_the_last_draw(**keys):
    """Player 0 draws the stock's last card (3♣) and completes the 9s on the table."""
    hand = position(
        ["9H 2D QD KD", "4H 5H 6C"],
        rules=rules(players=2, complete_set_to_stock=True, **keys),
        table=["9S 9D 9C"],
        pozzo="2S",
        stock_top="3C",
        rest="pozzo",
        opened=[True, False],
    )
    return play(hand, DRAW, lay("9H", 0))


def test_end_hand_stops_even_when_the_turn_sent_a_set_under_the_stock():
    hand = set_completed_by_the_last_draw(stock_out="end_hand")
    assert len(hand.stock) == 4  # the completed set went under the stock
    hand.apply(discard("2D"))
    res = hand.result
    assert hand.over and res.reason == "stock_end" and res.winner is None
    assert conserved(hand)


def test_reshuffle_sends_a_turns_completed_set_on_as_the_stock():
    hand = set_completed_by_the_last_draw()
    hand.apply(discard("2D"))
    assert not hand.over and hand.reshuffles == 0  # the four 9s are the stock now
    assert sorted(hand.stock) == sorted(cards("9S 9D 9C 9H"))


def test_the_reshuffle_happens_after_the_discard_not_before():
    hand = last_card()
    hand.apply(DRAW)
    refuse(hand, DRAW, "already_drew")
    assert hand.stock == [] and len(hand.pozzo) > 1
