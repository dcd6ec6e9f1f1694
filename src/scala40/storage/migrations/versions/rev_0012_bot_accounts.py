"""Remote bots' accounts: a bot's identity is a ``players`` row of kind "bot:remote"; this
table adds its owner and who may seat it.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_accounts",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("owner_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("seating", sa.String(8), nullable=False, server_default="owner"),
    )


def downgrade() -> None:
    op.drop_table("bot_accounts")
