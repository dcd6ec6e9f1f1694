"""A seat's :class:`PlayerView` as JSON, for programs outside the process (protocol bots).

Why here and not only in the server: the web server writes the VIEW of docs/protocol.md
with its table facts (names, connections, the score sheet); a protocol bot run by the
arena has no table, yet must receive the same documented VIEW. This is the part of that
VIEW made from the ``PlayerView`` alone, with the same keys and values, so a program
written against one reads the other (the tests hold the two equal key by key, and hold
:func:`view_from_json` to rebuild the very same view from this JSON, as a client does). It
reads a view, never the true state: whatever is not in the seat's view cannot reach a
program.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from scala40.engine.cards import KINDS, SUIT_LETTERS, card_value_table
from scala40.engine.melds import TableMeld, meld_points
from scala40.engine.phases import Drew, Phase
from scala40.engine.rules import Rules
from scala40.engine.turn import Turn, TurnStart
from scala40.engine.views import PlayerView
from scala40.notation.cards import format_card, parse_card
from scala40.notation.codec import (
    JSONDict,
    rules_changes,
    rules_from_changes,
    table_meld_from_dict,
    table_meld_to_dict,
)

TEXT: Final = tuple(format_card(k) for k in range(KINDS))
"""Each kind's card text, written once: views name hundreds of cards per move."""


def cards(kinds: Sequence[int]) -> list[str]:
    """Card texts of ``kinds``, in order."""
    return [TEXT[k] for k in kinds]


def _counted(counts: Sequence[int]) -> list[str]:
    return [TEXT[k] for k in range(KINDS) if counts[k] for _ in range(counts[k])]


@lru_cache(maxsize=8192)
def meld_json(meld: TableMeld) -> JSONDict:
    """A table meld's JSON; melds are immutable and shared, so each is written once.

    The dict is shared too: callers serialize it and never change it."""
    return table_meld_to_dict(meld)


@lru_cache(maxsize=8192)
def table_meld_json(meld: TableMeld, face_values: str) -> JSONDict:
    """A meld on the table as the VIEW shows it: :func:`meld_json` with what the engine
    reads from it, so a page shows it without a rule of its own: its ``points`` under the
    table's face values, and its ends (a run's ``suit``, ``lo`` and ``hi``, 14 the ace
    above the king; a set's ``rank``). Written once per meld and face values (shared,
    never changed).

    >>> from scala40.notation.codec import parse_table_meld
    >>> table_meld_json(parse_table_meld("QS KS JK"), "standard")
    {'kind': 'run', 'cards': ['QS', 'KS', 'JK=AS'], 'points': 31, 'suit': 'S', 'lo': 12, 'hi': 14}
    >>> table_meld_json(parse_table_meld("AH AD AC"), "high")["points"]
    42
    """
    out = dict(meld_json(meld))
    out["points"] = meld_points(meld, card_value_table(face_values))
    if meld.is_run:
        out["suit"] = SUIT_LETTERS[meld.suit]
        out["lo"] = meld.lo
        out["hi"] = meld.hi
    else:
        out["rank"] = meld.rank
    return out


@lru_cache(maxsize=256)
def limits_json(rules: Rules) -> JSONDict:
    """The rule limits a page shows, resolved by :class:`Rules` (the preset's and the
    table's keys over FISCA's defaults), so no page keeps defaults of its own. Written
    once per rule set (shared, never changed).

    >>> limits_json(Rules.build(None, {"jokers_per_meld": "any"}))["max_jokers"]
    99
    """
    return {
        "opening_points": rules.opening_points,
        "face_values": rules.face_values,
        "max_jokers": rules.max_jokers,
        "min_naturals": rules.natural_minimum,
        "max_run": rules.max_run,
        "two_natural_aces_in_run": rules.two_natural_aces_in_run,
        "keep_pozzo_card": rules.keep_pozzo_card,
        "open_from_pozzo": rules.open_from_pozzo,
        "single_hand": rules.single_hand,
    }


@lru_cache(maxsize=256)
def changes_json(rules: Rules) -> JSONDict:
    """The rule keys changed from FISCA, written once per rule set (shared, never changed)."""
    return rules_changes(rules)


