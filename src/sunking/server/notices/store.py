"""The tables of notices (on the accounts' database) and their queries: the turns waiting for
a notice, and each account's choice of notices with its unsubscribe token."""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

import sqlalchemy as sa

from ..storage.schema import METADATA

TURN_NOTICES = sa.Table(
    "turn_notices",
    METADATA,
    sa.Column("match_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.String(32), nullable=False),
    sa.Column("due_at", sa.Float, nullable=False),
    sa.Column("sent_at", sa.Float, nullable=True),
)
"""A seat of an account whose turn came: noticed once ``due_at`` has passed if he is still
to move and not connected (``sent_at`` then), until he moves (the row is then deleted)."""

NOTICE_CHOICES = sa.Table(
    "notice_choices",
    METADATA,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("turn_mail", sa.String(8), nullable=False),
    sa.Column("unsubscribe", sa.String(64), nullable=False, unique=True),
    sa.Column("digest_at", sa.Float, nullable=True),
    sa.Column("invite_mail", sa.Boolean, nullable=False, server_default=sa.true()),
)
"""An account's notices: turn e-mails one per match (``each``, the default), one a day
(``digest``, next due at ``digest_at``) or none (``off``), the token of their unsubscribe
link (a secret that can only turn them off), and whether an invitation to a seat sent to him
by name is mailed too (``invite_mail``, yes by default)."""

MODES = ("each", "digest", "off")
DAY = 24 * 3600.0

sa.Index("ix_turn_notices_due", TURN_NOTICES.c.sent_at, TURN_NOTICES.c.due_at)


@dataclasses.dataclass(frozen=True, slots=True)
class Due:
    """A turn notice whose time has come."""

    match_id: str
    seat: int
    account_id: str


class NoticeStore:
    """The notices' tables on ``engine`` (migrated already). Every method blocks."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def moved(self, match_id: str, mover: int | None, waiting: int | None,
              account_id: str | None, due_at: float) -> None:
        """A move was stored: the seat that made it (``mover``) has moved, so its notice is
        done; the seat to move next (``waiting``, of ``account_id``) is noticed at ``due_at``
        unless a notice for it is pending or sent already."""
        with self.engine.begin() as conn:
            if mover is not None:
                conn.execute(sa.delete(TURN_NOTICES).where(TURN_NOTICES.c.match_id == match_id,
                                                           TURN_NOTICES.c.seat == mover))
            if waiting is None or account_id is None or waiting == mover:
                return
            held = conn.execute(sa.select(TURN_NOTICES.c.seat).where(
                TURN_NOTICES.c.match_id == match_id, TURN_NOTICES.c.seat == waiting)).first()
            if held is None:
                conn.execute(sa.insert(TURN_NOTICES).values(
                    match_id=match_id, seat=waiting, account_id=account_id, due_at=due_at))

    def due(self, now: float, limit: int = 50) -> list[Due]:
        """The notices not sent whose time has come, the oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(TURN_NOTICES.c.match_id, TURN_NOTICES.c.seat,
                          TURN_NOTICES.c.account_id)
                .where(TURN_NOTICES.c.sent_at.is_(None), TURN_NOTICES.c.due_at <= now)
                .order_by(TURN_NOTICES.c.due_at).limit(limit)).all()
        return [Due(r.match_id, r.seat, r.account_id) for r in rows]

    def take(self, due: Due, now: float) -> bool:
        """Mark a notice sent; False if another process took it first."""
        with self.engine.begin() as conn:
            return conn.execute(sa.update(TURN_NOTICES).where(
                TURN_NOTICES.c.match_id == due.match_id, TURN_NOTICES.c.seat == due.seat,
                TURN_NOTICES.c.sent_at.is_(None)).values(sent_at=now)).rowcount == 1

    def postpone(self, due: Due, due_at: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.update(TURN_NOTICES).where(
                TURN_NOTICES.c.match_id == due.match_id, TURN_NOTICES.c.seat == due.seat,
                TURN_NOTICES.c.sent_at.is_(None)).values(due_at=due_at))

    def drop(self, due: Due) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(TURN_NOTICES).where(TURN_NOTICES.c.match_id == due.match_id,
                                                       TURN_NOTICES.c.seat == due.seat))

    def choice(self, account_id: str) -> tuple[str, str]:
        """An account's turn mails (one of :data:`MODES`) and its unsubscribe token."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id)).first()
            if row is None:
                token = secrets.token_urlsafe(32)
                conn.execute(sa.insert(NOTICE_CHOICES).values(
                    account_id=account_id, turn_mail="each", unsubscribe=token))
                return "each", token
            return str(row.turn_mail), str(row.unsubscribe)

    def choose(self, account_id: str, mode: str, now: float) -> None:
        """Set an account's turn mails (a digest is first due a day later)."""
        self.choice(account_id)  # the row exists
        with self.engine.begin() as conn:
            conn.execute(sa.update(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id).values(
                turn_mail=mode, digest_at=now + DAY if mode == "digest" else None))

    def invite_mail(self, account_id: str) -> bool:
        """Whether an invitation sent to the account by name is mailed to it too."""
        self.choice(account_id)  # the row exists
        with self.engine.connect() as conn:
            return bool(conn.execute(sa.select(NOTICE_CHOICES.c.invite_mail).where(
                NOTICE_CHOICES.c.account_id == account_id)).scalar_one())

    def choose_invite_mail(self, account_id: str, wanted: bool) -> None:
        self.choice(account_id)  # the row exists
        with self.engine.begin() as conn:
            conn.execute(sa.update(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id).values(invite_mail=wanted))

    def unsubscribe(self, token: str) -> bool:
        """Turn off the turn e-mails of the account whose unsubscribe token this is."""
        with self.engine.begin() as conn:
            return conn.execute(sa.update(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.unsubscribe == token).values(
                turn_mail="off", digest_at=None)).rowcount == 1

    def due_digests(self, now: float, limit: int = 50) -> list[str]:
        """The accounts whose daily digest is due."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                sa.select(NOTICE_CHOICES.c.account_id).where(
                    NOTICE_CHOICES.c.turn_mail == "digest", NOTICE_CHOICES.c.digest_at <= now)
                .limit(limit)).scalars())

    def take_digest(self, account_id: str, now: float) -> bool:
        """Move an account's digest to the next day; False if another process did first."""
        with self.engine.begin() as conn:
            return conn.execute(sa.update(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id,
                NOTICE_CHOICES.c.digest_at <= now).values(digest_at=now + DAY)).rowcount == 1

    def waiting(self, account_id: str) -> list[dict[str, Any]]:
        """The account's turns waiting (the notice list): match, seat, when it was due and
        whether it was mailed."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(TURN_NOTICES).where(
                TURN_NOTICES.c.account_id == account_id).order_by(TURN_NOTICES.c.due_at)).all()
        return [{"match_id": r.match_id, "seat": r.seat, "due_at": r.due_at,
                 "mailed": r.sent_at is not None} for r in rows]

    def forget(self, account_id: str) -> None:
        """An account is deleted: its notices and its choice go too."""
        with self.engine.begin() as conn:
            conn.execute(sa.delete(TURN_NOTICES).where(TURN_NOTICES.c.account_id == account_id))
            conn.execute(sa.delete(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id))
