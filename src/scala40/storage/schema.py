"""The tables the server stores: tables, their seats, and every action ever played.

``actions`` is append-only, one row per table version (UNIQUE(table_id, version)): a
match is its seed and rules plus these rows, so it can always be rebuilt by replaying
them through the engine. Migrations (``migrations/``) create exactly this schema.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
    true,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("preset", String(32), nullable=False),
    Column("rules", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seed_sealed", Boolean, nullable=False, server_default=false()),
    Column("first_dealer", Integer, nullable=False),
    Column("turn_seconds", Float, nullable=True),
    Column("bot_pace", String(8), nullable=False, server_default="normal"),
    Column("fair", Boolean, nullable=False, server_default=false()),
    Column("status", String(16), nullable=False, index=True),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("winner", Integer, nullable=True),
    Column("record", Text, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("league_id", String(32), ForeignKey("leagues.id"), nullable=True),
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("access", String(8), nullable=False, server_default="open"),
)

score_sheets = Table(
    "score_sheets",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False, index=True),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("players", Text, nullable=False),
    Column("sheet", Text, nullable=False),
    Column("keeper_hash", String(64), nullable=True),
)
"""Score sheets of paper games (the /score page, server/http/scoresheets.py): one row a game,
the sheet as JSON; ``keeper_hash`` is the hash of the token of whoever keeps it."""

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claim_hash", String(64), nullable=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=True),
    Column("network", String(32), nullable=True),
)
"""``claim_hash``: at a rematch's table, the hash of the seat's token at the finished table,
which opens the new seat once for a player who missed the socket message (docs/protocol.md).
``player_id``: the identity that sits there (a rated player, or a bot level), or null for
an anonymous player."""

players = Table(
    "players",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("nickname", String(64), nullable=False),
    Column("nickname_key", String(255), nullable=False, unique=True),
    Column("kind", String(32), nullable=False),
    Column("key_hash", String(64), nullable=True, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("hands", Integer, nullable=False),
    Column("penalty", Integer, nullable=False),
    Column("opened", Integer, nullable=False),
    Column("opening_turns", Integer, nullable=False),
)
"""Persistent identities: a person who keeps a rating (``kind`` "human", a nickname whose
look-alike key ``nickname_key`` is unique (storage/nicknames.py; migration 0010 tells what
a ``#id`` after a key means), the hash of their secret key) or a bot level (``kind``
"bot:LEVEL", no key, its kind as its key).
``mu``/``sigma`` are the OpenSkill rating; the counters sum every rated match's figures."""

bot_accounts = Table(
    "bot_accounts",
    metadata,
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("owner_id", String(32), ForeignKey("players.id"), nullable=True),
    Column("seating", String(8), nullable=False, server_default="owner"),
)
"""A remote bot's account (storage/bot_accounts.py): its identity is a ``players`` row of
kind "bot:remote" (its name, the hash of its secret key, its rating); here its owner (a rated
person, or null when made with ``scala40 bot-account``) and who may seat it ("owner" or
"anyone")."""

results = Table(
    "results",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=False),
    Column("place", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("hands", Integer, nullable=False, server_default="0"),
    Column("penalty", Integer, nullable=False, server_default="0"),
    Column("rated", Boolean, nullable=False, server_default=true()),
)
"""One row per identified seat of a rated match: its place, the rating after it, and the
hands it played and penalty points it paid (a league's standings sum them)."""

leagues = Table(
    "leagues",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("invite_hash", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)
"""A group of friends' league: its name and the hash of its invitation code."""

league_members = Table(
    "league_members",
    metadata,
    Column("league_id", String(32), ForeignKey("leagues.id"), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("joined", DateTime(timezone=True), nullable=False),
)
"""Who plays in a league (rated identities); ``tables.league_id`` marks its matches."""

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("version", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "version", name="uq_actions_table_version"),
)

entropy = Table(
    "entropy",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("hand", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("data", String(128), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "hand", "seat", name="uq_entropy_table_hand_seat"),
)
"""The seats' contributions to the verifiable shuffle (hex), one per seat and hand, in the
order they were accepted (``id``): a rebuilt table deals every hand as it was dealt."""

table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("node", String(64), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires", Float, nullable=False),
)
"""Which server node holds a table's actor (several nodes share one database): the node,
the lease's epoch (one more at every claim: the fencing token a store checks) and when the
lease runs out unless renewed, in seconds since 1970 on the claiming node's clock."""

server_keys = Table(
    "server_keys",
    metadata,
    Column("fingerprint", String(64), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
)
"""The fingerprint of the key the seeds are sealed with (one row; see ``seal``)."""
