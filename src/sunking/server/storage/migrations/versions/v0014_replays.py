"""Replays: a finished match's replay frames, stored compressed when it finishes, so that it
can still be shown after its game's rules changed (a match of another rules version is never
replayed under the new rules).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("match_id", sa.String(32),
                  sa.ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
        sa.Column("frames", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replays")
