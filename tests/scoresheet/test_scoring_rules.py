"""Every scoring rule of RULES.md §9–§10, as a paper table enters it on the score sheet."""

from __future__ import annotations

import pytest

from scala40.scoresheet.sheet import Entry, PaperHand, ScoreSheet, ScoreSheetError, parse_entry

A, B, C, D = 0, 1, 2, 3


def sheet(players: int = 3, **changes: object) -> ScoreSheet:
    return ScoreSheet.new(["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"][:players], changes)


def hand(
    went_out: int | None,
    *,
    not_opened: frozenset[int] | set[int] = frozenset(),
    chiusura: bool = False,
    doubled: bool = False,
    **left: int | str | tuple[int, ...],
) -> PaperHand:
    """``hand(A, p1=30, p2="JK KH")``: seat 0 went out, seat 1 had 30 points, seat 2 cards."""
    entries: dict[int, Entry] = {
        int(k[1:]): v if isinstance(v, tuple) else parse_entry(v) for k, v in left.items()
    }
    return PaperHand(went_out, entries, frozenset(not_opened), chiusura, doubled)


def test_going_out_pays_zero_and_the_others_count_their_cards() -> None:
    s = sheet().add(hand(A, p1="JK KH 4C", p2=7))  # 25 + 10 + 4
    st = s.standing()
    assert st.lines[0].penalties == {A: 0, B: 39, C: 7}
    assert st.totals == (0, 39, 7)


def test_stock_ran_out_everybody_counts() -> None:
    s = sheet().add(hand(None, p0=12, p1=30, p2=0))
    assert s.standing().totals == (12, 30, 0)


def test_cards_are_counted_with_the_tables_face_values() -> None:
    standard = sheet().add(hand(A, p1="AH KH JK", p2=0))
    high = sheet(face_values="high").add(hand(A, p1="AH KH JK", p2=0))
    assert standard.standing().totals[B] == 11 + 10 + 25
    assert high.standing().totals[B] == 14 + 13 + 14


def test_lone_ace_counts_one_when_the_rule_is_on() -> None:
    from scala40.scoresheet.sheet import parse_entry

    ace = parse_entry("AS")
    plain = sheet().add(hand(A, p1=ace, p2=0))
    lone = sheet(lone_ace_counts_one=True).add(hand(A, p1=ace, p2=0))
    assert plain.standing().totals[B] == 11
    assert lone.standing().totals[B] == 1


def test_unopened_counts_by_default() -> None:
    s = sheet().add(hand(A, p1=30, p2=40, not_opened={B}))
    assert s.standing().totals == (0, 30, 40)


def test_unopened_pays_flat_100_when_the_rule_says_so() -> None:
    s = sheet(unopened_penalty="flat100").add(hand(A, p1=30, p2=40, not_opened={B}))
    assert s.standing().totals == (0, 100, 40)
    # The count of a flat-100 player need not be entered.
    s2 = sheet(unopened_penalty="flat100").add(hand(A, p2=40, not_opened={B}))
    assert s2.standing().totals == (0, 100, 40)


def test_unopened_pays_double_when_the_rule_says_so() -> None:
    s = sheet(unopened_penalty="double").add(hand(A, p1=30, p2=40, not_opened={B}))
    assert s.standing().totals == (0, 60, 40)


def test_chiusura_in_mano_unopened_pay_flat_100_even_under_count() -> None:
    s = sheet().add(hand(A, p1=30, p2=40, not_opened={B}, chiusura=True))
    assert s.standing().totals == (0, 100, 40)


def test_chiusura_in_mano_doubling_hits_only_those_who_had_opened() -> None:
    s = sheet(chiusura_in_mano_double=True).add(
        hand(A, p1=30, p2=40, not_opened={B}, chiusura=True)
    )
    assert s.standing().totals == (0, 100, 80)
    off = sheet().add(hand(A, p1=30, p2=40, chiusura=True))
    assert off.standing().totals == (0, 30, 40)


def test_doublings_never_stack_and_flat_100_is_never_doubled() -> None:
    s = sheet(unopened_penalty="double", chiusura_in_mano_double=True).add(
        hand(A, p1=30, p2=40, not_opened={B}, chiusura=True)
    )
    assert s.standing().totals == (0, 100, 80)
    double = sheet(go_out_without_discard="double", unopened_penalty="double")
    s2 = double.add(hand(A, p1=30, p2=40, not_opened={B}, doubled=True))
    assert s2.standing().totals == (0, 60, 80)


def test_going_out_without_discard_doubles_only_under_its_rule() -> None:
    with pytest.raises(ScoreSheetError, match="go_out_without_discard"):
        sheet().add(hand(A, p1=30, p2=40, doubled=True))


def test_elimination_at_the_limit_and_the_last_one_left_wins() -> None:
    s = sheet().add(hand(A, p1=100, p2=50))
    assert not s.standing().eliminated[B]
    s = s.add(hand(A, p1=1, p2=10))
    st = s.standing()
    assert st.eliminated == (False, True, False)
    assert st.lines[-1].eliminated == (B,)
    assert st.next_seats and B not in st.next_seats
    assert s.distance(st, C) == 101 - 60
    s = s.add(hand(A, p2=41))
    st = s.standing()
    assert st.winner == A and st.over
    with pytest.raises(ScoreSheetError, match="game is over: Anna won"):
        s.add(hand(A, p2=1))


