"""A seat as the table keeps it: who sits there, how to reach them, and its bot.

Built once from the stored seat rows; the actor's collaborators (presence, turns, fair
deal, rematch, finish) read and change these values, never the rows.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scala40.bots import Bot, canonical_level, make_bot
from scala40.bots.program import Slots
from scala40.bots.remote import REMOTE_PREFIX, RemoteBot
from scala40.server.settings import Settings
from scala40.server.table.commands import JoinRefused
from scala40.server.table.program_seats import Programs, ProgramSeat
from scala40.server.table.remote_bots import RemoteBots
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import TableRefusal
from scala40.storage.nicknames import name_key
from scala40.storage.store import SeatRow, is_guest

log = logging.getLogger("scala40.server")


@dataclass
class Seat:
    """A seat as the actor keeps it: who sits there and how to reach them."""

    seat: int
    occupant: str
    """Who sits here: ``"human"`` or ``"bot:LEVEL"``."""
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
    network: str | None = None
    """The keyed digest of the network its person joined from (store.SeatRow.network)."""

    @property
    def is_bot(self) -> bool:
        return self.occupant.startswith("bot:")

    @property
    def open(self) -> bool:
        """A bot-only table's seat waiting for a remote bot to join (:data:`OPEN_SEAT`)."""
        return self.occupant == OPEN_SEAT

    @property
    def taken(self) -> bool:
        return (self.is_bot and not self.open) or self.token_hash is not None

    @property
    def guest(self) -> bool:
        """A person sits here without a rated identity (the wire's ``guest``)."""
        return is_guest(self.occupant, self.token_hash, self.player_id)


def creator_seat(occupants: Sequence[str]) -> int:
    """The seat of the table's creator: its first human seat (the one a new table gives
    the person who made it). Raises ``ValueError`` for a table with no human seat."""
    return list(occupants).index("human")


OPEN_SEAT = "bot:open"
"""The seat kind of a bot-only table's seat that a remote bot may join (http/bots.py): a
bot seat (no person may take it), played by nobody until a bot joins; the table waits."""


@dataclass
class Newcomer:
    """A person promised a bot's seat at a quick-play table from the next hand: who they
    are, and the connections on which they watch until then (closed with ``SEAT_READY``
    when the seat is theirs, so their page reconnects to play it)."""

    name: str
    token_hash: str
    player_id: str | None = None
    network: str | None = None
    watching: list[Outbox] = field(default_factory=list)


def seat_of_token(seats: list[Seat], token_hash: str) -> int | None:
    """The seat a token hash belongs to at this table, or ``None`` (compared in constant
    time: a guessed token learns nothing from how long the answer took)."""
    for s in seats:
        if s.token_hash is not None and hmac.compare_digest(s.token_hash, token_hash):
            return s.seat
    return None


def bot_seat_for_newcomer(seats: list[Seat], promised: Mapping[int, Newcomer], name: str) -> Seat:
    """The bot seat a newcomer from Play now takes: the first bot seat promised to nobody
    (they have all waited since the table was made); :class:`JoinRefused` naming why none."""
    free = [s for s in seats if s.is_bot and s.seat not in promised]
    if not free:
        raise JoinRefused(TableRefusal.TABLE_FULL, "people hold or are promised every seat")
    key = name_key(name)
    names = [s.name for s in seats if not s.is_bot] + [n.name for n in promised.values()]
    if any(name_key(other) == key for other in names):
        raise JoinRefused(
            TableRefusal.NAME_TAKEN, f"someone at this table is already called {name} or alike"
        )
    return free[0]


def _canonical_or_none(level: str) -> str | None:
    """A built-in level's canonical name (an old name such as ``heuristic`` too), or
    ``None`` when ``level`` is no built-in level (a registered program's name)."""
    try:
        return canonical_level(level)
    except ValueError:
        return None


def remote_account(occupant: str) -> str | None:
    """The bot account a seat kind names (``bot:remote:NAME``), else ``None``.

    >>> remote_account("bot:remote:simple-1"), remote_account("bot:club")
    ('simple-1', None)
    """
    head = "bot:" + REMOTE_PREFIX
    return occupant[len(head) :] if occupant.startswith(head) else None


def seats_of(
    rows: list[SeatRow],
    settings: Settings,
    table_id: str,
    slots: Slots | None = None,
    remote: RemoteBots | None = None,
) -> list[Seat]:
    """The seats of a stored table, each bot seat with its bot: a built-in level, a
    program the server's admin registered (``scala40 serve --bot``), whose starts take
    places among ``slots`` (the server's cap on running programs), or a remote bot account
    reached through ``remote`` (its games counted there while the table lives)."""
    seats = [
        Seat(
            r.seat,
            r.occupant,
            r.name,
            r.token_hash,
            claim_hash=r.claim_hash,
            player_id=r.player_id,
            network=r.network,
        )
        for r in rows
    ]
    programs = Programs(dict(settings.program_bots), settings.program_decision_ms)
    for s in seats:
        if not s.is_bot or s.open:
            continue
        level = s.occupant.split(":", 1)[1]
        account = remote_account(s.occupant)
        canonical = _canonical_or_none(level)
        if account is not None and remote is not None:
            remote_seat(s, account, table_id, settings, remote)
        elif level in programs.commands:
            s.program = programs.seat(level, slots)
            s.bot = s.program.bot
        elif canonical is not None:
            # A table stored under an old level name (bot:heuristic) plays on as its
            # canonical level, and shows it so.
            s.occupant = f"bot:{canonical}"
            s.bot = make_bot(canonical)
        else:
            # A program registered when the table was made, not since a restart.
            log.warning(
                "table %s: no bot %r here now; %s plays its seat",
                table_id,
                level,
                settings.stand_in_level,
            )
            s.bot = make_bot(settings.stand_in_level)
    return seats


def remote_seat(
    s: Seat, account: str, table_id: str, settings: Settings, remote: RemoteBots
) -> None:
    """Give seat ``s`` to the remote bot ``account``: its bot, and its table counted."""
    bot = RemoteBot(
        account,
        f"{table_id}/{s.seat}",
        remote,
        grace_s=settings.remote_grace_seconds,
        decision_ms=settings.program_decision_ms,
    )
    s.program = ProgramSeat(bot, remote.sit(account, table_id))
    s.bot = bot


def seat_for(seats: list[Seat], status: str, wanted: int | None, name: str) -> Seat:
    """The seat a newcomer called ``name`` takes (``wanted``, or the first free one when
    ``None``); :class:`JoinRefused` naming why there is none."""
    if status not in ("waiting", "playing"):
        raise JoinRefused(TableRefusal.TABLE_CLOSED, "the table is closed")
    if wanted is None:
        free = [s for s in seats if not s.taken and not s.open]
        if not free:
            raise JoinRefused(TableRefusal.TABLE_FULL, "every seat at this table is taken")
        seat = free[0]
    else:
        if not 0 <= wanted < len(seats):
            raise JoinRefused(TableRefusal.NO_SUCH_SEAT, f"the table has no seat {wanted}")
        seat = seats[wanted]
        if seat.taken or seat.open:
            raise JoinRefused(TableRefusal.SEAT_TAKEN, f"seat {wanted} is taken")
    key = name_key(name)
    if any(s.taken and not s.is_bot and name_key(s.name) == key for s in seats):
        # Two players of one name could not tell their seats apart in the log or the
        # score sheet; asked after the seat, so a wrong seat is named first.
        raise JoinRefused(
            TableRefusal.NAME_TAKEN, f"someone at this table is already called {name} or alike"
        )
    return seat
