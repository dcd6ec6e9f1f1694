"""The set-up positions of ``scala40 bot-check``: each one forces a situation on the program.

Why set-up positions rather than random deals: a dealt hand seldom puts a joker on the
pozzo, a set of three to be laid with a joker, or a run one card too long for
``max_run_length_5`` before the program; a conformance run must meet each of them every
time. Each :class:`Situation` is a JSON position (:mod:`scala40.notation.position`) with
the moves played before the program is asked (its draw, say), and the *tempting* move the
rules refuse there — what a program that builds its own moves, or forgets a house key,
would answer. The program may answer anything the rules allow; the tests hold every
tempting move refused and every ``allowed`` move accepted, so the catalogue says what it
claims.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scala40.engine.pack import check_pack
from scala40.engine.state import Deal
from scala40.notation.actions import parse_action
from scala40.notation.cards import format_card, parse_card
from scala40.notation.codec import rules_from_changes
from scala40.notation.position import load_position

OTHER = "2C 5H 9S KH QH 3C 7C 8C 4D AS JD 6H 9H"
"""The other seat's hand where it does not matter (13 cards)."""


class Topic(StrEnum):
    """What part of the protocol a situation exercises (the report's groups)."""

    PHASE = "phase"
    JOKER = "joker"
    HOUSE_KEY = "house key"


@dataclass(frozen=True, slots=True)
class Situation:
    """One forced situation: the program (seat 0, to play) is asked from ``position``
    after ``before`` was played, and its turn goes on until it discards (at most a few
    decisions)."""

    key: str
    """Its name in the report (``joker-set``)."""
    topic: Topic
    what: str
    """What the program faces, in a sentence."""
    position: Mapping[str, Any]
    before: tuple[str, ...] = ()
    """Actions (notation) played for the program before it is asked."""
    stock_top: str | None = None
    """The card the stock gives when the program (or ``before``) draws."""
    tempting: str | None = None
    """A move the rules refuse here that a careless program might answer."""
    why_refused: str = ""
    """Why the rules refuse ``tempting``, for the report."""
    allowed: tuple[str, ...] = field(default=())
    """Moves the rules allow here that a program might wrongly think barred."""

    def deal(self) -> Deal:
        """The hand at the program's first decision."""
        position = dict(self.position)
        if self.stock_top is not None:
            position["stock"] = _stock_with_top(position, self.stock_top)
        deal = load_position(position)
        for text in self.before:
            deal.apply(parse_action(text))
        return deal


def _stock_with_top(position: Mapping[str, Any], top: str) -> list[str]:
    """The rest of the pack as a stock whose top (last) card is ``top``."""
    deal = load_position(position)
    zones = [(f"hands[{p}]", deal.hand_cards(p)) for p in range(deal.n)]
    zones += [(f"table[{i}]", m.cards()) for i, m in enumerate(deal.table)]
    zones.append(("pozzo", list(deal.pozzo)))
    rules = rules_from_changes(position.get("rules"))
    rest = check_pack(rules, zones=zones, holder="the position", whole=False).left()
    rest.remove(parse_card(top))
    return [format_card(k) for k in rest] + [top]


def _pos(
    hand: str,
    *,
    rules: Mapping[str, Any] | None = None,
    table: tuple[str, ...] = (),
    pozzo: str = "4S",
    opened: bool = True,
    other: str = OTHER,
    turns_done: int | None = None,
) -> dict[str, Any]:
    position: dict[str, Any] = {
        "rules": {"players": 2, **(rules or {})},
        "hands": [hand, other],
        "table": list(table),
        "pozzo": pozzo.split(),
        "opened": [opened, True],
    }
    if turns_done is not None:
        position["turns_done"] = turns_done
    return position


