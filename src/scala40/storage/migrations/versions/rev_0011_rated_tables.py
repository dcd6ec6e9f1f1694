"""Rated play is the creator's choice (``tables.rated``), each seat keeps a keyed digest of
the network its person joined from (``seats.network``), and a result says whether it moved
the rating (``results.rated``: a seat of one home at a table is listed, not rated).

A table made before this revision was rated whenever a rated identity sat at it: those keep
that promise (``rated`` is set where an identity sits); the others are casual.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("network", sa.String(32), nullable=True))
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
    op.execute(
        "UPDATE tables SET rated = TRUE WHERE id IN "
        "(SELECT table_id FROM seats WHERE player_id IS NOT NULL)"
    )


def downgrade() -> None:
    with op.batch_alter_table("results") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("network")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
