"""Whether melds laid together open (RULES.md §5): the points threshold and the joker rule.

Decides and never assigns: the hand's ``open`` action, the paper referee (``scala40
check``) and anyone else asking "does this open?" get the same answer from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from scala40.engine.errors import IllegalAction, Problem, Refusal
from scala40.engine.melds import TableMeld, all_melds_points
from scala40.engine.rules import Rules


def jokers_barred(rules: Rules, opened_now: bool) -> bool:
    """``open_without_jokers = "strict"``: no joker may be placed anywhere (a new meld, a
    lay-off) in the turn one opens."""
    return opened_now and rules.open_without_jokers == "strict"


def swaps_barred(rules: Rules, opened_now: bool) -> bool:
    """No joker swap in the turn one opens under ``"strict"``: the recovered joker could
    not be laid again, unless ``keep_swapped_joker`` lets it stay in hand."""
    return jokers_barred(rules, opened_now) and not rules.keep_swapped_joker


def opening_code(
    points: int, plain_points: int, jokers: bool, rules: Rules, *, whole_hand: bool = False
) -> Refusal | None:
    """Why melds worth ``points`` (``plain_points`` of them in joker-free melds; ``jokers``:
    some meld holds a joker) do not open, or ``None``: the numbers alone decide, so the
    legal-action generator asks without building the melds."""
    if whole_hand:
        return None
    need = rules.opening_points
    if points < need:
        return Refusal.BELOW_OPENING
    mode = rules.open_without_jokers
    if not jokers or mode == "no":
        return None
    if mode == "strict":
        return Refusal.JOKER_IN_OPENING
    if mode == "fisca":
        return Refusal.JOKER_IN_OPENING if plain_points < need else None
    assert_never(mode)


def opening_refusal(
    melds: Sequence[TableMeld], rules: Rules, *, whole_hand: bool = False
) -> IllegalAction | None:
    """Why ``melds`` (valid each) laid together are not an opening, or ``None``.

    ``whole_hand``: the melds use every card but the discard, so the player goes out at
    once (going out in one turn needs no threshold, nor the joker-free rule).
    """
    if not melds:
        return IllegalAction(Refusal.EMPTY_OPENING, "an opening needs at least one meld")
    points = all_melds_points(melds, rules)
    plain = all_melds_points([m for m in melds if not m.jokers], rules)
    jokers = any(m.jokers for m in melds)
    code = opening_code(points, plain, jokers, rules, whole_hand=whole_hand)
    if code is None:
        return None
    need = rules.opening_points
    if code == Refusal.BELOW_OPENING:
        reason = f"an opening needs {need} points; these melds make {points}"
        return IllegalAction(code, reason, {"need": need, "points": points})
    if rules.open_without_jokers == "strict":
        reason = "under these rules you may not place a joker in the turn you open"
        return IllegalAction(code, reason, {"problem": Problem.STRICT})
    reason = (
        f"a joker may join the opening only once the joker-free melds reach {need}; "
        f"they make {plain}"
    )
    return IllegalAction(
        code, reason, {"problem": Problem.PLAIN_FIRST, "need": need, "points": plain}
    )
