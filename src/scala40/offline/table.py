"""A local table: one person against bots, played in the browser with no server.

The page's Web Worker runs this on Pyodide. It is the server's table reduced to what one
person and their bots need: the engine decides every move, the seat's VIEW is cut by the
engine (:mod:`scala40.tableview.view`, the server's own code) and the page is sent the
same messages the server's WebSocket sends (docs/protocol.md): a whole ``state`` first
and on ``sync``, ``patch`` after each change, ``error``, ``hint``, ``check``,
``hand_over``. The table page has so one code path, whichever table is behind it.

The human sits in seat 0; bots of any level hold the others. The match is dealt the
verifiable way from its seed, so its record (:meth:`LocalTable.record`) replays and
verifies with ``scala40 replay`` and ``scala40 verify``. What the page keeps to resume
(:meth:`LocalTable.saved`) is the setup and the actions as text: the engine rebuilds the
rest, so a kept match can never hold a state the rules would not reach.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from scala40.bots import Bot, canonical_level, level_label, make_bot
from scala40.bots.heuristic import hint as club_hint
from scala40.engine.actions import Action
from scala40.engine.errors import IllegalAction, Refusal, RulesError
from scala40.engine.match import Match
from scala40.engine.rules import PRESETS, Rules
from scala40.engine.views import PlayerView
from scala40.notation.actions import format_action, parse_action
from scala40.notation.codec import JSONDict, action_from_dict, action_to_dict, facts_to_dict
from scala40.notation.errors import NotationError
from scala40.notation.record import Recorder, fair_json
from scala40.tableview.check import UnreadableCheck, meld_check
from scala40.tableview.fair import FairView
from scala40.tableview.patch import diff
from scala40.tableview.refusals import Code, TableRefusal, error
from scala40.tableview.seats import bot_seat_name
from scala40.tableview.summary import summary_json
from scala40.tableview.view import SeatFacts, TableFacts, legal_json, reasons_json, view_to_json
from scala40.tableview.view import event_json as event_of

TABLE_ID: Final = "local"
"""The table id every local VIEW carries (the page keeps one local match at a time)."""

HUMAN: Final = 0
"""The person's seat."""

PACES: Final[dict[str, float]] = {"slow": 1.6, "normal": 0.8, "fast": 0.2}
"""Seconds a bot waits before each move: the server's bot pause (0.8 s) times its table's
pace factor, so a local table feels like a served one."""

SUMMARY_SECONDS: Final = 30.0
"""How long the bots wait for the person to close a hand's summary (the server's
``summary_seconds``) before the next hand is played on."""

MAX_NAME: Final = 24


class SetupError(ValueError):
    """A local table asked for with a bad setup: the message names the problem."""


