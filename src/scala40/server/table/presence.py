"""Who is at the table: the seats' connections, their graces, the spectators, and what a
bot played for a player while they were away.

A human seat whose connection drops keeps it for a grace period; then a stand-in bot plays
it until its player is back, and the moves it made are kept to tell them. The presence
owns this bookkeeping; the actor decides what to send (table/actor.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from scala40.engine.match import Match
from scala40.notation.codec import JSONDict
from scala40.server.settings import Settings
from scala40.server.table.commands import Command, GraceOver
from scala40.server.table.seats import Seat
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import CloseCode
from scala40.tableview.summary import summary_json

PLAYED_FOR_KEPT = 200
"""At most this many of the moves a bot made for an absent player are kept to tell them."""


class Presence:
    """The connections of one table's seats and spectators, and the graces of those gone."""

    def __init__(
        self, seats: list[Seat], settings: Settings, submit: Callable[[Command], None]
    ) -> None:
        self.seats = seats
        self.settings = settings
        self.submit = submit
        self.graces: dict[int, asyncio.Task[None]] = {}
        self.alone_since: float | None = time.monotonic()
        """Monotonic time since which no human is connected (``None``: someone is)."""
        self.ever_connected = False
        """Whether a player has connected to a seat since the table was made (or rebuilt):
        until then its program seats wait (table/actor.py)."""
        self.played_for: dict[int, list[JSONDict]] = {}
        """The moves a bot made for each human seat while nobody was connected to it, told
        to its player on return. Kept in memory only: a courtesy, not game state (the
        stored actions stay the truth), so a restart forgets it."""
        self.watchers: list[Outbox] = []
        """The spectators' connections: each gets the public VIEW and the hand summaries,
        never chat (the players talk among themselves) nor anything of a seat."""

    # Seats -------------------------------------------------------------------------------
    def connect(self, seat: int, outbox: Outbox) -> JSONDict | None:
        """A seat's connection opens (replacing an older one); the event to tell when a
        stand-in gave the seat back to its player."""
        s = self.seats[seat]
        if s.outbox is not None and s.outbox is not outbox:
            s.outbox.close(CloseCode.REPLACED, "replaced by a newer connection to this seat")
        s.outbox = outbox
        s.epoch += 1
        self.alone_since = None
        self.ever_connected = True
        grace = self.graces.pop(seat, None)
        if grace is not None:
            grace.cancel()
        if s.stand_in:
            s.stand_in = False
            return {"type": "human_back", "seat": seat}
        return None

    def disconnect(self, seat: int, outbox: Outbox, playing: bool) -> bool:
        """A seat's connection closed; ``False`` when it was an old one, already replaced.
        At a table in play the seat's grace begins."""
        s = self.seats[seat]
        if s.outbox is not outbox:
            return False
        s.outbox = None
        s.epoch += 1
        if not self.humans_connected():
            self.alone_since = time.monotonic()
        if playing:
            self.start_grace(s)
        return True

    def start_graces(self) -> None:
        """Every human seat not connected starts its grace (the match starts)."""
        for s in self.seats:
            if not s.is_bot and s.outbox is None:
                self.start_grace(s)

    def start_grace(self, s: Seat) -> None:
        epoch = s.epoch

        async def wait() -> None:
            await asyncio.sleep(self.settings.grace_seconds)
            self.submit(GraceOver(s.seat, epoch))

        old = self.graces.pop(s.seat, None)
        if old is not None:
            old.cancel()
        self.graces[s.seat] = asyncio.get_running_loop().create_task(wait())

    def grace_over(self, cmd: GraceOver, playing: bool) -> bool:
        """The grace of a seat ran out: ``True`` when a stand-in now plays it (its player
        did not come back, and the table is in play)."""
        s = self.seats[cmd.seat]
        self.graces.pop(cmd.seat, None)
        if s.epoch != cmd.epoch or s.outbox is not None or not playing:
            return False
        s.stand_in = True
        return True

    def humans_connected(self) -> bool:
        return any(s.outbox is not None for s in self.seats if not s.is_bot)

    def alone_for(self, moment: float) -> float:
        """Seconds no human has been connected (0 while someone is)."""
        return 0.0 if self.alone_since is None else max(0.0, moment - self.alone_since)

    # Away --------------------------------------------------------------------------------
    def played(self, seat: int, event: JSONDict) -> None:
        """A move was made at ``seat``: kept for its player if they are away."""
        s = self.seats[seat]
        if not s.is_bot and s.outbox is None:
            moves = self.played_for.setdefault(seat, [])
            moves.append(event)
            del moves[:-PLAYED_FOR_KEPT]

    def away_report(self, seat: int, match: Match) -> JSONDict | None:
        """What a bot played for ``seat`` while its player was gone and, when the match
        ended meanwhile, its last hand's SUMMARY (the winner and the final totals)."""
        moves = self.played_for.pop(seat, [])
        if not moves:
            return None
        over = match.over and bool(match.history)
        summary = summary_json(match.history[-1], match) if over else None
        return {"moves": moves, "summary": summary}

    # Spectators ----------------------------------------------------------------------------
    def watch(self, outbox: Outbox, on: bool) -> bool:
        """A spectator comes (``on``) or goes; ``True`` when one came and was let in (a
        table has at most ``watchers_per_table``: the rest are turned away)."""
        if not on:
            if outbox in self.watchers:
                self.watchers.remove(outbox)
            return False
        top = self.settings.watchers_per_table
        if len(self.watchers) >= top:
            outbox.close(CloseCode.WATCHERS_FULL, f"this table has {top} spectators already")
            return False
        self.watchers.append(outbox)
        return True

    # Sending -----------------------------------------------------------------------------
    def send_all(self, message: JSONDict, *, watchers: bool = True) -> None:
        """One message to every connected seat and, unless told not, every spectator."""
        for s in self.seats:
            if s.outbox is not None:
                s.outbox.put(message)
        if watchers:
            for watcher in self.watchers:
                watcher.put(message)

    def tasks(self) -> list[asyncio.Task[None]]:
        return list(self.graces.values())

    def close(self, code: int, reason: str) -> None:
        """Close every connection, seats' and spectators' (the table stops here)."""
        for s in self.seats:
            if s.outbox is not None:
                s.outbox.close(code, reason)
        for watcher in self.watchers:
            watcher.close(code, reason)
        self.watchers.clear()
