"""SQL storage of tables, seats and actions (SQLite by default, PostgreSQL by URL).

The store is synchronous SQLAlchemy Core; the server calls it from a worker thread so the
event loop never waits on the disk. SQLite runs in WAL mode with a busy timeout, so
readers never block the single writer.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, func, insert, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from scala40.storage import schema
from scala40.storage.leases import Lease, LeaseLost, fence
from scala40.storage.seal import SecretKeyError, fingerprint, open_seed, seal_seed

UNFINISHED = ("waiting", "playing")
BOT_PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.25}
"""A table's bot pace: the factor on the server's ``bot_pause`` before each bot move. Slow
lets a newcomer follow every card; fast suits a player who only waits for their turn."""
EXPIRED = "expired"
"""A table that waited for its players too long; it was never played."""
CLOSED = "closed"
"""A table in play that every human left for too long; its actions stay stored."""


class Access(StrEnum):
    """Who finds a table: the lobby lists open and quick-play tables, never private ones
    (reached by their invite link alone)."""

    OPEN = "open"
    PRIVATE = "private"
    QUICK = "quick"
    """Made by Play now: bots hold the seats no person has, and hand them to people."""


DB_FILE = "scala40.db"
"""The embedded database's file in the data directory."""


def data_dir() -> Path:
    """``$SCALA40_DATA`` or ``~/.local/share/scala40``: where the embedded database lives."""
    env = os.environ.get("SCALA40_DATA")
    return Path(env).expanduser() if env else Path.home() / ".local" / "share" / "scala40"


