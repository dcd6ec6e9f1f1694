"""RULES.md §10 (a match) and §13's ties, re-entry and partnerships decisions.

Keys: elimination, reentry, reentry_limit, single_hand, target_total, fixed_hands,
partnerships, team_score (and players, via the seats dealt)."""

from __future__ import annotations

import pytest

from scala40.engine.errors import IllegalAction
from scala40.engine.match import Match
from scala40.engine.rules import Rules

from .helpers import DRAW, discard, lay, position, rules

_TENS = [f"{r}{s}" for r in ("10", "J", "Q", "K") for s in "HDCS"]
_USED_BY_GOING_OUT = {"JH", "QH", "KH", "10H"}


def worth(values: list[int]) -> list[str]:
    """Card texts whose penalties are ``values`` (each 0 or >= 2), all copies available."""
    tens = []
    for t in _TENS:
        tens += [t] * (1 if t in _USED_BY_GOING_OUT else 2)
    smalls = [f"{r}{s}" for r in range(2, 10) for s in "CSD" for _ in range(2)]
    smalls.remove("9D")  # player going out discards it
    aces = [f"A{s}" for s in "HDCS" for _ in range(2)]
    out = []
    for v in values:
        picked: list[str] = []
        n, rest = divmod(v, 10)
        if rest == 1:
            assert n >= 1, v
            picked.append(aces.pop())
            n -= 1
            rest = 0
        for _ in range(n):
            picked.append(tens.pop())
        if rest:
            card = next(c for c in smalls if c[:-1] == str(rest))
            smalls.remove(card)
            picked.append(card)
        if not picked:
            picked.append("JK")  # a zero is impossible for a loser: use the caller's value
        out.append(" ".join(picked))
    return out


def rig(m: Match, winner: int, pays: dict[int, int]) -> None:
    """Replace the match's hand: seat ``winner`` goes out, every other seat pays ``pays``."""
    seats = list(m.deal.seats)
    losers = [s for s in seats if s != winner]
    texts = worth([pays[s] for s in losers])
    hands = []
    for s in seats:
        hands.append("9D" if s == winner else texts[losers.index(s)])
    m.deal = position(
        hands,
        rules=m.rules,
        table=["JH QH KH"],
        stock_top="10H",
        opened=[True] * len(seats),
        current=seats.index(winner),
        seats=seats,
    )
    for action in (DRAW, lay("10H", 0), discard("9D")):
        m.apply(action)


def test_worth_helper_is_exact():
    from scala40.engine.scoring import cards_penalty

    from .helpers import cards

    for v, text in zip([39, 101, 2, 150], worth([39, 101, 2, 150]), strict=True):
        assert cards_penalty(cards(text), rules()) == v


# Dealing and rotation -----------------------------------------------------------------


def test_first_player_is_on_the_dealers_left_and_the_deal_passes_left():
    m = Match(rules(players=4), seed=3, first_dealer=2)
    assert m.dealer == 2 and m.deal.seats == (3, 0, 1, 2)
    assert m.current_seat == 3
    rig(m, 3, {0: 10, 1: 10, 2: 10})
    assert m.dealer == 3 and m.deal.seats == (0, 1, 2, 3)
    assert m.totals == [10, 10, 10, 0]
    assert m.hand_number == 2


def test_the_deal_skips_eliminated_players():
    m = Match(rules(players=4), seed=3, first_dealer=3)
    rig(m, 0, {1: 10, 2: 10, 3: 10})
    assert m.dealer == 0
    rig(m, 2, {0: 110, 1: 10, 3: 10})  # seat 0 goes out of the match
    assert m.eliminated == [True, False, False, False]
    assert m.dealer == 1 and m.deal.seats == (2, 3, 1)
    rig(m, 2, {1: 10, 3: 10})
    assert m.dealer == 2 and m.deal.seats == (3, 1, 2)
    rig(m, 2, {1: 10, 3: 10})
    assert m.dealer == 3 and m.deal.seats == (1, 2, 3)  # seat 0 is skipped
    rig(m, 2, {1: 10, 3: 10})
    assert m.dealer == 1


def test_a_match_replays_from_its_seed():
    a = Match(rules(players=3), seed=42)
    b = Match(rules(players=3), seed=42)
    assert a.dealer == b.dealer and a.deal.stock == b.deal.stock
    assert a.deal.hands == b.deal.hands


# Elimination --------------------------------------------------------------------------