def turn_start_json(start: TurnStart | None) -> JSONDict | None:
    if start is None:
        return None
    return {
        "hand": None if start.hand is None else _counted(start.hand),
        "size": start.size,
        "table": [meld_json(m) for m in start.table],
        "opened": start.opened,
        "known": _counted(start.known),
        "pozzo_used": start.pozzo_used,
        "stock_len": start.stock_len,
    }


def history_to_list(view: PlayerView) -> list[JSONDict]:
    """The deal's finished turns, oldest first, as the bot protocol sends them: the table
    seat, the pozzo card offered at its draw (``None``: the pozzo was empty), whether it
    was taken, whether the player had opened before the draw, and the discard.

    >>> from scala40.engine.rules import Rules
    >>> from scala40.engine.state import Deal
    >>> from scala40.engine.cards import pack_list
    >>> from scala40.engine.actions import Discard, DrawStock
    >>> deal = Deal.deal(Rules.build(None, {"players": "2"}), pack_list(2, 4), None, 1)
    >>> deal.apply(DrawStock())
    >>> deal.apply(Discard(deal.hands[0].index(1)))
    >>> history_to_list(PlayerView.of(deal, 1))[0]["took"]
    False
    """
    seats = view.seats
    return [
        {
            "seat": seats[t.player],
            "offered": None if t.offered is None else TEXT[t.offered],
            "took": t.took,
            "opened": t.opened,
            "discard": TEXT[t.discard],
        }
        for t in view.history
    ]


def view_to_dict(view: PlayerView) -> JSONDict:
    """The VIEW keys a ``PlayerView`` decides, as the web server writes them.

    Every table seat has a ``players`` entry (``in_hand`` false for a seat eliminated
    from the match); cards are card text. Table facts (``table_id``, names, ``legal``,
    the score sheet) are not here: they are not the view's to give.

    >>> from scala40.engine.rules import Rules
    >>> from scala40.engine.state import Deal
    >>> from scala40.engine.cards import pack_list
    >>> hand = Deal.deal(Rules.build(None, {"players": "2"}), pack_list(2, 4), None, 1)
    >>> data = view_to_dict(PlayerView.of(hand, 1))
    >>> data["seat"], len(data["hand"]), data["players"][0]["cards"], data["phase"]
    (1, 13, 13, 'draw')
    """
    rules = view.rules
    index = {s: i for i, s in enumerate(view.seats)}
    players = []
    for seat in range(rules.players):
        p = index.get(seat)
        unit = rules.unit_of(seat)
        players.append(
            {
                "seat": seat,
                "in_hand": p is not None,
                "cards": 0 if p is None else view.hand_sizes[p],
                "opened": False if p is None else view.opened[p],
                "known": [] if p is None else cards(view.known[p]),
                "total": view.scores[unit] if unit < len(view.scores) else 0,
                "eliminated": view.eliminated[unit] if unit < len(view.eliminated) else False,
            }
        )
    turn = view.turn
    return {
        "seat": view.seat,
        "players": players,
        "hand": cards(view.hand),
        "table": [
            {"id": i, **table_meld_json(m, rules.face_values)} for i, m in enumerate(view.table)
        ],
        "pozzo": cards(view.pozzo),
        "stock": view.stock_size,
        "stock_bottom": cards(view.stock_bottom),
        "current": view.seats[view.current],
        "phase": view.phase.value,
        "my_turn": view.my_turn,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "opened_now": turn.opened_now,
        "drew": turn.drew.value,
        "pozzo_card": None if turn.pozzo_card is None else TEXT[turn.pozzo_card],
        "rules": {
            "changes": dict(changes_json(rules)),
            "opening_points": rules.opening_points,
            "limits": limits_json(rules),
        },
        "elimination": rules.elimination,
        "order": list(view.seats),
        "spectator": view.is_public,
        "turns_done": view.turns_done,
        "pozzo_used": turn.pozzo_used,
        "actions_now": turn.actions_now,
        "jokers_owed": turn.jokers_owed,
        "laid_off_now": turn.laid_off_now,
        "must_go_out": turn.must_go_out,
        "first_free": view.first_free,
        "turn_start": turn_start_json(turn.start),
        "unit_totals": list(view.scores),
        "unit_eliminated": list(view.eliminated),
    }


