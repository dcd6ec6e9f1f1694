"""A finished table remembers its rematch; a rematch's seats can be claimed once.

``tables.rematch`` is the id of the table a finished match's rematch created (null while
there is none), so a player who was not connected when it was made can still find it,
after a restart too. ``seats.claim_hash`` holds, at the rematch, the hash of the seat's
token at the finished table: that old token opens the new seat once.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("claim_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("claim_hash")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
