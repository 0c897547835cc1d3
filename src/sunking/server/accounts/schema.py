"""The tables of accounts (SQLAlchemy Core, on the store's metadata). The Alembic migration
``v0008_accounts`` creates them in the matches' database, so every server process knows every
account and session.

No secret is stored as it was given: passwords as Argon2id hashes, session secrets, link
tokens and recovery codes as SHA-256 hashes (they are long random strings, so a fast hash
suffices)."""

from __future__ import annotations

import sqlalchemy as sa

from ..storage.schema import METADATA

ACCOUNTS = sa.Table(
    "accounts",
    METADATA,
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
"""An account: its handle as written (NFC) and folded (``handle_key``, unique), its e-mail
as written and folded (``email_key``, unique), its password hash (none: passkeys only), and
its languages, the first one the language of its mails."""

SESSIONS = sa.Table(
    "account_sessions",
    METADATA,
    sa.Column("session_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32),
              sa.ForeignKey("accounts.account_id", ondelete="CASCADE"), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("user_agent", sa.String(200), nullable=False),
)
"""A signed-in browser: the hash of its cookie's secret; revoked by deleting the row."""

LINKS = sa.Table(
    "account_links",
    METADATA,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32),
              sa.ForeignKey("accounts.account_id", ondelete="CASCADE"), nullable=False),
    sa.Column("purpose", sa.String(16), nullable=False),
    sa.Column("email", sa.String(254), nullable=True),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Column("used_at", sa.Float, nullable=True),
)
"""A single-use link sent by mail (``verify`` an address, ``reset`` a password)."""

PASSKEYS = sa.Table(
    "account_passkeys",
    METADATA,
    sa.Column("credential_id", sa.String(400), primary_key=True),
    sa.Column("account_id", sa.String(32),
              sa.ForeignKey("accounts.account_id", ondelete="CASCADE"), nullable=False),
    sa.Column("public_key", sa.LargeBinary, nullable=False),
    sa.Column("sign_count", sa.BigInteger, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float, nullable=True),
)
"""A passkey (WebAuthn credential, its id in base64url) and its public key."""

RECOVERY_CODES = sa.Table(
    "account_recovery_codes",
    METADATA,
    sa.Column("account_id", sa.String(32),
              sa.ForeignKey("accounts.account_id", ondelete="CASCADE"), primary_key=True),
    sa.Column("code_hash", sa.String(64), primary_key=True),
    sa.Column("used_at", sa.Float, nullable=True),
)
"""A one-time recovery code of an account without e-mail."""

CEREMONIES = sa.Table(
    "passkey_ceremonies",
    METADATA,
    sa.Column("ceremony_id", sa.String(64), primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("challenge", sa.LargeBinary, nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
"""A passkey registration or sign-in begun and not finished: its challenge, single use."""

sa.Index("ix_account_sessions_account", SESSIONS.c.account_id)
sa.Index("ix_account_links_account", LINKS.c.account_id)
sa.Index("ix_account_passkeys_account", PASSKEYS.c.account_id)
