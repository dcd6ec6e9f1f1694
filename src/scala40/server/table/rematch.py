"""A finished table played again: the seats' wishes, the rematch made once every human
still there asked, and the old tokens that open the new seats of those who left."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable

from scala40.notation.codec import JSONDict
from scala40.server.table.commands import Claim, RematchRefused
from scala40.server.table.seats import Seat
from scala40.storage.db import AsyncStore
from scala40.storage.store import SeatRow, TableRow, now
from scala40.storage.tokens import new_table_id, new_token, token_hash

MakeRematch = Callable[[], Awaitable[tuple[str, dict[int, str]]]]
"""Makes the rematch table (the registry's): its id and each human seat's token."""


class Rematch:
    """One finished table's rematch: who asked, and the table it made."""

    def __init__(self, seats: list[Seat]) -> None:
        self.seats = seats
        self.asked: set[int] = set()
        """The seats that asked for a rematch of this finished match."""
        self.table_id: str | None = None
        """The table the rematch created (stored with this table, too)."""

    def json(self) -> JSONDict:
        """Who asked for a rematch, and where it is once made (docs/protocol.md)."""
        return {"asked": sorted(self.asked), "table_id": self.table_id}

    def due(self, over: bool) -> bool:
        """Every human at the table now has asked (one is here at least). A player who left
        does not hold the others back: their seat at the rematch is kept for them (their
        old token opens it) and a stand-in plays it until they come."""
        present = {s.seat for s in self.seats if not s.is_bot and s.outbox is not None}
        return over and self.table_id is None and bool(present) and present <= self.asked

    async def make_if_due(
        self, over: bool, asker: int | None, make: MakeRematch | None
    ) -> RematchRefused | None:
        """Make the rematch when :meth:`due`, and send each connected human their new
        seat's token, to them alone. The server's refusal, when it cannot make it, is
        returned: ``asker``'s wish (whose message or, with ``None``, whose leaving made it
        due) is then taken back, so asking again tries again."""
        if not self.due(over) or make is None:
            return None
        try:
            made, tokens = await make()
        except RematchRefused as err:
            if asker is not None:
                self.asked.discard(asker)
            return err
        self.table_id = made
        for s in self.seats:
            if s.outbox is not None and s.seat in tokens:
                s.outbox.put(
                    {"type": "rematch", "table_id": made, "seat": s.seat, "token": tokens[s.seat]}
                )
        return None


async def claim(seats: list[Seat], db: AsyncStore, table_id: str, cmd: Claim) -> int | None:
    """Open a rematch seat with the seat's token at the finished table: once, for a
    player who was not connected when the rematch was made (``None``: none opened)."""
    for s in seats:
        if s.claim_hash is None or not hmac.compare_digest(s.claim_hash, cmd.claim_hash):
            continue
        store = db.store
        spent = await db.run(store.claim_seat, table_id, s.seat, s.claim_hash, cmd.token_hash)
        if spent:
            s.token_hash = cmd.token_hash
            s.claim_hash = None
            return s.seat
    return None


def rematch_rows(
    was: TableRow, seats: list[Seat]
) -> tuple[TableRow, list[SeatRow], dict[int, str]]:
    """The rows of a finished table's rematch: the same seats (bots, and each human in
    their seat under their name), rules, timer, bots' pace and league, a new deal. Every
    seat is taken, so it starts at once; each human gets a new token (returned by seat),
    and their old token opens the new seat once (``claim_hash``) for whoever misses the
    socket message."""
    tokens: dict[int, str] = {}
    rows: list[SeatRow] = []
    for s in seats:
        if s.is_bot:
            # A remote bot keeps its identity (a level has none): the rematch is rated too.
            rows.append(SeatRow(s.seat, s.occupant, s.name, None, player_id=s.player_id))
            continue
        tokens[s.seat] = new_token()
        rows.append(
            SeatRow(
                s.seat,
                s.occupant,
                s.name,
                token_hash(tokens[s.seat]),
                s.token_hash,
                s.player_id,
                s.network,
            )
        )
    table = TableRow(
        id=new_table_id(),
        created=now(),
        preset=was.preset,
        changes=dict(was.changes),
        seed=secrets.randbits(63),
        first_dealer=secrets.randbelow(len(rows)),
        turn_seconds=was.turn_seconds,
        status="playing",
        bot_pace=was.bot_pace,
        fair=True,
        league_id=was.league_id,
        rated=was.rated,
        access=was.access,
    )
    return table, rows, tokens
