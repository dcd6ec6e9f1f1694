"""Score sheets get a keeper; deal seeds are stored sealed.

``score_sheets.keeper_hash`` is the SHA-256 of the secret token handed to whoever created
the sheet (``NULL`` for sheets saved before keepers existed: readable by id, never
changed). ``tables.seed_sealed`` says the ``seed`` column holds the deal seed encrypted
with the server's secret key (see ``scala40.storage.seal``), so a copy of the database alone
does not tell the cards in play; ``server_keys`` holds the fingerprint of that key, so a
server started with another key refuses to start instead of dealing other cards.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_keys",
        sa.Column("fingerprint", sa.String(64), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("score_sheets") as batch:
        batch.add_column(sa.Column("keeper_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("seed_sealed", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seed_sealed")
    with op.batch_alter_table("score_sheets") as batch:
        batch.drop_column("keeper_hash")
    op.drop_table("server_keys")
