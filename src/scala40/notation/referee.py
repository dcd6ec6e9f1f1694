"""The paper-cards referee: are these melds valid, what are they worth, do they open?

This is what ``scala40 check`` answers for players at a real table. Each meld is judged
on its own as a new meld laid from hand under the table's rules (joker limits, natural
minimum, the five-card run limit). A set of three with an undeclared joker is accepted:
its value does not depend on the suit (RULES.md §13).

"Opens" reads all the melds as one opening action by an unopened player (§5, §13): every
meld valid, cards a single hand could hold and lay while keeping one to discard, at
least ``opening_points``, and jokers only as ``open_without_jokers`` allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from scala40.engine.actions import MeldSpec
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import TableMeld, build_meld
from scala40.engine.opening import opening_refusal
from scala40.engine.pack import count_pack
from scala40.engine.rules import Rules
from scala40.notation.cards import format_card
from scala40.notation.melds import format_meld, parse_meld

MOST_CARDS_LAID: Final = 13
"""A hand holds 14 cards after the draw and must keep one to discard."""


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """The referee's word on one meld."""

    spec: MeldSpec
    """The cards as read, in table order."""
    meld: TableMeld | None
    """The meld the cards make, or ``None`` when they make none."""
    reason: str | None
    """Why the cards are not a meld (``None`` when they are)."""

    @property
    def text(self) -> str:
        """The meld as read, in canonical card text (``KH QH JH``)."""
        return format_meld(self.spec)

    @property
    def pretty(self) -> str:
        """The meld as read, with suit symbols (``K♥ Q♥ J♥``)."""
        return format_meld(self.spec, pretty=True)

    @property
    def valid(self) -> bool:
        return self.meld is not None

    @property
    def kind(self) -> str | None:
        return None if self.meld is None else self.meld.kind

    def points(self, rules: Rules) -> int | None:
        return None if self.meld is None else self.meld.points(rules)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's word on several melds laid together."""

    rules: Rules
    melds: tuple[MeldVerdict, ...]
    total: int
    """Points of the valid melds together."""
    not_opening: str | None
    """Why the melds together are not an opening (``None``: they open)."""

    @property
    def all_valid(self) -> bool:
        return all(m.valid for m in self.melds)

    @property
    def opens(self) -> bool:
        return self.not_opening is None

    def as_json(self) -> dict[str, Any]:
        """Exactly the object ``scala40 check --json`` prints."""
        return {
            "melds": [
                {
                    "valid": m.valid,
                    "kind": m.kind,
                    "points": m.points(self.rules),
                    "reason": m.reason,
                }
                for m in self.melds
            ],
            "total": self.total,
            "opens": self.opens,
        }


def judge_meld(text: str, rules: Rules) -> MeldVerdict:
    """Judge one meld's text; raises :class:`NotationError` if the text is not cards."""
    spec = parse_meld(text)
    try:
        meld = build_meld(spec.cards, spec.declared, rules, require_set_suits=False)
    except IllegalAction as err:
        return MeldVerdict(spec, None, err.reason)
    return MeldVerdict(spec, meld, None)


def not_opening_reason(melds: Sequence[MeldVerdict], rules: Rules) -> str | None:
    """Why ``melds`` laid together are not a legal opening, or ``None`` if they are.

    The paper-table checks (each meld valid, the pack, a hand's size) are the referee's;
    whether valid melds open is the engine's own :func:`opening_refusal`.
    """
    bad = [i + 1 for i, m in enumerate(melds) if not m.valid]
    if bad:
        which = ", ".join(str(i) for i in bad)
        return f"meld {which} {'is' if len(bad) == 1 else 'are'} not valid"
    laid = [m.meld for m in melds if m.meld is not None]
    cards = [c for m in laid for c in m.cards()]
    too_many = count_pack(rules, cards).problem(
        "this opening", whole=False, name=lambda k: format_card(k, pretty=True)
    )
    if too_many is not None:
        return too_many
    if len(cards) > MOST_CARDS_LAID:
        return (
            f"{len(cards)} cards: a hand lays at most {MOST_CARDS_LAID} at once, "
            "keeping one to discard"
        )
    refused = opening_refusal(laid, rules)
    return None if refused is None else refused.reason


def check_melds(texts: Sequence[str], rules: Rules) -> Verdict:
    """Judge each meld's text and whether they open together (the ``check`` command).

    Raises :class:`NotationError` for text that is not cards, before judging anything.
    """
    verdicts = tuple(judge_meld(t, rules) for t in texts)
    total = sum(v.points(rules) or 0 for v in verdicts)
    return Verdict(rules, verdicts, total, not_opening_reason(verdicts, rules))
