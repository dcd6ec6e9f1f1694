"""Whether melds laid together open (RULES.md §5): the points threshold and the joker rule.

Decides and never assigns: the hand's ``open`` action, the paper referee (``scala40
check``) and anyone else asking "does this open?" get the same answer from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.melds import TableMeld, all_melds_points
from scala40.engine.rules import Rules


def opening_refusal(
    melds: Sequence[TableMeld], rules: Rules, *, whole_hand: bool = False
) -> IllegalAction | None:
    """Why ``melds`` (valid each) laid together are not an opening, or ``None``.

    ``whole_hand``: the melds use every card but the discard, so the player goes out at
    once (going out in one turn needs no threshold, nor the joker-free rule).
    """
    if not melds:
        return IllegalAction(Refusal.EMPTY_OPENING, "an opening needs at least one meld")
    if whole_hand:
        return None
    need = rules.opening_points
    points = all_melds_points(melds, rules)
    if points < need:
        return IllegalAction(
            Refusal.BELOW_OPENING,
            f"an opening needs {need} points; these melds make {points}",
        )
    if rules.open_without_jokers == "no" or not any(m.jokers for m in melds):
        return None
    if rules.open_without_jokers == "strict":
        return IllegalAction(
            Refusal.JOKER_IN_OPENING,
            "under these rules you may not place a joker in the turn you open",
        )
    plain = all_melds_points([m for m in melds if not m.jokers], rules)
    if plain < need:
        return IllegalAction(
            Refusal.JOKER_IN_OPENING,
            f"a joker may join the opening only once the joker-free melds reach {need}; "
            f"they make {plain}",
        )
    return None
