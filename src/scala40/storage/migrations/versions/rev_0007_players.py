"""Persistent identities and ratings: players, their seats, and each rated match's result.

``players`` holds a person who keeps a rating (a nickname and the hash of a secret key) or
a bot level, with an OpenSkill rating and the sums of their matches' figures;
``seats.player_id`` says which identity sat where; ``results`` keeps each identified
seat's place and rating after every rated match (the player's page draws it).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("nickname_key", sa.String(64), nullable=False, unique=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("penalty", sa.Integer, nullable=False),
        sa.Column("opened", sa.Integer, nullable=False),
        sa.Column("opening_turns", sa.Integer, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.create_foreign_key("fk_seats_player", "players", ["player_id"], ["id"])
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("results")
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("fk_seats_player", type_="foreignkey")
        batch.drop_column("player_id")
    op.drop_table("players")
