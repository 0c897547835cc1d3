"""The tables of ratings (on the accounts' database) and their queries.

A finished match is settled once: its row in ``rated_matches`` (the match id is its primary
key) is written in the same transaction as the ratings it changes, so a match rated twice is
impossible, whichever process tries and however often. Two matches that change one person's
rating at once cannot lose either update: each rating is written only if its count of games
is still the one read (else the transaction is tried again).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from ..accounts.schema import ACCOUNTS
from ..storage.schema import MATCHES, METADATA, SEATS
from .formula import Rating, rate

RATINGS = sa.Table(
    "ratings",
    METADATA,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("shown", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)
"""A person's rating in one game (``shown``: the rating shown, kept for the leaderboard's
order)."""

RATED_MATCHES = sa.Table(
    "rated_matches",
    METADATA,
    sa.Column("match_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("outcome", sa.String(16), nullable=False),
    sa.Column("settled_at", sa.Float, nullable=False),
)
"""Every finished match with a person's account at it, once settled: ``rated``, or why not
(``practice``, ``bots``, ``guests``, ``same_person``, ``unreadable``, ``before_ratings``)."""

RATING_CHANGES = sa.Table(
    "rating_changes",
    METADATA,
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
"""What a rated match did to each of its people's ratings."""

sa.Index("ix_ratings_board", RATINGS.c.game, RATINGS.c.shown)

RACE_TRIES = 5
"""How often a settlement that raced another one is tried again."""


@dataclasses.dataclass(frozen=True, slots=True)
class Placed:
    """One seat of a rated match: its person's account, rank and (if so) how he went."""

    account_id: str
    rank: int
    gone: str | None = None


class _Raced(Exception):
    """Another settlement changed a rating read here: try again."""


class _Settled(Exception):
    """The match was settled already."""


