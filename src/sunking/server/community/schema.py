"""The tables of the community (SQLAlchemy Core, on the store's metadata): who follows, mutes
and blocks whom, the reports made from matches, the suspended accounts and the invitations sent
to a person by name. The Alembic migration ``v0011_community`` creates them in the matches'
database, beside the accounts."""

from __future__ import annotations

import sqlalchemy as sa

from ..storage.schema import METADATA


def _pair(name: str, one: str, other: str) -> sa.Table:
    """A table of one account doing something to another (its two ids the key)."""
    return sa.Table(
        name,
        METADATA,
        sa.Column(one, sa.String(32), primary_key=True),
        sa.Column(other, sa.String(32), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


FOLLOWS = _pair("follows", "follower", "followed")
"""An account that follows another: it sees whether he is online and his open tables."""

BLOCKS = _pair("blocks", "blocker", "blocked")
"""An account that blocks another: the two never sit at one table any more, and the blocked
one cannot follow, invite or write to the blocker (his lines are hidden from him too)."""

MUTES = sa.Table(
    "mutes",
    METADATA,
    sa.Column("mute_id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("muter", sa.String(32), nullable=False),
    sa.Column("muted", sa.String(32), nullable=True),
    sa.Column("match_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""An account that hides another's chat lines from itself: a person's (``muted``, at every
table), or a guest's seat of one match (``match_id`` and ``seat``)."""

REPORTS = sa.Table(
    "reports",
    METADATA,
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
"""A report of a seat of a match (its account, if any, as it was then) by another seat,
naming a chat line or a move, with a reason and the reporter's words."""

SUSPENSIONS = sa.Table(
    "suspensions",
    METADATA,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("reason", sa.String(500), nullable=False),
    sa.Column("suspended_at", sa.Float, nullable=False),
)
"""A suspended account: it cannot sit at a table or write in a chat, and is told why."""

INVITATIONS = sa.Table(
    "person_invitations",
    METADATA,
    sa.Column("invitation_id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account_id", sa.String(32), nullable=False),
    sa.Column("inviter", sa.String(32), nullable=False),
    sa.Column("match_id", sa.String(32), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("code", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""An invitation to a seat sent to a person by name: a notice of his until he claims the
seat or dismisses it. ``code`` is the seat's invitation, which the inviter holds (the seat's
invitation link, now in the invitee's notices too)."""

sa.Index("ix_follows_followed", FOLLOWS.c.followed)
sa.Index("ix_blocks_blocked", BLOCKS.c.blocked)
sa.Index("ix_mutes_muter", MUTES.c.muter)
sa.Index("ix_reports_created", REPORTS.c.created_at)
sa.Index("ix_person_invitations_account", INVITATIONS.c.account_id)

LIMIT = 500
"""The most people one account follows, mutes or blocks, and the most invitations it holds."""
