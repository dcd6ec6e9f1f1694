"""Nicknames compared by their look: each person's ``nickname_key`` becomes the UTS #39
skeleton of the name (storage/nicknames.py, ``name_key``), so "Аnna" in Cyrillic letters
and "Ａｎｎａ" are the Anna who kept the name first. The column grows to 255 characters: a
skeleton may be longer than the name.

Two identities whose names were different keys before and are one key now both stay, with
their ratings, keys and histories: the older (by ``created``, then ``id``) keeps the key,
the newer's key becomes ``<key>#<its id>`` (a ``#`` and an id no new key ends with), and
the migration logs each such pair, so the clash is seen and nobody is lost. The newer
still signs in with their secret key and plays under their name; nobody new can take
either name. Bots' keys (``bot:club``) are their kind, as before.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from scala40.storage.nicknames import name_key

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")

players = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("nickname", sa.String),
    sa.column("nickname_key", sa.String),
    sa.column("kind", sa.String),
    sa.column("created", sa.DateTime),
)


def _rekey(key_of: Callable[[str], str]) -> None:
    """Give every person the key ``key_of(nickname)``; a key someone older holds already
    gets ``#`` and the id (logged). Every person's key is first set to ``#id`` so that no
    update meets another row's old key on the way."""
    conn = op.get_bind()
    p = players.c
    people = conn.execute(
        sa.select(p.id, p.nickname, p.nickname_key)
        .where(p.kind == "human")
        .order_by(p.created, p.id)
    ).all()
    held = {
        row.nickname_key: row.id
        for row in conn.execute(sa.select(p.id, p.nickname_key).where(p.kind != "human"))
    }
    for row in people:
        conn.execute(sa.update(players).where(p.id == row.id).values(nickname_key="#" + row.id))
    for row in people:
        key = key_of(row.nickname)
        if key in held:
            log.warning(
                "players %s and %s have look-alike nicknames (key %r): the newer is keyed %r",
                held[key],
                row.id,
                key,
                f"{key}#{row.id}",
            )
            key = f"{key}#{row.id}"
        held[key] = row.id
        conn.execute(sa.update(players).where(p.id == row.id).values(nickname_key=key))


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.alter_column(
            "nickname_key", existing_type=sa.String(64), type_=sa.String(255), nullable=False
        )
    _rekey(name_key)


def _casefolded(nickname: str) -> str:
    return " ".join(nickname.split()).casefold()


def downgrade() -> None:
    _rekey(_casefolded)
    with op.batch_alter_table("players") as batch:
        batch.alter_column(
            "nickname_key", existing_type=sa.String(255), type_=sa.String(64), nullable=False
        )
