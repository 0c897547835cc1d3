"""The accounts' storage: accounts, sessions, single-use links, passkeys, recovery codes and
passkey ceremonies, on the matches' database (SQLite or PostgreSQL).

Every method blocks: the service calls them off the event loop (:meth:`AccountStore.call`).
What must be used once (a link, a recovery code, a ceremony's challenge) is taken by one
conditional statement, so of two racing uses exactly one succeeds.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import sqlalchemy as sa

from .schema import ACCOUNTS, CEREMONIES, LINKS, PASSKEYS, RECOVERY_CODES, SESSIONS

T = TypeVar("T")

SEEN_EVERY = 60.0
"""A session's ``last_seen`` is written at most this often (seconds), not on every request."""
SESSION_IDLE = 30 * 24 * 3600.0
"""A session not used for this long (seconds) has ended."""


class AccountTaken(Exception):
    """The handle or the e-mail address belongs to another account already."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


@dataclasses.dataclass(frozen=True, slots=True)
class Account:
    account_id: str
    handle: str
    email: str | None
    email_verified: bool
    password_hash: str | None
    languages: tuple[str, ...]
    created_at: float

    @property
    def language(self) -> str:
        """The language of its mails: its first."""
        return self.languages[0] if self.languages else "en"

    def public(self) -> dict[str, Any]:
        """What the account's own pages show (never a hash)."""
        return {"account_id": self.account_id, "handle": self.handle, "email": self.email,
                "email_verified": self.email_verified,
                "has_password": self.password_hash is not None,
                "languages": list(self.languages), "created_at": self.created_at}


@dataclasses.dataclass(frozen=True, slots=True)
class Session:
    session_id: str
    """The first 16 characters of the secret's hash: names the session, opens nothing."""
    created_at: float
    last_seen: float
    user_agent: str


def _account(row: Any) -> Account:
    return Account(row.account_id, row.handle, row.email, bool(row.email_verified),
                   row.password_hash, tuple(row.languages), row.created_at)


