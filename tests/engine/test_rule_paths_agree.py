"""Two ways to the same end must be scored and allowed alike (RULES.md §5, §7, §9, §12).

Each position here was once decided differently by two paths of the engine: going out by
melding the last cards after an opening (no discard), and taking the pozzo under
``open_from_pozzo = "keep"``.
"""

from __future__ import annotations

from scala40.engine.actions import Discard, Open, TakePozzo
from scala40.engine.legal import legal_actions
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation import parse_action, parse_card, parse_hand, parse_table_meld


def _play(deal: Deal, *lines: str) -> Deal:
    for line in lines:
        deal.apply(parse_action(line))
    return deal


def _chiusura_position(rules: Rules, seat0: str = "KD KC KS 3S 4S 5S 7H 8H") -> Deal:
    """Seat 0 has not opened and draws the 9♥; seat 1 has opened and holds 12 points,
    seat 2 has not opened and holds 39."""
    deal = Deal.setup(
        rules,
        [parse_hand(seat0), parse_hand("2C 4C 6C"), parse_hand("5D 6D 8D 10D JD")],
        opened=[False, True, False],
    )
    nine = parse_card("9H")
    deal.stock.remove(nine)
    deal.stock.append(nine)
    return deal


GO_OUT_WITHOUT_DISCARD = {
    "players": 3,
    "go_out_without_discard": "true",
    "chiusura_in_mano_double": "true",
    "unopened_penalty": "flat100",
}


def test_an_opening_then_the_last_meld_without_a_discard_is_a_chiusura_in_mano() -> None:
    rules = Rules.build(None, GO_OUT_WITHOUT_DISCARD)
    one_action = _play(_chiusura_position(rules), "draw", "open KD KC KS | 3S 4S 5S | 7H 8H 9H")
    two_actions = _play(
        _chiusura_position(rules), "draw", "open KD KC KS | 3S 4S 5S", "meld 7H 8H 9H"
    )
    assert one_action.result is not None and two_actions.result is not None
    assert one_action.result.chiusura_in_mano
    assert two_actions.result.chiusura_in_mano
    # The opened seat pays double its 12, the unopened one a flat 100.
    assert two_actions.result.penalties == one_action.result.penalties == (0, 24, 100)


def test_a_lay_off_before_going_out_without_a_discard_is_no_chiusura() -> None:
    rules = Rules.build(None, GO_OUT_WITHOUT_DISCARD)
    deal = _chiusura_position(rules, "KD KC KS 3S 4S 5S 7H 8H 6S")
    ended = _play(deal, "draw", "open KD KC KS | 3S 4S 5S | 7H 8H 9H", "layoff 6S 1 high")
    assert ended.result is not None and not ended.result.chiusura_in_mano
    # An ordinary going out: the opened seat counts its 12, the unopened one pays 100.
    assert ended.result.penalties == (0, 12, 100)


def _keep_position(rules: Rules, *, turns_done: int | None) -> Deal:
    return Deal.setup(
        rules,
        [parse_hand("KD KC 3S 4S 5S 9H"), parse_hand("2C 4C 6C 8C 10C QC")],
        pozzo=[parse_card("KS")],
        turns_done=turns_done,
    )


def test_keep_lets_an_unopened_player_take_the_card_that_opens_and_goes_out() -> None:
    # K♦ K♣ + K♠ from the pozzo + 3♠ 4♠ 5♠ = 42 opens and leaves the 9♥ to go out with.
    for mode in ("opening", "any_use", "keep"):
        rules = Rules.build(None, {"players": 2, "open_from_pozzo": mode})
        deal = _keep_position(rules, turns_done=None)
        assert deal.check(TakePozzo()) is None, mode
        ended = _play(deal, "pozzo", "open KD KC KS | 3S 4S 5S", "discard 9H")
        assert ended.result is not None and ended.result.winner == 0, mode


def test_keep_lets_a_first_round_opening_leave_the_taken_card_in_hand() -> None:
    # First round: nobody may go out yet. The 2♥ taken is no use, but under "keep" it may
    # stay in hand: open K K K + 3♠ 4♠ 5♠ (42), discard the 9♥, keep the 2♥.
    rules = Rules.build(None, {"players": 2, "open_from_pozzo": "keep"})
    deal = Deal.setup(
        rules,
        [parse_hand("KD KC KS 3S 4S 5S 9H"), parse_hand("2C 4C 6C 8C 10C QC")],
        pozzo=[parse_card("2H")],
        turns_done=0,
    )
    assert deal.check(TakePozzo()) is None
    after = _play(deal, "pozzo", "open KD KC KS | 3S 4S 5S", "discard 9H")
    assert after.result is None
    assert after.hands[0][parse_card("2H")] == 1 and after.sizes[0] == 1


