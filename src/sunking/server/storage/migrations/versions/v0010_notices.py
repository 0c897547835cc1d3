"""Turn notices and profiles: the turns of signed-in people waiting for a "your turn" e-mail,
each account's choice of notices with its unsubscribe token, and what its profile shows.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turn_notices",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("due_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
    )
    op.create_index("ix_turn_notices_due", "turn_notices", ["sent_at", "due_at"])
    op.create_table(
        "notice_choices",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("turn_mail", sa.String(8), nullable=False),
        sa.Column("unsubscribe", sa.String(64), nullable=False, unique=True),
        sa.Column("digest_at", sa.Float, nullable=True),
    )
    op.create_table(
        "profile_choices",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("public_statistics", sa.Boolean, nullable=False),
        sa.Column("public_history", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("profile_choices")
    op.drop_table("notice_choices")
    op.drop_index("ix_turn_notices_due", "turn_notices")
    op.drop_table("turn_notices")