class AccountStore:
    """The account tables on ``engine`` (migrated already, with the matches' tables)."""

    def __init__(self, engine: sa.Engine, threads: int = 1) -> None:
        self.engine = engine
        self._pool = ThreadPoolExecutor(threads, "sunking-accounts")

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in one of the store's threads."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    # --- accounts ---------------------------------------------------------------------

    def create(self, account: Account, handle_key: str, email_key: str | None) -> None:
        """Raises:
            AccountTaken: ``handle`` or ``email`` is another account's.
        """
        with self.engine.begin() as conn:
            for column, key, what in ((ACCOUNTS.c.handle_key, handle_key, "handle"),
                                      (ACCOUNTS.c.email_key, email_key, "email")):
                if key is not None and conn.execute(
                        sa.select(ACCOUNTS.c.account_id).where(column == key)).first():
                    raise AccountTaken(what)
            try:
                conn.execute(sa.insert(ACCOUNTS).values(
                    account_id=account.account_id, handle=account.handle,
                    handle_key=handle_key, email=account.email, email_key=email_key,
                    email_verified=account.email_verified,
                    password_hash=account.password_hash, languages=list(account.languages),
                    created_at=account.created_at))
            except sa.exc.IntegrityError:
                raise AccountTaken("handle or email") from None

    def find(self, account_id: str | None = None, email_key: str | None = None,
             handle_key: str | None = None) -> Account | None:
        """The account of an id, a folded address or a folded handle (the first given)."""
        if account_id is not None:
            where = ACCOUNTS.c.account_id == account_id
        elif email_key is not None:
            where = ACCOUNTS.c.email_key == email_key
        else:
            where = ACCOUNTS.c.handle_key == handle_key
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(ACCOUNTS).where(where)).first()
        return None if row is None else _account(row)

    def update(self, account_id: str, values: dict[str, Any]) -> None:
        """Set columns of an account (``password_hash``, ``email_verified``, ``languages``)."""
        with self.engine.begin() as conn:
            conn.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.account_id == account_id)
                         .values(**values))

    def delete(self, account_id: str) -> None:
        """The account and everything of it (its sessions, links, passkeys, codes)."""
        with self.engine.begin() as conn:
            for table in (SESSIONS, LINKS, PASSKEYS, RECOVERY_CODES):
                conn.execute(sa.delete(table).where(table.c.account_id == account_id))
            conn.execute(sa.delete(ACCOUNTS).where(ACCOUNTS.c.account_id == account_id))

    # --- sessions ---------------------------------------------------------------------

    def add_session(self, session_hash: str, account_id: str, now: float,
                    user_agent: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.insert(SESSIONS).values(
                session_hash=session_hash, account_id=account_id, created_at=now,
                last_seen=now, user_agent=user_agent[:200]))

    def session_account(self, session_hash: str, now: float) -> Account | None:
        """The account of a session (``None``: no such session, or revoked), its
        ``last_seen`` brought up to date."""
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(ACCOUNTS, SESSIONS.c.last_seen)
                .join(SESSIONS, SESSIONS.c.account_id == ACCOUNTS.c.account_id)
                .where(SESSIONS.c.session_hash == session_hash,
                       SESSIONS.c.last_seen > now - SESSION_IDLE)).first()
            if row is None:
                return None
            if now - row.last_seen > SEEN_EVERY:
                conn.execute(sa.update(SESSIONS).where(SESSIONS.c.session_hash == session_hash)
                             .values(last_seen=now))
        return _account(row)

    def sessions(self, account_id: str) -> list[Session]:
        """The account's sessions, the most recently seen first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(SESSIONS).where(SESSIONS.c.account_id == account_id)
                                .order_by(SESSIONS.c.last_seen.desc())).all()
        return [Session(r.session_hash[:16], r.created_at, r.last_seen, r.user_agent)
                for r in rows]

    def revoke(self, account_id: str, session_id: str | None = None,
               keep: str | None = None) -> int:
        """Revoke one session of the account (by its id), or all but ``keep`` (a hash).
        Returns how many were revoked."""
        where = SESSIONS.c.account_id == account_id
        if session_id is not None:
            where &= SESSIONS.c.session_hash.startswith(session_id, autoescape=True)
        if keep is not None:
            where &= SESSIONS.c.session_hash != keep
        with self.engine.begin() as conn:
            return conn.execute(sa.delete(SESSIONS).where(where)).rowcount

    def end_session(self, session_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(SESSIONS).where(SESSIONS.c.session_hash == session_hash))

    # --- single-use links -------------------------------------------------------------

    def add_link(self, token_hash: str, account_id: str, purpose: str, email: str | None,
                 expires_at: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.insert(LINKS).values(
                token_hash=token_hash, account_id=account_id, purpose=purpose, email=email,
                expires_at=expires_at, used_at=None))

    def use_link(self, token_hash: str, purpose: str, now: float) -> tuple[str, str | None] | None:
        """Take a link: its account and address, if it is of ``purpose``, unused and not
        expired (``None`` otherwise); it cannot be used again."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                sa.update(LINKS).where(LINKS.c.token_hash == token_hash,
                                       LINKS.c.purpose == purpose, LINKS.c.used_at.is_(None),
                                       LINKS.c.expires_at > now)
                .values(used_at=now)).rowcount
            if taken != 1:
                return None
            row = conn.execute(sa.select(LINKS.c.account_id, LINKS.c.email)
                               .where(LINKS.c.token_hash == token_hash)).one()
        return row.account_id, row.email

    # --- recovery codes ---------------------------------------------------------------

    def set_recovery_codes(self, account_id: str, code_hashes: Sequence[str]) -> None:
        """Replace the account's recovery codes."""
        with self.engine.begin() as conn:
            conn.execute(sa.delete(RECOVERY_CODES)
                         .where(RECOVERY_CODES.c.account_id == account_id))
            conn.execute(sa.insert(RECOVERY_CODES), [
                {"account_id": account_id, "code_hash": h, "used_at": None}
                for h in code_hashes])

    def use_recovery_code(self, account_id: str, code_hash: str, now: float) -> bool:
        """Take one unused code of the account; whether there was one."""
        with self.engine.begin() as conn:
            return conn.execute(
                sa.update(RECOVERY_CODES)
                .where(RECOVERY_CODES.c.account_id == account_id,
                       RECOVERY_CODES.c.code_hash == code_hash,
                       RECOVERY_CODES.c.used_at.is_(None))
                .values(used_at=now)).rowcount == 1

    def recovery_codes_left(self, account_id: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(
                sa.select(sa.func.count()).select_from(RECOVERY_CODES)
                .where(RECOVERY_CODES.c.account_id == account_id,
                       RECOVERY_CODES.c.used_at.is_(None))).scalar_one())

    # --- passkeys and their ceremonies ------------------------------------------------

    def add_passkey(self, credential_id: str, account_id: str, public_key: bytes,
                    sign_count: int, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.insert(PASSKEYS).values(
                credential_id=credential_id, account_id=account_id, public_key=public_key,
                sign_count=sign_count, created_at=now, last_used=None))

    def passkey(self, credential_id: str) -> Any:
        """The row of a passkey (``None``: unknown)."""
        with self.engine.connect() as conn:
            return conn.execute(sa.select(PASSKEYS)
                                .where(PASSKEYS.c.credential_id == credential_id)).first()

    def passkeys(self, account_id: str) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(sa.select(PASSKEYS)
                                     .where(PASSKEYS.c.account_id == account_id)).all())

    def passkey_used(self, credential_id: str, sign_count: int, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.update(PASSKEYS).where(PASSKEYS.c.credential_id == credential_id)
                         .values(sign_count=sign_count, last_used=now))

    def begin_ceremony(self, ceremony_id: str, kind: str, challenge: bytes,
                       data: dict[str, Any], expires_at: float, now: float) -> None:
        """Store a ceremony's challenge (and drop the ceremonies that expired)."""
        with self.engine.begin() as conn:
            conn.execute(sa.delete(CEREMONIES).where(CEREMONIES.c.expires_at < now))
            conn.execute(sa.insert(CEREMONIES).values(
                ceremony_id=ceremony_id, kind=kind, challenge=challenge, data=data,
                expires_at=expires_at))

    def take_ceremony(self, ceremony_id: str, kind: str,
                      now: float) -> tuple[bytes, dict[str, Any]] | None:
        """A ceremony's challenge and data, once (``None``: unknown, taken or expired)."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(CEREMONIES).where(
                CEREMONIES.c.ceremony_id == ceremony_id, CEREMONIES.c.kind == kind,
                CEREMONIES.c.expires_at > now)).first()
            if row is None or conn.execute(sa.delete(CEREMONIES).where(
                    CEREMONIES.c.ceremony_id == ceremony_id)).rowcount != 1:
                return None
        return bytes(row.challenge), dict(row.data)

    def export(self, account_id: str) -> dict[str, Any]:
        """Everything stored about the account, no secret's hash included."""
        account = self.find(account_id=account_id)
        if account is None:
            return {}
        out = account.public()
        out["sessions"] = [dataclasses.asdict(s) for s in self.sessions(account_id)]
        out["passkeys"] = [{"credential_id": p.credential_id, "created_at": p.created_at,
                            "last_used": p.last_used} for p in self.passkeys(account_id)]
        out["recovery_codes_left"] = self.recovery_codes_left(account_id)
        return out
