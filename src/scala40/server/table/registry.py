"""Every live table's actor, by id: created from the lobby or rebuilt from storage at start."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from scala40.bots import level_label
from scala40.engine.rules import Rules
from scala40.server.settings import Settings
from scala40.server.table.actor import TableActor
from scala40.server.table.bot_pool import BotPool
from scala40.server.table.commands import (
    BotJoin,
    EndTable,
    JoinRefused,
    RematchRefused,
    TakeBotSeat,
)
from scala40.server.table.placement import (
    Ask,
    Here,
    Moving,
    Placement,
    There,
    Where,
    ask_actor,
)
from scala40.server.table.program_limits import ProgramLimits
from scala40.server.table.rematch import rematch_rows
from scala40.server.table.remote_bots import RemoteBots
from scala40.server.table.seats import OPEN_SEAT, creator_seat, remote_account
from scala40.server.table.sessions import Session
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import CloseCode, TableRefusal
from scala40.storage.db import AsyncStore
from scala40.storage.leagues import Leagues
from scala40.storage.store import Access, SeatRow, Store, StoredTable, TableRow, now
from scala40.storage.tokens import new_table_id, new_token, token_hash
from scala40.tableview.seats import bot_seat_name

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

log = logging.getLogger("scala40.server")


@dataclass(frozen=True, slots=True)
class NewTable:
    actor: TableActor
    seat: int
    """The creator's seat (-1 at a bot-only table, which has no person to seat)."""
    token: str


@dataclass(frozen=True, slots=True)
class QuickSeat:
    """Where Play now seated someone: the table, the seat, and whether the seat is theirs
    now (``False``: a bot finishes the hand in play, and the seat is theirs from the next)."""

    actor: TableActor
    seat: int
    seated: bool


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A new table as the lobby asked for it, every part already checked (http/forms.py):
    the seats' occupants (``"human"`` or ``"bot:LEVEL"``), the rules, the creator's name,
    the timer, the bots' pace and the league (id, name) it is played for."""

    occupants: tuple[str, ...]
    preset: str
    rules: Rules
    nickname: str
    turn_seconds: float | None
    bot_pace: str
    league: tuple[str, str] | None = None
    address: str | None = None
    """The limit key of the client address asking (``None``: an unlimited address): the
    table's programs count against it (program_limits.py)."""

    def program_seats(self, programs: Collection[str]) -> int:
        """How many seats the registered ``programs`` (their names) play."""
        return sum(1 for o in self.occupants if o.startswith("bot:") and o[4:] in programs)

    rated: bool = False
    """The creator's choice: the match moves its identities' ratings (players.py)."""
    remote_ids: tuple[tuple[str, str], ...] = ()
    """The remote bot accounts seated (``bot:remote:NAME``), as (NAME, their identity's id):
    their seats are rated as those identities."""
    access: Access = Access.OPEN
    """Who finds the table: the lobby's list, the invite link alone, or Play now."""


