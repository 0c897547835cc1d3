"""Practice matches: whether a match is one (its creator may have chosen the seed).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("practice", sa.Boolean, nullable=False,
                                       server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("practice")
