"""Tables deal every hand the verifiable way, and keep the seats' entropy.

``tables.fair`` says a table's hands are shuffled from committed secrets and the seats'
contributions (``scala40.engine.fairness``); tables stored before it existed keep dealing
from their seed as before (``false``). ``entropy`` keeps each contribution, one per seat
and hand, so a table rebuilt after a restart deals exactly the hands it dealt.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fair", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "entropy",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("data", sa.String(128), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "hand", "seat", name="uq_entropy_table_hand_seat"),
    )


def downgrade() -> None:
    op.drop_table("entropy")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fair")
