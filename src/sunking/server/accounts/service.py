"""What a person does with an account, without HTTP: sign up, verify an address, sign in,
reset a password, recover with a code, open and end sessions.

No answer tells whether an address has an account: a sign-up with an address that is taken
answers as one that is free (the address's owner is told by mail instead), a password reset
answers alike for every address, and every failed sign-in is the same ``signin_failed``
whether the address is unknown, the password wrong or the address not verified yet (a
password is checked against a dummy hash when there is no account, so it takes as long).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Sequence

import sqlalchemy as sa
from starlette.requests import HTTPConnection

from ... import i18n
from ..config import Settings
from ..errors import ApiError
from ..mail import Outbox, Postman, SmtpSettings, compose
from ..storage.engine import migrate
from .names import (
    digest,
    email_of,
    handle_of,
    hash_password,
    new_recovery_code,
    new_secret,
    password_matches,
    recovery_key,
)
from .store import Account, AccountStore, AccountTaken

log = logging.getLogger(__name__)

VERIFY_SECONDS = 48 * 3600.0
"""How long a link to verify an address works."""
RESET_SECONDS = 3600.0
"""How long a link to choose a new password works."""
RECOVERY_CODES = 10
"""How many recovery codes a passkey-only account without an address gets."""


def signin_failed() -> ApiError:
    return ApiError("signin_failed", "the e-mail address or the password is wrong, or the "
                    "address has not been verified yet (follow the link mailed to it)", 401)


def link_refused() -> ApiError:
    return ApiError("link_refused", "this link is unknown, was used already or has expired; "
                    "ask for a new one", 410)


def handle_taken() -> ApiError:
    return ApiError("handle_taken", "this handle belongs to another account; choose another",
                    409)


def languages_of(codes: Sequence[str] | None) -> tuple[str, ...]:
    """The account's languages, checked (default: English).

    Raises:
        ApiError: ``invalid_languages`` naming a code that is not one of the five.
    """
    if not codes:
        return (i18n.DEFAULT_LANGUAGE,)
    for code in codes:
        if code not in i18n.LANGUAGES:
            raise ApiError("invalid_languages", f"{code[:20]!r} is not a language of sunking "
                           f"({', '.join(i18n.LANGUAGES)})", 422)
    return tuple(dict.fromkeys(codes))


class AccountService:
    """Accounts on ``store``, their mails through ``postman``."""

    def __init__(self, store: AccountStore, postman: Postman, settings: Settings) -> None:
        self.store = store
        self.postman = postman
        self.settings = settings

    async def close(self) -> None:
        await self.postman.close()
        self.store.close()

    def link(self, page: str, token: str) -> str:
        """The address of one of the account pages with a token (in the fragment, which
        browsers send to no server)."""
        return f"{self.settings.public_url.rstrip('/')}/account/{page}#token={token}"

    async def mail(self, recipient: str, lang: str, kind: str, **values: str) -> None:
        """Queue a mail of ``kind`` (worded in ``lang``) and wake the postman."""
        subject, body = compose(kind, lang, **values)
        await self.store.call(self.postman.outbox.queue, recipient, subject, body, time.time())
        self.postman.wake()

    async def open_session(self, account: Account, user_agent: str) -> str:
        """A new session of ``account``: its secret (for the cookie)."""
        secret = new_secret()
        await self.store.call(self.store.add_session, digest(secret), account.account_id,
                              time.time(), user_agent)
        return secret

    async def send_link(self, account: Account, purpose: str, email: str) -> None:
        """Mail a single-use link (``verify`` the address, or ``reset`` the password)."""
        token = new_secret()
        seconds = VERIFY_SECONDS if purpose == "verify" else RESET_SECONDS
        await self.store.call(self.store.add_link, digest(token), account.account_id, purpose,
                              email, time.time() + seconds)
        await self.mail(email, account.language, purpose, handle=account.handle,
                        link=self.link(purpose, token), hours=str(int(seconds // 3600)))

    async def attach_email(self, account: Account, email: str) -> None:
        """Mail ``email`` a link that makes it the account's once followed (its owner is
        told instead when another account has it).

        Raises:
            ApiError: ``invalid_email``.
        """
        address, email_key = email_of(email)
        owner = await self.store.call(self.store.find, None, email_key)
        if owner is None:
            await self.send_link(account, "verify", address)
        else:
            await self.mail(address, owner.language, "taken", handle=owner.handle,
                            link=f"{self.settings.public_url.rstrip('/')}/account/reset")

    async def new_account(self, handle: str, email: str | None, password: str | None,
                          languages: tuple[str, ...],
                          account_id: str | None = None) -> Account | None:
        """Create an account (``None`` when the address is taken: its owner is mailed).

        Raises:
            ApiError: ``invalid_handle``, ``invalid_email``, ``handle_taken``.
        """
        shown, handle_key = handle_of(handle)
        address, email_key = email_of(email) if email is not None else (None, None)
        password_hash = None if password is None else await asyncio.to_thread(
            hash_password, password)
        account = Account(account_id or secrets.token_hex(16), shown, address, False,
                          password_hash,
                          languages, time.time())
        try:
            await self.store.call(self.store.create, account, handle_key, email_key)
        except AccountTaken as taken:
            if taken.what == "handle" or address is None:
                raise handle_taken() from None
            await self.attach_email(account, address)
            return None
        if address is not None:
            await self.send_link(account, "verify", address)
        return account

    async def sign_in(self, email: str, password: str, user_agent: str) -> tuple[Account, str]:
        """Raises:
            ApiError: ``signin_failed`` (the same for every reason).
        """
        try:
            _address, email_key = email_of(email)
        except ApiError:
            email_key = None
        account = None if email_key is None else await self.store.call(
            self.store.find, None, email_key)
        stored = account.password_hash if account is not None else None
        matches = await asyncio.to_thread(password_matches, stored, password)
        if account is None or not matches or not account.email_verified:
            raise signin_failed()
        return account, await self.open_session(account, user_agent)

    async def verify(self, token: str, user_agent: str) -> tuple[Account, str]:
        """Follow a verification link: the address is the account's, verified, and the
        browser is signed in.

        Raises:
            ApiError: ``link_refused`` (410), ``email_taken`` (409: another account verified
                this address meanwhile).
        """
        account, email = await self._take_link(token, "verify")
        _shown, email_key = email_of(email or "")
        try:
            await self.store.call(self.store.update, account.account_id, {
                "email": email, "email_key": email_key, "email_verified": True})
        except sa.exc.IntegrityError:
            raise ApiError("email_taken", "another account has verified this address "
                           "meanwhile", 409) from None
        return account, await self.open_session(account, user_agent)

    async def ask_reset(self, email: str) -> None:
        """Mail a reset link if the address has an account (nothing else otherwise)."""
        try:
            _address, email_key = email_of(email)
        except ApiError:
            return
        account = await self.store.call(self.store.find, None, email_key)
        if account is not None and account.email is not None:
            await self.send_link(account, "reset", account.email)

    async def reset(self, token: str, password: str, user_agent: str) -> tuple[Account, str]:
        """Follow a reset link: the new password, the address verified (the link reached
        it), every other session revoked, and this browser signed in.

        Raises:
            ApiError: ``link_refused`` (410).
        """
        account, _email = await self._take_link(token, "reset")
        password_hash = await asyncio.to_thread(hash_password, password)
        await self.store.call(self.store.update, account.account_id,
                              {"password_hash": password_hash, "email_verified": True})
        await self.store.call(self.store.revoke, account.account_id, None, None)
        return account, await self.open_session(account, user_agent)

    async def _take_link(self, token: str, purpose: str) -> tuple[Account, str | None]:
        taken = await self.store.call(self.store.use_link, digest(token), purpose, time.time())
        if taken is None:
            raise link_refused()
        account = await self.store.call(self.store.find, taken[0])
        if account is None:
            raise link_refused()
        return account, taken[1]

    async def new_recovery_codes(self, account: Account) -> list[str]:
        """Fresh recovery codes (the old ones no longer work): shown once, stored hashed."""
        codes = [new_recovery_code() for _ in range(RECOVERY_CODES)]
        await self.store.call(self.store.set_recovery_codes, account.account_id,
                              [recovery_key(c) for c in codes])
        return codes

    async def recover(self, handle: str, code: str, user_agent: str) -> tuple[Account, str]:
        """Sign in with a recovery code (used up).

        Raises:
            ApiError: ``signin_failed``.
        """
        try:
            _shown, handle_key = handle_of(handle)
        except ApiError:
            raise signin_failed() from None
        account = await self.store.call(self.store.find, None, None, handle_key)
        if account is None or not await self.store.call(
                self.store.use_recovery_code, account.account_id, recovery_key(code),
                time.time()):
            raise signin_failed()
        return account, await self.open_session(account, user_agent)


def memory_engine() -> sa.Engine:
    """A migrated in-memory SQLite database (for a server on a memory store: tests)."""
    engine = sa.create_engine("sqlite://", poolclass=sa.pool.StaticPool,
                              connect_args={"check_same_thread": False})
    migrate(engine)
    return engine


def build(settings: Settings, engine: sa.Engine, threads: int) -> AccountService:
    """The account service of a server on ``engine``, its postman started."""
    store = AccountStore(engine, threads)
    smtp = SmtpSettings(settings.smtp_host, settings.smtp_port, settings.smtp_user,
                        settings.smtp_password, settings.smtp_tls,
                        settings.mail_from or f"sunking@{settings.passkey_rp_id}")
    postman = Postman(Outbox(engine), smtp, store.call)
    postman.start()
    return AccountService(store, postman, settings)


async def accounts_of(request: HTTPConnection) -> AccountService:
    """The account service of the application (made at its first use when the matches are
    kept in memory)."""
    state = request.app.state
    accounts: AccountService | None = getattr(state, "accounts", None)
    if accounts is None:
        settings: Settings = state.settings
        accounts = state.accounts = build(settings, memory_engine(), 1)
    return accounts
