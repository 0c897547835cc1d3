"""Leases: the server processes on the database, each with a lease it renews, and the process
that drives each match (moves its bots and turn clocks).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "processes",
        sa.Column("process_id", sa.String(32), primary_key=True),
        sa.Column("about", sa.String(200), nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    # No driver yet: the first process to start claims every active match.
    op.add_column("matches", sa.Column("driver", sa.String(32), nullable=True))
    op.create_index("ix_matches_driver", "matches", ["driver"])


def downgrade() -> None:
    op.drop_index("ix_matches_driver", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("driver")
    op.drop_table("processes")