def test_elimination_at_101_and_last_player_left_wins():
    m = Match(rules(players=3), seed=1, first_dealer=0)
    rig(m, 1, {0: 100, 2: 60})
    assert m.totals == [100, 0, 60] and not any(m.eliminated)
    rig(m, 1, {0: 2, 2: 20})  # 102: out
    assert m.eliminated == [True, False, False] and not m.over
    assert 0 not in m.deal.seats
    rig(m, 1, {2: 30})
    assert m.totals[2] == 110 and m.over and m.winner == 1
    with pytest.raises(IllegalAction) as info:
        m.apply(DRAW)
    assert info.value.code == "match_over"


def test_reaching_exactly_the_limit_is_out():
    m = Match(rules(players=3), seed=1, first_dealer=0)
    rig(m, 1, {0: 101, 2: 10})
    assert m.eliminated[0]


@pytest.mark.parametrize("limit", [151, 201, 60])
def test_custom_elimination(limit):
    m = Match(rules(players=3, elimination=limit), seed=1, first_dealer=0)
    rig(m, 1, {0: limit - 1, 2: 10})
    assert not m.eliminated[0]
    rig(m, 1, {0: 2, 2: 10})
    assert m.eliminated[0]


def test_elimination_composes_with_the_house_preset():
    r = rules("house", elimination=201, reentry=False)
    m = Match(r.with_changes(players=3), seed=1, first_dealer=0)
    rig(m, 1, {0: 150, 2: 10})
    assert not m.eliminated[0]
    rig(m, 1, {0: 60, 2: 10})
    assert m.eliminated[0]


def test_two_eliminated_in_one_hand_the_last_player_left_wins():
    m = Match(rules(players=3), seed=1, first_dealer=0)
    rig(m, 1, {0: 90, 2: 80})
    rig(m, 1, {0: 20, 2: 22})  # 110 and 102: seat 1 is the only one still in
    assert m.eliminated == [True, False, True]
    assert m.winner == 1  # the last player left


def counting_hand(m: Match, first: int, mine: str, other: str) -> None:
    """Two players; the stock ends (``stock_out = "end_hand"``) after seat ``first``'s turn:
    ``first`` draws the Q♠ and discards the first card of ``mine``; both count."""
    seats = list(m.deal.seats)
    texts = {first: mine, 1 - first: other}
    m.deal = position(
        [texts[s] for s in seats],
        rules=m.rules,
        stock_top="QS",
        rest="pozzo",
        opened=[True, True],
        seats=seats,
        current=seats.index(first),
    )
    m.apply(DRAW)
    m.apply(discard(mine.split()[0]))
    assert m.history[-1].result.reason == "stock_end"


END2 = rules(players=2, stock_out="end_hand")


def test_everyone_left_over_the_limit_lowest_total_wins():
    m = Match(END2, seed=1, first_dealer=0)
    rig(m, 1, {0: 95})
    rig(m, 0, {1: 90})
    counting_hand(m, 0, "9C 2D QD", "4H 5H 6C")  # seat 0 pays 22, seat 1 pays 15
    assert m.totals == [117, 105]
    assert m.over and m.winner == 1


def test_tie_when_everyone_is_over_goes_to_extra_hands():
    m = Match(END2, seed=1, first_dealer=0)
    rig(m, 1, {0: 90})
    rig(m, 0, {1: 97})
    counting_hand(m, 0, "9C 2D QD", "4H 5H 6C")
    assert m.totals == [112, 112]
    assert not m.over and m.playoff == (0, 1)  # there is no draw
    rig(m, 0, {1: 2})  # first to go out in the extra hand wins
    assert m.over and m.winner == 0
    assert m.totals == [112, 112]  # extra hands are not counted


def test_tie_for_the_lowest_total_goes_to_a_playoff_first_out_wins():
    m = Match(rules(players=3, fixed_hands=1), seed=1, first_dealer=0)
    rig(m, 0, {1: 30, 2: 30})
    assert m.winner == 0  # lowest total wins a fixed-hands match
    m = Match(rules(players=3, fixed_hands=2), seed=1, first_dealer=0)
    rig(m, 0, {1: 30, 2: 30})
    rig(m, 1, {0: 30, 2: 2})  # seats 0 and 1 at 30, seat 2 at 32
    assert not m.over and m.playoff == (0, 1)
    assert sorted(m.deal.seats) == [0, 1]
    rig(m, 1, {0: 80})  # the first to go out in the extra hand wins, whatever it pays
    assert m.winner == 1 and m.over


