"""The fixed discrete action space a learning agent chooses from (see docs/rl.md).

Every id names one move in the game's words. The layout depends on the rules only
through the number of table melds it can address, ``table_slots`` = pack size // 3: no
table can hold more melds than that (each has at least three cards), so the bound never
hides a legal lay-off or swap. For two decks and four jokers that is 36 slots and 4,146
ids in all::

    0                DRAW_STOCK        draw the top card of the stock
    1                TAKE_POZZO        take the top card of the pozzo
    2                TAKE_BACK         take back everything laid down this turn
    3                LAY_OPENING       lay the opening composed so far (build sub-phase)
    4                CANCEL_OPENING    drop the opening being composed
    5 + k            DISCARD k         k = card kind 0..52 (52 = joker)
    meld_base + i    MELD i            candidate meld i (see scala40.rl.moves)
    lay_off_base + 58 t + j
                     LAY_OFF           j < 53: kind j on table meld t at its natural place
                                       (an ace or joker on a run: the low end);
                                       j = 53..56: the ace of suit j - 53 at a run's high end;
                                       j = 57: a joker at a run's high end
    swap_base + 52 t + k
                     SWAP              natural k takes the place of the joker standing
                                       for it in table meld t
"""

from __future__ import annotations

from typing import Final

from scala40.engine.cards import JOKER, KINDS, card_name
from scala40.engine.rules import Rules

DRAW_STOCK: Final = 0
TAKE_POZZO: Final = 1
TAKE_BACK: Final = 2
LAY_OPENING: Final = 3
CANCEL_OPENING: Final = 4
DISCARD_BASE: Final = 5

MAX_CANDIDATES: Final = 128
"""Candidate melds offered at once. Under FISCA rules a hand of 14 cards has at most a few
dozen (61 is the most seen in thousands of random positions); only hands with several
jokers under ``jokers_per_meld=any`` can have more, and then the best-scoring are kept."""

LAY_OFF_WIDTH: Final = KINDS + 5
"""Per table meld: 53 kinds at their natural place, then 4 aces and the joker at the high end."""
HIGH_ACES: Final = KINDS
HIGH_JOKER: Final = KINDS + 4
SWAP_WIDTH: Final = 52


class ActionLayout:
    """Where each family of moves sits in the flat id space for one set of rules."""

    __slots__ = ("candidates", "lay_off_base", "meld_base", "size", "swap_base", "table_slots")

    def __init__(self, table_slots: int, candidates: int = MAX_CANDIDATES) -> None:
        if table_slots < 1 or candidates < 1:
            raise ValueError("an action layout needs at least one table slot and one candidate")
        self.table_slots = table_slots
        self.candidates = candidates
        self.meld_base = DISCARD_BASE + KINDS
        self.lay_off_base = self.meld_base + candidates
        self.swap_base = self.lay_off_base + table_slots * LAY_OFF_WIDTH
        self.size = self.swap_base + table_slots * SWAP_WIDTH

    @staticmethod
    def for_rules(rules: Rules) -> ActionLayout:
        return ActionLayout(table_slots=rules.pack_size // 3)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ActionLayout)
            and other.table_slots == self.table_slots
            and other.candidates == self.candidates
        )

    def __hash__(self) -> int:
        return hash((self.table_slots, self.candidates))

    def __repr__(self) -> str:
        return f"ActionLayout(table_slots={self.table_slots}, candidates={self.candidates})"

    # Building ids -----------------------------------------------------------------------
    def discard(self, kind: int) -> int:
        return DISCARD_BASE + kind

    def meld(self, index: int) -> int:
        return self.meld_base + index

    def lay_off(self, target: int, kind: int, *, high: bool = False) -> int:
        """The id laying ``kind`` on table meld ``target``; ``high`` only for aces and jokers."""
        j = kind
        if high:
            j = HIGH_JOKER if kind == JOKER else HIGH_ACES + kind // 13
        return self.lay_off_base + target * LAY_OFF_WIDTH + j

    def swap(self, target: int, kind: int) -> int:
        return self.swap_base + target * SWAP_WIDTH + kind

    # Reading ids ------------------------------------------------------------------------
    def split(self, action: int) -> tuple[str, int, int, bool]:
        """(family, card kind or candidate index, table meld, high end) of an id.

        Families: "draw_stock", "take_pozzo", "take_back", "lay_opening",
        "cancel_opening", "discard", "meld", "lay_off", "swap". Unused fields are -1.
        """
        if not 0 <= action < self.size:
            raise ValueError(f"action {action!r} is outside 0..{self.size - 1}")
        fixed = ("draw_stock", "take_pozzo", "take_back", "lay_opening", "cancel_opening")
        if action < DISCARD_BASE:
            return fixed[action], -1, -1, False
        if action < self.meld_base:
            return "discard", action - DISCARD_BASE, -1, False
        if action < self.lay_off_base:
            return "meld", action - self.meld_base, -1, False
        if action < self.swap_base:
            t, j = divmod(action - self.lay_off_base, LAY_OFF_WIDTH)
            if j < KINDS:
                return "lay_off", j, t, False
            kind = JOKER if j == HIGH_JOKER else (j - HIGH_ACES) * 13
            return "lay_off", kind, t, True
        t, k = divmod(action - self.swap_base, SWAP_WIDTH)
        return "swap", k, t, False

    def describe(self, action: int) -> str:
        """A short text for an id, in the game's words (for logs and OpenSpiel)."""
        family, a, t, high = self.split(action)
        if family == "discard":
            return f"discard {card_name(a)}"
        if family == "meld":
            return f"meld candidate {a}"
        if family == "lay_off":
            end = " high" if high else ""
            return f"lay off {card_name(a)} on meld {t}{end}"
        if family == "swap":
            return f"swap {card_name(a)} for the joker of meld {t}"
        return family.replace("_", " ")