class LocalPlacement:
    """A single server: every table of the store is played here."""

    name: str | None = None
    shared: bool = False

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def start(self) -> None:
        tables = self.tables
        for stored in await tables.db.run(tables.store.unfinished):
            await tables.resume(stored)

    async def halt(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def claim_new(self, table_id: str) -> None:
        return None

    def released(self, table_id: str) -> None:
        return None

    async def find(self, table_id: str) -> Where:
        actor = self.tables.get(table_id)
        return None if actor is None else Here(actor)

    async def ask(self, there: There, op: Ask, args: dict[str, Any]) -> Any:
        raise AssertionError("a single server plays every table itself")

    async def address_of(self, there: There) -> str | None:
        raise AssertionError("a single server plays every table itself")

    def relay(
        self, there: There, ws: WebSocket, token_hash: str | None, patches: bool
    ) -> AbstractAsyncContextManager[tuple[Session, Outbox]]:
        raise AssertionError("a single server plays every table itself")

    def checks(self) -> Mapping[str, Callable[[], Awaitable[object]]]:
        return {}


class Tables:
    """The live tables of this server and the store behind them."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.db = AsyncStore(store)
        self.actors: dict[str, TableActor] = {}
        self._retiring: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.bot_pool = BotPool(settings.bot_processes) if settings.bot_processes else None
        self.programs = ProgramLimits(settings.max_live_programs, settings.programs_per_address)
        """The bot programs running at once, here and per address (program_limits.py)."""
        self.remote = RemoteBots(settings.remote_bot_tables)
        """The remote bot accounts connected to this server and their tables (remote_bots.py)."""
        self._quickplay = asyncio.Lock()
        """One Play now at a time: a double click finds the seat the first click took."""
        self.placement: Placement = LocalPlacement(self)
        """Where tables are played: here only, or on the nodes of a cluster (the app
        factory chooses, :meth:`place_with`)."""

    def place_with(self, placement: Placement) -> None:
        """Play tables where ``placement`` says (before :meth:`start`)."""
        self.placement = placement

    async def start(self) -> None:
        """Repair what an older version left, then rebuild every unfinished table from its
        stored actions and set it going again. A node of a cluster rebuilds none here: it
        takes over the tables no node holds, a few at a time, as its peers do (the
        placement's start, cluster/node.py).
        """
        expire_before = now() - timedelta(seconds=self.settings.waiting_seconds)
        repaired = await self.db.run(self.store.repair, expire_before)
        if any(repaired.values()):
            log.warning("store repaired at start: %s", repaired)
        await self.placement.start()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def resume(self, stored: StoredTable) -> TableActor | None:
        """A stored unfinished table rebuilt from its actions and set going again
        (``None``: it cannot be rebuilt, and is left as stored)."""
        try:
            actor = TableActor.rebuild(
                stored, self.db, self.settings, self.programs, remote=self.remote
            )
        except Exception:
            log.exception("table %s could not be rebuilt; left as stored", stored.table.id)
            return None
        league_id = stored.table.league_id
        if league_id is not None:
            names = await self.db.run(Leagues(self.store.engine).names, {league_id})
            actor.league_name = names.get(league_id)
        self._adopt(actor)
        actor.start()
        await actor.finish_if_over()
        return actor

    def keep(self, task: asyncio.Task[Any]) -> None:
        """Hold a background task until it ends (the loop keeps only weak references)."""
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._retiring):
            task.cancel()
        await self.placement.halt()  # takes nothing over, loses nothing, while it drains
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        await self.placement.stop()  # the leases go last: nothing of this node writes now
        if self.bot_pool is not None:
            self.bot_pool.close()
        self.db.close()

    def _adopt(self, actor: TableActor) -> None:
        self.actors[actor.table.id] = actor
        actor.turns.bot_pool = self.bot_pool
        actor.on_over = self._retire_later
        actor.on_ended = self._ended
        actor.on_rematch = self.rematch

    def _retire_later(self, actor: TableActor) -> None:
        """A finished table stays live a while for its players, then only its record stays."""

        async def retire() -> None:
            await asyncio.sleep(self.settings.retire_seconds)
            if self.actors.get(actor.table.id) is actor:
                del self.actors[actor.table.id]
                await actor.stop(
                    CloseCode.NORMAL, "the match is over; its record is in the history"
                )
                self.placement.released(actor.table.id)

        self.keep(asyncio.get_running_loop().create_task(retire()))

    def get(self, table_id: str) -> TableActor | None:
        return self.actors.get(table_id)

    def live_count(self) -> int:
        return sum(1 for a in self.actors.values() if a.status != "over")

    # Expiry ------------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping the tables failed")

    async def sweep(self, at: float | None = None) -> list[str]:
        """Ask every table nobody will play to end: waiting too long, or left by every
        human (the actor re-checks in its own queue, so a player arriving meanwhile wins).

        Returns the ids asked (``at``: the monotonic time to judge by, for tests).
        """
        moment = time.monotonic() if at is None else at
        wall = now()
        asked: list[str] = []
        for actor in list(self.actors.values()):
            if actor.end_due(wall, moment) is not None:
                actor.submit(EndTable(moment))
                asked.append(actor.table.id)
        return asked

    def _ended(self, actor: TableActor) -> None:
        """An expired or closed table leaves the server at once (its rows stay stored)."""
        if self.actors.get(actor.table.id) is actor:
            del self.actors[actor.table.id]

        async def stop() -> None:
            await actor.stop(CloseCode.NORMAL, actor.end_reason())
            self.placement.released(actor.table.id)

        self.keep(asyncio.get_running_loop().create_task(stop()))

    # Creating ----------------------------------------------------------------------------
    async def create(
        self,
        spec: TableSpec,
        player_id: str | None = None,
        network: str | None = None,
        token: str | None = None,
    ) -> NewTable:
        """A new table; the creator (a rated identity with ``player_id``, joining from
        ``network``, holding ``token`` or a new one) takes its first human seat. The lobby
        has checked the request and admitted its address."""
        occupants = spec.occupants
        token = token or new_token()
        # A bot-only table (remote bots meeting) has no human seat, and no creator seat.
        creator = creator_seat(occupants) if "human" in occupants else -1
        remote_ids = dict(spec.remote_ids)
        seats: list[SeatRow] = []
        for i, occupant in enumerate(occupants):
            if i == creator:
                seats.append(
                    SeatRow(
                        i,
                        occupant,
                        spec.nickname,
                        token_hash(token),
                        player_id=player_id,
                        network=network,
                    )
                )
            elif occupant == "human":
                seats.append(SeatRow(i, occupant, "", None))
            elif (account := remote_account(occupant)) is not None:
                name = bot_seat_name(i, account)
                seats.append(SeatRow(i, occupant, name, None, player_id=remote_ids[account]))
            else:
                seats.append(
                    SeatRow(i, occupant, bot_seat_name(i, level_label(occupant[4:])), None)
                )
        waiting = occupants.count("human") > 1 or OPEN_SEAT in occupants
        league = spec.league
        table = TableRow(
            id=new_table_id(),
            created=now(),
            preset=spec.preset,
            changes=dict(spec.rules.changes()),
            seed=secrets.randbits(63),
            first_dealer=secrets.randbelow(len(occupants)),
            turn_seconds=spec.turn_seconds,
            status="waiting" if waiting else "playing",
            bot_pace=spec.bot_pace,
            fair=True,
            league_id=None if league is None else league[0],
            rated=spec.rated,
            access=spec.access,
        )
        await self._store_new(table, self.store.create_table, table, seats)
        actor = TableActor(
            table, seats, self.db, self.settings, self.programs, spec.address, self.remote
        )
        actor.league_name = None if league is None else league[1]
        self._adopt(actor)
        actor.start()
        return NewTable(actor, creator, token)

    def held_by(self, hashed: str) -> tuple[TableActor, int] | None:
        """The live table of this server, and the seat, that a token's hash holds."""
        for actor in self.actors.values():
            seat = actor.check_token(hashed)
            if seat is not None:
                return actor, seat
        return None

    def quick_tables(self, seats: int) -> list[TableActor]:
        """This server's quick-play tables of ``seats`` seats where a newcomer may take a
        bot's seat, the longest waiting first (their bot seats wait since the table was
        made). A cluster's nodes each seat Play now at their own tables."""
        found = [
            a for a in self.actors.values() if len(a.seats) == seats and a.newcomers.has_room()
        ]
        return sorted(found, key=lambda a: a.table.created)

    async def quickplay(
        self,
        spec: TableSpec,
        token: str,
        player_id: str | None = None,
        network: str | None = None,
    ) -> QuickSeat:
        """Play now: the token's seat if it holds one already (a second click), else a
        bot's seat at the quick-play table of ``spec``'s size that has waited longest,
        else a new quick-play table where bots hold the other seats (``spec``: it)."""
        hashed = token_hash(token)
        async with self._quickplay:
            held = self.held_by(hashed)
            if held is not None:
                return QuickSeat(held[0], held[1], True)
            for actor in self.actors.values():
                promised = actor.newcomers.promised_seat(hashed)
                if promised is not None:
                    return QuickSeat(actor, promised, False)
            for actor in self.quick_tables(len(spec.occupants)):
                done: asyncio.Future[tuple[int, bool]] = asyncio.get_running_loop().create_future()
                actor.submit(TakeBotSeat(spec.nickname, hashed, done, player_id, network))
                try:
                    seat, seated = await done
                except JoinRefused:
                    continue  # its last bot seat went meanwhile, or a namesake sits there
                return QuickSeat(actor, seat, seated)
            made = await self.create(spec, player_id, network, token)
            return QuickSeat(made.actor, made.seat, True)

    async def seat(
        self,
        table_id: str,
        seat: int | None,
        name: str,
        token_hash: str,
        player_id: str | None,
        network: str | None = None,
    ) -> int:
        """Seat a newcomer at a table of this node or, in a cluster, of any node (the join
        goes to the table's owner); raises :class:`JoinRefused`."""
        args = {
            "seat": seat,
            "name": name,
            "token_hash": token_hash,
            "player_id": player_id,
            "network": network,
        }
        return int(await self._at_owner(table_id, Ask.JOIN, args))

    async def seat_bot(self, table_id: str, seat: int | None, account: str, player_id: str) -> int:
        """Seat the remote bot ``account`` at an open seat of a bot-only table played here
        (a remote bot is connected to this node; raises :class:`JoinRefused`)."""
        actor = self.get(table_id)
        if actor is None or not actor.bot_only:
            raise JoinRefused(TableRefusal.TABLE_CLOSED, "no bot-only table of that id is here")
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        actor.submit(BotJoin(seat, account, player_id, done))
        return await done

    async def claim(self, table_id: str, claim_hash: str, token_hash: str) -> int | None:
        """Open a rematch seat with the old token (:func:`wait_claim`), on any node."""
        args = {"claim_hash": claim_hash, "token_hash": token_hash}
        seat = await self._at_owner(table_id, Ask.CLAIM, args)
        return None if seat is None else int(seat)

    async def _at_owner(self, table_id: str, op: Ask, args: dict[str, Any]) -> Any:
        match await self.placement.find(table_id):
            case Here(actor):
                return await ask_actor(actor, op, args)
            case There() as there:
                return await self.placement.ask(there, op, args)
            case Moving():
                raise JoinRefused(
                    TableRefusal.SERVER_ERROR,
                    "the table is moving to another server node: try again",
                )
            case None:
                raise JoinRefused(TableRefusal.TABLE_CLOSED, "the table is not in play")

    async def _store_new(self, table: TableRow, write: Callable[..., None], *args: Any) -> None:
        """Store a new table; a node of a cluster takes its lease first, so that no other
        node takes a table over that is being set up here."""
        await self.placement.claim_new(table.id)
        try:
            await self.db.run(write, *args)
        except Exception:
            self.placement.released(table.id)
            raise

    async def rematch(self, old: TableActor) -> tuple[str, dict[int, str]]:
        """A finished table played again (:func:`rematch_rows`), stored and set going.

        Returns the new table's id and each human seat's token; raises
        :class:`RematchRefused` when the server holds as many tables as it may.
        """
        if self.live_count() >= self.settings.max_live_tables:
            raise RematchRefused(
                f"the server holds {self.settings.max_live_tables} tables, its limit:"
                " try again later"
            )
        table, seats, tokens = rematch_rows(old.table, old.seats)
        was = old.table
        try:
            await self._store_new(table, self.store.create_rematch, was.id, table, seats)
        except Exception:
            log.exception("table %s: the rematch could not be stored", was.id)
            raise RematchRefused("the rematch could not be saved: try again") from None
        actor = TableActor(
            table, seats, self.db, self.settings, self.programs, old.address, self.remote
        )
        actor.league_name = old.league_name
        self._adopt(actor)
        actor.start()
        return table.id, tokens