@lru_cache(maxsize=8192)
def _meld_from(kind: str | None, texts: tuple[str, ...], rules: Rules) -> TableMeld:
    """The table meld a VIEW names (read and checked once per distinct meld)."""
    return table_meld_from_dict({"kind": kind, "cards": list(texts)}, rules)


def meld_from_json(data: Mapping[str, Any], rules: Rules) -> TableMeld:
    """:func:`table_meld_from_dict`, remembered: a table's melds recur in every VIEW."""
    kind, texts = data.get("kind"), data.get("cards")
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        return table_meld_from_dict(data, rules)  # names what is wrong
    return _meld_from(kind if isinstance(kind, str) else None, tuple(texts), rules)


def _cards_to_counts(texts: Sequence[str]) -> tuple[int, ...]:
    counts = [0] * KINDS
    for t in texts:
        counts[parse_card(t)] += 1
    return tuple(counts)


def _turn_start_from(data: Mapping[str, Any] | None, rules: Any) -> TurnStart | None:
    if data is None:
        return None
    hand = data.get("hand")
    return TurnStart(
        hand=None if hand is None else _cards_to_counts(hand),
        size=int(data["size"]),
        table=tuple(meld_from_json(m, rules) for m in data["table"]),
        opened=bool(data["opened"]),
        known=_cards_to_counts(data["known"]),
        pozzo_used=bool(data["pozzo_used"]),
        stock_len=int(data["stock_len"]),
    )


@lru_cache(maxsize=64)
def _rules_of(changes: str) -> Rules:
    return rules_from_changes(json.loads(changes))


def view_from_json(data: Mapping[str, Any]) -> PlayerView:
    """The :class:`PlayerView` a VIEW was made from (a spectator's has no own player).
    The rules (frozen) are built once per set of changes: a client rebuilding its view at
    every decision would otherwise check every rule key again each time."""
    rules = _rules_of(json.dumps(data["rules"]["changes"], sort_keys=True))
    order = tuple(int(s) for s in data["order"])
    seat = int(data["seat"])
    by_seat = {int(p["seat"]): p for p in data["players"]}
    me = order.index(seat) if seat in order and not data.get("spectator") else -1
    current = order.index(int(data["current"]))
    pozzo_card = data.get("pozzo_card")
    return PlayerView(
        rules=rules,
        seat=seat,
        seats=order,
        me=me,
        hand=tuple(sorted(parse_card(c) for c in data["hand"])),
        hand_sizes=tuple(int(by_seat[s]["cards"]) for s in order),
        known=tuple(tuple(sorted(parse_card(c) for c in by_seat[s]["known"])) for s in order),
        pozzo=tuple(parse_card(c) for c in data["pozzo"]),
        table=tuple(meld_from_json(m, rules) for m in data["table"]),
        stock_size=int(data["stock"]),
        stock_bottom=tuple(parse_card(c) for c in data["stock_bottom"]),
        opened=tuple(bool(by_seat[s]["opened"]) for s in order),
        turn=Turn(
            player=current,
            phase=Phase(data["phase"]),
            drew=Drew(data["drew"]),
            pozzo_card=None if pozzo_card is None else parse_card(pozzo_card),
            pozzo_used=bool(data["pozzo_used"]),
            opened_now=bool(data["opened_now"]),
            actions_now=int(data["actions_now"]),
            jokers_owed=int(data["jokers_owed"]),
            laid_off_now=bool(data["laid_off_now"]),
            must_go_out=bool(data["must_go_out"]),
            start=_turn_start_from(data.get("turn_start"), rules),
        ),
        turns_done=int(data["turns_done"]),
        first_free=bool(data["first_free"]),
        scores=tuple(int(t) for t in data["unit_totals"]),
        eliminated=tuple(bool(e) for e in data["unit_eliminated"]),
        dealer=int(data["dealer"]),
        hand_number=int(data["hand_number"]),
    )
