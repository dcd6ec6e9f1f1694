"""A seat's VIEW as JSON: the only game state that ever leaves the server.

:func:`view_to_json` reads a :class:`PlayerView` (never the true state) plus the table's
public facts (names, who is connected, the score sheet), and the moves of the seat to
move. Notation's :func:`~scala40.notation.view.view_from_json` rebuilds the very same
``PlayerView`` from that JSON, so a client program can run a bot on what the browser
sees (the load test does). Cards are notation text (``7H``, ``JK=7D``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import Candidate, candidate_melds
from scala40.engine.cards import KINDS
from scala40.engine.discard import discard_refusal, legal_discards
from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.legal import legal_actions
from scala40.engine.match import HandRecord
from scala40.engine.phases import Phase
from scala40.engine.pozzo import take_refusal
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, checking_world
from scala40.notation.cards import format_card
from scala40.notation.codec import (
    JSONDict,
    action_to_dict,
    facts_to_dict,
)
from scala40.notation.view import TEXT, cards, meld_json, turn_start_json, view_to_dict


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What everyone may know about a seat besides the cards: who sits there."""

    name: str
    occupant: str
    """``"human"`` or ``"bot:LEVEL"`` (the VIEW's ``kind``)."""
    connected: bool = False
    stand_in: bool = False
    """A bot plays this human seat now (turn timeout or a dropped connection)."""
    taken: bool = True
    """A player (or a bot) sits here; a free human seat waits for someone to join."""
    rated: bool = False
    """A rated identity sits here under its nickname (its rating is public: the page may
    show it, ``GET /api/players/NAME``)."""
    guest: bool = False
    """A person sits here without a rated identity: the name is theirs for this table only."""


@dataclass(frozen=True, slots=True)
class TableFacts:
    """The table's public facts a VIEW carries next to the seat's PlayerView."""

    table_id: str
    status: str
    preset: str
    seats: Sequence[SeatFacts]
    history: Sequence[HandRecord] = ()
    turn_deadline: float | None = None
    spectator: bool = False
    """The seat sits out this hand (eliminated): it is shown the table, no hand."""
    extra: Mapping[str, Any] = field(default_factory=dict)


def legal_json(view: PlayerView, deal: Deal | None = None) -> JSONDict:
    """What the seat may do now, grouped for buttons; empty when it is not its turn.

    On the seat's own turn what is legal depends only on what the seat knows, so it is
    computed on the engine's checking world, dealt from the view alone (no shuffle), or on
    ``deal``, the true deal the view was cut from, when the caller holds it (the table's
    actor: it saves dealing a world at every move). Only the moves leave, never the hand.
    """
    if not view.my_turn or view.phase == Phase.OVER:
        return {}
    world = checking_world(view) if deal is None else deal
    acts = legal_actions(world)
    out: JSONDict = {
        "draw": any(isinstance(a, DrawStock) for a in acts),
        "pozzo": any(isinstance(a, TakePozzo) for a in acts),
        "discard": [format_card(a.card) for a in acts if isinstance(a, Discard)],
        "takeback": any(isinstance(a, TakeBack) for a in acts),
        "can_open": any(isinstance(a, Open) for a in acts),
        "can_meld": any(isinstance(a, Meld) for a in acts),
        "layoff": [_layoff(a) for a in acts if isinstance(a, LayOff)],
        "swap": [
            {"card": format_card(a.card), "target": a.target}
            for a in acts
            if isinstance(a, SwapJoker)
        ],
        "melds": melds_json(world.hands[world.turn.player], world.rules),
    }
    return out


def melds_json(counts: Sequence[int], rules: Rules) -> list[JSONDict]:
    """Every meld the engine accepts from a hand, one entry per way to lay it.

    The page asks this list instead of judging a selection itself: a selection of cards
    from the hand is a meld exactly when some entry lays those cards (its ``cards`` with
    each ``JK=…`` read as a joker), and the entries that do are the joker-identity choices
    it offers, each with its ``points`` (the running total of an opening). The list is the
    engine's own (:func:`candidate_melds`: the shape rules of every house key), memoized
    per hand, so sending it to the seat to move costs a few microseconds a VIEW. Whether a
    meld may be laid *now* (the opening's points, the cards left in hand) stays the
    engine's answer to the move itself.
    """
    cache = _MELD_OPTIONS
    out: list[JSONDict] = []
    for c in candidate_melds(counts, rules):
        key = (c.shape, c.points)
        entry = cache.get(key)
        if entry is None:
            if len(cache) > _MELD_OPTIONS_LIMIT:
                cache.clear()
            entry = cache[key] = _meld_option(c)
        out.append(entry)
    return out


_MELD_OPTIONS: dict[tuple[object, ...], JSONDict] = {}
"""Each candidate shape's JSON (with its points under the face values it was worth):
a few thousand shapes exist, and the same ones recur move after move."""
_MELD_OPTIONS_LIMIT = 50_000


def _meld_option(c: Candidate) -> JSONDict:
    written = meld_json(c.meld)
    return {"kind": written["kind"], "cards": written["cards"], "points": c.points}


