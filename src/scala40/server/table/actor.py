"""One actor per table: every change to a table goes through its single queue, in order.

Human moves, bot moves, turn timeouts, joins and (dis)connections are commands
(table/commands.py); the actor takes them one at a time, asks the engine, stores an
accepted action *before* anyone hears of it, then sends each connected seat its own VIEW.
Bots think off the loop and submit their move as a command like anyone else, so a stale
bot move (the table moved on meanwhile) is simply refused by version.

The actor keeps the match, the version and the queue; its collaborators own the rest and
never call it back: who is connected (presence.py), the turn's timer and bots
(turns.py), the pause while a hand's summary is read (pause.py), the verifiable shuffle
(fair.py), the rematch (rematch.py), the end of the match (finish.py), Play now's
newcomers in bots' seats (newcomers.py), and what each seat and spectator is shown after
a change (showing.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from scala40.engine.actions import Action
from scala40.engine.errors import IllegalAction
from scala40.engine.match import Match
from scala40.engine.views import PlayerView
from scala40.notation.actions import format_action, parse_action
from scala40.notation.codec import JSONDict, facts_to_dict, rules_from_changes
from scala40.notation.errors import NotationError
from scala40.notation.record import Recorder, fair_json
from scala40.server.settings import Settings
from scala40.server.table.cancelling import cancel_and_wait
from scala40.server.table.chat import LIMIT_TEXT, ChatPaces
from scala40.server.table.commands import (
    Act,
    AskRematch,
    BotJoin,
    BotMove,
    Chat,
    Claim,
    Command,
    Connect,
    Disconnect,
    EndTable,
    Entropy,
    GraceOver,
    Join,
    JoinRefused,
    PauseDue,
    PauseOver,
    RematchDue,
    StoreOver,
    SummaryClosed,
    TakeBotSeat,
    TurnTimeout,
    Watch,
)
from scala40.server.table.fair import FairShuffle
from scala40.server.table.finish import store_finish, store_left, tell_programs
from scala40.server.table.newcomers import Newcomers
from scala40.server.table.pause import HandPause
from scala40.server.table.presence import Presence
from scala40.server.table.program_limits import ProgramLimits
from scala40.server.table.rematch import Rematch, claim
from scala40.server.table.remote_bots import RemoteBots
from scala40.server.table.retry import StoreRetry
from scala40.server.table.seats import (
    Seat,
    remote_seat,
    seat_for,
    seat_of_token,
    seats_of,
)
from scala40.server.table.showing import Showing
from scala40.server.table.turns import Turns
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import CloseCode, Code, Refusal, TableRefusal
from scala40.storage.db import AsyncStore
from scala40.storage.outage import store_away
from scala40.storage.store import CLOSED, EXPIRED, Access, SeatRow, StoredTable, TableRow
from scala40.tableview.refusals import error
from scala40.tableview.seats import bot_seat_name
from scala40.tableview.summary import summary_json
from scala40.tableview.view import (
    event_json,
)

log = logging.getLogger("scala40.server")

STOP_WAIT = 5.0
"""Seconds a stopping table waits for its tasks to end once cancelled (a task that
swallows its cancellation is left behind, named in the log: see ``table/cancelling.py``),
so its connections are closed and the node's drain goes on."""

END_REASONS = {
    EXPIRED: "nobody came: the table waited too long for its players",
    CLOSED: "every player left: the table is closed",
}


