"""Accounts: accounts, their sessions, single-use links, passkeys and recovery codes, the
passkey ceremonies under way, and the mail outbox.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _account_id() -> sa.Column[str]:
    return sa.Column("account_id", sa.String(32),
                     sa.ForeignKey("accounts.account_id", ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    _accounts_and_sessions()
    _links_passkeys_and_codes()
    _ceremonies_and_outbox()
    op.create_index("ix_account_sessions_account", "account_sessions", ["account_id"])
    op.create_index("ix_account_links_account", "account_links", ["account_id"])
    op.create_index("ix_account_passkeys_account", "account_passkeys", ["account_id"])
    op.create_index("ix_mail_outbox_due", "mail_outbox", ["sent_at", "next_try"])


def _accounts_and_sessions() -> None:
    op.create_table(
        "accounts",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("handle", sa.String(40), nullable=False),
        sa.Column("handle_key", sa.String(40), nullable=False, unique=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_key", sa.String(254), nullable=True, unique=True),
        sa.Column("email_verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("languages", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("session_hash", sa.String(64), primary_key=True),
        _account_id(),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("user_agent", sa.String(200), nullable=False),
    )


def _links_passkeys_and_codes() -> None:
    op.create_table(
        "account_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _account_id(),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_table(
        "account_passkeys",
        sa.Column("credential_id", sa.String(400), primary_key=True),
        _account_id(),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_table(
        "account_recovery_codes",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.account_id", ondelete="CASCADE"), primary_key=True),
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("used_at", sa.Float, nullable=True),
    )


def _ceremonies_and_outbox() -> None:
    op.create_table(
        "passkey_ceremonies",
        sa.Column("ceremony_id", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("challenge", sa.LargeBinary, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "mail_outbox",
        sa.Column("mail_id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_try", sa.Float, nullable=False),
        sa.Column("last_error", sa.String(300), nullable=True),
    )


def downgrade() -> None:
    for table in ("mail_outbox", "passkey_ceremonies", "account_recovery_codes",
                  "account_passkeys", "account_links", "account_sessions", "accounts"):
        op.drop_table(table)
