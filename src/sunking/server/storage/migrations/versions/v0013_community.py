"""The community: who follows, blocks and mutes whom, reports made from matches, suspended
accounts, invitations sent to a person by name, and whether those are mailed to him.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def _pair(name: str, one: str, other: str) -> None:
    op.create_table(
        name,
        sa.Column(one, sa.String(32), primary_key=True),
        sa.Column(other, sa.String(32), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index(f"ix_{name}_{other}", name, [other])


def upgrade() -> None:
    _pair("follows", "follower", "followed")
    _pair("blocks", "blocker", "blocked")
    op.create_table(
        "mutes",
        sa.Column("mute_id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("muter", sa.String(32), nullable=False),
        sa.Column("muted", sa.String(32), nullable=True),
        sa.Column("match_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_mutes_muter", "mutes", ["muter"])
    op.create_table(
        "reports",
        sa.Column("report_id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("reported", sa.String(32), nullable=True),
        sa.Column("reporter_seat", sa.Integer, nullable=False),
        sa.Column("reporter", sa.String(32), nullable=True),
        sa.Column("chat_line", sa.Integer, nullable=True),
        sa.Column("move", sa.Integer, nullable=True),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_reports_created", "reports", ["created_at"])
    op.create_table(
        "suspensions",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("suspended_at", sa.Float, nullable=False),
    )
    op.create_table(
        "person_invitations",
        sa.Column("invitation_id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("inviter", sa.String(32), nullable=False),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_person_invitations_account", "person_invitations", ["account_id"])
    with op.batch_alter_table("notice_choices") as batch:
        batch.add_column(sa.Column("invite_mail", sa.Boolean, nullable=False,
                                   server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("notice_choices") as batch:
        batch.drop_column("invite_mail")
    op.drop_index("ix_person_invitations_account", "person_invitations")
    op.drop_table("person_invitations")
    op.drop_table("suspensions")
    op.drop_index("ix_reports_created", "reports")
    op.drop_table("reports")
    op.drop_index("ix_mutes_muter", "mutes")
    op.drop_table("mutes")
    for name, other in (("blocks", "blocked"), ("follows", "followed")):
        op.drop_index(f"ix_{name}_{other}", name)
        op.drop_table(name)
