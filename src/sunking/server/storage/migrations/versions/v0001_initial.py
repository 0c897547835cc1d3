"""Matches, their seats and their action logs.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("turn_clock_seconds", sa.Float, nullable=True),
        sa.Column("spectator_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("turn_deadline", sa.Float, nullable=True),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "seats",
        sa.Column(
            "match_id", sa.String(32),
            sa.ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column(
            "match_id", sa.String(32),
            sa.ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True,
        ),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("request_id", sa.String(100), nullable=True),
        sa.Column("mover", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("match_id", "seat", "request_id", name="uq_actions_request"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_matches_status", table_name="matches")
    op.drop_table("matches")
