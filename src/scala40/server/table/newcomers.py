"""Play now's newcomers: a person seated in a bot's place at a quick-play table.

A newcomer takes the bot's seat at once while nobody has moved in the hand; otherwise the
seat is *promised* and passes to them when the hand ends, never in the middle of one (a
bot's half-played turn is not a person's). Until then their page watches the table; it is
closed with ``SEAT_READY`` once the seat is theirs, and reconnects as the seat. The change
is stored first, then the seat, the record's names and everyone's view change.

The actor hands the commands over and is told, through ``schedule``, that the turn must
be looked at again (a person now sits where a bot played); this never calls the actor.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable

from scala40.engine.match import Match
from scala40.notation.record import Recorder
from scala40.server.table.commands import JoinRefused, TakeBotSeat
from scala40.server.table.presence import Presence
from scala40.server.table.seats import Newcomer, Seat, bot_seat_for_newcomer, seat_of_token
from scala40.server.table.showing import Showing
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import CloseCode, TableRefusal
from scala40.storage.db import AsyncStore
from scala40.storage.store import Access, TableRow

log = logging.getLogger("scala40.server")


class Newcomers:
    """The bot seats of one table promised to people, and their handing over."""

    def __init__(
        self,
        table: TableRow,
        match: Match,
        seats: list[Seat],
        parts: tuple[AsyncStore, Recorder, Presence, Showing],
        status: Callable[[], str],
        schedule: Callable[[], None],
    ) -> None:
        self.table = table
        self.match = match
        self.seats = seats
        self.db, self.recorder, self.presence, self.shown = parts
        self.status = status
        self.schedule = schedule
        self.promised: dict[int, Newcomer] = {}
        """Bot seats promised to people from the next hand, by seat."""

    def has_room(self) -> bool:
        """A quick-play table in play, with a person here and a bot seat no person is
        promised: Play now may seat a newcomer here."""
        return (
            self.table.access is Access.QUICK
            and self.status() == "playing"
            and not self.match.over
            and self.presence.humans_connected()
            and any(s.is_bot and s.seat not in self.promised for s in self.seats)
        )

    def promised_seat(self, token_hash: str) -> int | None:
        """The bot seat promised to this token's newcomer from the next hand, or ``None``."""
        for seat, newcomer in self.promised.items():
            if hmac.compare_digest(newcomer.token_hash, token_hash):
                return seat
        return None

    def watch_until_seated(self, token_hash: str, outbox: Outbox) -> bool:
        """A promised newcomer's connection watches until the seat is theirs, then is
        closed with ``SEAT_READY`` so their page reconnects as the seat (``False``: the
        token is promised nothing)."""
        seat = self.promised_seat(token_hash)
        if seat is None:
            return False
        self.promised[seat].watching.append(outbox)
        return True

    async def take_bot_seat(self, cmd: TakeBotSeat) -> None:
        """Seat the newcomer now when nobody has moved in this hand, else promise the seat
        from the next hand. The same token asking again gets the same answer."""
        held = seat_of_token(self.seats, cmd.token_hash)
        if held is not None:
            cmd.done.set_result((held, True))
            return
        promised = self.promised_seat(cmd.token_hash)
        if promised is not None:
            cmd.done.set_result((promised, False))
            return
        if not self.has_room():
            cmd.done.set_exception(
                JoinRefused(TableRefusal.TABLE_FULL, "this table has no bot seat for a newcomer")
            )
            return
        try:
            s = bot_seat_for_newcomer(self.seats, self.promised, cmd.name)
        except JoinRefused as refused:
            cmd.done.set_exception(refused)
            return
        newcomer = Newcomer(cmd.name, cmd.token_hash, cmd.player_id, cmd.network)
        if self.match.hand_untouched:
            await self._seat(s, newcomer)
            cmd.done.set_result((s.seat, True))
            return
        self.promised[s.seat] = newcomer
        cmd.done.set_result((s.seat, False))
        self.shown.broadcast({"type": "seat_promised", "seat": s.seat, "name": cmd.name})

    async def hand_ended(self) -> None:
        """A hand ended: every promised bot seat passes to its newcomer."""
        promised, self.promised = self.promised, {}
        for seat, newcomer in sorted(promised.items()):
            try:
                await self._seat(self.seats[seat], newcomer)
            except Exception:
                log.exception("table %s: seat %d could not pass to a person", self.table.id, seat)
                for outbox in newcomer.watching:
                    outbox.close(CloseCode.NO_TOKEN, "the seat could not be saved: press Play now")

    async def _seat(self, s: Seat, newcomer: Newcomer) -> None:
        """A bot's seat becomes a person's: stored first, then the seat, the record's name
        and everyone's view change; the person's watching pages reconnect as the seat."""
        await self.db.run(
            self.db.store.person_takes_bot_seat,
            self.table.id,
            s.seat,
            newcomer.name,
            newcomer.token_hash,
            newcomer.player_id,
            newcomer.network,
        )
        was = s.name
        if s.program is not None:
            s.program.close()
            s.program = None
        s.occupant = "human"
        s.bot = None
        s.name = newcomer.name
        s.token_hash = newcomer.token_hash
        s.player_id = newcomer.player_id
        s.network = newcomer.network
        self.recorder.seats[s.seat] = newcomer.name
        self.presence.start_grace(s)
        for outbox in newcomer.watching:
            outbox.close(CloseCode.SEAT_READY, "your seat is ready: connect with your token")
        self.schedule()
        self.shown.broadcast({"type": "seat_handed", "seat": s.seat, "was": was})
