"""Rules versions: each match records the version of its game's rules it was started under;
every match stored before has version 1, the only version there was.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("rules_version", sa.Integer, nullable=False,
                                       server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rules_version")
