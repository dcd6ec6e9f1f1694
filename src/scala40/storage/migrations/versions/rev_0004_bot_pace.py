"""A table remembers the bots' pace its creator chose.

``tables.bot_pace`` is ``slow``, ``normal`` or ``fast``: how long the table's bots (and the
stand-ins for absent players) wait before each move, as a multiple of the server's
``bot_pause``. Kept with the table so a table rebuilt after a restart plays at the same
pace; tables stored before it existed play at the normal pace.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("bot_pace", sa.String(8), nullable=False, server_default="normal")
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("bot_pace")
