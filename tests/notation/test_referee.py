"""The referee's verdicts as a library call (the ``check`` command prints these)."""

from __future__ import annotations

import pytest

from scala40.engine.rules import Rules
from scala40.notation import NotationError, check_melds


def test_a_verdict_reads_like_the_json() -> None:
    verdict = check_melds(["KH QH JH", "7S 7D JK"], Rules())
    assert verdict.all_valid
    assert verdict.opens
    assert verdict.not_opening is None
    assert [m.text for m in verdict.melds] == ["KH QH JH", "7S 7D JK"]
    assert [m.pretty for m in verdict.melds] == ["K♥ Q♥ J♥", "7♠ 7♦ JK"]
    assert verdict.as_json() == {
        "melds": [
            {"valid": True, "kind": "run", "points": 30, "reason": None},
            {"valid": True, "kind": "set", "points": 21, "reason": None},
        ],
        "total": 51,
        "opens": True,
    }


@pytest.mark.parametrize(
    ("melds", "changes", "why"),
    [
        ([], {}, "an opening needs at least one meld"),
        (["KH KD KC", "KH AH 2H", "9S 9S 9H"], {}, "meld 2, 3 are not valid"),
        (["KH KD KC"], {}, "an opening needs 40 points; these melds make 30"),
        (
            ["JK=KD KH KC", "JK=QD QH QC", "JK 5H 6H", "JK 9S 10S", "JK 2C 3C"],
            {},
            "too many JK: the pack holds 4 jokers, this opening has 5",
        ),
        (["JS QS JK", "5H 6H 7H"], {"open_without_jokers": "fisca"}, "they make 18"),
        (
            ["KH KD KC", "QH QD QC", "JS QS JK"],
            {"open_without_jokers": "strict"},
            "may not place a joker",
        ),
        (["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"], {}, "lays at most 13"),
    ],
)
def test_why_melds_do_not_open(melds: list[str], changes: dict[str, str], why: str) -> None:
    verdict = check_melds(melds, Rules.build(None, changes))
    assert not verdict.opens
    assert verdict.not_opening is not None
    assert why in verdict.not_opening


def test_text_that_is_not_cards_is_refused_before_judging() -> None:
    with pytest.raises(NotationError, match='not a card: "1X"'):
        check_melds(["KH KD KC", "1X"], Rules())
