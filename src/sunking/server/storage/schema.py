"""The tables of the SQL store (SQLAlchemy Core). The Alembic migrations create them."""

from __future__ import annotations

import sqlalchemy as sa

METADATA = sa.MetaData()

MATCHES = sa.Table(
    "matches",
    METADATA,
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
    sa.Column("host_seat", sa.Integer, nullable=True),
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("time_bank_seconds", sa.Float, nullable=True),
    sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("driver", sa.String(32), nullable=True),
    sa.Column("person_at", sa.Float, nullable=True),
    sa.Column("rules_version", sa.Integer, nullable=False, server_default="1"),
)

SEATS = sa.Table(
    "seats",
    METADATA,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.match_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("away", sa.Boolean, nullable=False),
    sa.Column("bank_left", sa.Float, nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("account_id", sa.String(32), nullable=True),
    sa.Column("gone", sa.String(8), nullable=True),
)

ACTIONS = sa.Table(
    "actions",
    METADATA,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.match_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("request_id", sa.String(100), nullable=True),
    sa.Column("mover", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.UniqueConstraint("match_id", "seat", "request_id", name="uq_actions_request"),
)

CHAT = sa.Table(
    "chat_messages",
    METADATA,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.match_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("recipients", sa.JSON, nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("author", sa.String(40), nullable=True),
)

REPLAYS = sa.Table(
    "replays",
    METADATA,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.match_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("frames", sa.LargeBinary, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""A finished match's replay as it was shown when it finished (compressed JSON), kept for
when its game's rules have changed since."""

PROCESSES = sa.Table(
    "processes",
    METADATA,
    sa.Column("process_id", sa.String(32), primary_key=True),
    sa.Column("about", sa.String(200), nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
)
"""The server processes on the database and their leases (seconds since the epoch, on the
database's clock): a process whose lease ran out is gone, and its matches are taken over."""

sa.Index("ix_matches_status", MATCHES.c.status)
sa.Index("ix_matches_driver", MATCHES.c.driver)
sa.Index("ix_matches_person_at", MATCHES.c.person_at)
sa.Index("ix_seats_account_id", SEATS.c.account_id)
