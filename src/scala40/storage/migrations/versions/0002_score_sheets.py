"""Score sheets of paper games (the /score page): one row per game, the sheet as JSON.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "score_sheets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("sheet", sa.Text, nullable=False),
    )
    op.create_index("ix_score_sheets_updated", "score_sheets", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_score_sheets_updated", "score_sheets")
    op.drop_table("score_sheets")
