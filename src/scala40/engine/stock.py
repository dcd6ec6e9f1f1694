"""The stock family (RULES.md §8): what happens when the stock runs out.

After the turn that drew the stock's last card, the pozzo but its top card is shuffled into
a new stock, at most ``reshuffle_limit`` times in a hand; under ``stock_out = "end_hand"``,
or past that limit, the hand ends there and everybody counts; a pozzo with nothing under
its top card cannot make a stock, which ends the hand too. These functions decide; the
hand moves the cards.
"""

from __future__ import annotations

import random
from typing import Final, assert_never

from scala40.engine.phases import Drew, Ending
from scala40.engine.position import Position

_FROM_STOCK: Final = Drew.STOCK


def ending_before_rebuild(deal: Position) -> Ending | None:
    """Whether the turn just ended (by a discard that did not go out) ends the hand
    because it drew the stock's last card: ``stock_out = "end_hand"``, or the stock was
    already rebuilt ``reshuffle_limit`` times. Cards the turn sent under the stock
    (``complete_set_to_stock``) do not change that."""
    start = deal.turn.start
    if deal.turn.drew != _FROM_STOCK or start is None or start.stock_len:
        return None
    rules = deal.rules
    if rules.stock_out == "end_hand":
        return Ending.STOCK_END
    if rules.stock_out != "reshuffle":
        assert_never(rules.stock_out)
    limit = rules.reshuffle_limit
    if limit is not None and deal.reshuffles >= limit:
        return Ending.RESHUFFLE_LIMIT
    return None


def shuffle_rebuilt(pile: list[int], shuffle_seed: int, number: int) -> None:
    """Shuffle the ``number``-th rebuilt stock of a hand in place, from the hand's
    ``shuffle_seed`` alone, so that a hand replays exactly from its deal."""
    random.Random(shuffle_seed * 1_000_003 + number).shuffle(pile)


__all__ = ["ending_before_rebuild", "shuffle_rebuilt"]