def reasons_json(deal: Deal, pozzo_ok: bool = False) -> JSONDict:
    """Why the moves the table offers are not possible now, for the player to move.

    The page explains a move before it is tried (a tap on the pozzo, a barred card, a
    greyed button) with these, so each is the engine's own refusal: ``code`` (a
    :class:`Refusal` the pages translate), ``message`` (the engine's English reason) and
    ``card`` (the card it is about) or ``taken`` (the card taken from the pozzo this turn)
    for the pages' own wording. Read from the true hand, so the caller sends it to the
    seat to move only; every card named is that seat's own or public. At the draw only the
    pozzo can be refused; after it the stock (drawn already) and each barred card in hand.
    Cheap after the draw: a turn-level check, then one reason per barred kind (tens of
    microseconds). At the draw the pozzo's reason is the engine's search for a use of the
    card; ``pozzo_ok`` (the caller's legal moves already allow the take) skips it.
    """
    phase = deal.turn.phase
    if phase == Phase.DRAW:
        refused = None if pozzo_ok else take_refusal(deal)
        if refused is None:
            return {}
        return {"pozzo": _reason(refused, deal, deal.pozzo[-1] if deal.pozzo else None)}
    if phase != Phase.PLAY:
        return {}
    out: JSONDict = {}
    drew = deal.check(DrawStock())
    if drew is not None:
        out["draw"] = _reason(drew, deal, None)
    held = deal.hands[deal.turn.player]
    free = set(legal_discards(deal))
    barred: JSONDict = {}
    for kind in range(KINDS):
        if held[kind] and kind not in free:
            refused = discard_refusal(deal, kind)
            if refused is not None:
                barred[TEXT[kind]] = _reason(refused, deal, kind)
    out["discard"] = barred
    return out


def _reason(refused: IllegalAction, deal: Deal, card: int | None) -> JSONDict:
    out: JSONDict = {"code": refused.code.value, "message": refused.reason}
    if refused.facts:
        out["facts"] = facts_to_dict(refused.facts)
    if card is not None:
        out["card"] = TEXT[card]
    taken = deal.turn.pozzo_card
    if refused.code in (Refusal.POZZO_UNUSED, Refusal.POZZO_DISCARD) and taken is not None:
        out["taken"] = TEXT[taken]
    return out


def _layoff(a: LayOff) -> JSONDict:
    out: JSONDict = {"card": format_card(a.card), "target": a.target}
    if a.end is not None:
        out["end"] = a.end
    return out


def scores_json(history: Sequence[HandRecord]) -> list[JSONDict]:
    """The score sheet so far: each finished hand's penalties (by seat) and running totals."""
    return [
        {
            "hand": h.number,
            "penalties": {str(s): p for s, p in sorted(h.penalties.items())},
            "totals": {str(u): t for u, t in sorted(h.totals.items())},
        }
        for h in history
    ]


def view_to_json(view: PlayerView, facts: TableFacts, legal: JSONDict | None = None) -> JSONDict:
    """The VIEW of docs/protocol.md: what the view decides (:func:`view_to_dict`, the same
    writer the protocol bots read) with the table's facts: names and connections, status,
    the moves of the seat to move, the score sheet, the timer."""
    out = view_to_dict(view)
    for entry, info in zip(out["players"], facts.seats, strict=True):
        entry["name"] = info.name
        entry["kind"] = info.occupant
        entry["connected"] = info.connected
        entry["stand_in"] = info.stand_in
        entry["taken"] = info.taken
        entry["rated"] = info.rated
        entry["guest"] = info.guest
    playing = facts.status == "playing" and not facts.spectator
    my_turn = playing and view.my_turn
    out["table_id"] = facts.table_id
    out["status"] = facts.status
    out["my_turn"] = my_turn
    out["legal"] = (legal if legal is not None else legal_json(view)) if my_turn else {}
    out["rules"] = {"preset": facts.preset, **out["rules"]}
    out["turn_deadline"] = facts.turn_deadline
    out["scores"] = scores_json(facts.history)
    out["spectator"] = facts.spectator
    out.update(facts.extra)
    return out


SEAT_KEYS = frozenset({"seat", "hand", "turn_start", "my_turn", "legal", "spectator"})
"""The keys of a seat's VIEW that are its own; every other key is the public VIEW's."""


def seat_view_json(public: JSONDict, view: PlayerView, legal: JSONDict | None = None) -> JSONDict:
    """A playing seat's VIEW made from the public VIEW of the same moment.

    Every key of a VIEW but the seat's own (its number, its cards, its cards at the draw,
    whether it is to move, its moves) is the same for every seat and for a spectator, so a
    broadcast writes the public VIEW once (:func:`view_to_json` of the public view, with
    spectator facts) and each seat's from it: the same JSON as :func:`view_to_json` of the
    seat's view, for the price of the few keys that are its own. ``view`` is the engine's
    cut for the seat (:meth:`PlayerView.of`), so hidden cards still leave the engine in one
    place only. The result shares the public VIEW's nested values: none is changed after.
    """
    out = dict(public)
    my_turn = public["status"] == "playing" and view.my_turn
    out["seat"] = view.seat
    out["hand"] = cards(view.hand)
    out["turn_start"] = turn_start_json(view.turn.start)
    out["my_turn"] = my_turn
    out["legal"] = (legal if legal is not None else legal_json(view)) if my_turn else {}
    out["spectator"] = False
    return out


def event_json(seat: int, action: Action, pozzo_top: int | None) -> JSONDict:
    """What just happened, in public words: a stock draw names no card."""
    body = action_to_dict(action)
    if isinstance(action, DrawStock):
        return {"seat": seat, "type": "draw"}
    if isinstance(action, TakePozzo):
        return {
            "seat": seat,
            "type": "pozzo",
            "card": None if pozzo_top is None else format_card(pozzo_top),
        }
    return {"seat": seat, **body}