SITUATIONS: tuple[Situation, ...] = (
    # The phases of a turn --------------------------------------------------------------
    Situation(
        "draw",
        Topic.PHASE,
        "the draw, not opened: only the stock may be drawn from",
        _pos("2H 5D 9C KS QS 3D 7H 8H 4C AD JC 6S 9D", opened=False, table=("3S 4S 5S",)),
        tempting="pozzo",
        why_refused="a player who has not opened may not take the pozzo (open_from_pozzo no)",
    ),
    Situation(
        "draw-or-pozzo",
        Topic.PHASE,
        "the draw, opened, the pozzo card fits a meld on the table: draw or pozzo",
        _pos("5D 6D 9C KS 2H 3C", table=("7H 8H 9H",), pozzo="10H"),
        tempting="discard 9C",
        why_refused="a turn starts with the draw",
        allowed=("pozzo",),
    ),
    Situation(
        "pozzo-card-first",
        Topic.PHASE,
        "took the pozzo card 10H: it must be laid down before the discard",
        _pos("5D 6D 9C KS 2H 3C", table=("7H 8H 9H",), pozzo="10H"),
        before=("pozzo",),
        tempting="discard KS",
        why_refused="the card taken from the pozzo must be laid down this turn first",
        allowed=("layoff 10H 0",),
    ),
    Situation(
        "opening",
        Topic.PHASE,
        "not opened, the hand holds an opening of 61 points and a smaller one of 37",
        _pos("QH KH AH 2S 2D 2C 8S 8D 8C 6D JC 4S", opened=False, pozzo="9D"),
        stock_top="10C",
        before=("draw",),
        tempting="open QH KH AH | 2S 2D 2C",
        why_refused="an opening must reach 40 points (31 + 6 = 37)",
        allowed=("open QH KH AH | 2S 2D 2C | 8S 8D 8C",),
    ),
    Situation(
        "long-legal",
        Topic.PHASE,
        "not opened, two jokers among many melds: a legal list of 5,300 entries (about"
        " 200 KB, nearly all openings) to read and answer in time",
        _pos("JK JK 7H 8H 9H 10H JH QH 7D 7C QS QD QC", opened=False, pozzo="2C"),
        stock_top="KS",
        before=("draw",),
        tempting="open JK JK 7H",
        why_refused="a meld holds one joker at most, and has two natural cards",
    ),
    Situation(
        "meld",
        Topic.PHASE,
        "opened, after the draw: a new run 9D 10D JD can be laid",
        _pos("9D 10D JD 2H 5C KS", table=("QC KC AC",)),
        stock_top="4S",
        before=("draw",),
        tempting="meld 9D 10D",
        why_refused="a meld has at least three cards",
        allowed=("meld 9D 10D JD",),
    ),
    Situation(
        "layoff-ace",
        Topic.PHASE,
        "opened, an ace fits both ends of the run 2S…KS: its end must be named",
        _pos("AS 4H 9C JD 7C", table=("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",)),
        stock_top="6H",
        before=("draw",),
        tempting="layoff AS 0",
        why_refused="an ace laid off on a run from 2 to K must say low or high",
        allowed=("layoff AS 0 low", "layoff AS 0 high"),
    ),
    Situation(
        "swap",
        Topic.PHASE,
        "took 10H from the pozzo; its only use is to swap it for the joker of 8H 9H JK JH,"
        " and the joker must then be laid down again",
        _pos("2C 5S 9D KD 4C", table=("8H 9H JK=10H JH",), pozzo="10H"),
        before=("pozzo",),
        tempting="discard 2C",
        why_refused="the pozzo card must be used first (here: swapped for the joker)",
        allowed=("swap 10H 0",),
    ),
    Situation(
        "takeback",
        Topic.PHASE,
        "opened, a run laid this turn: a take-back is legal, the turn must still end",
        _pos("9D 10D JD 2H 5C KS", table=("QC KC AC",)),
        stock_top="4S",
        before=("draw", "meld 9D 10D JD"),
        tempting="meld 9D 10D JD",
        why_refused="those cards are already on the table",
        allowed=("takeback",),
    ),
    # Jokers ------------------------------------------------------------------------------
    Situation(
        "joker-run",
        Topic.JOKER,
        "opened, after the draw: a run with a joker (JK 8S 9S), its identity given by place",
        _pos("8S 9S JK 2H 5D KC", table=("QC KC AC",)),
        stock_top="4H",
        before=("draw",),
        tempting="meld JK=10S 8S 9S",
        why_refused="a joker's declared card must match its place in the run",
        allowed=("meld JK=7S 8S 9S", "meld 8S 9S JK"),
    ),
    Situation(
        "joker-set",
        Topic.JOKER,
        "took 7D from the pozzo; its only use is a set of three with the joker, whose suit"
        " must be declared",
        _pos("7H JK 2C 5S KC 4C 9S", table=("QC KC AC",), pozzo="7D"),
        before=("pozzo",),
        tempting="meld 7H 7D JK",
        why_refused="a set of three must say which suit its joker stands for",
        allowed=("meld 7H 7D JK=7C", "meld 7H 7D JK=7S"),
    ),
    Situation(
        "joker-layoff-run",
        Topic.JOKER,
        "took a joker from the pozzo; it fits only at either end of the run 8S 9S 10S",
        _pos("2H 5D KC 4C 9H", table=("8S 9S 10S",), pozzo="JK"),
        before=("pozzo",),
        tempting="layoff JK 0",
        why_refused="a joker laid off on a run open at both ends must say low or high",
        allowed=("layoff JK 0 low", "layoff JK=JS 0"),
    ),
    Situation(
        "joker-layoff-set",
        Topic.JOKER,
        "jokers_per_meld 2; took a joker from the pozzo; it fits only the set 7D 7C JK=7S,"
        " where the one suit left is hearts",
        _pos("2H 5D KC 4C 9H", rules={"jokers_per_meld": 2}, table=("7D 7C JK=7S",), pozzo="JK"),
        before=("pozzo",),
        tempting="layoff JK=7S 0",
        why_refused="the set has its 7S already (the joker there stands for it)",
        allowed=("layoff JK=7H 0", "layoff JK 0"),
    ),
    # House keys that change what is legal ----------------------------------------------
    Situation(
        "jokers_per_meld",
        Topic.HOUSE_KEY,
        "FISCA (jokers_per_meld 1): the run 8S 9S JK=10S already holds its joker",
        _pos("JK 2H 5D KC 4C", table=("8S 9S JK=10S",)),
        stock_top="6C",
        before=("draw",),
        tempting="layoff JK=JS 0",
        why_refused="a meld holds one joker at most (jokers_per_meld 1)",
    ),
    Situation(
        "max_run_length_5",
        Topic.HOUSE_KEY,
        "max_run_length_5: the hand holds the six hearts 3H…8H",
        _pos("3H 4H 5H 6H 7H 8H 2C 9S KD", rules={"max_run_length_5": True}, table=("QC KC AC",)),
        stock_top="4S",
        before=("draw",),
        tempting="meld 3H 4H 5H 6H 7H 8H",
        why_refused="a run has at most five cards (max_run_length_5)",
        allowed=("meld 3H 4H 5H 6H 7H",),
    ),
    Situation(
        "two_natural_aces_in_run",
        Topic.HOUSE_KEY,
        "FISCA (two_natural_aces_in_run off): the run AH…KH is on the table, the hand holds AH",
        _pos("AH 2C 5S 9D 4C", table=("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",)),
        stock_top="6S",
        before=("draw",),
        tempting="layoff AH 0 high",
        why_refused="a run holds the ace at one end only (two_natural_aces_in_run off)",
    ),
    Situation(
        "two_natural_aces_in_run-on",
        Topic.HOUSE_KEY,
        "two_natural_aces_in_run on: the run AH…KH may take the second ace high",
        _pos(
            "AH 2C 5S 9D 4C",
            rules={"two_natural_aces_in_run": True},
            table=("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",),
        ),
        stock_top="6S",
        before=("draw",),
        tempting="layoff AH 0 low",
        why_refused="the low end of the run already holds an ace",
        allowed=("layoff AH 0 high",),
    ),
    Situation(
        "go_out_without_discard",
        Topic.HOUSE_KEY,
        "FISCA (go_out_without_discard off): the hand is 7H 8H 9H 10H after the draw",
        _pos("7H 8H 9H", table=("QC KC AC",)),
        stock_top="10H",
        before=("draw",),
        tempting="meld 7H 8H 9H 10H",
        why_refused="going out needs a last card to discard (go_out_without_discard off)",
        allowed=("meld 7H 8H 9H",),
    ),
    Situation(
        "go_out_without_discard-on",
        Topic.HOUSE_KEY,
        "go_out_without_discard on: the hand is 7H 8H 9H 10H after the draw",
        _pos("7H 8H 9H", rules={"go_out_without_discard": True}, table=("QC KC AC",)),
        stock_top="10H",
        before=("draw",),
        tempting="meld 7H 8H 9H 10H JH",
        why_refused="the hand holds no JH",
        allowed=("meld 7H 8H 9H 10H",),
    ),
    Situation(
        "open_from_pozzo",
        Topic.HOUSE_KEY,
        "open_from_pozzo opening: not opened, took KH from the pozzo; it must be in the"
        " opening made this turn",
        _pos(
            "QH JH 10H 8S 8D 8C 2C 5D 9S 4C",
            rules={"open_from_pozzo": "opening"},
            opened=False,
            pozzo="KH",
        ),
        before=("pozzo",),
        tempting="open 8S 8D 8C | 10H JH QH",
        why_refused="the pozzo card must be part of the opening (open_from_pozzo opening)",
        allowed=("open 10H JH QH KH | 8S 8D 8C",),
    ),
    Situation(
        "open_without_jokers",
        Topic.HOUSE_KEY,
        "open_without_jokers fisca: QH KH AH (31) and 7S 8S JK; a joker may open only when"
        " the joker-free melds reach 40",
        _pos(
            "QH KH AH 7S 8S JK 2C 5D 9C 4D",
            rules={"open_without_jokers": "fisca"},
            opened=False,
            pozzo="9D",
        ),
        stock_top="6C",
        before=("draw",),
        tempting="open QH KH AH | 7S 8S JK=9S",
        why_refused="the joker-free melds make 31, under 40 (open_without_jokers fisca)",
    ),
    Situation(
        "face_values",
        Topic.HOUSE_KEY,
        "face_values high: QH KH AH count 39 and 2S 2D 2C 6, so they open together",
        _pos("QH KH AH 2S 2D 2C 9C 5D 4H JS", rules={"face_values": "high"}, opened=False),
        stock_top="6C",
        before=("draw",),
        tempting="open 2S 2D 2C",
        why_refused="6 points do not open",
        allowed=("open QH KH AH | 2S 2D 2C",),
    ),
    Situation(
        "fit_discard_ban",
        Topic.HOUSE_KEY,
        "FISCA (fit_discard_ban fisca): not opened, the 6S in hand fits the run 3S 4S 5S",
        _pos("2H 5D 9C KS QS 3D 7H 8H 4C AD JC 6S 9D", opened=False, table=("3S 4S 5S",)),
        stock_top="10C",
        before=("draw",),
        tempting="discard 6S",
        why_refused="a card that fits a meld on the table may not be discarded",
    ),
    Situation(
        "first_pozzo_free",
        Topic.HOUSE_KEY,
        "first_pozzo_free on: the hand's first turn, not opened; the turned-up 9D may be"
        " taken and kept",
        _pos(
            "2H 5D 9C KS QS 3D 7H 8H 4C AD JC 6S 4D",
            rules={"first_pozzo_free": True},
            opened=False,
            pozzo="9D",
            turns_done=0,
        ),
        before=("pozzo",),
        tempting="discard 9D",
        why_refused="the card taken from the pozzo cannot be this turn's discard",
        allowed=("discard KS",),
    ),
    Situation(
        "keep_swapped_joker",
        Topic.HOUSE_KEY,
        "keep_swapped_joker on: 10H from the pozzo swapped for the joker of 8H 9H JK JH;"
        " the joker may stay in hand",
        _pos(
            "2C 5S 9D KD 4C",
            rules={"keep_swapped_joker": True},
            table=("8H 9H JK=10H JH",),
            pozzo="10H",
        ),
        before=("pozzo", "swap 10H 0"),
        tempting="discard JK",
        why_refused="a joker won by a swap is never the discard of the turn that won it",
        allowed=("discard KD",),
    ),
    Situation(
        "min_naturals",
        Topic.HOUSE_KEY,
        "jokers_per_meld 2 (min_naturals 2): the hand holds 5H with two jokers",
        _pos("5H JK JK 2C 9S KD 4D", rules={"jokers_per_meld": 2}, table=("QC KC AC",)),
        stock_top="7S",
        before=("draw",),
        tempting="meld 5H JK=6H JK=7H",
        why_refused="a meld needs two natural cards (min_naturals 2)",
    ),
    Situation(
        "opening_points",
        Topic.HOUSE_KEY,
        "opening_points 51: QH KH AH with 8S 8D 8H make 55, 5C 6C 7C with 8S 8D 8H only 42",
        _pos(
            "QH KH AH 8S 8D 8H 5C 6C 7C 2D 4S",
            rules={"opening_points": 51},
            opened=False,
            pozzo="9D",
        ),
        stock_top="JS",
        before=("draw",),
        tempting="open 5C 6C 7C | 8S 8D 8H",
        why_refused="an opening must reach 51 points here (opening_points 51)",
        allowed=("open QH KH AH | 8S 8D 8H",),
    ),
    Situation(
        "keep_pozzo_card",
        Topic.HOUSE_KEY,
        "keep_pozzo_card on: took the JC from the pozzo; it fits the run QC KC AC but may"
        " stay in hand",
        _pos("2H 5D 9C 4H 7C", rules={"keep_pozzo_card": True}, table=("QC KC AC",), pozzo="JC"),
        before=("pozzo",),
        tempting="discard JC",
        why_refused="the card taken from the pozzo may not be thrown back in the same turn",
        allowed=("discard 2H",),
    ),
)
"""Every situation bot-check puts to a program, in the report's order."""
