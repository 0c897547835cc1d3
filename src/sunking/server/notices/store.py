"""The tables of notices (on the accounts' database) and their queries: the turns waiting for
a notice, and each account's choice of notices with its unsubscribe token."""

from __future__ import annotations

import dataclasses
import secrets

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
    sa.Column("turn_mail", sa.Boolean, nullable=False),
    sa.Column("unsubscribe", sa.String(64), nullable=False, unique=True),
)
"""An account's notices: turn e-mails on or off, and the token of their unsubscribe link (a
secret that can only turn them off)."""

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

    def turn_mail(self, account_id: str) -> str | None:
        """The unsubscribe token of an account that wants turn e-mails (the default), None
        if it turned them off."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id)).first()
            if row is None:
                token = secrets.token_urlsafe(32)
                conn.execute(sa.insert(NOTICE_CHOICES).values(
                    account_id=account_id, turn_mail=True, unsubscribe=token))
                return token
            return str(row.unsubscribe) if row.turn_mail else None

    def choose(self, account_id: str, turn_mail: bool) -> None:
        """Turn an account's turn e-mails on or off."""
        self.turn_mail(account_id)  # the row exists
        with self.engine.begin() as conn:
            conn.execute(sa.update(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id).values(turn_mail=turn_mail))

    def unsubscribe(self, token: str) -> bool:
        """Turn off the turn e-mails of the account whose unsubscribe token this is."""
        with self.engine.begin() as conn:
            return conn.execute(sa.update(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.unsubscribe == token).values(turn_mail=False)).rowcount == 1

    def forget(self, account_id: str) -> None:
        """An account is deleted: its notices and its choice go too."""
        with self.engine.begin() as conn:
            conn.execute(sa.delete(TURN_NOTICES).where(TURN_NOTICES.c.account_id == account_id))
            conn.execute(sa.delete(NOTICE_CHOICES).where(
                NOTICE_CHOICES.c.account_id == account_id))
