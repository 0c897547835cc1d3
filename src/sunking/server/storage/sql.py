"""The SQL :class:`~sunking.server.storage.protocol.MatchStore`: SQLite or PostgreSQL.

SQLAlchemy 2 Core over the tables of :mod:`.schema`, created and upgraded by the Alembic
migrations in ``migrations/`` (:func:`migrate`). SQLite runs in WAL mode with
``synchronous=FULL``, so a committed move survives a crash of the process and of the machine.
An append updates the match row only if it is still at the expected version and inserts the
action under the primary key ``(match_id, version)``, in one transaction: of two racing appends
at one version exactly one is stored. Appends that arrive together are stored in one
transaction, so one commit (one sync to disk) serves them all; a refused one moves no row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from .appends import BatchAppends, moves_freely, refusal
from .engine import alembic_config, make_engine, migrate, normalise_url, sqlite_url
from .protocol import (
    ActionRecord,
    Append,
    ChatRecord,
    Gone,
    MatchClosed,
    MatchRecord,
    MatchStatus,
    SeatRecord,
    SeatTaken,
    StorageError,
    StoredMatch,
    TokenHolder,
    UnknownMatch,
    VersionConflict,
)
from .schema import ACTIONS, CHAT, MATCHES, REPLAYS, SEATS
from .upkeep import SqlUpkeep

__all__ = ["SqlStore", "alembic_config", "make_engine", "migrate", "normalise_url",
           "sqlite_url"]


_MOVE = (
    sa.update(MATCHES)
    .where(MATCHES.c.match_id == sa.bindparam("m_id"),
           MATCHES.c.version == sa.bindparam("m_at"),
           MATCHES.c.status != "abandoned",
           sa.or_(sa.bindparam("m_free", type_=sa.Boolean),
                  MATCHES.c.driver == sa.bindparam("m_driver")),
           ~sa.exists().where(ACTIONS.c.match_id == sa.bindparam("m_id"),
                              ACTIONS.c.seat == sa.bindparam("m_seat"),
                              ACTIONS.c.request_id == sa.bindparam("m_request")))
    .values(version=sa.bindparam("m_next"), status=sa.bindparam("m_status"),
            turn_deadline=sa.bindparam("m_deadline"),
            driver=sa.func.coalesce(sa.bindparam("m_driver", type_=sa.String),
                                    MATCHES.c.driver),
            person_at=sa.func.coalesce(sa.bindparam("m_person", type_=sa.Float),
                                       MATCHES.c.person_at))
)
"""An append's update of its match row, only if the match is at the action's version, the
seat has not sent the action's request id and (unless ``m_free``: a person's move) the
storing process drives the match, and the match is not closed; a person's move makes it the
driver and is its last person's move (built once: a move is on the hot path)."""
_LOG = sa.insert(ACTIONS)
_BANK = (
    sa.update(SEATS)
    .where(SEATS.c.match_id == sa.bindparam("b_id"), SEATS.c.seat == sa.bindparam("b_seat"))
    .values(bank_left=sa.bindparam("b_left"))
)


def _log_row(append: Append) -> dict[str, Any]:
    action = append.action
    return {"match_id": append.match_id, "version": action.version, "seat": action.seat,
            "action": action.action, "request_id": action.request_id, "mover": action.mover,
            "created_at": action.created_at}


def _refuse_closed(conn: sa.Connection, match_id: str) -> None:
    """Raise UnknownMatch or MatchClosed when ``match_id`` is missing or abandoned."""
    status = conn.execute(sa.select(MATCHES.c.status)
                          .where(MATCHES.c.match_id == match_id)).scalar()
    if status is None:
        raise UnknownMatch(f"no match {match_id!r}")
    if status == "abandoned":
        raise MatchClosed(f"match {match_id} was closed as abandoned")


