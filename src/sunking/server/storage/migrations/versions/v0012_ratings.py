"""Ratings of people: each account's rating per game, every finished match settled once (rated,
or why not) with what it changed, and the seats whose person resigned or left.

The matches that finished before ratings existed are settled as ``before_ratings``: they are
never rated afterwards, in an order nobody played them in.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("gone", sa.String(8), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "shown"])
    op.create_table(
        "rated_matches",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("settled_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("gone", sa.String(8), nullable=True),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
    )
    op.execute(sa.text(
        "INSERT INTO rated_matches (match_id, game, outcome, settled_at) "
        "SELECT match_id, game, 'before_ratings', :now FROM matches WHERE status = 'finished'"
    ).bindparams(now=time.time()))


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("rated_matches")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("gone")
