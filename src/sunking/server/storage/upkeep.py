"""The upkeep of one SQL database: the leases of its server processes and the drivers of its
matches, and closing abandoned matches.

Every process has a row in ``processes`` whose ``expires_at`` it pushes forward now and then
(:meth:`SqlLeases.renew_process`); times are read on the database's clock, so processes on
machines whose clocks differ agree. A match's ``driver`` is the process that moves its bots and
clocks. A process claims the active matches whose driver is none, or a process whose lease ran
out, one conditional ``UPDATE`` each: of two processes claiming one match, the second finds
the driver changed and claims nothing.

A match in which no person has moved since a moment (``person_at``: the last person's move,
else its creation) is closed as abandoned: its status says so, its clock, driver and chat go,
its record and moves stay for the replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sqlalchemy as sa

from .protocol import OldRules
from .schema import CHAT, MATCHES, PROCESSES

UNFINISHED = ("waiting", "active")

FORGET_SECONDS = 3600.0
"""A process whose lease ran out this long ago is removed from ``processes``."""


def database_now(dialect: str) -> sa.ColumnElement[float]:
    """The database's clock, in seconds since the epoch."""
    if dialect == "sqlite":
        return sa.cast((sa.func.julianday("now") - 2440587.5) * 86400.0, sa.Float)
    return sa.cast(sa.func.extract("epoch", sa.func.clock_timestamp()), sa.Float)


class SqlUpkeep:
    """The lease and abandoning methods of :class:`~.sql.SqlStore` (on its ``engine``)."""

    engine: sa.Engine

    def _now(self) -> sa.ColumnElement[float]:
        return database_now(self.engine.dialect.name)

    def register_process(self, process_id: str, ttl: float, about: str) -> None:
        now = self._now()
        with self.engine.begin() as conn:
            conn.execute(sa.delete(PROCESSES).where(
                PROCESSES.c.expires_at < now - FORGET_SECONDS))
            conn.execute(sa.insert(PROCESSES).values(
                process_id=process_id, about=about[:200], started_at=now,
                expires_at=now + ttl))

    def renew_process(self, process_id: str, ttl: float) -> None:
        with self.engine.begin() as conn:
            renewed = conn.execute(
                sa.update(PROCESSES).where(PROCESSES.c.process_id == process_id)
                .values(expires_at=self._now() + ttl)).rowcount
        if renewed != 1:
            self.register_process(process_id, ttl, "registered again")

    def retire_process(self, process_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.update(MATCHES).where(MATCHES.c.driver == process_id)
                         .values(driver=None))
            conn.execute(sa.delete(PROCESSES).where(PROCESSES.c.process_id == process_id))

    def claim_orphans(self, process_id: str, limit: int) -> list[str]:
        alive = sa.select(PROCESSES.c.process_id).where(PROCESSES.c.expires_at > self._now())
        claimed = []
        with self.engine.begin() as conn:
            orphans = conn.execute(
                sa.select(MATCHES.c.match_id, MATCHES.c.driver)
                .where(MATCHES.c.status == "active",
                       sa.or_(MATCHES.c.driver.is_(None), MATCHES.c.driver.not_in(alive)))
                .order_by(MATCHES.c.created_at).limit(limit)).all()
            for match_id, driver in orphans:
                if conn.execute(
                    sa.update(MATCHES).where(MATCHES.c.match_id == match_id,
                                             MATCHES.c.driver.is_not_distinct_from(driver))
                    .values(driver=process_id)
                ).rowcount == 1:
                    claimed.append(match_id)
        return claimed

    def match_versions(self, match_ids: Iterable[str]) -> dict[str, int]:
        ids = list(match_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            return {m: v for m, v in conn.execute(
                sa.select(MATCHES.c.match_id, MATCHES.c.version)
                .where(MATCHES.c.match_id.in_(ids)))}

    def abandon_matches(self, before: float, limit: int) -> list[str]:
        with self.engine.begin() as conn:
            found = list(conn.execute(
                sa.select(MATCHES.c.match_id)
                .where(MATCHES.c.person_at < before,
                       MATCHES.c.status.in_(("waiting", "active")))
                .order_by(MATCHES.c.person_at).limit(limit)).scalars())
            if not found:
                return []
            closed = list(conn.execute(
                sa.update(MATCHES)
                .where(MATCHES.c.match_id.in_(found), MATCHES.c.person_at < before,
                       MATCHES.c.status.in_(("waiting", "active")))
                .values(status="abandoned", turn_deadline=None, driver=None)
                .returning(MATCHES.c.match_id)).scalars())
            if closed:
                conn.execute(sa.delete(CHAT).where(CHAT.c.match_id.in_(closed)))
        return sorted(closed)

    def old_rules(self, versions: Mapping[str, int]) -> list[OldRules]:
        if not versions:
            return []
        other = sa.or_(*(sa.and_(MATCHES.c.game == game, MATCHES.c.rules_version != version)
                         for game, version in versions.items()))
        with self.engine.connect() as conn:
            return [OldRules(*row) for row in conn.execute(
                sa.select(MATCHES.c.match_id, MATCHES.c.game, MATCHES.c.rules_version,
                          MATCHES.c.status)
                .where(other, MATCHES.c.status.in_(UNFINISHED))
                .order_by(MATCHES.c.created_at, MATCHES.c.match_id))]

    def close_old_rules(self, match_ids: Iterable[str]) -> list[str]:
        ids = list(match_ids)
        if not ids:
            return []
        with self.engine.begin() as conn:
            return sorted(conn.execute(
                sa.update(MATCHES)
                .where(MATCHES.c.match_id.in_(ids), MATCHES.c.status.in_(UNFINISHED))
                .values(status="closed", turn_deadline=None, driver=None)
                .returning(MATCHES.c.match_id)).scalars())
