"""Who finds a table (``tables.access``): ``open`` (listed in the lobby), ``private`` (its
invite link only) or ``quick`` (made by Play now, its bot seats handed to people).

Every table made before this revision was listed: it stays ``open``.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("access", sa.String(8), nullable=False, server_default="open"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("access")