class RatingStore:
    """The ratings' tables on ``engine`` (migrated already). Every method blocks."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def settle(self, match_id: str, game: str, outcome: str, seats: Sequence[Placed],
               now: float) -> bool:
        """Settle a finished match: with ``outcome`` ``rated`` update its seats' ratings
        from their ranks, else only record why it is not rated. False if it was settled
        already (by this process or another), and then nothing changes.

        Raises:
            sqlalchemy.exc.SQLAlchemyError: the database failed, or kept racing.
        """
        for _ in range(RACE_TRIES):
            try:
                with self.engine.begin() as conn:
                    self._settle(conn, match_id, game, outcome, seats, now)
                return True
            except _Settled:
                return False
            except (_Raced, sa.exc.IntegrityError):
                continue
        raise sa.exc.InvalidRequestError(f"settling match {match_id} raced {RACE_TRIES} times")

    def _settle(self, conn: sa.Connection, match_id: str, game: str, outcome: str,
                seats: Sequence[Placed], now: float) -> None:
        # The write comes first: on SQLite it takes the database's write lock (waiting for
        # another process's settlement), so what is read next is not stale.
        try:
            with conn.begin_nested():
                conn.execute(sa.insert(RATED_MATCHES).values(match_id=match_id, game=game,
                                                             outcome=outcome, settled_at=now))
        except sa.exc.IntegrityError:
            raise _Settled from None
        if outcome != "rated":
            return
        before = self._read(conn, game, [s.account_id for s in seats])
        old = [before.get(s.account_id, Rating()) for s in seats]
        new = rate(old, [s.rank for s in seats])
        for seat, was, now_is in zip(seats, old, new, strict=True):
            values = {"mu": now_is.mu, "sigma": now_is.sigma, "games": now_is.games,
                      "shown": now_is.shown, "updated_at": now}
            if seat.account_id in before:
                changed = conn.execute(sa.update(RATINGS).where(
                    RATINGS.c.account_id == seat.account_id, RATINGS.c.game == game,
                    RATINGS.c.games == was.games).values(**values)).rowcount
                if changed != 1:
                    raise _Raced
            else:
                conn.execute(sa.insert(RATINGS).values(account_id=seat.account_id, game=game,
                                                       **values))
            conn.execute(sa.insert(RATING_CHANGES).values(
                match_id=match_id, account_id=seat.account_id, game=game, rank=seat.rank,
                gone=seat.gone, mu_before=was.mu, sigma_before=was.sigma, mu_after=now_is.mu,
                sigma_after=now_is.sigma))

    @staticmethod
    def _read(conn: sa.Connection, game: str, accounts: Sequence[str]) -> dict[str, Rating]:
        rows = conn.execute(sa.select(RATINGS).where(
            RATINGS.c.game == game, RATINGS.c.account_id.in_(accounts))).all()
        return {r.account_id: Rating(r.mu, r.sigma, r.games) for r in rows}

    def unsettled(self, limit: int = 50) -> list[str]:
        """Finished matches with an account at them that are not settled yet, the oldest
        first (the ones a process finished but did not settle before it stopped)."""
        with self.engine.connect() as conn:
            with_account = sa.select(SEATS.c.match_id).where(
                SEATS.c.match_id == MATCHES.c.match_id, SEATS.c.account_id.is_not(None))
            return list(conn.execute(
                sa.select(MATCHES.c.match_id)
                .outerjoin(RATED_MATCHES, RATED_MATCHES.c.match_id == MATCHES.c.match_id)
                .where(MATCHES.c.status == "finished", RATED_MATCHES.c.match_id.is_(None),
                       with_account.exists())
                .order_by(MATCHES.c.created_at).limit(limit)).scalars())

    def outcome(self, match_id: str) -> str | None:
        """How a match was settled (None: not yet)."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(RATED_MATCHES.c.outcome).where(
                RATED_MATCHES.c.match_id == match_id)).scalar()

    def of_account(self, account_id: str) -> dict[str, Rating]:
        """An account's rating in every game it has one."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(RATINGS).where(
                RATINGS.c.account_id == account_id).order_by(RATINGS.c.game)).all()
        return {r.game: Rating(r.mu, r.sigma, r.games) for r in rows}

    def of_accounts(self, game: str, accounts: Sequence[str]) -> dict[str, Rating]:
        """The ratings in ``game`` of those ``accounts`` that have one."""
        if not accounts:
            return {}
        with self.engine.connect() as conn:
            return self._read(conn, game, accounts)

    def leaderboard(self, game: str, limit: int, offset: int = 0) -> list[dict[str, Any]]:
        """The rated people of ``game``, the highest rating shown first (a tie: more games
        first, then the handle)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ACCOUNTS.c.handle, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.games)
                .join(ACCOUNTS, ACCOUNTS.c.account_id == RATINGS.c.account_id)
                .where(RATINGS.c.game == game)
                .order_by(RATINGS.c.shown.desc(), RATINGS.c.games.desc(),
                          ACCOUNTS.c.handle_key)
                .limit(limit).offset(offset)).all()
        return [{"place": offset + i + 1, "handle": r.handle,
                 **Rating(r.mu, r.sigma, r.games).to_json()} for i, r in enumerate(rows)]

    def changes(self, match_id: str) -> list[dict[str, Any]]:
        """What a rated match did to its people's ratings."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(RATING_CHANGES).where(
                RATING_CHANGES.c.match_id == match_id)).all()
        return [dict(r._mapping) for r in rows]

    def history(self, account_id: str) -> list[dict[str, Any]]:
        """What every rated match did to an account's ratings (for its export)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(RATING_CHANGES).where(
                RATING_CHANGES.c.account_id == account_id)).all()
        return [dict(r._mapping) for r in rows]

    def forget(self, account_id: str) -> None:
        """An account is deleted: its ratings and their history go too."""
        with self.engine.begin() as conn:
            conn.execute(sa.delete(RATINGS).where(RATINGS.c.account_id == account_id))
            conn.execute(sa.delete(RATING_CHANGES).where(
                RATING_CHANGES.c.account_id == account_id))
