"""From cards picked in the hand to the meld a player means: the readings of a selection.

At a real table a player puts K♥ K♦ JK down and says "the joker is the K♣", or lays
8♣ 9♣ JK and says whether the joker is the 7♣ or the 10♣. On the screen the player only
picks cards; the ways the engine accepts them as one meld (joker places in a run, ace low
or high, the suit a set's joker stands for) are the engine's own candidate melds that lay
exactly those cards, the list the web table asks too. When there are several, the app
asks which one the player means; it never picks one silently.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40.engine.actions import MeldSpec
from scala40.engine.analysis import meld_readings
from scala40.engine.cards import JOKER, rank_of, suit_of
from scala40.engine.rules import Rules

MAX_READINGS = 9
"""Readings offered at most: each gets a number key when the app asks which is meant."""


def readings(cards: Sequence[int], rules: Rules) -> list[MeldSpec]:
    """Every meld the engine makes of exactly ``cards`` (at most :data:`MAX_READINGS`),
    the most points first, as the web table offers them (each joker's identity declared)."""
    return meld_readings(cards, rules, MAX_READINGS)


def undetermined(options: Sequence[MeldSpec]) -> bool:
    """Whether the readings differ, so the player must say which one is meant."""
    return len(options) > 1


def plain_order(cards: Sequence[int]) -> MeldSpec:
    """The cards as picked, sorted by rank with jokers last: what to show the engine when
    no reading is valid, so its refusal names the problem."""
    return MeldSpec(tuple(sorted(cards, key=lambda k: (k == JOKER, rank_of(k), suit_of(k)))))
