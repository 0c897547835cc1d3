"""Seats claimed by invitation: the hash of each invited seat's invitation, so that the seat's
own token is minted only when its person claims it.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_seats_invite_hash", ["invite_hash"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("uq_seats_invite_hash", type_="unique")
        batch.drop_column("invite_hash")