def test_keep_lets_an_unopened_player_take_the_card_for_a_chiusura_in_mano() -> None:
    # J♦ J♣ J♠ + 2♥ 3♥ and the 4♥ taken = 39: the whole hand but the 9♣, a chiusura in mano
    # (no 40 needed). "any_use" allows the take; "keep", which asks less, must too.
    for mode in ("any_use", "keep"):
        rules = Rules.build(None, {"players": 2, "open_from_pozzo": mode})
        deal = Deal.setup(
            rules,
            [parse_hand("JD JC JS 2H 3H 9C"), parse_hand("2C 4C 6C 8C 10C QC")],
            pozzo=[parse_card("4H")],
        )
        assert deal.check(TakePozzo()) is None, mode
        ended = _play(deal, "pozzo", "open JD JC JS | 2H 3H 4H", "discard 9C")
        assert ended.result is not None and ended.result.chiusura_in_mano, mode


def test_keep_lets_an_opening_then_a_lay_off_of_the_card_go_out_without_a_discard() -> None:
    # Q Q Q + J J J = 60 opens with every card but the 3♠ taken, which then goes on 4♠5♠6♠:
    # under go_out_without_discard that goes out. "any_use" allows the take; so must "keep".
    for mode in ("any_use", "keep"):
        rules = Rules.build(
            None, {"players": 2, "open_from_pozzo": mode, "go_out_without_discard": "true"}
        )
        deal = Deal.setup(
            rules,
            [parse_hand("QH QD QC JD JC JS"), parse_hand("2C 4C 6C 8C 10C QS")],
            table=[parse_table_meld("4S 5S 6S", rules)],
            pozzo=[parse_card("3S")],
        )
        assert deal.check(TakePozzo()) is None, mode
        ended = _play(deal, "pozzo", "open QH QD QC | JD JC JS", "layoff 3S 0 low")
        assert ended.result is not None and ended.result.winner == 0, mode


def test_a_kept_swapped_joker_laid_again_goes_out_after_an_opening_from_the_pozzo() -> None:
    # Q Q Q + K K K = 60 opens with every card but the 9♠ taken; the 9♠ wins the joker of
    # 7♠ 8♠ JK, which (kept under keep_swapped_joker, but never that turn's discard) goes on
    # the run's low end: under go_out_without_discard that goes out.
    for mode in ("any_use", "keep"):
        keys = {
            "players": 2,
            "open_from_pozzo": mode,
            "go_out_without_discard": "true",
            "keep_swapped_joker": "true",
        }
        rules = Rules.build(None, keys)
        deal = Deal.setup(
            rules,
            [parse_hand("QD QC QS KH KD KC"), parse_hand("2C 4C 6C 8C 10C QH")],
            table=[parse_table_meld("7S 8S JK=9S", rules)],
            pozzo=[parse_card("9S")],
        )
        assert deal.check(TakePozzo()) is None, mode
        ended = _play(deal, "pozzo", "open QD QC QS | KH KD KC", "swap 9S 0", "layoff JK 0 low")
        assert ended.result is not None and ended.result.winner == 0, mode


def test_keep_offers_no_opening_that_leaves_only_the_kept_card() -> None:
    # Under "keep" the 2♠ taken may stay in hand, but it is never this turn's discard: an
    # opening laying every other card (K K K + Q Q Q + 5♥6♥7♥) would leave the player
    # nothing to discard and nothing to lay, so it is refused and not offered.
    rules = Rules.build(None, {"players": 2, "open_from_pozzo": "keep"})
    deal = Deal.setup(
        rules,
        [parse_hand("KD KC KS QD QC QS 5H 6H 7H"), parse_hand("2C 4C 6C 8C 10C QH")],
        pozzo=[parse_card("2S")],
    )
    _play(deal, "pozzo")
    whole = parse_action("open KD KC KS | QD QC QS | 5H 6H 7H")
    err = deal.check(whole)
    assert err is not None and err.code == "pozzo_stranded"
    assert "2♠" in err.reason
    offered = [a for a in legal_actions(deal) if isinstance(a, Open)]
    assert offered and whole not in offered
    for opening in offered:
        after = deal.clone()
        after.apply(opening)
        assert any(isinstance(a, Discard) for a in legal_actions(after)), opening
