"""Abandoned matches: when a person last moved in each match (its creation if nobody has), so
that matches nobody moved in for long are closed as abandoned.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("person_at", sa.Float, nullable=True))
    op.execute(
        "UPDATE matches SET person_at = COALESCE((SELECT MAX(actions.created_at) FROM actions "
        "WHERE actions.match_id = matches.match_id AND actions.mover = 'seat'), created_at)"
    )
    op.create_index("ix_matches_person_at", "matches", ["person_at"])


def downgrade() -> None:
    op.drop_index("ix_matches_person_at", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("person_at")