class Refused(Exception):
    """A move the table refuses: the code, the English reason and its facts (see
    :func:`~scala40.server.table.commands.error`)."""

    def __init__(self, code: Code, message: str, facts: JSONDict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts or {}

    def message(self, v: int) -> JSONDict:
        return error(self.code, str(self), v, self.facts)


class TableActor:
    """The authority over one table: its match, seats, version and connections."""

    def __init__(
        self,
        table: TableRow,
        seats: list[SeatRow],
        db: AsyncStore,
        settings: Settings,
        programs: ProgramLimits | None = None,
        address: str | None = None,
        remote: RemoteBots | None = None,
    ) -> None:
        self.table = table
        self.db = db
        self.settings = settings
        self.status = table.status
        self.address = address
        """The limit key of the address that made the table (``None``: not counted per
        address, or not known after a restart); its programs count against it."""
        slots = None if programs is None else programs.slots(address)
        self.seats: list[Seat] = seats_of(seats, settings, table.id, slots, remote)
        self.remote = remote
        self.bot_only = all(s.is_bot for s in self.seats)
        """Bots play each other here (remote bots' tables): nobody is waited for, and the
        bots play on with nobody watching."""
        self.rules = rules_from_changes(table.changes)
        self.match = Match(self.rules, table.seed, table.first_dealer, fair=table.fair)
        self.recorder = Recorder(self.match, [s.name for s in self.seats], {"table_id": table.id})
        self.version = 0
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.presence = Presence(self.seats, settings, self.submit)
        self.turns = Turns(table, self.match, self.seats, settings, self.submit, self._version)
        self.fair = FairShuffle(self.match, db, table.id)
        self.pause = HandPause(settings.summary_seconds, self.submit)
        self.rematch = Rematch(self.seats)
        self.shown = Showing(
            table,
            self.match,
            self.seats,
            (self.turns, self.fair, self.pause, self.rematch, self.presence),
            lambda: self.status,
            self._version,
        )
        """What each seat and spectator is shown, and the broadcast after a change."""
        self.retry = StoreRetry(self.submit)
        """What nobody would try again (a bot's move, the match's end) after the database
        failed to store it: tried again until it is back (retry.py)."""
        self.on_over: Callable[[TableActor], None] | None = None
        """Told once the match is over and its record stored (the registry retires it)."""
        self.on_ended: Callable[[TableActor], None] | None = None
        """Told once the table expired or was closed (the registry lets it go)."""
        self.on_rematch: Callable[[TableActor], Awaitable[tuple[str, dict[int, str]]]] | None = None
        """Makes the rematch table (the registry's): its id and each human seat's token."""
        self.chat = ChatPaces()
        self._hand_over: JSONDict | None = None
        """The last ``hand_over`` sent: a reader who reconnects during the pause after it
        (a page reload) is sent it again, to close it."""
        self.rating_changes: JSONDict = {}
        """What the finished match did to each rated seat's rating (by seat, as text), for
        the last hand's SUMMARY."""
        self.league_name: str | None = None
        """The name of the league this table counts for (``table.league_id``)."""
        self._pause_due: asyncio.Task[None] | None = None
        """Tells the table when it has been alone long enough for its bots to pause."""
        self.stopped: tuple[int, str] | None = None
        """Once the table stopped here: the close code and reason every connection that
        still reaches it is given."""
        self.newcomers = Newcomers(
            table,
            self.match,
            self.seats,
            (db, self.recorder, self.presence, self.shown),
            lambda: self.status,
            self._schedule,
        )
        """Play now's newcomers in bots' seats, now or from the next hand."""

    def _version(self) -> int:
        return self.version

    # Life --------------------------------------------------------------------------------
    @classmethod
    def rebuild(
        cls,
        stored: StoredTable,
        db: AsyncStore,
        settings: Settings,
        programs: ProgramLimits | None = None,
        remote: RemoteBots | None = None,
    ) -> TableActor:
        """A stored table as it was at its last stored action (replayed through the engine)."""
        actor = cls(stored.table, stored.seats, db, settings, programs, remote=remote)
        for hand, _seat, data in stored.entropy:
            # Only later hands take entropy (see FairShuffle.take), so the match dealt so
            # far is the one first built; each contribution goes in as it was accepted.
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
            self.presence.start_graces()
            self._schedule()
            self._arm_pause()

    async def stop(
        self, code: int = CloseCode.MOVED, reason: str = "the server is restarting"
    ) -> None:
        """Stop the table here: its tasks end and every connection it holds, has queued
        or is given from now on is closed with ``code`` (the pages reconnect, to wherever
        the table is played now); a join waiting or arriving is refused."""
        self.stopped = (code, reason)
        tasks = [
            self._task,
            self._pause_due,
            *self.turns.tasks(),
            *self.presence.tasks(),
            *self.pause.tasks(),
            *self.retry.tasks(),
        ]
        await cancel_and_wait(tasks, STOP_WAIT, f"table {self.table.id}")
        self.presence.close(code, reason)
        for s in self.seats:
            if s.program is not None:
                s.program.close()
        while not self.queue.empty():
            self._turn_away(self.queue.get_nowait())

    def submit(self, command: Command) -> None:
        if self.stopped is not None:
            self._turn_away(command)  # a socket that found the table just before it stopped
            return
        self.queue.put_nowait(command)

    def _turn_away(self, command: Command) -> None:
        """What reaches a stopped table: a connection is closed, so its page reconnects
        rather than wait on a table that no longer moves; a join is refused."""
        assert self.stopped is not None
        code, reason = self.stopped
        match command:
            case Join() | Claim() | BotJoin() | TakeBotSeat():
                if not command.done.done():
                    command.done.set_exception(JoinRefused(TableRefusal.TABLE_CLOSED, reason))
            case Connect() | Watch():
                command.outbox.close(code, reason)
            case Act() | Entropy() | Chat() | AskRematch() | SummaryClosed():
                if command.outbox is not None:
                    command.outbox.close(code, reason)
            case _:
                pass

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
                if isinstance(command, Join | Claim | TakeBotSeat) and not command.done.done():
                    command.done.set_exception(
                        JoinRefused(TableRefusal.SERVER_ERROR, "could not join")
                    )

    async def _handle(self, command: Command) -> None:
        match command:
            case Act():
                await self._act(command)
            case BotMove():
                await self._bot_move(command)
            case TurnTimeout():
                self._timeout(command)
            case SummaryClosed():
                self._summary_closed(command)
            case PauseOver():
                if self.pause.time_up(command):
                    self._play_on()
            case GraceOver():
                self._grace_over(command)
            case Connect():
                self._connect(command)
            case Disconnect():
                self._disconnect(command)
            case Watch():
                self._watch(command)
            case EndTable():
                await self._end(command)
            case Entropy():
                await self._entropy(command)
            case Chat():
                self._chat(command)
            case AskRematch():
                await self._ask_rematch(command)
            case RematchDue():
                await self._rematch_if_due(None, None)
            case PauseDue():
                self._schedule()
            case Claim():
                command.done.set_result(await claim(self.seats, self.db, self.table.id, command))
            case StoreOver():
                await self._store_over()
            case Join():
                await self._join(command)
            case BotJoin():
                await self._bot_join(command)
            case TakeBotSeat():
                await self.newcomers.take_bot_seat(command)

    # Facts the registry and the lobby read -------------------------------------------------
    @property
    def listed(self) -> bool:
        """Whether the lobby lists this table: not a private one (its invite link alone
        finds it), and not one its people have left. A table nobody has opened yet is
        listed: its maker is on the way (and it expires or closes if nobody comes)."""
        if self.table.access is Access.PRIVATE or self.status not in ("waiting", "playing"):
            return False
        return self.presence.humans_connected() or not self.presence.ever_connected

    @property
    def watchers(self) -> list[Outbox]:
        """The spectators' connections."""
        return self.presence.watchers

    @property
    def rematch_id(self) -> str | None:
        """The table the rematch created, once made."""
        return self.rematch.table_id

    async def _entropy(self, cmd: Entropy) -> None:
        answer = await self.fair.take(cmd.seat, cmd.hand, cmd.data, self.version)
        if cmd.outbox is not None:
            cmd.outbox.put(answer)

    # Ending without a result -----------------------------------------------------------
    def alone_for(self, moment: float) -> float:
        """Seconds no human has been connected (0 while someone is)."""
        return self.presence.alone_for(moment)

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
        if status == CLOSED and self.table.rated:
            await store_left(self.db, self.table.id, status, self.recorder, self.seats)
        else:
            await self.db.run(self.db.store.end_unplayed, self.table.id, status)
        self.status = status
        self._schedule()  # stops the timer and any bot
        if self.on_ended is not None:
            self.on_ended(self)

    # Reading -----------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name or f"Seat {seat + 1}"

    def view_of(self, seat: int) -> PlayerView:
        return self.shown.view_of(seat)

    def view_json(self, seat: int | None) -> JSONDict:
        return self.shown.view_json(seat)

    def state(self, seat: int | None, event: JSONDict | None = None) -> JSONDict:
        return self.shown.state(seat, event)

    def _current(self) -> int:
        return self.match.current_seat

    def check_token(self, token_hash: str) -> int | None:
        """The seat a token hash belongs to at this table, or ``None``."""
        return seat_of_token(self.seats, token_hash)

    # Moves -------------------------------------------------------------------------------
    def vet(self, seat: int, v: int, action: Action) -> str:
        """The text of ``action`` when ``seat`` may play it at version ``v`` now (the
        text the record and the store keep, made once); :class:`Refused` if not."""
        if self.status == "waiting":
            raise Refused(TableRefusal.NOT_STARTED, "the match starts when every seat is taken")
        if self.status == "over" or self.match.over:
            raise Refused(Refusal.MATCH_OVER, "the match is over")
        current = self._current()
        if seat != current:
            raise Refused(
                TableRefusal.NOT_YOUR_TURN, f"it is {self.name(current)}'s turn", {"seat": current}
            )
        if v != self.version:
            raise Refused(
                TableRefusal.STALE_VERSION,
                f"the table is at version {self.version}, not {v}: resync",
            )
        try:
            text = format_action(action)
            if parse_action(text) != action:
                raise Refused(Refusal.BAD_ACTION, f"{text!r} does not read back as itself")
        except NotationError as err:
            raise Refused(Refusal.BAD_ACTION, str(err)) from None
        refused = self.match.deal.check(action)
        if refused is not None:
            raise Refused(refused.code, refused.reason, facts_to_dict(refused.facts))
        return text

    async def _act(self, cmd: Act) -> None:
        try:
            text = self.vet(cmd.seat, cmd.v, cmd.action)
        except Refused as refused:
            if cmd.outbox is not None:
                cmd.outbox.put(refused.message(self.version))
            return
        self.turns.player_back_in_time(cmd.seat)
        self.pause.done(cmd.seat)  # a player who moves has closed the summary
        await self._commit(cmd.seat, cmd.action, text, cmd.outbox)

    async def _commit(
        self, seat: int, action: Action, text: str, sender: Outbox | None
    ) -> Exception | None:
        """Store the move, then play it and tell everyone; what failed when it could not
        be stored (``sender`` is told so; the table is unchanged)."""
        version = self.version + 1
        pozzo = self.match.deal.pozzo  # public: what the event may name
        pozzo_top = pozzo[-1] if pozzo else None
        mine = (seat, text)
        try:
            await self.db.append(self.table.id, version, seat, text)
        except Exception as err:
            stored = await self._stored_at(version)
            if stored is None:
                self._store_failed(f"version {version}", err)
                if sender is not None:
                    unsaved = "the move could not be saved"
                    sender.put(error(TableRefusal.SERVER_ERROR, unsaved, self.version))
                return err
            # Stored after all (this try's commit, or an earlier one whose answer was
            # lost): the record is the truth, so the table plays what it holds.
            log.warning("table %s: version %d was stored after all", self.table.id, version)
            seat, text = stored
            action = parse_action(text)
        self.retry.stored()
        finished = len(self.match.history)
        try:
            self.recorder.apply(action, text)
        except IllegalAction:  # checked just before: only a bug gets here
            log.exception("table %s: a checked action was refused", self.table.id)
            raise
        self.version = version
        self.turns.moves += 1
        if self.match.over:
            await self._mark_over()
        if len(self.match.history) > finished:
            record = self.match.history[-1]
            summary = summary_json(record, self.match)
            if summary["match_over"]:
                summary["ratings"] = self.rating_changes
            if self.match.fair:
                # The hand is over: its secret is told, so anyone can check its deck.
                summary["fair"] = fair_json(self.match.fair_deal(record.number))
            hand_over = {"type": "hand_over", "v": version, "summary": summary}
            self.presence.send_all(hand_over)
            self._hand_over = hand_over
            tell_programs(self.seats, self.match, self.rules, record)
            if not self.match.over:
                await self.newcomers.hand_ended()
                self.pause.begin(record.number, self._readers())
        self._schedule()
        event = event_json(seat, action, pozzo_top)
        self.presence.played(seat, event)
        self.shown.broadcast(event)
        if sender is not None and (seat, text) != mine:
            sender.put(
                error(
                    TableRefusal.STALE_VERSION,
                    f"the table is at version {self.version}, not {version - 1}: resync",
                    self.version,
                )
            )
        return None

    async def _stored_at(self, version: int) -> tuple[int, str] | None:
        """The (seat, action) the database holds at ``version`` of this table; ``None`` when
        it holds none or cannot be asked (it is still away: the store failed)."""
        try:
            return await self.db.run(self.db.store.action_at, self.table.id, version)
        except Exception:
            return None

    def _store_failed(self, what: str, err: Exception) -> None:
        """Log a failed store: in full the first time, in a line while the database stays
        away (a try every few seconds)."""
        if self.retry.failures == 0 or not store_away(err):
            log.error("table %s: could not store %s", self.table.id, what, exc_info=err)
        else:
            log.warning("table %s: could not store %s again: %s", self.table.id, what, err)

    async def _mark_over(self) -> None:
        self.status = "over"
        await self._store_over()

    async def _store_over(self) -> None:
        """Store the finished match (its record, winner, ratings); while the database is
        away, try again later: the table is over either way, and the registry retires it
        only once its record is stored."""
        names = [self.name(s.seat) for s in self.seats]
        try:
            changes = await store_finish(
                self.db, self.table.id, self.recorder, self.seats, names, self.table.rated
            )
        except Exception as err:
            if not store_away(err):
                raise
            self._store_failed("the match's end", err)
            self.retry.later(StoreOver())
            return
        self.retry.stored()
        self.rating_changes = {str(seat): c.to_dict() for seat, c in sorted(changes.items())}
        if self.on_over is not None:
            self.on_over(self)

    # The pause after a hand ---------------------------------------------------------------
    def _readers(self) -> list[int]:
        """The seats whose person is connected now: each was just sent the hand's summary
        (bots and stand-ins read none; spectators are not waited for)."""
        return [s.seat for s in self.seats if not s.is_bot and s.outbox is not None]

    def _summary_closed(self, cmd: SummaryClosed) -> None:
        """A person closed a hand's summary: the table plays on once nobody is waited for.
        A summary of an earlier hand (the pause ended meanwhile) is ignored; one of a hand
        not ended yet is refused."""
        ended = self.match.history[-1].number if self.match.history else 0
        if cmd.hand > ended:
            if cmd.outbox is not None:
                cmd.outbox.put(
                    error(
                        TableRefusal.BAD_MESSAGE,
                        f"hand {cmd.hand} has not ended: the last hand that ended is {ended}",
                        self.version,
                    )
                )
            return
        waited = cmd.seat in self.pause.waiting
        if self.pause.closed(cmd.seat, cmd.hand):
            self._play_on()
        elif waited:
            self.shown.broadcast(None)  # one reader fewer: the others see for whom it waits

    def _play_on(self) -> None:
        """The pause is over: the turn timer starts and the bots think."""
        self._schedule()
        self.shown.broadcast(None)

    # Bots and the timer ------------------------------------------------------------------
    def _bots_paused(self) -> bool:
        """With no human connected for a while, nobody is kept waiting: bots stop. A
        program seat also waits for the table's first player to connect: a table made and
        never opened starts no program (a process each). A bot-only table never pauses:
        nobody is there to be kept waiting, and its bots came to play."""
        if self.bot_only:
            return False
        if self.alone_for(time.monotonic()) >= self.settings.bots_pause_seconds:
            return True
        return not self.presence.ever_connected and self.seats[self._current()].program is not None

    def _schedule(self) -> None:
        """After every change: arm the turn timer or set the seat's bot thinking. A table
        not in play, or whose bots pause, stops its programs (program_seats.py)."""
        if self.status != "playing" or self.match.over:
            self.pause.end()
            self.turns.stop()
            self._rest_programs()
            return
        if self.pause.on:
            self.turns.hold()  # the people are reading the hand's summary
            return
        paused = self._bots_paused()
        if paused:
            self._rest_programs()
        self.turns.schedule(paused)

    def _rest_programs(self) -> None:
        for s in self.seats:
            if s.program is not None:
                s.program.rest()

    def _arm_pause(self) -> None:
        """Nobody is connected now: when that has lasted ``bots_pause_seconds``, the table
        looks again (bots pause, programs stop), even if nothing happens meanwhile."""
        if self._pause_due is not None:
            self._pause_due.cancel()

        async def due() -> None:
            await asyncio.sleep(self.settings.bots_pause_seconds)
            self.submit(PauseDue())

        self._pause_due = asyncio.get_running_loop().create_task(due())

    def _timeout(self, cmd: TurnTimeout) -> None:
        if self.status != "playing" or not self.turns.time_out(cmd):
            return
        self._schedule()
        self.shown.broadcast({"type": "timeout", "seat": self._current()})

    async def _bot_move(self, cmd: BotMove) -> None:
        if self.pause.on:
            return  # chosen just before the pause: the bot thinks again after it
        if cmd.version != self.version or self.turns.bot_for(cmd.seat) is None:
            self._schedule()
            return
        action = cmd.action
        try:
            text = self.vet(cmd.seat, cmd.version, action)
        except Refused as refused:
            log.error("table %s: bot move %r refused: %s", self.table.id, action, refused)
            action = self.turns.fallback(cmd.seat).action
            text = format_action(action)  # the engine's own move: it reads back as itself
        failed = await self._commit(cmd.seat, action, text, None)
        if failed is not None and store_away(failed):
            # Nobody would play this move again: the same move, once the database is back.
            self.retry.later(BotMove(cmd.seat, cmd.version, action))
            return
        await self._name_program(cmd.seat)

    async def _name_program(self, seat: int) -> None:
        """A program seat takes the name its program gave in ``ready`` (its author's name
        for it), once the program has said it: stored, in the record, shown to all."""
        s = self.seats[seat]
        said = None if s.program is None or s.program.remote else s.program.bot.program_name
        if said is None:
            return
        name = bot_seat_name(seat, said)
        if s.name == name:
            return
        try:
            await self.db.run(self.db.store.name_bot_seat, self.table.id, seat, name)
        except Exception:
            log.exception("table %s: could not rename seat %d", self.table.id, seat)
            return
        s.name = name
        self.recorder.seats[seat] = name
        self.shown.broadcast(None)

    # Seats and connections ---------------------------------------------------------------
    def _connect(self, cmd: Connect) -> None:
        event = self.presence.connect(cmd.seat, cmd.outbox)
        self._schedule()  # a table whose bots paused while everyone was away plays on
        welcome = self.state(cmd.seat, event)
        away = self.presence.away_report(cmd.seat, self.match)
        if away is not None:
            welcome["away"] = away
        cmd.outbox.put(welcome)
        if self.pause.on and cmd.seat in self.pause.waiting and self._hand_over is not None:
            # A reader's new connection (a reload) replaced the old one: the table still
            # waits for this seat, so its page is shown the summary again, to close it.
            cmd.outbox.put(self._hand_over)
        s = self.seats[cmd.seat]
        for other in self.seats:
            if other.outbox is not None and other is not s:
                other.outbox.put(self.state(other.seat, event))

    def _watch(self, cmd: Watch) -> None:
        if self.presence.watch(cmd.outbox, cmd.on):
            cmd.outbox.put(self.state(None))

    def _disconnect(self, cmd: Disconnect) -> None:
        if not self.presence.disconnect(cmd.seat, cmd.outbox, self.status == "playing"):
            return  # an old connection, already replaced
        if self.pause.done(cmd.seat):
            self._schedule()  # the last reader left: nobody is kept waiting
        if self.status == "playing" and not self.presence.humans_connected():
            self._arm_pause()
        if self.status == "over" and self.rematch.due(over=True):
            # The last player who had not asked left: the others' rematch is made now.
            self.submit(RematchDue())
            return
        self.shown.broadcast(None)

    def _grace_over(self, cmd: GraceOver) -> None:
        if self.presence.grace_over(cmd, self.status == "playing"):
            self._schedule()
            self.shown.broadcast({"type": "bot_takes_over", "seat": cmd.seat})

    async def _join(self, cmd: Join) -> None:
        held = self.check_token(cmd.token_hash)
        if held is not None:
            # The same client asking again (its first answer was lost): same seat.
            cmd.done.set_result(held)
            return
        try:
            s = seat_for(self.seats, self.status, cmd.seat, cmd.name)
        except JoinRefused as refused:
            cmd.done.set_exception(refused)
            return
        starts = self.status == "waiting" and all(x.taken for x in self.seats if x is not s)
        store = self.db.store
        await self.db.run(
            store.take_seat,
            self.table.id,
            s.seat,
            cmd.name,
            cmd.token_hash,
            starts,
            cmd.player_id,
            cmd.network,
        )
        s.name = cmd.name
        s.token_hash = cmd.token_hash
        s.player_id = cmd.player_id
        s.network = cmd.network
        self.recorder.seats[s.seat] = cmd.name
        if starts:
            self.status = "playing"
            self.presence.start_graces()
            self._schedule()
        cmd.done.set_result(s.seat)
        self.shown.broadcast({"type": "join", "seat": s.seat})

    async def _bot_join(self, cmd: BotJoin) -> None:
        """A remote bot takes an open seat of this bot-only table (the first open one, or
        the one asked); the last open seat taken starts the match."""
        open_seats = [s for s in self.seats if s.open]
        if self.status != "waiting" or not open_seats or self.remote is None:
            cmd.done.set_exception(
                JoinRefused(TableRefusal.TABLE_FULL, "this table has no open seat for a bot")
            )
            return
        if cmd.seat is None:
            s = open_seats[0]
        elif 0 <= cmd.seat < len(self.seats) and self.seats[cmd.seat].open:
            s = self.seats[cmd.seat]
        else:
            cmd.done.set_exception(
                JoinRefused(TableRefusal.SEAT_TAKEN, f"seat {cmd.seat} is no open seat")
            )
            return
        starts = len(open_seats) == 1
        kind = f"bot:remote:{cmd.account}"
        name = bot_seat_name(s.seat, cmd.account)
        await self.db.run(
            self.db.store.seat_bot, self.table.id, s.seat, kind, name, cmd.player_id, starts
        )
        s.occupant, s.name, s.player_id = kind, name, cmd.player_id
        remote_seat(s, cmd.account, self.table.id, self.settings, self.remote)
        self.recorder.seats[s.seat] = name
        if starts:
            self.status = "playing"
            self._schedule()
        cmd.done.set_result(s.seat)
        self.shown.broadcast({"type": "join", "seat": s.seat})

    # Chat and rematch ------------------------------------------------------------------
    def _chat(self, cmd: Chat) -> None:
        """Pass a checked chat message to every seat, the sender's included (so it knows
        it went out), within the seat's pace. Nothing is stored: chat is not game state."""
        wait = self.chat.wait_for(cmd.seat)
        if wait is not None:
            cmd.outbox.put(
                error(TableRefusal.CHAT_LIMITED, f"{LIMIT_TEXT}: wait {wait:.1f} s", self.version)
            )
            return
        self.presence.send_all({"type": "chat", "seat": cmd.seat, **cmd.body}, watchers=False)

    async def _ask_rematch(self, cmd: AskRematch) -> None:
        """Count a seat's wish to play again; when every human still here has asked, make
        the rematch (rematch.py)."""
        if self.status != "over":
            cmd.outbox.put(
                error(
                    TableRefusal.REMATCH_REFUSED,
                    "a rematch can be asked once the match is over",
                    self.version,
                )
            )
            return
        self.rematch.asked.add(cmd.seat)
        await self._rematch_if_due(cmd.seat, cmd.outbox)

    async def _rematch_if_due(self, asker: int | None, outbox: Outbox | None) -> None:
        """Make the rematch when it is due; ``asker`` (whose message or, with ``None``,
        whose leaving made it due) is told if the server cannot make it."""
        on_rematch = self.on_rematch
        make = None if on_rematch is None else (lambda: on_rematch(self))
        refused = await self.rematch.make_if_due(self.status == "over", asker, make)
        if refused is not None and outbox is not None:
            outbox.put(error(TableRefusal.REMATCH_REFUSED, str(refused), self.version))
        self.shown.broadcast(None)


async def wait_join(
    actor: TableActor,
    seat: int | None,
    name: str,
    token_hash: str,
    player_id: str | None = None,
    network: str | None = None,
) -> int:
    """Take a seat through the actor's queue; raises :class:`JoinRefused`."""
    done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    actor.submit(Join(seat, name, token_hash, done, player_id, network))
    return await done


async def wait_claim(actor: TableActor, claim_hash: str, token_hash: str) -> int | None:
    """Open a rematch seat through the actor's queue: the seat, or ``None`` when the old
    token opens none (or its seat was opened already)."""
    done: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
    actor.submit(Claim(claim_hash, token_hash, done))
    return await done