@dataclass(frozen=True)
class Setup:
    """What a local match is made of: who plays, under which rules, from which seed."""

    nickname: str
    bots: tuple[str, ...]
    """The bots' canonical levels, seats 1, 2, …"""
    preset: str = "fisca"
    changes: Mapping[str, Any] = field(default_factory=dict)
    """Single rule keys over the preset (as the lobby's form sends them)."""
    seed: int = 0
    first_dealer: int = 0
    bot_pace: str = "normal"

    @classmethod
    def read(cls, data: object) -> Setup:
        """A setup from the page's JSON: ``{"nickname", "bots": ["club", ...], "preset",
        "changes", "seed", "first_dealer", "bot_pace"}``; :class:`SetupError` names the
        first field that is wrong."""
        if not isinstance(data, Mapping):
            raise SetupError("a local table's setup is an object")
        name = data.get("nickname", "")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise SetupError(f"nickname is text, 1 to {MAX_NAME} characters")
        if any(not ch.isprintable() for ch in name):
            raise SetupError("nickname holds an invisible or control character")
        bots = data.get("bots")
        if not isinstance(bots, list) or not 1 <= len(bots) <= 5:
            raise SetupError("bots lists 1 to 5 bot levels")
        try:
            levels = tuple(canonical_level(str(b)) for b in bots)
        except ValueError as err:
            raise SetupError(str(err)) from None
        preset = data.get("preset", "fisca")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise SetupError(f"unknown rules preset {preset!r}: choose {', '.join(PRESETS)}")
        changes = data.get("changes") or {}
        if not isinstance(changes, Mapping):
            raise SetupError("changes is an object of rule keys")
        seed = data.get("seed", 0)
        dealer = data.get("first_dealer", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise SetupError("seed is a whole number, 0 to 2**63 - 1")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise SetupError("first_dealer is a seat number")
        pace = data.get("bot_pace", "normal")
        if pace not in PACES:
            raise SetupError(f"bot_pace is one of {', '.join(PACES)}")
        setup = cls(name.strip(), levels, preset, dict(changes), seed, dealer, str(pace))
        if not 0 <= dealer < setup.players:
            raise SetupError(f"first_dealer is a seat, 0 to {setup.players - 1}")
        setup.rules()  # refused here, before anything is made
        return setup

    @property
    def players(self) -> int:
        return 1 + len(self.bots)

    def rules(self) -> Rules:
        """The preset with the single keys, seated for the players (:class:`SetupError`
        naming a bad key)."""
        given = self.changes.get("players")
        if given is not None and str(given) != str(self.players):
            raise SetupError(f"the table has {self.players} seats but the rules say {given}")
        try:
            return Rules.build(self.preset, {**self.changes, "players": self.players})
        except (RulesError, ValueError) as err:
            raise SetupError(f"bad rules: {err}") from None

    def json(self) -> JSONDict:
        return {
            "nickname": self.nickname,
            "bots": list(self.bots),
            "preset": self.preset,
            "changes": dict(self.changes),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "bot_pace": self.bot_pace,
        }

    def names(self) -> list[str]:
        """Each seat's name: the person's, then ``Bot 2 (Club player)`` as a server names
        its bots."""
        return [self.nickname] + [
            bot_seat_name(i + 1, level_label(level)) for i, level in enumerate(self.bots)
        ]


class LocalTable:
    """One local match: the person's messages in, the page's messages out."""

    def __init__(self, setup: Setup, actions: Sequence[str] = ()) -> None:
        self.setup = setup
        self.rules = setup.rules()
        self.names = setup.names()
        self.match = Match(self.rules, setup.seed, setup.first_dealer, fair=True)
        self.recorder = Recorder(self.match, self.names, {"table_id": TABLE_ID})
        self.fair = FairView(self.match)
        self.bots: dict[int, Bot] = {i + 1: make_bot(lv) for i, lv in enumerate(setup.bots)}
        self.actions: list[str] = []
        self.version = 0
        self._sent: JSONDict | None = None
        """The VIEW the page was sent last: the next change goes as a patch of it."""
        self.pause: JSONDict | None = None
        """While the person reads a hand's summary: the VIEW's ``pause`` (bots wait)."""
        for text in actions:
            try:
                self._apply(parse_action(text), text)
            except (NotationError, IllegalAction) as err:
                raise SetupError(f"the kept match does not replay at {text!r}: {err}") from None

    @classmethod
    def resume(cls, saved: object) -> LocalTable:
        """The match the page kept (:meth:`saved`); :class:`SetupError` when it does not
        read or replay."""
        if not isinstance(saved, Mapping) or not isinstance(saved.get("actions"), list):
            raise SetupError('a kept match is {"setup": ..., "actions": [...]}')
        actions = saved["actions"]
        if not all(isinstance(a, str) for a in actions):
            raise SetupError("a kept match's actions are texts")
        return cls(Setup.read(saved.get("setup")), actions)

    def saved(self) -> JSONDict:
        """What the page keeps after every move to resume the match."""
        return {"setup": self.setup.json(), "actions": list(self.actions)}

    def record(self) -> JSONDict:
        """The match's record (notation ``record``: what ``scala40 replay`` reads)."""
        return self.recorder.record()

    # Reading ---------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return "over" if self.match.over else "playing"

    def facts(self) -> TableFacts:
        """The table's public facts, as a server's table of the same seats would give."""
        seats = [SeatFacts(self.names[0], "human", True, False, True, False, True)]
        seats += [
            SeatFacts(self.names[s], f"bot:{self.setup.bots[s - 1]}", True)
            for s in range(1, self.setup.players)
        ]
        return TableFacts(
            table_id=TABLE_ID,
            status=self.status,
            preset=self.setup.preset,
            seats=seats,
            history=self.match.history,
            turn_deadline=None,
            spectator=HUMAN not in self.match.deal.seats,
            extra={
                "fair": self.fair.json(self.status != "over"),
                "pause": self.pause,
                "rated": False,
            },
        )

    def view_json(self) -> JSONDict:
        """The person's VIEW: theirs cut by the engine, or the public view while they sit
        a hand out; the moves and the engine's reasons when it is their turn."""
        facts = self.facts()
        if facts.spectator:
            return view_to_json(PlayerView.public_of_match(self.match, HUMAN), facts)
        view = PlayerView.of_match(self.match, HUMAN)
        legal = None
        if self.status == "playing" and view.my_turn:
            legal = legal_json(view, self.match.deal)
            if legal:
                legal["why"] = reasons_json(self.match.deal, pozzo_ok=bool(legal.get("pozzo")))
        return view_to_json(view, facts, legal)

    def state(self, event: JSONDict | None = None) -> JSONDict:
        """The whole VIEW (the first message, and the answer to ``sync``)."""
        view = self.view_json()
        self._sent = view
        return self._with_rematch(
            {"type": "state", "v": self.version, "view": view, "event": event}
        )

    def _change(self, event: JSONDict | None, was: int) -> JSONDict:
        """The page's message after a change: a patch of the VIEW it holds."""
        if self._sent is None:
            return self.state(event)
        view = self.view_json()
        ops = diff(self._sent, view)
        self._sent = view
        message = {"type": "patch", "v": self.version, "from": was, "ops": ops, "event": event}
        return self._with_rematch(message)

    def _with_rematch(self, message: JSONDict) -> JSONDict:
        if self.status == "over":
            message["rematch"] = {"asked": [], "table_id": None}
        return message

    # The person's messages -------------------------------------------------------------
    def receive(self, message: object) -> list[JSONDict]:
        """The answer to one message from the page (docs/protocol.md, client → server)."""
        if not isinstance(message, Mapping):
            return [self._refuse(TableRefusal.BAD_MESSAGE, "a message is a JSON object")]
        kind = message.get("type")
        if kind == "sync":
            return [self.state()]
        if kind == "ping":
            return [{"type": "pong"}]
        if kind == "action":
            return self._act(message)
        if kind == "hint":
            return [self._hint()]
        if kind == "check":
            try:
                return [meld_check(dict(message), self.rules)]
            except UnreadableCheck as err:
                return [self._refuse(TableRefusal.BAD_MESSAGE, str(err))]
        if kind == "summary_closed":
            return self._summary_closed(message.get("hand"))
        if kind == "entropy":
            return [
                self._refuse(
                    TableRefusal.ENTROPY_REFUSED, "a local table deals from its own secret"
                )
            ]
        if kind == "chat":
            return [self._refuse(TableRefusal.BAD_MESSAGE, "a local table has nobody to chat to")]
        if kind == "rematch":
            return [self._refuse(TableRefusal.REMATCH_REFUSED, "start a new local match instead")]
        return [self._refuse(TableRefusal.BAD_MESSAGE, f"unknown message type {kind!r}")]

    def _refuse(self, code: Code, message: str, facts: JSONDict | None = None) -> JSONDict:
        return error(code, message, self.version, facts)

    def _act(self, message: Mapping[str, Any]) -> list[JSONDict]:
        v = message.get("v")
        if not isinstance(v, int) or isinstance(v, bool):
            return [
                self._refuse(
                    TableRefusal.BAD_MESSAGE, 'an action message carries "v", the last version seen'
                )
            ]
        try:
            action = action_from_dict(message.get("action"))  # type: ignore[arg-type]
        except (NotationError, ValueError, TypeError) as err:
            return [self._refuse(Refusal.BAD_ACTION, f"unreadable action: {err}")]
        if self.match.over:
            return [self._refuse(Refusal.MATCH_OVER, "the match is over")]
        current = self.match.current_seat
        if current != HUMAN:
            return [
                self._refuse(
                    TableRefusal.NOT_YOUR_TURN,
                    f"it is {self.names[current]}'s turn",
                    {"seat": current},
                )
            ]
        if v != self.version:
            return [
                self._refuse(
                    TableRefusal.STALE_VERSION,
                    f"the table is at version {self.version}, not {v}: resync",
                )
            ]
        try:
            text = format_action(action)
            if parse_action(text) != action:
                return [self._refuse(Refusal.BAD_ACTION, f"{text!r} does not read back as itself")]
        except NotationError as err:
            return [self._refuse(Refusal.BAD_ACTION, str(err))]
        refused = self.match.deal.check(action)
        if refused is not None:
            return [self._refuse(refused.code, refused.reason, facts_to_dict(refused.facts))]
        self.pause = None  # a person who moves has closed the summary
        return self._play(action, text)

    def _hint(self) -> JSONDict:
        if self.match.over or self.match.current_seat != HUMAN:
            return {"type": "hint", "action": None, "text": "it is not your turn"}
        view = PlayerView.of_match(self.match, HUMAN)
        found = club_hint(view, random.Random(self.setup.seed ^ self.version))
        return {
            "type": "hint",
            "v": self.version,
            "action": action_to_dict(found.action),
            "text": found.text,
        }

    def _summary_closed(self, hand: object) -> list[JSONDict]:
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 1:
            return [
                self._refuse(
                    TableRefusal.BAD_MESSAGE,
                    'summary_closed carries "hand", the number (1 or more) of the hand summed up',
                )
            ]
        ended = len(self.match.history)
        if hand > ended:
            return [
                self._refuse(
                    TableRefusal.BAD_MESSAGE,
                    f"hand {hand} has not ended: the last hand that ended is {ended}",
                )
            ]
        if self.pause is None or self.pause["hand"] != hand:
            return []  # an earlier hand's, or the pause is over: nothing changes
        self.pause = None
        return [self._change(None, self.version)]

    # Bots ------------------------------------------------------------------------------
    def bot_due(self, now: float | None = None) -> bool:
        """Whether a bot is to move now (none while the person reads a summary, up to
        :data:`SUMMARY_SECONDS`)."""
        if self.match.over or self.match.current_seat == HUMAN:
            return False
        if self.pause is not None:
            if (time.time() if now is None else now) < self.pause["until"]:
                return False
            self.pause = None
        return True

    def bot_move(self) -> list[JSONDict]:
        """The bot to move plays; the page's messages (none when no bot is to move).

        Its randomness is drawn from the seed and the version, so a match resumed from
        what the page kept plays on exactly as it would have."""
        if self.match.over or self.match.current_seat == HUMAN:
            return []
        seat = self.match.current_seat
        view = PlayerView.of_match(self.match, seat)
        rng = random.Random(self.setup.seed * 1_000_003 + self.version)
        action = self.bots[seat].choose(view, rng)
        return self._play(action, format_action(action))

    # Playing ---------------------------------------------------------------------------
    def _apply(self, action: Action, text: str) -> None:
        self.recorder.apply(action, text)
        self.actions.append(text)
        self.version += 1

    def _play(self, action: Action, text: str) -> list[JSONDict]:
        """Apply a checked move and tell the page: the hand's summary first when it ended
        the hand (as the server does), then the change of the VIEW."""
        seat = self.match.current_seat
        pozzo = self.match.deal.pozzo
        pozzo_top = pozzo[-1] if pozzo else None
        was = self.version
        finished = len(self.match.history)
        self._apply(action, text)
        out: list[JSONDict] = []
        if len(self.match.history) > finished:
            record = self.match.history[-1]
            summary = summary_json(record, self.match)
            if summary["match_over"]:
                summary["ratings"] = {}
            summary["fair"] = fair_json(self.match.fair_deal(record.number))
            out.append({"type": "hand_over", "v": self.version, "summary": summary})
            if not self.match.over:
                self.pause = {
                    "hand": record.number,
                    "until": time.time() + SUMMARY_SECONDS,
                    "waiting": [HUMAN],
                }
        out.append(self._change(event_of(seat, action, pozzo_top), was))
        return out
