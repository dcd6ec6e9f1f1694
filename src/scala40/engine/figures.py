"""The figures of a table's rules that a meld's checks and the hand's analysis read at
every step, worked out once for each :class:`~scala40.engine.rules.Rules` value.

``Rules`` stays a Python class (it reads its own field types), and its derived figures
are properties: from compiled code each read is a generic attribute lookup, and a
property's a Python call run by the interpreter (``natural_minimum`` calls
``max_jokers`` too). The analysis read five of them to key every hand. Here they are
plain attributes of one object, found by the rules' identity; the object keeps its rules
alive, so an identity is never taken for another's while it is kept.
"""

from __future__ import annotations

from typing import Final

from scala40.engine.rules import MAX_JOKERS, Rules


class RuleFigures:
    """What the hot paths read of one ``Rules``."""

    __slots__ = (
        "face_values",
        "max_jokers",
        "max_run",
        "natural_minimum",
        "rules",
        "shapes",
        "two_natural_aces_in_run",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.max_jokers: int = rules.max_jokers
        self.natural_minimum: int = rules.natural_minimum
        self.max_run: int = rules.max_run
        self.two_natural_aces_in_run: bool = rules.two_natural_aces_in_run
        self.face_values: str = rules.face_values
        self.shapes: list[tuple[object, ...]] = [
            (self.face_values, self.natural_minimum, self.two_natural_aces_in_run, self.max_run, mj)
            for mj in range(min(self.max_jokers, MAX_JOKERS) + 1)
        ]
        """What a hand's candidate melds depend on in the rules, with ``mj`` jokers usable
        in a meld (``shapes[mj]``): one shared tuple each, so a memo's keys compare by
        identity first."""


_KNOWN: dict[int, RuleFigures] = {}
_KNOWN_LIMIT: Final = 64
"""Rules values kept at once: a process meets a handful (a table's, a search's); past
this many the memo starts again."""


def figures(rules: Rules) -> RuleFigures:
    """The figures of ``rules``, worked out on its first use."""
    known = _KNOWN.get(id(rules))
    if known is not None and known.rules is rules:
        return known
    if len(_KNOWN) >= _KNOWN_LIMIT:
        _KNOWN.clear()
    made = _KNOWN[id(rules)] = RuleFigures(rules)
    return made


__all__ = ["RuleFigures", "figures"]