def default_db_url() -> str:
    """An SQLite file in the data directory (created on first use: no setup)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DB_FILE}"


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    occupant: str
    """Who sits here: ``"human"`` or ``"bot:LEVEL"`` (stored as the seat's ``kind``)."""
    name: str
    token_hash: str | None
    claim_hash: str | None = None
    """At a rematch: the hash of this seat's token at the finished table, which opens the
    seat once (``None``: nothing to claim)."""
    player_id: str | None = None
    """The rated identity sitting here (``None``: an anonymous player, or a bot)."""
    network: str | None = None
    """Who the person who took the seat is on the network, as a keyed digest of their
    address (an IPv6 client's /64; :func:`~scala40.storage.seal.network_digest`), so a
    rated match does not rate two seats of one home against each other; ``None``: a bot,
    a free seat, or a seat taken before digests were kept."""

    @property
    def guest(self) -> bool:
        """A person sits here without a rated identity: their name is not kept, and the
        pages mark it so that nobody takes them for the rated player of a like name."""
        return is_guest(self.occupant, self.token_hash, self.player_id)


def is_guest(occupant: str, token_hash: str | None, player_id: str | None) -> bool:
    """Whether a seat is a guest's: a human seat someone took (a token) without a player
    key. A bot is no guest, nor a free seat."""
    return occupant == "human" and token_hash is not None and player_id is None


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    created: datetime
    preset: str
    changes: dict[str, Any]
    """Every rule key that differs from FISCA (what rebuilds the rules exactly)."""
    seed: int
    first_dealer: int
    turn_seconds: float | None
    status: str
    finished: datetime | None = None
    winner: int | None = None
    bot_pace: str = "normal"
    """``slow``, ``normal`` or ``fast``: the wait before each bot move (see BOT_PACES)."""
    fair: bool = False
    """Hands are dealt the verifiable way (``Match(fair=True)``); older tables are not."""
    league_id: str | None = None
    """The league the match counts for (leagues.py), seating its members only."""
    rated: bool = False
    """The creator chose a rated match: its result moves the ratings of the identities
    that sit there (players.py); an unrated (casual) match moves none."""
    access: Access = Access.OPEN
    """Who finds the table: anyone in the lobby, only who has its invite link, or anyone
    pressing Play now (quick play)."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """An unfinished table as stored: enough to rebuild it by replaying its actions."""

    table: TableRow
    seats: list[SeatRow]
    actions: list[tuple[int, int, str]]
    """(version, seat, action text) in version order."""
    entropy: list[tuple[int, int, str]] = field(default_factory=list)
    """(hand, seat, hex) of the seats' contributions, in the order they were accepted."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def _aware(value: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes: they were stored in UTC."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


MIGRATION_LOCK = 0x5CA1A40
"""The PostgreSQL advisory lock key that serialises schema migrations."""


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic, scripts inside the package)."""
    where = resources.files("scala40.storage") / "migrations"
    cfg = Config()
    cfg.set_main_option("script_location", str(where))
    cfg.set_main_option("path_separator", "os")
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # Nodes of a cluster starting at once: one migrates, the others wait for it
            # (a transaction-scoped lock, let go at commit) and then find nothing to do.
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Tables, seats and the append-only action log."""

    def __init__(
        self, url: str, key: bytes | None = None, paused_after: float | None = None
    ) -> None:
        """``paused_after`` (PostgreSQL, a node of a cluster: its lease's seconds): a
        session left inside a transaction that long is ended by the database, which lets
        go of its row locks. A node stopped (SIGSTOP, a frozen VM) between two statements
        of a write holds its tables' lease rows locked; without this, the node that takes
        its tables over would wait on those locks until the sleeper woke, and the tables
        would stand still however short the lease. The sleeper, once awake, finds its
        transaction gone (the store is away for it: nothing of it is stored)."""
        self.url = url
        self.key = key
        """The server's secret key: seeds are sealed with it (``None``: kept in clear,
        for tools that only read finished matches)."""
        self.is_sqlite = url.startswith("sqlite")
        args: dict[str, Any] = {"check_same_thread": False} if self.is_sqlite else {}
        if paused_after is not None and not self.is_sqlite:
            millis = max(1, round(paused_after * 1000))
            args["options"] = f"-c idle_in_transaction_session_timeout={millis}"
        self.engine = create_engine(url, connect_args=args, pool_pre_ping=not self.is_sqlite)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.fences: dict[str, Lease] | None = None
        """With several nodes on this database (``scala40 serve --redis``): this node's
        leases by table. Every write to a table is then fenced by its lease (leases.py):
        a table this node does not hold, or no longer holds, cannot be written to.
        ``None``: a single node, nothing to fence."""

    def fence_with(self, fences: dict[str, Lease]) -> None:
        """Fence every write to a table by this node's lease of it, as held in ``fences``
        (which the node keeps up to date as it takes, renews and lets go of leases)."""
        self.fences = fences

    def _fence(self, conn: Connection, table_id: str) -> None:
        """Inside a write transaction: refuse (:class:`LeaseLost`) a table whose lease
        this node does not hold (only with ``fences``)."""
        if self.fences is None:
            return
        lease = self.fences.get(table_id)
        if lease is None:
            raise LeaseLost(table_id, "this node", 0)
        fence(conn, lease)

    def migrate(self) -> None:
        """The newest schema, and a check that this server's key is the database's."""
        migrate(self.engine)
        if self.key is not None:
            self.check_key()

    def check_key(self) -> None:
        """The first server to start records its key's fingerprint; a server started
        later with another key is refused (it would rebuild every table with other cards).
        """
        mine = fingerprint(self.key) if self.key is not None else ""
        with self.engine.begin() as conn:
            known = conn.execute(select(schema.server_keys.c.fingerprint)).scalars().all()
            if not known:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(schema.server_keys).values(fingerprint=mine, created=now())
                        )
                except IntegrityError:  # another node started at the same moment
                    known = [mine]
            if known and mine not in known:
                raise SecretKeyError(
                    "this database's deal seeds are sealed with another key: start the server"
                    " with the key file it was first started with (--secret-file)"
                )

    def close(self) -> None:
        self.engine.dispose()

    # Writing ---------------------------------------------------------------------------
    def create_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        with self.engine.begin() as conn:
            self._insert_table(conn, table, seats)

    def create_rematch(self, old_id: str, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """A finished table's rematch: the new table and the old one's link to it, in one
        transaction, so a restart finds both or neither; a second rematch of the same
        table fails."""
        with self.engine.begin() as conn:
            linked = conn.execute(
                update(schema.tables)
                .where(schema.tables.c.id == old_id, schema.tables.c.rematch.is_(None))
                .values(rematch=table.id)
            ).rowcount
            if linked != 1:
                raise ValueError(f"table {old_id} has a rematch already")
            self._insert_table(conn, table, seats)

    def rematch_of(self, table_id: str) -> str | None:
        """The id of the table a finished table's rematch created, if any."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(schema.tables.c.rematch).where(schema.tables.c.id == table_id)
            ).scalar()
            return None if found is None else str(found)

    def claim_seat(self, table_id: str, seat: int, claim_hash: str, token_hash: str) -> bool:
        """A rematch seat opened by the old token: its new token replaces the one sent over
        the socket, and the claim is spent (``False``: it was spent already)."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            done = conn.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.claim_hash == claim_hash,
                )
                .values(token_hash=token_hash, claim_hash=None)
            ).rowcount
            return bool(done == 1)

    def _insert_table(self, conn: Connection, table: TableRow, seats: Sequence[SeatRow]) -> None:
        conn.execute(
            insert(schema.tables).values(
                id=table.id,
                created=table.created,
                preset=table.preset,
                rules=json.dumps(table.changes, sort_keys=True),
                seed=self._sealed(table.id, table.seed),
                seed_sealed=self.key is not None,
                first_dealer=table.first_dealer,
                turn_seconds=table.turn_seconds,
                bot_pace=table.bot_pace,
                fair=table.fair,
                league_id=table.league_id,
                rated=table.rated,
                access=table.access.value,
                status=table.status,
            )
        )
        conn.execute(
            insert(schema.seats),
            [
                {
                    "table_id": table.id,
                    "seat": s.seat,
                    "kind": s.occupant,
                    "name": s.name,
                    "token_hash": s.token_hash,
                    "claim_hash": s.claim_hash,
                    "player_id": s.player_id,
                    "network": s.network,
                }
                for s in seats
            ],
        )

    def _sealed(self, table_id: str, seed: int) -> int:
        return seed if self.key is None else seal_seed(self.key, table_id, seed)

    def take_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        starts: bool,
        player_id: str | None = None,
        network: str | None = None,
    ) -> None:
        """A newcomer sits down; if that fills the table, it starts in the same transaction.

        One transaction, so a crash leaves either the seat free and the table waiting, or
        the seat taken and the table playing, never a full table that waits for ever.
        """
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            taken = conn.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash, player_id=player_id, network=network)
            ).rowcount
            if taken != 1:
                raise ValueError(f"table {table_id}: seat {seat} is not free in the store")
            if starts:
                conn.execute(
                    update(schema.tables)
                    .where(schema.tables.c.id == table_id, schema.tables.c.status == "waiting")
                    .values(status="playing")
                )

    def seat_bot(
        self, table_id: str, seat: int, kind: str, name: str, player_id: str, starts: bool
    ) -> None:
        """A remote bot takes an open seat of a bot-only table (kind ``bot:open`` becomes
        ``kind``); if that fills the table, it starts in the same transaction."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            taken = conn.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.kind == "bot:open",
                )
                .values(kind=kind, name=name, player_id=player_id)
            ).rowcount
            if taken != 1:
                raise ValueError(f"table {table_id}: seat {seat} is not open in the store")
            if starts:
                conn.execute(
                    update(schema.tables)
                    .where(schema.tables.c.id == table_id, schema.tables.c.status == "waiting")
                    .values(status="playing")
                )

    def person_takes_bot_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        player_id: str | None = None,
        network: str | None = None,
    ) -> None:
        """A person takes a bot's seat between two hands (a quick-play table): the seat is
        a person's from now on, so a restart rebuilds it so. On a node of a cluster, only
        while the node holds the table's lease (:meth:`_fence`)."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            taken = conn.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.kind.like("bot:%"),
                )
                .values(
                    kind="human",
                    name=name,
                    token_hash=token_hash,
                    player_id=player_id,
                    network=network,
                )
            ).rowcount
            if taken != 1:
                raise ValueError(f"table {table_id}: seat {seat} is no bot's seat in the store")

    def name_bot_seat(self, table_id: str, seat: int, name: str) -> None:
        """Rename a bot seat (a program seat takes the name its program gave). On a node of
        a cluster, only while the node holds the table's lease (:meth:`_fence`)."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            conn.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.kind.like("bot:%"),
                )
                .values(name=name)
            )

    def append_action(self, table_id: str, version: int, seat: int, text: str) -> None:
        """Store one action; a second row for the same version fails (UNIQUE). On a node of
        a cluster, only while the node holds the table's lease (:meth:`_fence`)."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            conn.execute(
                insert(schema.actions).values(
                    table_id=table_id, version=version, seat=seat, action=text, created=now()
                )
            )

    def action_at(self, table_id: str, version: int) -> tuple[int, str] | None:
        """The seat and action stored at ``version`` of a table, or ``None``: whether a
        store that failed was committed all the same (the database may commit and then
        die, or drop the connection, before it answers)."""
        a = schema.actions
        with self.engine.connect() as conn:
            row = conn.execute(
                select(a.c.seat, a.c.action).where(a.c.table_id == table_id, a.c.version == version)
            ).first()
        return None if row is None else (int(row.seat), str(row.action))

    def append_actions(self, rows: Sequence[tuple[str, int, int, str]]) -> None:
        """Store several tables' actions in one transaction (a group commit): all or none
        (one table this node lost fails them all; the caller stores them one by one)."""
        stamp = now()
        with self.engine.begin() as conn:
            for table_id in sorted({row[0] for row in rows}):
                self._fence(conn, table_id)
            conn.execute(
                insert(schema.actions),
                [
                    {"table_id": t, "version": v, "seat": s, "action": a, "created": stamp}
                    for t, v, s, a in rows
                ],
            )

    def add_entropy(self, table_id: str, hand: int, seat: int, data: str) -> None:
        """Store a seat's contribution to a hand's shuffle; a second one from the same
        seat for the same hand fails (UNIQUE), so each seat adds at most one."""
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            conn.execute(
                insert(schema.entropy).values(
                    table_id=table_id, hand=hand, seat=seat, data=data, created=now()
                )
            )

    def end_unplayed(
        self,
        table_id: str,
        status: str,
        also: Callable[[Connection, datetime], None] | None = None,
    ) -> None:
        """An unfinished table leaves play without a winner (``expired`` or ``closed``);
        ``also`` (a rated match's ratings, players.py) runs in the same transaction."""
        finished = now()
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            ended = conn.execute(
                update(schema.tables)
                .where(schema.tables.c.id == table_id, schema.tables.c.status.in_(UNFINISHED))
                .values(status=status, finished=finished)
            ).rowcount
            if ended and also is not None:
                also(conn, finished)

    def repair(self, expire_before: datetime) -> dict[str, int]:
        """Put right what an older version (or a crash inside one) left in the store.

        - a waiting table whose every seat is taken starts (the join that filled it
          committed the seat but not the status: the match was due to start);
        - a waiting table created before ``expire_before`` expires;
        - an unfinished table whose seed is stored in clear gets it sealed.
        Returns how many tables each repair touched (for the log).
        """
        counts = {"started": 0, "expired": 0, "sealed": 0}
        with self.engine.begin() as conn:
            free = (
                select(schema.seats.c.table_id)
                .where(schema.seats.c.kind == "human", schema.seats.c.token_hash.is_(None))
                .distinct()
            )
            counts["expired"] = conn.execute(
                update(schema.tables)
                .where(
                    schema.tables.c.status == "waiting",
                    schema.tables.c.created < expire_before,
                )
                .values(status=EXPIRED, finished=now())
            ).rowcount
            counts["started"] = conn.execute(
                update(schema.tables)
                .where(schema.tables.c.status == "waiting", schema.tables.c.id.not_in(free))
                .values(status="playing")
            ).rowcount
            if self.key is not None:
                clear = conn.execute(
                    select(schema.tables.c.id, schema.tables.c.seed).where(
                        schema.tables.c.status.in_(UNFINISHED),
                        schema.tables.c.seed_sealed.is_(False),
                    )
                ).all()
                for row in clear:
                    conn.execute(
                        update(schema.tables)
                        .where(schema.tables.c.id == row.id)
                        .values(seed=self._sealed(row.id, row.seed), seed_sealed=True)
                    )
                counts["sealed"] = len(clear)
        return counts

    def mark_over(
        self,
        table_id: str,
        winner: int | None,
        record: str,
        also: Callable[[Connection, datetime], None] | None = None,
    ) -> None:
        """The match is over: keep its record (the actions are already stored) and, in the
        same transaction, do ``also`` (the ratings' update) with the finishing time."""
        finished = now()
        with self.engine.begin() as conn:
            self._fence(conn, table_id)
            conn.execute(
                update(schema.tables)
                .where(schema.tables.c.id == table_id)
                .values(status="over", finished=finished, winner=winner, record=record)
            )
            if also is not None:
                also(conn, finished)

    # Reading ---------------------------------------------------------------------------
    def _table(self, row: Any) -> TableRow:
        created = _aware(row.created)
        assert created is not None
        seed = row.seed
        if row.seed_sealed:
            if self.key is None:
                raise ValueError(f"table {row.id}: its seed is sealed and no key was given")
            seed = open_seed(self.key, row.id, seed)
        return TableRow(
            id=row.id,
            created=created,
            preset=row.preset,
            changes=json.loads(row.rules),
            seed=seed,
            first_dealer=row.first_dealer,
            turn_seconds=row.turn_seconds,
            status=row.status,
            finished=_aware(row.finished),
            winner=row.winner,
            bot_pace=row.bot_pace,
            fair=bool(row.fair),
            league_id=row.league_id,
            rated=bool(row.rated),
            access=Access(row.access),
        )

    def _seats(self, conn: Connection, table_id: str) -> list[SeatRow]:
        rows = conn.execute(
            select(schema.seats)
            .where(schema.seats.c.table_id == table_id)
            .order_by(schema.seats.c.seat)
        )
        return [
            SeatRow(r.seat, r.kind, r.name, r.token_hash, r.claim_hash, r.player_id, r.network)
            for r in rows
        ]

    def unfinished(self) -> list[StoredTable]:
        """Every table still waiting or playing, with its actions in version order."""
        out: list[StoredTable] = []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.tables)
                .where(schema.tables.c.status.in_(UNFINISHED))
                .order_by(schema.tables.c.created)
            ).all()
            for row in rows:
                out.append(self._stored(conn, row))
        return out

    def _stored(self, conn: Connection, row: Any) -> StoredTable:
        acts = conn.execute(
            select(schema.actions.c.version, schema.actions.c.seat, schema.actions.c.action)
            .where(schema.actions.c.table_id == row.id)
            .order_by(schema.actions.c.version)
        )
        actions = [(a.version, a.seat, a.action) for a in acts]
        given = conn.execute(
            select(schema.entropy.c.hand, schema.entropy.c.seat, schema.entropy.c.data)
            .where(schema.entropy.c.table_id == row.id)
            .order_by(schema.entropy.c.id)
        )
        return StoredTable(
            self._table(row),
            self._seats(conn, row.id),
            actions,
            [(e.hand, e.seat, e.data) for e in given],
        )

    def unfinished_table(self, table_id: str) -> StoredTable | None:
        """One table still waiting or playing, with its actions (``None``: no such table
        in play): what a node rebuilds when it takes the table over."""
        return self.stored_table(table_id, UNFINISHED)

    def stored_table(
        self, table_id: str, statuses: Sequence[str] | None = None
    ) -> StoredTable | None:
        """A table with its seats, actions and entropy (``statuses``: only in one of
        these), to be replayed."""
        where = [schema.tables.c.id == table_id]
        if statuses is not None:
            where.append(schema.tables.c.status.in_(statuses))
        with self.engine.connect() as conn:
            row = conn.execute(select(schema.tables).where(*where)).first()
            return None if row is None else self._stored(conn, row)

    def orphans(self, moment: float, limit: int, skip: Collection[str] = ()) -> list[str]:
        """Unfinished tables no node holds at ``moment`` (no lease, or it ran out), oldest
        first, but those in ``skip``: the tables of a node that died, or of a cluster's
        first start."""
        held = select(schema.table_leases.c.table_id).where(schema.table_leases.c.expires >= moment)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.tables.c.id)
                .where(schema.tables.c.status.in_(UNFINISHED), schema.tables.c.id.not_in(held))
                .where(schema.tables.c.id.not_in(list(skip)))
                .order_by(schema.tables.c.created)
                .limit(limit)
            ).all()
        return [str(r.id) for r in rows]

    def open_tables(
        self, limit: int, offset: int
    ) -> tuple[list[tuple[TableRow, list[SeatRow]]], int]:
        """Tables waiting or playing on any node, newest first (a page), and how many
        there are: the lobby of a cluster, read from the store every node shares. A
        private table is not listed: it is reached by its invite link."""
        with self.engine.connect() as conn:
            where = schema.tables.c.status.in_(("waiting", "playing")) & (
                schema.tables.c.access != Access.PRIVATE.value
            )
            total = conn.execute(
                select(func.count()).select_from(schema.tables).where(where)
            ).scalar()
            rows = conn.execute(
                select(schema.tables)
                .where(where)
                .order_by(schema.tables.c.created.desc())
                .limit(limit)
                .offset(offset)
            ).all()
            return [(self._table(r), self._seats(conn, r.id)) for r in rows], int(total or 0)

    def live_table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """A table waiting or playing on any node, with its seats (``None``: not in play)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.tables).where(
                    schema.tables.c.id == table_id, schema.tables.c.status.in_(UNFINISHED)
                )
            ).first()
            return None if row is None else (self._table(row), self._seats(conn, table_id))

    def finished_table(self, table_id: str) -> tuple[TableRow, list[SeatRow], str] | None:
        """A finished table with its seats and record text (``None`` if not finished)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.tables).where(
                    schema.tables.c.id == table_id, schema.tables.c.status == "over"
                )
            ).first()
            if row is None or row.record is None:
                return None
            return self._table(row), self._seats(conn, table_id), str(row.record)

    def history(self, limit: int = 200) -> list[tuple[TableRow, list[SeatRow]]]:
        """Finished matches, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.tables)
                .where(schema.tables.c.status == "over")
                .order_by(schema.tables.c.finished.desc())
                .limit(limit)
            ).all()
            return [(self._table(r), self._seats(conn, r.id)) for r in rows]