# Re-entry -----------------------------------------------------------------------------


def test_reentry_once_at_the_highest_total_still_in():
    m = Match(rules(players=4, reentry=True), seed=1, first_dealer=0)
    rig(m, 1, {0: 120, 2: 40, 3: 70})
    assert not m.eliminated[0]
    assert m.totals == [70, 0, 40, 70]
    assert m.history[-1].reentered == {0: 70}
    assert m.reentries[0] == 1
    rig(m, 1, {0: 40, 2: 2, 3: 2})  # out again: reentry_limit 1
    assert m.eliminated[0] and m.totals[0] == 110


def test_reentry_needs_two_players_still_in():
    m = Match(rules(players=3, reentry=True), seed=1, first_dealer=0)
    rig(m, 1, {0: 60, 2: 110})
    # seats 0 and 1 still under: seat 2 re-enters at 60
    assert not m.eliminated[2] and m.totals[2] == 60
    m = Match(rules(players=3, reentry=True, reentry_limit=3), seed=1, first_dealer=0)
    rig(m, 1, {0: 120, 2: 110})
    # only seat 1 is still under: no re-entry, seat 1 wins
    assert m.eliminated[0] and m.eliminated[2] and m.winner == 1


def test_several_eliminated_in_one_hand_reenter_at_the_same_total():
    m = Match(rules(players=4, reentry=True), seed=1, first_dealer=0)
    rig(m, 1, {0: 110, 2: 102, 3: 50})
    assert m.totals == [50, 0, 50, 50]
    assert m.history[-1].reentered == {0: 50, 2: 50}


@pytest.mark.parametrize(("limit", "times"), [(1, 1), (2, 2), (3, 3), ("any", 5)])
def test_reentry_limit(limit, times):
    m = Match(rules(players=3, reentry=True, reentry_limit=limit), seed=1, first_dealer=0)
    for _ in range(times):
        rig(m, 1, {0: 110, 2: 10})
        assert not m.eliminated[0]
    assert m.reentries[0] == times
    if limit != "any":
        rig(m, 1, {0: 110, 2: 10})
        assert m.eliminated[0]


def test_reentry_off_by_default():
    m = Match(rules(players=4), seed=1, first_dealer=0)
    rig(m, 1, {0: 120, 2: 40, 3: 70})
    assert m.eliminated[0] and m.totals[0] == 120


def test_house_preset_reenters_once():
    m = Match(rules("house").with_changes(players=4), seed=1, first_dealer=0)
    rig(m, 1, {0: 120, 2: 40, 3: 70})
    assert not m.eliminated[0] and m.totals[0] == 70
    rig(m, 1, {0: 40, 2: 2, 3: 2})
    assert m.eliminated[0]


def test_house_preset_with_elimination_201_reentry():
    m = Match(rules("house", elimination=201).with_changes(players=4), seed=1, first_dealer=0)
    rig(m, 1, {0: 150, 2: 40, 3: 70})
    assert not m.eliminated[0] and m.totals[0] == 150
    rig(m, 1, {0: 60, 2: 2, 3: 2})
    assert not m.eliminated[0] and m.totals[0] == 72  # re-entered at seat 3's total


# Other match forms --------------------------------------------------------------------


def test_single_hand_whoever_goes_out_wins_no_counting():
    m = Match(rules(players=3, single_hand=True), seed=1, first_dealer=0)
    rig(m, 2, {0: 50, 1: 50})
    assert m.over and m.winner == 2
    assert m.totals == [0, 0, 0]


def test_single_hand_without_a_winner_deals_again():
    m = Match(rules(players=2, single_hand=True, stock_out="end_hand"), seed=1, first_dealer=0)
    counting_hand(m, 1, "9C 2D QD", "4H 5H 6C")
    assert not m.over and m.hand_number == 2
    rig(m, 0, {1: 10})
    assert m.over and m.winner == 0


def test_target_total_no_elimination_lowest_total_wins():
    m = Match(rules(players=3, target_total=150), seed=1, first_dealer=0)
    rig(m, 1, {0: 120, 2: 40})
    assert not any(m.eliminated) and not m.over  # 120 is past 101 but nobody is out
    rig(m, 0, {1: 90, 2: 110})
    assert m.totals == [120, 90, 150]
    assert m.over and m.winner == 1


