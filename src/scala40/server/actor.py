"""One actor per table: every change to a table goes through its single queue, in order.

Human moves, bot moves, turn timeouts, joins and (dis)connections are commands; the actor
takes them one at a time, asks the engine, stores an accepted action *before* anyone hears
of it, then sends each connected seat its own VIEW. Bots think in a worker thread and
submit their move as a command like anyone else, so a stale bot move (the table moved on
meanwhile) is simply refused by version.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial

from scala40.bots import Bot, canonical_level, make_bot
from scala40.bots.base import any_legal, ending_move, world_of
from scala40.engine.actions import Action
from scala40.engine.errors import IllegalAction
from scala40.engine.match import HandRecord, Match
from scala40.engine.views import PlayerView
from scala40.notation.actions import format_action, parse_action
from scala40.notation.codec import JSONDict, facts_to_dict, rules_from_changes
from scala40.notation.errors import NotationError
from scala40.notation.record import Recorder, dump_record, fair_json
from scala40.server.chat import LIMIT_TEXT, ChatPace
from scala40.server.db import Db
from scala40.server.outbox import Broadcast, Outbox
from scala40.server.players import Players, SeatPlace, places
from scala40.server.program_seats import Programs, ProgramSeat
from scala40.server.refusals import Code, Refusal, TableRefusal
from scala40.server.settings import Settings
from scala40.server.store import BOT_PACES, CLOSED, EXPIRED, SeatRow, StoredTable, TableRow
from scala40.server.summaries import summary_json
from scala40.server.thinking import Thinkers
from scala40.server.viewjson import (
    SeatFacts,
    TableFacts,
    event_json,
    legal_json,
    reasons_json,
    seat_view_json,
    view_to_json,
)
from scala40.server.viewpatch import share

log = logging.getLogger("scala40.server")

CLOSE_REPLACED = 4000
CLOSE_NO_TOKEN = 4401
"""Close code for a socket whose token opens no seat at the table."""
CLOSE_MOVED = 1012
"""Close code (WebSocket's "service restart") for a connection whose table stops being
played here: the server stops, or another node of a cluster took the table over. The
client reconnects and is sent the whole view by whichever node it reaches."""
CLOSE_WATCHERS_FULL = 4429
"""Close code for a spectator turned away: the table has as many watching as it allows."""
"""Close code for a connection replaced by a newer one for the same seat."""


@dataclass
class Seat:
    """A seat as the actor keeps it: who sits there and how to reach them."""

    seat: int
    kind: str
    name: str
    token_hash: str | None
    outbox: Outbox | None = None
    stand_in: bool = False
    """A bot plays this human seat until its player comes back."""
    epoch: int = 0
    """Bumped on every (dis)connection, so an old grace timer knows it is old."""
    bot: Bot | None = None
    program: ProgramSeat | None = None
    """A program over the bot protocol plays this bot seat (its ``bot`` is the program's)."""
    claim_hash: str | None = None
    """At a rematch: the hash of the seat's old token, which opens this seat once."""
    player_id: str | None = None
    """The rated identity sitting here (``None``: anonymous, or a bot)."""

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def taken(self) -> bool:
        return self.is_bot or self.token_hash is not None


@dataclass(frozen=True)
class Act:
    seat: int
    v: int
    action: Action
    outbox: Outbox | None


@dataclass(frozen=True)
class BotMove:
    seat: int
    version: int
    action: Action


@dataclass(frozen=True)
class TurnTimeout:
    turn: tuple[int, int]


@dataclass(frozen=True)
class GraceOver:
    seat: int
    epoch: int


@dataclass(frozen=True)
class Connect:
    seat: int
    outbox: Outbox


@dataclass(frozen=True)
class Disconnect:
    seat: int
    outbox: Outbox


@dataclass(frozen=True)
class Watch:
    """A spectator's connection opens (``on``) or closes. A spectator holds no seat and is
    sent the public VIEW only: no player's cards, whoever asks."""

    outbox: Outbox
    on: bool


@dataclass(frozen=True)
class Join:
    seat: int | None
    name: str
    token_hash: str
    done: asyncio.Future[int] = field(compare=False)
    player_id: str | None = None
    """The rated identity taking the seat (``None``: an anonymous player)."""


@dataclass(frozen=True)
class Entropy:
    """A seat's contribution to the shuffle of a hand not dealt yet (fair tables)."""

    seat: int
    hand: int
    data: bytes
    outbox: Outbox | None


@dataclass(frozen=True)
class Chat:
    """A checked chat message (``{"phrase": CODE}`` or ``{"text": TEXT}``) from a seat."""

    seat: int
    body: JSONDict
    outbox: Outbox


@dataclass(frozen=True)
class AskRematch:
    """A seat of a finished table asks to play again with the same seats and rules."""

    seat: int
    outbox: Outbox


@dataclass(frozen=True)
class RematchDue:
    """The only human who had not asked for the rematch left: make it for the others."""


@dataclass(frozen=True)
class Claim:
    """The old token of a finished table's seat opens its seat at the rematch, once."""

    claim_hash: str
    token_hash: str
    done: asyncio.Future[int | None] = field(compare=False)


class RematchRefused(Exception):
    """The server could not make a rematch now (full, or the store failed)."""


@dataclass(frozen=True)
class EndTable:
    """The registry found the table due to end (expired or abandoned) at ``moment``."""

    moment: float


Command = (
    Act
    | BotMove
    | TurnTimeout
    | GraceOver
    | Connect
    | Disconnect
    | Watch
    | Join
    | EndTable
    | Entropy
    | Chat
    | AskRematch
    | RematchDue
    | Claim
)

PLAYED_FOR_KEPT = 200
"""At most this many of the moves a bot made for an absent player are kept to tell them."""

BOT_TURN_MOVES = 60
"""Moves a turn may hold before the table ends it for a bot seat (or a stand-in) with
:func:`~scala40.bots.base.ending_move`. A turn holds at most a draw, a move for each of
fourteen cards and the discard, and a bot that takes back does not redo it for long: a
bot past this is caught in a loop, which would spin the table and grow its store."""

END_REASONS = {
    EXPIRED: "nobody came: the table waited too long for its players",
    CLOSED: "every player left: the table is closed",
}


class JoinRefused(Exception):
    """No seat for a newcomer (``code``: ``table_full``, ``seat_taken``, ``no_such_seat``)."""

    def __init__(self, code: TableRefusal, message: str) -> None:
        super().__init__(message)
        self.code = code


def _canonical_or_none(level: str) -> str | None:
    """A built-in level's canonical name (an old name such as ``heuristic`` too), or
    ``None`` when ``level`` is no built-in level (a registered program's name)."""
    try:
        return canonical_level(level)
    except ValueError:
        return None


def error(code: Code, message: str, v: int, facts: JSONDict | None = None) -> JSONDict:
    """An ``error`` message; ``facts`` (when the reason has specifics: cards, numbers, a
    seat) let a page word the whole reason in its own language."""
    out: JSONDict = {"type": "error", "code": code, "message": message, "v": v}
    if facts:
        out["facts"] = facts
    return out


class TableActor:
    """The authority over one table: its match, seats, version and connections."""

    def __init__(self, table: TableRow, seats: list[SeatRow], db: Db, settings: Settings) -> None:
        self.table = table
        self.db = db
        self.settings = settings
        self.status = table.status
        self.seats = [
            Seat(
                s.seat, s.kind, s.name, s.token_hash, claim_hash=s.claim_hash, player_id=s.player_id
            )
            for s in seats
        ]
        programs = Programs(dict(settings.program_bots), settings.program_decision_ms)
        for s in self.seats:
            if s.is_bot:
                level = s.kind.split(":", 1)[1]
                canonical = _canonical_or_none(level)
                if level in programs.commands:
                    s.program = programs.seat(level)
                    s.bot = s.program.bot
                elif canonical is not None:
                    # A table stored under an old level name (bot:heuristic) plays on as
                    # its canonical level, and shows it so.
                    s.kind = f"bot:{canonical}"
                    s.bot = make_bot(canonical)
                else:
                    # A program registered when the table was made, not since a restart.
                    log.warning(
                        "table %s: no bot %r here now; %s plays its seat",
                        table.id,
                        level,
                        settings.stand_in_level,
                    )
                    s.bot = make_bot(settings.stand_in_level)
        self.rules = rules_from_changes(table.changes)
        self.match = Match(self.rules, table.seed, table.first_dealer, fair=table.fair)
        self.recorder = Recorder(self.match, [s.name for s in self.seats], {"table_id": table.id})
        self.version = 0
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.rng = random.Random(secrets.randbits(64))
        """The bots' own randomness: never the table's seed, which stays a secret."""
        self.deadline: float | None = None
        self.turn: tuple[int, int] | None = None
        self.turn_moves = 0
        """Moves made in the turn ``turn`` (see :data:`BOT_TURN_MOVES`)."""
        self.timed_out: tuple[int, int] | None = None
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._thinking: asyncio.Task[None] | None = None
        self._thinking_for: tuple[int, int] = (-1, -1)
        """(seat, version) the running bot task is choosing for."""
        self._graces: dict[int, asyncio.Task[None]] = {}
        self.on_over: Callable[[TableActor], None] | None = None
        """Told once the match is over and its record stored (the registry retires it)."""
        self.on_ended: Callable[[TableActor], None] | None = None
        """Told once the table expired or was closed (the registry lets it go)."""
        self.alone_since: float | None = time.monotonic()
        """Monotonic time since which no human is connected (``None``: someone is)."""
        self.played_for: dict[int, list[JSONDict]] = {}
        """The moves a bot made for each human seat while nobody was connected to it, told
        to its player on return. Kept in memory only: a courtesy, not game state (the
        stored actions stay the truth), so a restart forgets it."""
        self.chat_paces: dict[int, ChatPace] = {}
        """Each seat's chat allowance, kept across its reconnections."""
        self._commitments: dict[int, str] = {}
        self.league_name: str | None = None
        """The name of the league this table counts for (``table.league_id``)."""
        self.watchers: list[Outbox] = []
        """The spectators' connections: each gets the public VIEW and the hand summaries,
        never chat (the players talk among themselves) nor anything of a seat."""
        self.rematch_asked: set[int] = set()
        """The seats that asked for a rematch of this finished match."""
        self.rematch_id: str | None = None
        """The table the rematch created (stored with this table, too)."""
        self.on_rematch: Callable[[TableActor], Awaitable[tuple[str, dict[int, str]]]] | None = None
        """Makes the rematch table (the registry's): its id and each human seat's token."""
        self._last_public: JSONDict | None = None
        """The public VIEW of the last broadcast, whose unchanged parts the next one shares
        (:func:`~scala40.server.viewpatch.share`): patches then compare them once."""
        self.thinkers: Thinkers | None = None
        """The node's worker processes for the bots (``None``: bots think in a thread)."""

    # Life --------------------------------------------------------------------------------
    @classmethod
    def rebuild(cls, stored: StoredTable, db: Db, settings: Settings) -> TableActor:
        """A stored table as it was at its last stored action (replayed through the engine)."""
        actor = cls(stored.table, stored.seats, db, settings)
        for hand, _seat, data in stored.entropy:
            # Only later hands take entropy (see _entropy), so the match dealt so far is
            # the one first built; each contribution goes in as it was first accepted.
            actor.match.contribute(hand, bytes.fromhex(data))
        for version, _seat, text in stored.actions:
            if version != actor.version + 1:
                raise ValueError(
                    f"table {stored.table.id}: action {version} follows {actor.version}"
                )
            actor.recorder.apply(parse_action(text))
            actor.version = version
        return actor

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.table.id)
        if self.status == "playing":
            for s in self.seats:
                if not s.is_bot and s.outbox is None:
                    self._start_grace(s)
            self._schedule()

    async def stop(self, code: int = 1012, reason: str = "the server is restarting") -> None:
        tasks = [self._task, self._timer, self._thinking, *self._graces.values()]
        for t in tasks:
            if t is not None:
                t.cancel()
        for t in tasks:
            if t is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await t
        for s in self.seats:
            if s.outbox is not None:
                s.outbox.close(code, reason)
            if s.program is not None:
                s.program.close()
        for watcher in self.watchers:
            watcher.close(code, reason)
        self.watchers.clear()
        while not self.queue.empty():
            pending = self.queue.get_nowait()
            if isinstance(pending, Join | Claim) and not pending.done.done():
                pending.done.set_exception(JoinRefused(TableRefusal.TABLE_CLOSED, reason))

    def submit(self, command: Command) -> None:
        self.queue.put_nowait(command)

    async def finish_if_over(self) -> None:
        """A match whose last action was stored but whose end was not (a crash between)."""
        if self.match.over and self.status != "over":
            await self._mark_over()

    async def _run(self) -> None:
        while True:
            command = await self.queue.get()
            try:
                await self._handle(command)
            except Exception:  # one bad command must not stop the table
                log.exception("table %s: %r failed", self.table.id, command)
                if isinstance(command, Join | Claim) and not command.done.done():
                    command.done.set_exception(
                        JoinRefused(TableRefusal.SERVER_ERROR, "could not join")
                    )

    async def _handle(self, command: Command) -> None:
        if isinstance(command, Act):
            await self._act(command)
        elif isinstance(command, BotMove):
            await self._bot_move(command)
        elif isinstance(command, TurnTimeout):
            self._timeout(command)
        elif isinstance(command, GraceOver):
            self._grace_over(command)
        elif isinstance(command, Connect):
            self._connect(command)
        elif isinstance(command, Disconnect):
            self._disconnect(command)
        elif isinstance(command, Watch):
            self._watch(command)
        elif isinstance(command, EndTable):
            await self._end(command)
        elif isinstance(command, Entropy):
            await self._entropy(command)
        elif isinstance(command, Chat):
            self._chat(command)
        elif isinstance(command, AskRematch):
            await self._ask_rematch(command)
        elif isinstance(command, RematchDue):
            await self._rematch_if_due(None, None)
        elif isinstance(command, Claim):
            await self._claim(command)
        else:
            await self._join(command)

    # The verifiable shuffle ------------------------------------------------------------
    def fair_json(self) -> JSONDict | None:
        """What every seat is shown of the shuffle: the commitment of the hand in play and
        of the next one, which takes the seats' entropy until it is dealt (docs/fair-deal.md).
        ``None`` for a table dealt the older way."""
        m = self.match
        if not m.fair:
            return None
        number = m.hand_number
        given = m.contributions.get(number + 1, [])
        return {
            "hand": number,
            "commitment": self._commitment(number),
            "next": {
                "hand": number + 1,
                "commitment": self._commitment(number + 1),
                "contributions": len(given),
                "open": self.status != "over" and not m.over,
            },
        }

    def _commitment(self, number: int) -> str:
        """Hand ``number``'s commitment, computed once (every VIEW shows two)."""
        known = self._commitments.get(number)
        if known is None:
            known = self._commitments[number] = self.match.commitment_for(number)
        return known

    async def _entropy(self, cmd: Entropy) -> None:
        """Store a seat's entropy for the next hand, then mix it in.

        Only the hand after the one in play takes it: every seat has seen its commitment
        and nobody has seen its cards. (The first hand is dealt when the table is made, so
        it takes none: a seat that could add entropy after seeing its cards could re-deal
        them.) One contribution per seat and hand, stored before it counts, so a restart
        deals the same hands.
        """
        m = self.match
        if not m.fair or m.over or cmd.hand != m.hand_number + 1:
            if cmd.outbox is not None:
                cmd.outbox.put(
                    error(
                        TableRefusal.ENTROPY_REFUSED,
                        f"entropy goes to hand {m.hand_number + 1}, the next to be dealt",
                        self.version,
                    )
                )
            return
        try:
            await self.db.run(
                self.db.store.add_entropy, self.table.id, cmd.hand, cmd.seat, cmd.data.hex()
            )
        except Exception:
            if cmd.outbox is not None:
                cmd.outbox.put(
                    error(
                        TableRefusal.ENTROPY_REFUSED,
                        f"your entropy for hand {cmd.hand} is in already",
                        self.version,
                    )
                )
            return
        m.contribute(cmd.hand, cmd.data)
        if cmd.outbox is not None:
            cmd.outbox.put({"type": "entropy", "hand": cmd.hand, "v": self.version})

    # Ending without a result -----------------------------------------------------------
    def alone_for(self, moment: float) -> float:
        """Seconds no human has been connected (0 while someone is)."""
        return 0.0 if self.alone_since is None else max(0.0, moment - self.alone_since)

    def end_due(self, wall: datetime, moment: float) -> str | None:
        """``expired``, ``closed`` or ``None``: whether nobody will play this table.

        A waiting table expires ``waiting_seconds`` after it was created; a table in play
        closes when no human has been connected for ``abandoned_seconds``.
        """
        if self.status == "waiting":
            waited = (wall - self.table.created).total_seconds()
            return EXPIRED if waited >= self.settings.waiting_seconds else None
        if self.status == "playing" and not self.match.over:
            alone = self.alone_for(moment)
            return CLOSED if alone >= self.settings.abandoned_seconds else None
        return None

    def end_reason(self) -> str:
        return END_REASONS.get(self.status, "the table is closed")

    async def _end(self, cmd: EndTable) -> None:
        status = self.end_due(datetime.now(UTC), cmd.moment)
        if status is None:
            return  # someone came back meanwhile
        await self.db.run(self.db.store.end_unplayed, self.table.id, status)
        self.status = status
        self._schedule()  # stops the timer and any bot
        if self.on_ended is not None:
            self.on_ended(self)

    def _bots_paused(self) -> bool:
        """With no human connected for a while, nobody is kept waiting: bots stop."""
        return self.alone_for(time.monotonic()) >= self.settings.bots_pause_seconds

    def _humans_connected(self) -> bool:
        return any(s.outbox is not None for s in self.seats if not s.is_bot)

    # Reading -----------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name or f"Seat {seat + 1}"

    def facts(self, spectator: bool = False) -> TableFacts:
        return TableFacts(
            table_id=self.table.id,
            status=self.status,
            preset=self.table.preset,
            seats=[
                SeatFacts(
                    s.name,
                    s.kind,
                    s.is_bot or s.outbox is not None,
                    s.stand_in or (self._turn_timed_out() and self._current() == s.seat),
                    s.taken,
                )
                for s in self.seats
            ],
            history=self.match.history,
            turn_deadline=self.deadline,
            spectator=spectator,
            extra={"fair": self.fair_json()},
        )

    def view_of(self, seat: int) -> PlayerView:
        """The seat's PlayerView; a seat out of this hand (eliminated) gets the public view,
        cut by the engine from the true hand (no player's cards)."""
        if seat in self.match.deal.seats:
            return PlayerView.of_match(self.match, seat)
        return PlayerView.public_of_match(self.match, seat)

    def view_json(self, seat: int | None, facts: TableFacts | None = None) -> JSONDict:
        """The seat's VIEW (``None``: a spectator's, the public view of no seat); the seat
        to move also gets the engine's reasons for the moves it may not make now
        (``legal.why``), read from the true hand: no other seat's. ``facts``: the table's
        facts when the caller has them already (a broadcast makes them once)."""
        if seat is None:
            public = PlayerView.public_of_match(self.match)
            return view_to_json(public, self._facts_for(True, facts))
        spectator = seat not in self.match.deal.seats
        view = self.view_of(seat)
        legal = None if spectator else self._legal_of(view)
        return view_to_json(view, self._facts_for(spectator, facts), legal)

    def _legal_of(self, view: PlayerView) -> JSONDict | None:
        """The moves of a playing seat's view with the engine's reasons for the others
        (read from the true hand: its own), when it is to move; else ``None``."""
        if self.status != "playing" or not view.my_turn:
            return None
        legal = legal_json(view, self.match.deal)
        if legal:
            legal["why"] = reasons_json(self.match.deal, pozzo_ok=bool(legal.get("pozzo")))
        return legal

    def _facts_for(self, spectator: bool, made: TableFacts | None) -> TableFacts:
        if made is None:
            return self.facts(spectator)
        return made if made.spectator == spectator else replace(made, spectator=spectator)

    def state(
        self, seat: int | None, event: JSONDict | None = None, facts: TableFacts | None = None
    ) -> JSONDict:
        return self._message(self.view_json(seat, facts), event)

    def _message(self, view: JSONDict, event: JSONDict | None) -> JSONDict:
        message = {"type": "state", "v": self.version, "view": view, "event": event}
        if self.status == "over":
            # Who asked for a rematch, and where it is once made (docs/protocol.md).
            asked = sorted(self.rematch_asked)
            message["rematch"] = {"asked": asked, "table_id": self.rematch_id}
        return message

    def _turn_timed_out(self) -> bool:
        """The timer ran out on the turn being played. Before the first turn (a waiting
        table) both are ``None``: that is no timeout, and nobody plays for anyone."""
        return self.timed_out is not None and self.timed_out == self.turn

    def _current(self) -> int:
        return self.match.current_seat

    def check_token(self, token_hash: str) -> int | None:
        """The seat a token hash belongs to at this table, or ``None``."""
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
                return s.seat
        return None

    # Sending -----------------------------------------------------------------------------
    def _broadcast(self, event: JSONDict | None) -> None:
        """Every seat's and spectator's state after a move: the public VIEW is written once
        (the table's facts too) and each playing seat's from it (:func:`seat_view_json`);
        connections on patches share the public part of theirs (:class:`Broadcast`)."""
        facts = self.facts()
        public = share(self._last_public, self.view_json(None, facts))
        shared = Broadcast(self._last_public, public)
        self._last_public = public
        in_hand = self.match.deal.seats
        for s in self.seats:
            if s.outbox is None:
                continue
            if s.seat in in_hand:
                view = PlayerView.of_match(self.match, s.seat)
                seat_json = seat_view_json(public, view, self._legal_of(view))
                s.outbox.put(self._message(seat_json, event), shared=shared)
            else:
                s.outbox.put(self._message(self.view_json(s.seat, facts), event))  # sits out
        if self.watchers:
            message = self._message(public, event)  # one public view for every spectator
            for watcher in self.watchers:
                watcher.put(message, shared=shared)

    def _send_all(self, message: JSONDict, *, watchers: bool = True) -> None:
        for s in self.seats:
            if s.outbox is not None:
                s.outbox.put(message)
        if watchers:
            for watcher in self.watchers:
                watcher.put(message)

    # Moves -------------------------------------------------------------------------------
    def refusal(self, seat: int, v: int, action: Action) -> tuple[Code, str, JSONDict] | None:
        """Why ``seat`` may not play ``action`` at version ``v`` now (``None``: it may):
        the code, the English reason and its facts (see :func:`error`)."""
        if self.status == "waiting":
            return TableRefusal.NOT_STARTED, "the match starts when every seat is taken", {}
        if self.status == "over" or self.match.over:
            return Refusal.MATCH_OVER, "the match is over", {}
        if seat != self._current():
            current = self._current()
            return (
                TableRefusal.NOT_YOUR_TURN,
                f"it is {self.name(current)}'s turn",
                {"seat": current},
            )
        if v != self.version:
            return (
                TableRefusal.STALE_VERSION,
                f"the table is at version {self.version}, not {v}: resync",
                {},
            )
        try:
            if parse_action(format_action(action)) != action:
                text = format_action(action)
                return Refusal.BAD_ACTION, f"{text!r} does not read back as itself", {}
        except NotationError as err:
            return Refusal.BAD_ACTION, str(err), {}
        refused = self.match.deal.check(action)
        if refused is not None:
            return refused.code, refused.reason, facts_to_dict(refused.facts)
        return None

    async def _act(self, cmd: Act) -> None:
        refused = self.refusal(cmd.seat, cmd.v, cmd.action)
        if refused is not None:
            if cmd.outbox is not None:
                code, message, facts = refused
                cmd.outbox.put(error(code, message, self.version, facts))
            return
        seat = self.seats[cmd.seat]
        if self.timed_out == self.turn and not seat.is_bot and not seat.stand_in:
            self.timed_out = None  # the player is back in time to finish the turn
        await self._commit(cmd.seat, cmd.action, cmd.outbox)

    async def _commit(self, seat: int, action: Action, sender: Outbox | None) -> None:
        text = format_action(action)
        version = self.version + 1
        pozzo = PlayerView.of_match(self.match, seat).pozzo  # public: what the event may name
        pozzo_top = pozzo[-1] if pozzo else None
        try:
            await self.db.append(self.table.id, version, seat, text)
        except Exception:
            log.exception("table %s: could not store version %d", self.table.id, version)
            if sender is not None:
                sender.put(
                    error(TableRefusal.SERVER_ERROR, "the move could not be saved", self.version)
                )
            return
        finished = len(self.match.history)
        try:
            self.recorder.apply(action)
        except IllegalAction:  # checked just before: only a bug gets here
            log.exception("table %s: a checked action was refused", self.table.id)
            raise
        self.version = version
        self.turn_moves += 1
        if self.match.over:
            await self._mark_over()
        if len(self.match.history) > finished:
            record = self.match.history[-1]
            summary = summary_json(record, self.match)
            if self.match.fair:
                # The hand is over: its secret is told, so anyone can check its deck.
                summary["fair"] = fair_json(self.match.fair_deal(record.number))
            self._send_all({"type": "hand_over", "v": version, "summary": summary})
            self._tell_programs(record)
        self._schedule()
        event = event_json(seat, action, pozzo_top)
        absent = self.seats[seat]
        if not absent.is_bot and absent.outbox is None:
            moves = self.played_for.setdefault(seat, [])
            moves.append(event)
            del moves[:-PLAYED_FOR_KEPT]
        self._broadcast(event)

    def _tell_programs(self, record: HandRecord) -> None:
        """The protocol's news for the programs at this table: the hand that ended and,
        when the match is over, its end (each program is then ended)."""
        programs = [s.program for s in self.seats if s.program is not None]
        if not programs:
            return
        result = record.result
        winner = None if result.winner is None else record.seats[result.winner]
        for program in programs:
            program.hand_over(record.number, winner, record.penalties, record.totals)
        if self.match.winner is not None:
            winners = self.rules.seats_of(self.match.winner)
            totals = {s.seat: self.match.totals[self.rules.unit_of(s.seat)] for s in self.seats}
            for program in programs:
                program.match_over(winners, totals)

    async def _mark_over(self) -> None:
        self.status = "over"
        self.recorder.seats[:] = [self.name(s.seat) for s in self.seats]
        record = dump_record(self.recorder.record())
        # The rated identities at this table move with its result (players.py).
        players = Players(self.db.store.engine)
        rate = players.rating(self.table.id, self._seat_places(), record)
        await self.db.run(self.db.store.mark_over, self.table.id, self.match.winner, record, rate)
        if self.on_over is not None:
            self.on_over(self)

    def _seat_places(self) -> list[SeatPlace]:
        """The seats as the ratings see the finished match (players.py): each one's place
        and the identity sitting there."""
        rules = self.rules
        units = sorted({rules.unit_of(s.seat) for s in self.seats})
        place = places(units, dict(enumerate(self.match.totals)), self.match.winner)
        return [
            SeatPlace(
                s.seat, rules.unit_of(s.seat), place[rules.unit_of(s.seat)], s.player_id, s.kind
            )
            for s in self.seats
        ]

    # Bots --------------------------------------------------------------------------------
    def _bot_for(self, seat: int) -> Bot | None:
        s = self.seats[seat]
        if s.is_bot:
            return s.bot
        if s.stand_in or self._turn_timed_out():
            if s.bot is None:
                s.bot = make_bot(self.settings.stand_in_level)
            return s.bot
        return None

    def _schedule(self) -> None:
        """After every change: arm the turn timer or set the seat's bot thinking."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.status != "playing" or self.match.over:
            self.deadline = None
            if self._thinking is not None:
                self._thinking.cancel()
            return
        hand = self.match.deal
        turn = (self.match.hand_number, hand.turns_done)
        if turn != self.turn:
            self.turn = turn
            self.turn_moves = 0
            self.timed_out = None
            self.deadline = None
            seat = self.seats[self._current()]
            if self.table.turn_seconds and not seat.is_bot:
                self.deadline = time.time() + self.table.turn_seconds
        seat_now = self._current()
        bot = self._bot_for(seat_now)
        thinking = self._thinking is not None and not self._thinking.done()
        if thinking and (bot is None or self._thinking_for != (seat_now, self.version)):
            assert self._thinking is not None
            self._thinking.cancel()  # thinking about a table that has moved on
            thinking = False
        if bot is not None and self._bots_paused():
            if thinking:
                assert self._thinking is not None
                self._thinking.cancel()
            return
        if bot is not None:
            if not thinking:
                self._thinking_for = (seat_now, self.version)
                self._thinking = asyncio.get_running_loop().create_task(
                    self._think(seat_now, self.version, bot)
                )
            return
        if self.deadline is not None:
            self._timer = asyncio.get_running_loop().create_task(self._alarm(turn, self.deadline))

    async def _alarm(self, turn: tuple[int, int], deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        self.submit(TurnTimeout(turn))

    def _timeout(self, cmd: TurnTimeout) -> None:
        if cmd.turn != self.turn or self.status != "playing":
            return
        self.timed_out = self.turn
        self.deadline = None
        self._schedule()
        self._broadcast({"type": "timeout", "seat": self._current()})

    async def _think(self, seat: int, version: int, bot: Bot) -> None:
        pause = self.settings.bot_pause * BOT_PACES.get(self.table.bot_pace, 1.0)
        if pause > 0:
            await asyncio.sleep(pause)
        if self.version != version:
            return
        view = PlayerView.of_match(self.match, seat)
        program = self.seats[seat].program
        try:
            if self.turn_moves >= BOT_TURN_MOVES:
                log.warning(
                    "table %s: seat %d's bot made %d moves this turn; ending its turn",
                    self.table.id,
                    seat,
                    self.turn_moves,
                )
                # A search when the way on is long: off the loop, like any bot's thinking.
                action = await asyncio.to_thread(ending_move, world_of(view))
            elif program is not None and bot is program.bot:
                action = await program.run(partial(bot.choose, view, self.rng))
            elif self.thinkers is not None:
                action, after = await self.thinkers.choose(bot, view, self.rng)
                if self.seats[seat].bot is bot:
                    self.seats[seat].bot = after  # what it remembers of this turn
            else:
                action = await asyncio.to_thread(bot.choose, view, self.rng)
        except Exception:
            log.exception(
                "table %s: bot for seat %d failed; playing any legal move", self.table.id, seat
            )
            action = any_legal(world_of(view, self.rng), self.rng)
        self.submit(BotMove(seat, version, action))

    async def _bot_move(self, cmd: BotMove) -> None:
        if cmd.version != self.version or self._bot_for(cmd.seat) is None:
            self._schedule()
            return
        refused = self.refusal(cmd.seat, cmd.version, cmd.action)
        action = cmd.action
        if refused is not None:
            log.error("table %s: bot move %r refused: %s", self.table.id, action, refused)
            action = any_legal(
                world_of(PlayerView.of_match(self.match, cmd.seat), self.rng), self.rng
            )
        await self._commit(cmd.seat, action, None)

    # Seats and connections ---------------------------------------------------------------
    def _connect(self, cmd: Connect) -> None:
        s = self.seats[cmd.seat]
        if s.outbox is not None and s.outbox is not cmd.outbox:
            s.outbox.close(CLOSE_REPLACED, "replaced by a newer connection to this seat")
        s.outbox = cmd.outbox
        s.epoch += 1
        self.alone_since = None
        grace = self._graces.pop(cmd.seat, None)
        if grace is not None:
            grace.cancel()
        event = None
        if s.stand_in:
            s.stand_in = False
            event = {"type": "human_back", "seat": cmd.seat}
        self._schedule()  # a table whose bots paused while everyone was away plays on
        welcome = self.state(cmd.seat, event)
        away = self._away_report(cmd.seat)
        if away is not None:
            welcome["away"] = away
        cmd.outbox.put(welcome)
        for other in self.seats:
            if other.outbox is not None and other is not s:
                other.outbox.put(self.state(other.seat, event))

    def _watch(self, cmd: Watch) -> None:
        if not cmd.on:
            if cmd.outbox in self.watchers:
                self.watchers.remove(cmd.outbox)
            return
        top = self.settings.watchers_per_table
        if len(self.watchers) >= top:
            cmd.outbox.close(CLOSE_WATCHERS_FULL, f"this table has {top} spectators already")
            return
        self.watchers.append(cmd.outbox)
        cmd.outbox.put(self.state(None))

    def _away_report(self, seat: int) -> JSONDict | None:
        """What a bot played for ``seat`` while its player was gone and, when the match
        ended meanwhile, its last hand's SUMMARY (the winner and the final totals)."""
        moves = self.played_for.pop(seat, [])
        if not moves:
            return None
        over = self.match.over and bool(self.match.history)
        summary = summary_json(self.match.history[-1], self.match) if over else None
        return {"moves": moves, "summary": summary}

    def _disconnect(self, cmd: Disconnect) -> None:
        s = self.seats[cmd.seat]
        if s.outbox is not cmd.outbox:
            return  # an old connection, already replaced
        s.outbox = None
        s.epoch += 1
        if not self._humans_connected():
            self.alone_since = time.monotonic()
        if self.status == "playing":
            self._start_grace(s)
        if self.status == "over" and self._rematch_due():
            # The last player who had not asked left: the others' rematch is made now.
            self.submit(RematchDue())
            return
        self._broadcast(None)

    def _start_grace(self, s: Seat) -> None:
        epoch = s.epoch

        async def wait() -> None:
            await asyncio.sleep(self.settings.grace_seconds)
            self.submit(GraceOver(s.seat, epoch))

        old = self._graces.pop(s.seat, None)
        if old is not None:
            old.cancel()
        self._graces[s.seat] = asyncio.get_running_loop().create_task(wait())

    def _grace_over(self, cmd: GraceOver) -> None:
        s = self.seats[cmd.seat]
        self._graces.pop(cmd.seat, None)
        if s.epoch != cmd.epoch or s.outbox is not None or self.status != "playing":
            return
        s.stand_in = True
        self._schedule()
        self._broadcast({"type": "bot_takes_over", "seat": cmd.seat})

    async def _join(self, cmd: Join) -> None:
        held = self.check_token(cmd.token_hash)
        if held is not None:
            # The same client asking again (its first answer was lost): same seat.
            cmd.done.set_result(held)
            return
        if self.status not in ("waiting", "playing"):
            raise_refusal(cmd, TableRefusal.TABLE_CLOSED, "the table is closed")
            return
        free = [s for s in self.seats if not s.taken]
        if cmd.seat is None:
            if not free:
                raise_refusal(cmd, TableRefusal.TABLE_FULL, "every seat at this table is taken")
                return
            s = free[0]
        else:
            if not 0 <= cmd.seat < len(self.seats):
                raise_refusal(cmd, TableRefusal.NO_SUCH_SEAT, f"the table has no seat {cmd.seat}")
                return
            s = self.seats[cmd.seat]
            if s.taken:
                raise_refusal(cmd, TableRefusal.SEAT_TAKEN, f"seat {cmd.seat} is taken")
                return
        wanted = cmd.name.casefold()
        if any(x.taken and not x.is_bot and x.name.casefold() == wanted for x in self.seats):
            # Two players of one name could not tell their seats apart in the log or the
            # score sheet; asked after the seat, so a wrong seat is named first.
            raise_refusal(
                cmd, TableRefusal.NAME_TAKEN, f"someone at this table is already called {cmd.name}"
            )
            return
        starts = self.status == "waiting" and all(x.taken for x in self.seats if x is not s)
        store = self.db.store
        await self.db.run(
            store.take_seat, self.table.id, s.seat, cmd.name, cmd.token_hash, starts, cmd.player_id
        )
        s.name = cmd.name
        s.token_hash = cmd.token_hash
        s.player_id = cmd.player_id
        self.recorder.seats[s.seat] = cmd.name
        if starts:
            self.status = "playing"
            for x in self.seats:
                if not x.is_bot and x.outbox is None:
                    self._start_grace(x)
            self._schedule()
        cmd.done.set_result(s.seat)
        self._broadcast({"type": "join", "seat": s.seat})

    # Chat and rematch ------------------------------------------------------------------
    def _chat(self, cmd: Chat) -> None:
        """Pass a checked chat message to every seat, the sender's included (so it knows
        it went out). Nothing is stored: chat is not game state."""
        pace = self.chat_paces.setdefault(cmd.seat, ChatPace())
        if not pace.allow():
            cmd.outbox.put(
                error(
                    TableRefusal.CHAT_LIMITED,
                    f"{LIMIT_TEXT}: wait {pace.wait():.1f} s",
                    self.version,
                )
            )
            return
        self._send_all({"type": "chat", "seat": cmd.seat, **cmd.body}, watchers=False)

    def _rematch_due(self) -> bool:
        """Every human at the table now has asked (one is here at least). A player who left
        does not hold the others back: their seat at the rematch is kept for them (their
        old token opens it) and a stand-in plays it until they come."""
        present = {s.seat for s in self.seats if not s.is_bot and s.outbox is not None}
        return (
            self.status == "over"
            and self.rematch_id is None
            and bool(present)
            and present <= self.rematch_asked
        )

    async def _ask_rematch(self, cmd: AskRematch) -> None:
        """Count a seat's wish to play again; when every human still here has asked, make
        the rematch and send each connected human their new seat's token, to them alone."""
        if self.status != "over":
            cmd.outbox.put(
                error(
                    TableRefusal.REMATCH_REFUSED,
                    "a rematch can be asked once the match is over",
                    self.version,
                )
            )
            return
        self.rematch_asked.add(cmd.seat)
        await self._rematch_if_due(cmd.seat, cmd.outbox)

    async def _rematch_if_due(self, asker: int | None, outbox: Outbox | None) -> None:
        """Make the rematch when :meth:`_rematch_due`; ``asker`` (whose message or, with
        ``None``, whose leaving made it due) is told if the server cannot make it."""
        if self._rematch_due() and self.on_rematch:
            try:
                made, tokens = await self.on_rematch(self)
            except RematchRefused as err:
                # Asked again, it is tried again: the seat's wish is taken back meanwhile.
                if asker is not None:
                    self.rematch_asked.discard(asker)
                if outbox is not None:
                    outbox.put(error(TableRefusal.REMATCH_REFUSED, str(err), self.version))
                self._broadcast(None)
                return
            self.rematch_id = made
            for s in self.seats:
                if s.outbox is not None and s.seat in tokens:
                    s.outbox.put(
                        {
                            "type": "rematch",
                            "table_id": made,
                            "seat": s.seat,
                            "token": tokens[s.seat],
                        }
                    )
        self._broadcast(None)

    async def _claim(self, cmd: Claim) -> None:
        """Open a rematch seat with the seat's token at the finished table: once, for a
        player who was not connected when the rematch was made."""
        for s in self.seats:
            if s.claim_hash is None or not hmac.compare_digest(s.claim_hash, cmd.claim_hash):
                continue
            store = self.db.store
            spent = await self.db.run(
                store.claim_seat, self.table.id, s.seat, s.claim_hash, cmd.token_hash
            )
            if spent:
                s.token_hash = cmd.token_hash
                s.claim_hash = None
                cmd.done.set_result(s.seat)
                return
        cmd.done.set_result(None)


def raise_refusal(cmd: Join, code: TableRefusal, message: str) -> None:
    cmd.done.set_exception(JoinRefused(code, message))


async def wait_join(
    actor: TableActor, seat: int | None, name: str, token_hash: str, player_id: str | None = None
) -> int:
    """Take a seat through the actor's queue; raises :class:`JoinRefused`."""
    done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    actor.submit(Join(seat, name, token_hash, done, player_id))
    return await done


async def wait_claim(actor: TableActor, claim_hash: str, token_hash: str) -> int | None:
    """Open a rematch seat through the actor's queue: the seat, or ``None`` when the old
    token opens none (or its seat was opened already)."""
    done: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
    actor.submit(Claim(claim_hash, token_hash, done))
    return await done
