"""Leagues: a group of friends' named league, its members and the tables played for it;
each result row keeps the hands and penalty points of its seat (a league sums them).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "league_members",
        sa.Column("league_id", sa.String(32), sa.ForeignKey("leagues.id"), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("league_id", sa.String(32), nullable=True))
        batch.create_foreign_key("fk_tables_league", "leagues", ["league_id"], ["id"])
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("hands", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("penalty", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("penalty")
        batch.drop_column("hands")
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint("fk_tables_league", type_="foreignkey")
        batch.drop_column("league_id")
    op.drop_table("league_members")
    op.drop_table("leagues")