def test_target_total_tie_for_lowest_plays_extra_hands():
    m = Match(rules(players=3, target_total=60), seed=1, first_dealer=0)
    rig(m, 0, {1: 20, 2: 40})
    rig(m, 1, {0: 20, 2: 30})
    assert m.totals == [20, 20, 70]
    assert not m.over and m.playoff == (0, 1)
    rig(m, 0, {1: 5})
    assert m.over and m.winner == 0


def test_fixed_hands_lowest_total_wins_after_n_hands():
    m = Match(rules(players=3, fixed_hands=3), seed=1, first_dealer=0)
    rig(m, 0, {1: 120, 2: 30})
    assert not m.over and not any(m.eliminated)
    rig(m, 1, {0: 40, 2: 30})
    assert not m.over
    rig(m, 2, {0: 40, 1: 10})
    assert m.over and m.totals == [80, 130, 60] and m.winner == 2


# Partnerships -------------------------------------------------------------------------


def test_partnerships_team_sum_and_alternate_seats():
    m = Match(rules(players=4, partnerships=True, elimination=201), seed=1, first_dealer=3)
    assert m.units == 2 and m.team_of(0) == m.team_of(2) == 0
    assert m.team_of(1) == m.team_of(3) == 1
    rig(m, 0, {1: 30, 2: 20, 3: 40})  # the partner of the winner pays too
    assert m.totals == [20, 70]
    rig(m, 0, {1: 60, 2: 20, 3: 80})
    assert m.totals == [40, 210]
    assert m.over and m.winner == 0  # one team remains


def test_partnerships_team_score_worst():
    r = rules(players=4, partnerships=True, team_score="worst")
    m = Match(r, seed=1, first_dealer=3)
    rig(m, 0, {1: 30, 2: 20, 3: 40})
    assert m.totals == [20, 40]


def test_partnerships_six_players_teams_of_three():
    m = Match(rules(players=6, partnerships=True), seed=1, first_dealer=5)
    assert len(m.deal.seats) == 6
    rig(m, 1, {0: 10, 2: 20, 3: 30, 4: 5 * 8, 5: 2})
    assert m.totals == [10 + 20 + 40, 30 + 2]


def test_partnerships_no_reentry():
    r = rules(players=4, partnerships=True, reentry=True)
    m = Match(r, seed=1, first_dealer=3)
    rig(m, 0, {1: 60, 2: 20, 3: 50})
    assert m.over and m.winner == 0


def test_partnerships_need_four_or_six_players():
    from scala40.engine.errors import RulesError

    with pytest.raises(RulesError):
        rules(players=3, partnerships=True)
    with pytest.raises(RulesError):
        rules(players=5, partnerships=True)


def test_a_hand_settled_from_a_paper_table_keeps_the_same_books() -> None:
    """Score sheets hand the match results of hands played with real cards."""
    from scala40.engine.phases import Ending
    from scala40.engine.position import HandResult

    m = Match(rules(players=2), seed=3, first_dealer=0)
    first_seats = m.deal.seats
    with pytest.raises(ValueError, match="2 players"):
        m.settle_hand(HandResult(0, (0, 5, 7), False, False, Ending.WENT_OUT, ((), (), ())))
    assert m.hand_number == 1 and m.totals == [0, 0]
    m.settle_hand(HandResult(0, (0, 60), False, False, Ending.WENT_OUT, ((), ())))
    assert m.hand_number == 2
    assert m.totals[first_seats[1]] == 60 and m.totals[first_seats[0]] == 0
    loser = first_seats[1]
    seats = m.deal.seats
    pays = tuple(50 if s == loser else 0 for s in seats)
    m.settle_hand(HandResult(seats.index(1 - loser), pays, False, False, Ending.WENT_OUT, ((), ())))
    assert m.totals[loser] == 110
    assert m.over and m.winner == 1 - loser
    with pytest.raises(IllegalAction, match="over"):
        m.settle_hand(HandResult(0, (0, 1), False, False, Ending.WENT_OUT, ((), ())))


def test_partners_sit_alternately_and_score_as_one():
    teams = Rules.build(None, {"players": 6, "partnerships": True})
    assert teams.units == 2
    assert [teams.unit_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert teams.seats_of(0) == [0, 2, 4] and teams.seats_of(1) == [1, 3, 5]
    alone = Rules.build(None, {"players": 3})
    assert alone.units == 3 and alone.unit_of(2) == 2 and alone.seats_of(1) == [1]
