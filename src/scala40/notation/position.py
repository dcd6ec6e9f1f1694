"""A JSON position: any situation at the start of a turn, for tests, puzzles and bug reports.

::

    {"format": "scala40-position", "version": 1,
     "rules": {"players": 2},                  # keys changed from FISCA (optional)
     "hands": [["7H", "7D", "JK"], "QS KS AS"], # each player's cards, list or one text
     "table": ["JS QS JK=KS", "5H 5D 5C"],      # melds in table order, numbered from 0
     "pozzo": ["9C", "4D"],                     # top card last
     "stock": [...],                            # top card last; optional: when left out
                                                # the rest of the pack, shuffled by
     "shuffle_seed": 7,                         # this seed (also drives reshuffles)
     "opened": [true, false], "current": 0, "turns_done": 2, "seats": [0, 1],
     "known": [["QS"], []],                     # cards seen going into each hand (optional)
     "reshuffles": 0, "bottom_known": 0}        # the stock's history (optional)

Only ``hands`` is required. Every card of the pack must be somewhere exactly as many
times as the pack holds it (with no ``stock``, the stock takes whatever is left), and an
error names the card and where it appears too often.

A position also keeps the table's memory where it matters for play: the cards each
player was seen to take into hand (``known``), how many times the pozzo was reshuffled
(later reshuffles derive from it) and how many cards at the bottom of the stock everyone
saw go there (``bottom_known``), so a dumped position plays on exactly like the game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from scala40.engine.cards import KINDS
from scala40.engine.melds import TableMeld
from scala40.engine.pack import count_pack
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation.cards import format_card, parse_cards
from scala40.notation.codec import JSONDict, rules_changes, rules_from_changes
from scala40.notation.errors import NotationError
from scala40.notation.melds import format_meld, parse_table_meld

POSITION_FORMAT: Final = "scala40-position"
POSITION_VERSION: Final = 1

_KEYS: Final = frozenset(
    {
        "format",
        "version",
        "rules",
        "hands",
        "table",
        "pozzo",
        "stock",
        "shuffle_seed",
        "opened",
        "current",
        "turns_done",
        "seats",
        "known",
        "reshuffles",
        "bottom_known",
    }
)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(value: Any, where: str) -> list[int]:
    if isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(v, str) for v in value)
    ):
        try:
            return parse_cards(value)
        except NotationError as err:
            raise NotationError(f"{where}: {err}") from None
    raise NotationError(f"{where} must be card text or a list of card texts, not {value!r}")


def _count_check(zones: list[tuple[str, Sequence[int]]], rules: Rules, stock_given: bool) -> None:
    """Raise naming the card and its places when the position breaks the pack.

    Without a stock, missing cards are fine: the stock takes whatever is left.
    """
    count = count_pack(rules, zones=zones)
    problem = count.problem("the position", whole=stock_given, name=format_card)
    if problem is None:
        return
    if stock_given and count.missing:
        problem += " (put them in the stock, or leave the stock out)"
    raise NotationError(problem)


def load_position(data: str | Mapping[str, Any]) -> Deal:
    """The hand a position describes, at the start of ``current``'s turn.

    Raises :class:`NotationError` naming the field, the card or the meld at fault.
    :func:`dump_position` writes the position back:

    >>> hand = load_position({"rules": {"players": 2}, "hands": ["7H 7D JK", "QS KS AS"]})
    >>> dump_position(hand)["hands"]
    [['7H', '7D', 'JK'], ['AS', 'QS', 'KS']]
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as err:
            raise NotationError(f"a position is JSON: {err}") from None
    if not isinstance(data, Mapping):
        raise NotationError("a position is a JSON object")
    pos = dict(data)
    if pos.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise NotationError(f'not a position: "format" is not "{POSITION_FORMAT}"')
    if pos.get("version", POSITION_VERSION) != POSITION_VERSION:
        raise NotationError(
            f"unknown position version {pos.get('version')!r} "
            f"(this library reads {POSITION_VERSION})"
        )
    unknown = sorted(set(pos) - _KEYS)
    if unknown:
        raise NotationError(f"unknown fields in the position: {', '.join(unknown)}")
    rules = rules_from_changes(pos.get("rules"))
    raw_hands = pos.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) < 2:
        raise NotationError("a position lists the hands of at least 2 players")
    hands = [_cards(h, f"hands[{p}]") for p, h in enumerate(raw_hands)]
    n = len(hands)
    raw_table = pos.get("table", [])
    if not isinstance(raw_table, list) or not all(isinstance(m, str) for m in raw_table):
        raise NotationError("table must be a list of meld texts")
    table: list[TableMeld] = []
    for i, text in enumerate(raw_table):
        try:
            table.append(parse_table_meld(text, rules))
        except NotationError as err:
            raise NotationError(f"table[{i}]: {err}") from None
    pozzo = _cards(pos.get("pozzo", []), "pozzo")
    stock = _cards(pos["stock"], "stock") if pos.get("stock") is not None else None
    zones: list[tuple[str, Sequence[int]]] = [(f"hands[{p}]", h) for p, h in enumerate(hands)]
    zones += [(f"table[{i}]", m.cards()) for i, m in enumerate(table)]
    zones.append(("pozzo", pozzo))
    if stock is not None:
        zones.append(("stock", stock))
    _count_check(zones, rules, stock is not None)
    opened = pos.get("opened")
    if opened is not None and (
        not isinstance(opened, list)
        or len(opened) != n
        or not all(isinstance(o, bool) for o in opened)
    ):
        raise NotationError(f"opened must list true or false for each of the {n} players")
    current = pos.get("current", 0)
    if not _is_int(current) or not 0 <= current < n:
        raise NotationError(f"current must be a player number 0 to {n - 1}, not {current!r}")
    turns_done = pos.get("turns_done")
    if turns_done is not None and (not _is_int(turns_done) or turns_done < 0):
        raise NotationError(f"turns_done must be 0 or more, not {turns_done!r}")
    seats = pos.get("seats")
    if seats is not None and (
        not isinstance(seats, list) or len(seats) != n or not all(_is_int(s) for s in seats)
    ):
        raise NotationError(f"seats must list a seat number for each of the {n} players")
    shuffle_seed = pos.get("shuffle_seed", 0)
    if not _is_int(shuffle_seed):
        raise NotationError(f"shuffle_seed must be a whole number, not {shuffle_seed!r}")
    raw_known = pos.get("known")
    if raw_known is not None and (not isinstance(raw_known, list) or len(raw_known) != n):
        raise NotationError(f"known must list the known cards of each of the {n} players")
    known = [_cards(h, f"known[{p}]") for p, h in enumerate(raw_known)] if raw_known else None
    reshuffles = pos.get("reshuffles", 0)
    bottom_known = pos.get("bottom_known", 0)
    for name, value in (("reshuffles", reshuffles), ("bottom_known", bottom_known)):
        if not _is_int(value) or value < 0:
            raise NotationError(f"{name} must be 0 or more, not {value!r}")
    try:
        return Deal.setup(
            rules,
            hands,
            table=table,
            pozzo=pozzo,
            stock=stock,
            opened=opened,
            current=current,
            turns_done=turns_done,
            seats=seats,
            shuffle_seed=shuffle_seed,
            known=known,
            reshuffles=reshuffles,
            bottom_known=bottom_known,
        )
    except ValueError as err:
        raise NotationError(f"not a position: {err}") from None