class SqlStore(SqlUpkeep, BatchAppends):
    """A :class:`MatchStore` on an SQLAlchemy engine (migrated on construction)."""

    def __init__(self, url: str, *, run_migrations: bool = True) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url)
        if run_migrations:
            migrate(self.engine)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def create_match(self, match: MatchRecord, turn_deadline: float | None,
                     driver: str | None = None) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.insert(MATCHES).values(
                    match_id=match.match_id, game=match.game, players=match.players,
                    seed=match.seed, options=match.options, language=match.language,
                    turn_clock_seconds=match.turn_clock_seconds,
                    spectator_hash=match.spectator_hash, created_at=match.created_at,
                    version=0, status="waiting" if match.waiting else "active",
                    turn_deadline=turn_deadline, host_seat=match.host_seat, hints=match.hints,
                    time_bank_seconds=match.time_bank_seconds, practice=match.practice,
                    owner=match.owner, driver=driver, person_at=match.created_at,
                    rules_version=match.rules_version,
                ))
                conn.execute(sa.insert(SEATS), [
                    {"match_id": match.match_id, "seat": s.seat, "kind": s.kind,
                     "name": s.name, "bot": s.bot, "token_hash": s.token_hash, "away": s.away,
                     "bank_left": s.bank_left, "invite_hash": s.invite_hash,
                     "account_id": s.account_id, "gone": s.gone}
                    for s in match.seats
                ])
        except sa.exc.IntegrityError as err:
            raise StorageError(f"match {match.match_id} could not be stored: {err.orig}") from None

    def append_actions(self, appends: Sequence[Append]) -> list[StorageError | None]:
        try:
            with self.engine.begin() as conn:
                # Each match row moves only if its append is not refused, so a refused append
                # changes nothing; the log rows of the others go in together.
                moved = [self._move(conn, append) for append in appends]
                logs = [_log_row(a) for a, done in zip(appends, moved, strict=True) if done]
                if logs:
                    conn.execute(_LOG, logs)
                banks = [{"b_id": a.match_id, "b_seat": a.action.seat, "b_left": a.bank_left}
                         for a, done in zip(appends, moved, strict=True)
                         if done and a.bank_left is not None]
                if banks:
                    conn.execute(_BANK, banks)
        except sa.exc.IntegrityError:
            # A log row was refused (two appends of one request in this batch, or a race
            # with another process): nothing was stored; each append again on its own.
            if len(appends) > 1:
                return [self.append_actions([append])[0] for append in appends]
            moved = [False]
        return [None if done else self._refusal(append)
                for append, done in zip(appends, moved, strict=True)]

    @staticmethod
    def _move(conn: sa.Connection, append: Append) -> bool:
        action = append.action
        return conn.execute(_MOVE, {
            "m_id": append.match_id, "m_at": action.version, "m_next": action.version + 1,
            "m_status": append.status, "m_deadline": append.turn_deadline,
            "m_seat": action.seat, "m_request": action.request_id,
            "m_free": moves_freely(append),
            "m_driver": append.driver,
            "m_person": action.created_at if action.mover == "seat" else None,
        }).rowcount == 1

    def _refusal(self, append: Append) -> StorageError:
        match_id, action = append.match_id, append.action
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(MATCHES.c.version, MATCHES.c.driver, MATCHES.c.status)
                .where(MATCHES.c.match_id == match_id)
            ).first()
            if row is None:
                return UnknownMatch(f"no match {match_id!r}")
            sent_before = action.request_id is not None and conn.execute(
                sa.select(ACTIONS.c.version).where(
                    ACTIONS.c.match_id == match_id, ACTIONS.c.seat == action.seat,
                    ACTIONS.c.request_id == action.request_id,
                )
            ).first() is not None
        version, driver, status = row
        # None only if another process stored this version between the two reads.
        return refusal(append, version=version, status=status, driver=driver,
                       sent_before=sent_before) or VersionConflict(
            f"match {match_id} moved on from version {action.version} meanwhile")

    def load(self, match_id: str) -> StoredMatch:
        # One snapshot for the match row and its log (PostgreSQL's default isolation would
        # give every statement its own).
        options = {} if self.is_sqlite else {"isolation_level": "REPEATABLE READ"}
        with self.engine.connect().execution_options(**options) as conn, conn.begin():
            row = conn.execute(
                sa.select(MATCHES).where(MATCHES.c.match_id == match_id)
            ).mappings().first()
            if row is None:
                raise UnknownMatch(f"no match {match_id!r}")
            seats = conn.execute(
                sa.select(SEATS).where(SEATS.c.match_id == match_id).order_by(SEATS.c.seat)
            ).mappings().all()
            actions = conn.execute(
                sa.select(ACTIONS).where(ACTIONS.c.match_id == match_id)
                .order_by(ACTIONS.c.version)
            ).mappings().all()
        record = MatchRecord(
            match_id=row["match_id"], game=row["game"], players=row["players"],
            seed=row["seed"], options=dict(row["options"]), language=row["language"],
            turn_clock_seconds=row["turn_clock_seconds"], spectator_hash=row["spectator_hash"],
            created_at=row["created_at"], host_seat=row["host_seat"], hints=bool(row["hints"]),
            time_bank_seconds=row["time_bank_seconds"], practice=bool(row["practice"]),
            owner=row["owner"], rules_version=row["rules_version"],
            seats=tuple(
                SeatRecord(s["seat"], s["kind"], s["name"], s["bot"], s["token_hash"],
                           bool(s["away"]), s["bank_left"], s["invite_hash"], s["account_id"],
                           s["gone"])
                for s in seats
            ),
        )
        log = tuple(
            ActionRecord(a["version"], a["seat"], dict(a["action"]), a["request_id"],
                         a["mover"], a["created_at"])
            for a in actions
        )
        if [a.version for a in log] != list(range(len(log))) or len(log) != row["version"]:
            raise StorageError(f"match {match_id}: the stored action log has gaps")
        return StoredMatch(record, log, row["status"], row["turn_deadline"], row["driver"])

    def find_tokens(self, token_hashes: Iterable[str]) -> list[TokenHolder]:
        hashes = list(dict.fromkeys(token_hashes))
        if not hashes:
            return []
        found: dict[str, TokenHolder] = {}
        with self.engine.connect() as conn:
            for mid, seat, digest in conn.execute(
                sa.select(SEATS.c.match_id, SEATS.c.seat, SEATS.c.token_hash)
                .where(SEATS.c.token_hash.in_(hashes))
            ):
                found[digest] = TokenHolder(mid, seat)
            for mid, digest in conn.execute(
                sa.select(MATCHES.c.match_id, MATCHES.c.spectator_hash)
                .where(MATCHES.c.spectator_hash.in_(hashes))
            ):
                found[digest] = TokenHolder(mid, None)
        return [found[h] for h in hashes if h in found]

    def set_away(self, match_id: str, seat: int, away: bool, driver: str | None = None, *,
                 gone: Gone | None = None) -> None:
        values: dict[str, Any] = {"away": away} if gone is None else {"away": away, "gone": gone}
        with self.engine.begin() as conn:
            done = conn.execute(
                sa.update(SEATS).where(SEATS.c.match_id == match_id, SEATS.c.seat == seat)
                .values(**values)
            )
            if done.rowcount != 1:
                raise UnknownMatch(f"match {match_id!r} has no seat {seat}")
            if driver is not None:
                conn.execute(sa.update(MATCHES).where(MATCHES.c.match_id == match_id)
                             .values(driver=driver))

    def set_deadline(self, match_id: str, turn_deadline: float | None) -> None:
        with self.engine.begin() as conn:
            done = conn.execute(
                sa.update(MATCHES).where(MATCHES.c.match_id == match_id)
                .values(turn_deadline=turn_deadline)
            )
            if done.rowcount != 1:
                raise UnknownMatch(f"no match {match_id!r}")

    def active_match_ids(self) -> Sequence[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(
                sa.select(MATCHES.c.match_id).where(MATCHES.c.status == "active")
                .order_by(MATCHES.c.created_at)
            ).scalars())

    def fill_seats(
        self,
        match_id: str,
        seats: Sequence[SeatRecord],
        *,
        status: MatchStatus,
        turn_deadline: float | None,
        driver: str | None = None,
        seed: int | None = None,
    ) -> None:
        with self.engine.begin() as conn:
            done = conn.execute(
                sa.update(MATCHES).where(MATCHES.c.match_id == match_id,
                                         MATCHES.c.status != "abandoned")
                .values(status=status, turn_deadline=turn_deadline,
                        driver=sa.func.coalesce(driver, MATCHES.c.driver),
                        seed=sa.func.coalesce(seed, MATCHES.c.seed))
            )
            if done.rowcount != 1:
                _refuse_closed(conn, match_id)
            for seat in seats:
                done = conn.execute(
                    sa.update(SEATS).where(SEATS.c.match_id == match_id,
                                           SEATS.c.seat == seat.seat, SEATS.c.kind == "open")
                    .values(kind=seat.kind, name=seat.name, bot=seat.bot,
                            token_hash=seat.token_hash, away=seat.away,
                            bank_left=seat.bank_left, account_id=seat.account_id)
                )
                if done.rowcount != 1:
                    raise SeatTaken(f"match {match_id}: seat {seat.seat} is not free")

    def claim_seat(self, match_id: str, seat: SeatRecord) -> None:
        with self.engine.begin() as conn:
            live = sa.select(MATCHES.c.match_id).where(MATCHES.c.match_id == match_id,
                                                      MATCHES.c.status != "abandoned")
            done = conn.execute(
                sa.update(SEATS).where(
                    SEATS.c.match_id == match_id, SEATS.c.seat == seat.seat,
                    SEATS.c.kind == "human", SEATS.c.token_hash.is_(None),
                    SEATS.c.invite_hash == seat.invite_hash, sa.exists(live),
                ).values(token_hash=seat.token_hash, name=seat.name, account_id=seat.account_id)
            )
            if done.rowcount != 1:
                _refuse_closed(conn, match_id)
                raise SeatTaken(f"match {match_id}: seat {seat.seat} was claimed already")

    def account_seats(self, account_id: str, limit: int) -> list[TokenHolder]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(SEATS.c.match_id, SEATS.c.seat)
                .join(MATCHES, MATCHES.c.match_id == SEATS.c.match_id)
                .where(SEATS.c.account_id == account_id)
                .order_by(MATCHES.c.created_at.desc()).limit(limit)
            ).all()
        return [TokenHolder(r.match_id, r.seat) for r in rows]

    def forget_account(self, account_id: str, names: Mapping[str, str]) -> list[str]:
        with self.engine.begin() as conn:
            held = conn.execute(
                sa.select(SEATS.c.match_id, SEATS.c.seat, MATCHES.c.language)
                .join(MATCHES, MATCHES.c.match_id == SEATS.c.match_id)
                .where(SEATS.c.account_id == account_id)).all()
            for match_id, seat, language in held:
                # Emptied, not deleted: the other lines keep their numbers.
                conn.execute(sa.update(CHAT).where(CHAT.c.match_id == match_id,
                                                   CHAT.c.seat == seat).values(text=""))
                conn.execute(sa.update(SEATS).where(SEATS.c.match_id == match_id,
                                                    SEATS.c.seat == seat)
                             .values(account_id=None, name=names.get(language, names["en"])))
        return list(dict.fromkeys(match_id for match_id, _seat, _language in held))

    def open_match_ids(self, limit: int) -> Sequence[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(
                sa.select(MATCHES.c.match_id).where(MATCHES.c.status == "waiting")
                .order_by(MATCHES.c.created_at.desc()).limit(limit)
            ).scalars())

    def append_chat(self, match_id: str, message: ChatRecord) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.insert(CHAT).values(
                    match_id=match_id, number=message.number, seat=message.seat,
                    recipients=None if message.to is None else list(message.to),
                    text=message.text, version=message.version,
                    created_at=message.created_at, author=message.author,
                ))
        except sa.exc.IntegrityError:
            with self.engine.connect() as conn:
                known = conn.execute(
                    sa.select(MATCHES.c.match_id).where(MATCHES.c.match_id == match_id)
                ).first()
            if known is None:
                raise UnknownMatch(f"no match {match_id!r}") from None
            raise VersionConflict(
                f"match {match_id} already has chat message {message.number}"
            ) from None

    def load_chat(self, match_id: str) -> tuple[ChatRecord, ...]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(CHAT).where(CHAT.c.match_id == match_id).order_by(CHAT.c.number)
            ).mappings().all()
        return tuple(
            ChatRecord(r["number"], r["seat"],
                       None if r["recipients"] is None else tuple(r["recipients"]),
                       r["text"], r["version"], r["created_at"], r["author"])
            for r in rows
        )

    def save_replay(self, match_id: str, frames: bytes) -> None:
        with self.engine.begin() as conn:
            known = conn.execute(
                sa.select(MATCHES.c.match_id).where(MATCHES.c.match_id == match_id)).first()
            if known is None:
                raise UnknownMatch(f"no match {match_id!r}")
            conn.execute(sa.delete(REPLAYS).where(REPLAYS.c.match_id == match_id))
            conn.execute(sa.insert(REPLAYS).values(match_id=match_id, frames=frames,
                                                   created_at=self._now()))

    def load_replay(self, match_id: str) -> bytes | None:
        with self.engine.connect() as conn:
            frames = conn.execute(sa.select(REPLAYS.c.frames)
                                  .where(REPLAYS.c.match_id == match_id)).scalar()
        return None if frames is None else bytes(frames)

    def close(self) -> None:
        self.engine.dispose()

