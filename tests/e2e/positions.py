"""Set-up positions shown on the real table page, through the server's own VIEW code.

A dealt match seldom puts a joker on the pozzo or a barred card in hand when a test wants
it, so these tests set the position up with the engine (``Deal.setup``), let a
:class:`TableActor` write the seat's VIEW exactly as a live table does (``legal.why``
included), and hand it to the page through a routed WebSocket: the page under test is
the real one, only the socket's far end is the test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

from scala40.engine.actions import DrawStock
from scala40.engine.cards import JOKER
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.notation.cards import parse_card
from scala40.notation.codec import rules_changes, table_meld_from_dict
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.storage.store import SeatRow, TableRow
from scala40.tableview.check import meld_check

ANNA = "2H 5D 9C KS QS 3D 7H 8H 4C AD JC 6S 9D"
BRUNO = "2C 5H 9S KH QH 3C 7C 8C 4D AS JD 6H 9H"


def _kinds(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def actor_at(deal: Deal, preset: str) -> TableActor:
    """A table actor (no database, no loop) whose match stands at ``deal``."""
    rules = deal.rules
    row = TableRow("fixed", datetime.now(UTC), preset, rules_changes(rules), 1, 0, None, "playing")
    seats = [SeatRow(0, "human", "Anna", "x"), SeatRow(1, "bot:greedy", "", None)]
    actor = TableActor(row, seats, db=None, settings=Settings())  # type: ignore[arg-type]
    actor.match.deal = deal
    actor.version = 5
    actor.turns.turn = (0, 0)  # the turn timer's key: no stand-in is playing this turn
    return actor


def joker_on_the_pozzo(preset: str) -> TableActor:
    """Anna to draw, not opened, a joker on top of the pozzo."""
    rules = Rules.build(preset, {"players": 2})
    hand = Deal.setup(rules, [_kinds(ANNA), _kinds(BRUNO)], pozzo=[parse_card("4S"), JOKER])
    return actor_at(hand, preset)


def barred_six(preset: str = "fisca") -> TableActor:
    """Anna has drawn; Bruno's run 3♠ 4♠ 5♠ is on the table, so her 6♠ may not go."""
    rules = Rules.build(preset, {"players": 2})
    run = table_meld_from_dict({"kind": "run", "cards": ["3S", "4S", "5S"]}, rules)
    hand = Deal.setup(
        rules,
        [_kinds(ANNA), _kinds(BRUNO)],
        table=[run],
        pozzo=[parse_card("8D")],
        opened=[False, True],
    )
    hand.apply(DrawStock())
    return actor_at(hand, preset)


def joker_in_a_meld(changes: dict[str, object] | None = None) -> TableActor:
    """Anna to draw; Bruno has opened with 8♥ 9♥ and a joker standing for the 10♥."""
    rules = Rules.build("fisca", {"players": 2, **(changes or {})})
    run = table_meld_from_dict({"kind": "run", "cards": ["8H", "9H", "JK=10H", "JH"]}, rules)
    bruno = "2C 5H 9S KH QH 3C 7C 8C 4D"
    hand = Deal.setup(
        rules, [_kinds(ANNA.replace("8H ", "")), _kinds(bruno)], table=[run], opened=[False, True]
    )
    return actor_at(hand, "fisca")