def test_other_elimination_limits() -> None:
    s = sheet(elimination=151).add(hand(A, p1=120, p2=150))
    assert s.standing().eliminated == (False, False, False)
    s = s.add(hand(A, p1=31, p2=0))
    assert s.standing().eliminated == (False, True, False)


def test_all_reaching_the_limit_in_one_hand_lowest_total_wins() -> None:
    s = sheet(2).add(hand(None, p0=120, p1=110))
    st = s.standing()
    assert st.winner == B


def test_the_last_player_under_the_limit_wins_even_if_the_others_tie() -> None:
    s = sheet().add(hand(A, p1=120, p2=120))
    assert s.standing().winner == A


def test_a_tie_at_the_limit_is_settled_by_play_off_hands() -> None:
    s = sheet().add(hand(None, p0=105, p1=120, p2=105))
    st = s.standing()
    assert st.winner is None and st.playoff == (A, C)
    assert set(st.next_seats) == {A, C}
    with pytest.raises(ScoreSheetError, match="Bruno does not play"):
        s.add(hand(B))
    # A play-off hand with nobody out settles nothing; nothing is counted either.
    s = s.add(hand(None))
    assert s.standing().playoff == (A, C)
    s = s.add(hand(C))
    assert s.standing().winner == C
    assert s.standing().totals == (105, 120, 105)


def test_reentry_at_the_highest_total_still_in() -> None:
    s = sheet(4, reentry=True).add(hand(A, p1=60, p2=30, p3=101))
    st = s.standing()
    assert st.eliminated == (False, False, False, False)
    assert st.totals[D] == 60
    assert st.lines[0].reentered == {D: 60}
    assert st.reentered_at[D] == (60,)
    assert s.reentries_left(st, D) == 0


def test_reentry_limit_once_then_out() -> None:
    s = sheet(4, reentry=True).add(hand(A, p1=60, p2=30, p3=101))
    s = s.add(hand(A, p1=0, p2=0, p3=50))
    st = s.standing()
    assert st.eliminated[D] and st.lines[-1].eliminated == (D,)


def test_reentry_limit_n_and_any() -> None:
    twice = sheet(4, reentry=True, reentry_limit=2)
    s = twice.add(hand(A, p1=10, p2=10, p3=101)).add(hand(A, p1=0, p2=0, p3=101))
    st = s.standing()
    assert not st.eliminated[D] and st.reentries[D] == 2
    s = s.add(hand(A, p1=0, p2=0, p3=101))
    assert s.standing().eliminated[D]
    anyway = sheet(4, reentry=True, reentry_limit="any")
    s = anyway
    for _ in range(5):
        s = s.add(hand(A, p1=10, p2=10, p3=101))
    st = s.standing()
    assert not st.eliminated[D] and st.reentries[D] == 5
    assert s.reentries_left(st, D) is None


def test_no_reentry_when_only_one_other_player_is_still_in() -> None:
    s = sheet(3, reentry=True).add(hand(A, p1=101, p2=101))
    st = s.standing()
    # B and C both out at once: only Anna is under the limit, nobody may re-enter.
    assert st.winner == A


def test_target_total_lowest_wins_when_someone_reaches_it() -> None:
    s = sheet(target_total=300).add(hand(A, p1=200, p2=150))
    assert not s.standing().over
    assert s.distance(s.standing(), B) == 100
    s = s.add(hand(C, p0=90, p1=100))
    st = s.standing()
    assert st.winner == A and st.totals == (90, 300, 150)
    assert not any(st.eliminated)


def test_fixed_hands_lowest_total_wins_and_ties_play_off() -> None:
    s = sheet(fixed_hands=2).add(hand(A, p1=50, p2=20))
    assert s.hands_left(s.standing()) == 1
    s = s.add(hand(B, p0=30, p2=0))
    assert s.standing().winner == C
    tie = sheet(fixed_hands=1).add(hand(None, p0=10, p1=10, p2=30))
    assert tie.standing().playoff == (A, B)
    assert tie.add(hand(B)).standing().winner == B


def test_single_hand_whoever_goes_out_wins() -> None:
    s = sheet(single_hand=True).add(hand(None))
    assert not s.standing().over
    s = s.add(hand(B))
    assert s.standing().winner == B


def test_partnerships_add_up_team_scores_or_take_the_worst() -> None:
    s = sheet(4, partnerships=True, elimination=201).add(hand(A, p1=30, p2=20, p3=40))
    assert s.standing().totals == (20, 70)
    worst = sheet(4, partnerships=True, team_score="worst").add(hand(A, p1=30, p2=20, p3=40))
    assert worst.standing().totals == (20, 40)
    assert worst.unit_name(1) == "Bruno+Dario"


def test_undo_removes_the_last_hand_and_its_consequences() -> None:
    s = sheet(4, reentry=True).add(hand(A, p1=60, p2=30, p3=101))
    back = s.undo()
    assert back.standing().totals == (0, 0, 0, 0)
    assert back.standing().reentries == (0, 0, 0, 0)
    with pytest.raises(ScoreSheetError, match="no hand to undo"):
        back.undo()