def dump_position(deal: Deal, *, stock: bool = True) -> JSONDict:
    """The position of ``deal``, which must be at the start of a turn.

    With ``stock=False`` the stock order is left out (a puzzle where it should not
    matter); loading then shuffles the rest of the pack with the hand's shuffle seed.

    >>> from scala40.engine.match import Match
    >>> position = dump_position(Match(Rules.build(None, {"players": 3}), seed=5).deal)
    >>> len(position["hands"]), len(position["hands"][0]), len(position["pozzo"])
    (3, 13, 1)
    >>> dump_position(load_position(position)) == position
    True
    >>> dump_position(load_position(json.dumps(position))) == position
    True
    """
    if deal.phase != DRAW:
        raise NotationError(
            f"a position is the start of a turn: this hand is in the {deal.phase} phase"
        )
    out: JSONDict = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "rules": rules_changes(deal.rules),
        "hands": [[format_card(k) for k in deal.hand_cards(p)] for p in range(deal.n)],
        "table": [format_meld(m) for m in deal.table],
        "pozzo": [format_card(k) for k in deal.pozzo],
    }
    if stock:
        out["stock"] = [format_card(k) for k in deal.stock]
    out.update(
        {
            "shuffle_seed": deal.shuffle_seed,
            "opened": list(deal.opened),
            "current": deal.current,
            "turns_done": deal.turns_done,
            "seats": list(deal.seats),
            "known": [
                [format_card(k) for k in range(KINDS) for _ in range(h[k])] for h in deal.known
            ],
            "reshuffles": deal.reshuffles,
            "bottom_known": deal.bottom_known if stock else 0,
        }
    )
    return out