class Shown:
    """The page's end of a routed table socket: what it sent, and a way to send it more."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.sockets: list[WebSocketRoute] = []

    def actions(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "action"]

    def push(self, message: dict[str, Any]) -> None:
        for ws in self.sockets:
            ws.send(json.dumps(message))


def show(
    page: Page,
    base: str,
    actor: TableActor,
    lang: str,
    edit: Callable[[dict[str, Any]], None] | None = None,
) -> Shown:
    """Open the table page on ``actor``'s position as seat 0 in ``lang``; ``edit`` changes
    the state message first (to show that the page follows what the VIEW says)."""
    shown = Shown()
    state = actor.state(0)
    if edit is not None:
        state = json.loads(json.dumps(state))
        edit(state)

    def handler(ws: WebSocketRoute) -> None:
        shown.sockets.append(ws)

        def on_message(message: str | bytes) -> None:
            msg = json.loads(message)
            shown.sent.append(msg)
            if msg.get("type") == "sync":
                ws.send(json.dumps(state))
            elif msg.get("type") == "check":  # answered as the server answers it
                ws.send(json.dumps(meld_check(msg, actor.rules)))

        ws.on_message(on_message)

    page.route_web_socket(re.compile(r".*/ws/.*"), handler)
    # The seat's token and the language are written in the site's storage first, from the
    # smallest document of the site (an icon): a page would load its scripts for nothing.
    page.goto(base + "/static/icons/icon-48.png")
    page.evaluate(
        """(lang) => {
            localStorage.setItem("scala40:fixed", "token");
            localStorage.setItem("scala40:lang", lang);
        }""",
        lang,
    )
    page.goto(base + "/t/fixed")
    page.wait_for_function("() => document.getElementById('game').dataset.myTurn === 'true'")
    return shown


def everything_open() -> TableActor:
    """Anna has opened and drawn: she may meld 5♦ 5♣ 5♠, lay off the Q♥, swap the 10♥
    for the joker, or discard (the fullest action bar of a turn)."""
    rules = Rules.build("fisca", {"players": 2})
    run = table_meld_from_dict({"kind": "run", "cards": ["8H", "9H", "JK=10H", "JH"]}, rules)
    anna = "5D 5C 5S 10H QH 2C 7S 9D KS"
    hand = Deal.setup(
        rules, [_kinds(anna), _kinds("2D 6C 9S KH 3C 7C 8C 4D")], table=[run], opened=[True, True]
    )
    hand.apply(DrawStock())
    return actor_at(hand, "fisca")


def drawn_under(changes: dict[str, object], anna: str) -> TableActor:
    """Anna, not opened, has drawn under the house rule ``changes``, holding ``anna``."""
    rules = Rules.build("fisca", {"players": 2, **changes})
    bruno = "2C 5H 9S KH QH 3C 7C 8C 4D AD JD 6H 9H"
    hand = Deal.setup(rules, [_kinds(anna), _kinds(bruno)], pozzo=[parse_card("8D")])
    hand.apply(DrawStock())
    return actor_at(hand, "fisca")


def joker_to_lay_off() -> TableActor:
    """Anna has opened and drawn, holding a joker: it may go at either end of the run
    8♥ 9♥ 10♥ J♥ (as 7♥ or Q♥) or take the missing suit of the set 5♥ 5♦ 5♣ (the 5♠)."""
    rules = Rules.build("fisca", {"players": 2})
    run = table_meld_from_dict({"kind": "run", "cards": ["8H", "9H", "10H", "JH"]}, rules)
    group = table_meld_from_dict({"kind": "set", "cards": ["5H", "5D", "5C"]}, rules)
    hand = Deal.setup(
        rules,
        [_kinds("JK 2C 7S 9D KS 5D 3C"), _kinds("2D 6C 9S KH 3C 7C 8C 4D")],
        table=[run, group],
        opened=[True, True],
    )
    hand.apply(DrawStock())
    return actor_at(hand, "fisca")


TABLE_MELDS = [
    ("run", "3S 4S 5S"),
    ("set", "7H 7D 7C"),
    ("run", "8D 9D 10D JD"),
    ("set", "KH KD KC"),
    ("run", "2C 3C 4C 5C 6C"),
    ("set", "10H 10S 10C"),
    ("run", "9S 10S JS QS"),
    ("set", "4H 4D 4S"),
    ("run", "AH 2H 3H"),
    ("set", "QH QD QC"),
    ("run", "5D 6D 7D 8D"),
    ("set", "6H 6S 6C"),
]
"""Twelve melds that two decks hold beside Anna's and Bruno's hands and the pozzo."""

POZZO = "2D 9H AC JH 3D KS"


def melds_on_the_table(count: int) -> TableActor:
    """Anna has drawn and holds fourteen cards with the first ``count`` of
    :data:`TABLE_MELDS` on the table (the newest last) and six cards in the pozzo; she has
    opened when there are melds, so the action bar is a full turn's. The most the phone's
    screen has to hold at once."""
    if not 0 <= count <= len(TABLE_MELDS):
        raise ValueError(f"count must be 0 to {len(TABLE_MELDS)}, not {count}")
    rules = Rules.build("fisca", {"players": 2})
    table = [
        table_meld_from_dict({"kind": kind, "cards": cards.split()}, rules)
        for kind, cards in TABLE_MELDS[:count]
    ]
    hand = Deal.setup(
        rules,
        [_kinds(ANNA), _kinds(BRUNO)],
        table=table,
        pozzo=_kinds(POZZO),
        opened=[count > 0, count > 0],
    )
    hand.apply(DrawStock())
    return actor_at(hand, "fisca")
