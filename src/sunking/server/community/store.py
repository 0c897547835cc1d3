"""The community's tables and their storage: who follows, mutes and blocks whom, the reports
made from matches, the suspended accounts and the invitations sent to a person by name
(SQLAlchemy Core, on the store's metadata; the Alembic migration ``v0013_community`` creates
them in the matches' database, beside the accounts). Every method blocks: callers run them
through the account store's threads (:meth:`~..accounts.store.AccountStore.call`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa

from ..accounts.schema import ACCOUNTS, SESSIONS
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


class TooMany(Exception):
    """The account follows, mutes or blocks :data:`.schema.LIMIT` people already."""


@dataclasses.dataclass(frozen=True, slots=True)
class Report:
    """A report as stored (``reported`` and ``reporter``: accounts, None for a guest)."""

    report_id: int
    match_id: str
    seat: int
    reported: str | None
    reporter_seat: int
    reporter: str | None
    chat_line: int | None
    move: int | None
    reason: str
    text: str
    created_at: float


@dataclasses.dataclass(frozen=True, slots=True)
class Hidden:
    """Whose chat lines an account does not see: accounts (muted or blocked, either way),
    and guests' seats of matches."""

    accounts: frozenset[str]
    seats: frozenset[tuple[str, int]]


class CommunityStore:
    """The community's tables on ``engine`` (migrated already)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    # --- follows and blocks -------------------------------------------------------------

    def add_pair(self, table: sa.Table, one: str, other: str, now: float) -> bool:
        """``one`` follows (or blocks) ``other``; False if it did already.

        Raises:
            TooMany: ``one`` has :data:`LIMIT` such rows already.
        """
        first, second = table.c[0], table.c[1]
        with self.engine.begin() as conn:
            if conn.execute(sa.select(first).where(first == one, second == other)).first():
                return False
            count = conn.execute(sa.select(sa.func.count()).select_from(table)
                                 .where(first == one)).scalar_one()
            if count >= LIMIT:
                raise TooMany(table.name)
            conn.execute(sa.insert(table).values({first.name: one, second.name: other,
                                                  "created_at": now}))
        return True

    def drop_pair(self, table: sa.Table, one: str, other: str) -> bool:
        first, second = table.c[0], table.c[1]
        with self.engine.begin() as conn:
            return conn.execute(sa.delete(table).where(first == one, second == other)
                                ).rowcount == 1

    def pairs(self, table: sa.Table, one: str) -> list[tuple[str, str]]:
        """The accounts ``one`` follows (or blocks), with their handles, oldest first."""
        first, second = table.c[0], table.c[1]
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(second, ACCOUNTS.c.handle)
                                .join(ACCOUNTS, ACCOUNTS.c.account_id == second)
                                .where(first == one).order_by(table.c.created_at)).all()
        return [(r[0], r[1]) for r in rows]

    def blocked_between(self, one: str, others: Iterable[str]) -> tuple[bool, bool]:
        """Whether any of ``others`` blocks ``one``, and whether ``one`` blocks any of them."""
        others = list(set(others))
        if not others:
            return False, False
        with self.engine.connect() as conn:
            by_them = conn.execute(sa.select(BLOCKS.c.blocker).where(
                BLOCKS.c.blocked == one, BLOCKS.c.blocker.in_(others))).first()
            by_one = conn.execute(sa.select(BLOCKS.c.blocked).where(
                BLOCKS.c.blocker == one, BLOCKS.c.blocked.in_(others))).first()
        return by_them is not None, by_one is not None

    def block(self, blocker: str, blocked: str, now: float) -> bool:
        """Block an account: it stops following the blocker, and its invitations to him go."""
        added = self.add_pair(BLOCKS, blocker, blocked, now)
        with self.engine.begin() as conn:
            conn.execute(sa.delete(FOLLOWS).where(FOLLOWS.c.follower == blocked,
                                                  FOLLOWS.c.followed == blocker))
            conn.execute(sa.delete(INVITATIONS).where(INVITATIONS.c.account_id == blocker,
                                                      INVITATIONS.c.inviter == blocked))
        return added

    def last_seen(self, account_ids: Iterable[str]) -> dict[str, float]:
        """When each account's sessions were last used (an account without one is left out)."""
        ids = list(account_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(SESSIONS.c.account_id, sa.func.max(SESSIONS.c.last_seen))
                                .where(SESSIONS.c.account_id.in_(ids))
                                .group_by(SESSIONS.c.account_id)).all()
        return {r[0]: float(r[1]) for r in rows}

    # --- mutes ----------------------------------------------------------------------------

    def mute(self, muter: str, muted: str | None, match_id: str | None, seat: int | None,
             now: float) -> bool:
        """Hide a person's lines (``muted``) or a guest seat's (``match_id``, ``seat``) from
        ``muter``; False if they were hidden already.

        Raises:
            TooMany: ``muter`` has :data:`LIMIT` mutes already.
        """
        where = self._mute_where(muter, muted, match_id, seat)
        with self.engine.begin() as conn:
            if conn.execute(sa.select(MUTES.c.mute_id).where(where)).first():
                return False
            if conn.execute(sa.select(sa.func.count()).select_from(MUTES)
                            .where(MUTES.c.muter == muter)).scalar_one() >= LIMIT:
                raise TooMany("mutes")
            conn.execute(sa.insert(MUTES).values(muter=muter, muted=muted, match_id=match_id,
                                                 seat=seat, created_at=now))
        return True

    def unmute(self, muter: str, muted: str | None, match_id: str | None,
               seat: int | None) -> bool:
        with self.engine.begin() as conn:
            return conn.execute(sa.delete(MUTES).where(
                self._mute_where(muter, muted, match_id, seat))).rowcount > 0

    @staticmethod
    def _mute_where(muter: str, muted: str | None, match_id: str | None,
                    seat: int | None) -> Any:
        if muted is not None:
            return (MUTES.c.muter == muter) & (MUTES.c.muted == muted)
        return (MUTES.c.muter == muter) & (MUTES.c.match_id == match_id) & (MUTES.c.seat == seat)

    def muted_handles(self, muter: str) -> list[tuple[str, str]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(MUTES.c.muted, ACCOUNTS.c.handle)
                                .join(ACCOUNTS, ACCOUNTS.c.account_id == MUTES.c.muted)
                                .where(MUTES.c.muter == muter).order_by(MUTES.c.created_at)).all()
        return [(r[0], r[1]) for r in rows]

    def hidden(self, account_id: str) -> Hidden:
        """Whose lines ``account_id`` does not see: those it muted or blocked."""
        with self.engine.connect() as conn:
            mutes = conn.execute(sa.select(MUTES.c.muted, MUTES.c.match_id, MUTES.c.seat)
                                 .where(MUTES.c.muter == account_id)).all()
            blocked = conn.execute(sa.select(BLOCKS.c.blocked)
                                   .where(BLOCKS.c.blocker == account_id)).scalars().all()
        people = {m.muted for m in mutes if m.muted is not None} | set(blocked)
        seats = {(m.match_id, m.seat) for m in mutes if m.muted is None}
        return Hidden(frozenset(people), frozenset(seats))

    # --- reports and suspensions ----------------------------------------------------------

    def add_report(self, report: Report) -> int:
        values = dataclasses.asdict(report)
        del values["report_id"]
        with self.engine.begin() as conn:
            key = conn.execute(sa.insert(REPORTS).values(**values)).inserted_primary_key
        assert key is not None
        return int(key[0])

    def reports(self, limit: int = 50) -> list[Report]:
        """The newest reports, the newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(REPORTS).order_by(REPORTS.c.report_id.desc())
                                .limit(limit)).all()
        return [Report(**r._mapping) for r in rows]

    def suspension(self, account_id: str) -> str | None:
        """The reason an account is suspended (None: it is not)."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(SUSPENSIONS.c.reason).where(
                SUSPENSIONS.c.account_id == account_id)).scalar_one_or_none()

    def suspended(self) -> set[str]:
        """The accounts suspended now."""
        with self.engine.connect() as conn:
            return set(conn.execute(sa.select(SUSPENSIONS.c.account_id)).scalars())

    def suspend(self, account_id: str, reason: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(SUSPENSIONS).where(SUSPENSIONS.c.account_id == account_id))
            conn.execute(sa.insert(SUSPENSIONS).values(account_id=account_id, reason=reason,
                                                       suspended_at=now))

    def restore(self, account_id: str) -> bool:
        with self.engine.begin() as conn:
            return conn.execute(sa.delete(SUSPENSIONS).where(
                SUSPENSIONS.c.account_id == account_id)).rowcount == 1

    # --- invitations by name --------------------------------------------------------------

    def invite(self, account_id: str, inviter: str, match_id: str, seat: int, code: str,
               now: float) -> bool:
        """Put an invitation in the account's notices; False if it holds this one already.

        Raises:
            TooMany: the account holds :data:`LIMIT` invitations already.
        """
        with self.engine.begin() as conn:
            if conn.execute(sa.select(INVITATIONS.c.invitation_id).where(
                    INVITATIONS.c.account_id == account_id, INVITATIONS.c.match_id == match_id,
                    INVITATIONS.c.seat == seat)).first():
                return False
            if conn.execute(sa.select(sa.func.count()).select_from(INVITATIONS).where(
                    INVITATIONS.c.account_id == account_id)).scalar_one() >= LIMIT:
                raise TooMany("invitations")
            conn.execute(sa.insert(INVITATIONS).values(
                account_id=account_id, inviter=inviter, match_id=match_id, seat=seat, code=code,
                created_at=now))
        return True

    def invitations(self, account_id: str) -> list[dict[str, Any]]:
        """The invitations the account holds, the newest first, with the inviter's handle."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(INVITATIONS, ACCOUNTS.c.handle)
                .join(ACCOUNTS, ACCOUNTS.c.account_id == INVITATIONS.c.inviter)
                .where(INVITATIONS.c.account_id == account_id)
                .order_by(INVITATIONS.c.invitation_id.desc())).all()
        return [{"id": r.invitation_id, "from": r.handle, "match_id": r.match_id,
                 "seat": r.seat, "code": r.code, "at": r.created_at} for r in rows]

    def dismiss(self, account_id: str, invitation_id: int | None = None,
                match_id: str | None = None) -> int:
        """Drop one of the account's invitations, or all of those to a match."""
        where = INVITATIONS.c.account_id == account_id
        if invitation_id is not None:
            where &= INVITATIONS.c.invitation_id == invitation_id
        if match_id is not None:
            where &= INVITATIONS.c.match_id == match_id
        with self.engine.begin() as conn:
            return conn.execute(sa.delete(INVITATIONS).where(where)).rowcount

    def forget(self, account_id: str) -> None:
        """An account is deleted: what it did and what was done to it goes (its reports stay,
        with their accounts' ids, for the operators)."""
        with self.engine.begin() as conn:
            for table, columns in ((FOLLOWS, ("follower", "followed")),
                                   (BLOCKS, ("blocker", "blocked")),
                                   (MUTES, ("muter", "muted")),
                                   (INVITATIONS, ("account_id", "inviter")),
                                   (SUSPENSIONS, ("account_id",))):
                for column in columns:
                    conn.execute(sa.delete(table).where(table.c[column] == account_id))
