"""The table chat of every match, the host of an open table, whether hints are on, and the
time bank of the match and of each seat.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("host_seat", sa.Integer, nullable=True))
    op.add_column("matches", sa.Column("hints", sa.Boolean, nullable=False,
                                       server_default=sa.false()))
    op.add_column("matches", sa.Column("time_bank_seconds", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("bank_left", sa.Float, nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column(
            "match_id", sa.String(32),
            sa.ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True,
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("recipients", sa.JSON, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_messages")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("host_seat")
        batch.drop_column("hints")
        batch.drop_column("time_bank_seconds")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bank_left")
