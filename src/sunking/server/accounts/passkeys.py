"""Passkeys (WebAuthn through the ``webauthn`` library): sign up with one, add one to an
account, sign in with one.

Each ceremony has two steps. The first stores a random challenge under a ceremony id (in the
database, so any server process can finish it; it works once, for :data:`CEREMONY_SECONDS`)
and answers the options the browser passes to ``navigator.credentials``; the second checks the
browser's answer against the challenge, the relying-party id and the origin of the settings.
Passkeys are discoverable (resident), so signing in asks for no name first.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import webauthn
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..errors import ApiError, malformed
from .names import email_of, handle_of
from .service import AccountService, handle_taken
from .store import Account

CEREMONY_SECONDS = 300.0
"""How long a passkey ceremony may take between its two steps."""
MAX_CREDENTIAL = 16 * 1024
"""The largest credential (as JSON text) a browser may send back."""


def passkey_refused(reason: str) -> ApiError:
    return ApiError("passkey_refused", f"the passkey was refused: {reason}", 401)


def ceremony_unknown() -> ApiError:
    return ApiError("ceremony_unknown", "this passkey ceremony is unknown, finished or "
                    "expired; begin again", 410)


def credential_text(credential: object) -> str:
    """The browser's credential (a JSON object) as text, bounded.

    Raises:
        ApiError: ``malformed`` when it is not an object or too large.
    """
    if not isinstance(credential, dict):
        raise malformed("'credential' must be the JSON object of the browser's credential")
    text = json.dumps(credential)
    if len(text) > MAX_CREDENTIAL:
        raise malformed(f"'credential' is over {MAX_CREDENTIAL} characters")
    return text


class Passkeys:
    """The passkey ceremonies of the accounts of ``accounts``."""

    def __init__(self, accounts: AccountService) -> None:
        self.accounts = accounts
        self.store = accounts.store
        self.rp_id = accounts.settings.passkey_rp_id
        self.origin = accounts.settings.origin

    async def begin_registration(self, account: Account | None, handle: str | None,
                                 email: str | None,
                                 languages: tuple[str, ...]) -> dict[str, Any]:
        """The options of a new passkey: for ``account``, or for a new account of ``handle``
        (and ``email``, verified by mail before it counts).

        Raises:
            ApiError: ``invalid_handle``, ``invalid_email``, ``handle_taken``.
        """
        data: dict[str, Any]
        if account is not None:
            user_id, name = account.account_id, account.handle
            data = {"account_id": user_id}
            known = await self.store.call(self.store.passkeys, user_id)
            exclude = [PublicKeyCredentialDescriptor(id=base64url_to_bytes(p.credential_id))
                       for p in known]
        else:
            shown, key = handle_of(handle or "")
            if email is not None:
                email_of(email)
            if await self.store.call(self.store.find, None, None, key) is not None:
                raise handle_taken()
            user_id, name, exclude = secrets.token_hex(16), shown, []
            data = {"new": user_id, "handle": shown, "email": email,
                    "languages": list(languages)}
        options = webauthn.generate_registration_options(
            rp_id=self.rp_id, rp_name="sunking", user_name=name, user_id=user_id.encode(),
            user_display_name=name, exclude_credentials=exclude,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED))
        return await self._begin("register", options.challenge, data,
                                 webauthn.options_to_json(options))

    async def finish_registration(self, ceremony: str, credential: object,
                                  ) -> tuple[Account, bool]:
        """Check the browser's new passkey and keep it: the account (created now for a
        sign-up) and whether it is new.

        Raises:
            ApiError: ``ceremony_unknown``, ``passkey_refused``, ``handle_taken``.
        """
        challenge, data = await self._take(ceremony, "register")
        try:
            verified = webauthn.verify_registration_response(
                credential=credential_text(credential), expected_challenge=challenge,
                expected_rp_id=self.rp_id, expected_origin=self.origin)
        except WebAuthnException as err:
            raise passkey_refused(str(err)) from None
        account = await self._owner(data)
        await self.store.call(self.store.add_passkey, bytes_to_base64url(verified.credential_id),
                              account.account_id, verified.credential_public_key,
                              verified.sign_count, time.time())
        return account, "new" in data

    async def _owner(self, data: dict[str, Any]) -> Account:
        if "account_id" in data:
            account = await self.store.call(self.store.find, data["account_id"])
            if account is None:
                raise ceremony_unknown()
            return account
        account = await self.accounts.new_account(data["handle"], None, None,
                                                  tuple(data["languages"]), data["new"])
        if account is None:
            raise handle_taken()
        if data.get("email"):
            await self.accounts.attach_email(account, data["email"])
        return account

    async def begin_sign_in(self) -> dict[str, Any]:
        """The options of signing in with any passkey of this site."""
        options = webauthn.generate_authentication_options(
            rp_id=self.rp_id, user_verification=UserVerificationRequirement.PREFERRED)
        return await self._begin("signin", options.challenge, {},
                                 webauthn.options_to_json(options))

    async def finish_sign_in(self, ceremony: str, credential: object) -> Account:
        """The account whose passkey signed the challenge.

        Raises:
            ApiError: ``ceremony_unknown``, ``passkey_refused``.
        """
        challenge, _data = await self._take(ceremony, "signin")
        text = credential_text(credential)
        credential_id = credential.get("id") if isinstance(credential, dict) else None
        if not isinstance(credential_id, str) or len(credential_id) > 400:
            raise malformed("'credential.id' must be the passkey's id")
        row = await self.store.call(self.store.passkey, credential_id)
        if row is None:
            raise passkey_refused("this passkey belongs to no account here")
        try:
            verified = webauthn.verify_authentication_response(
                credential=text, expected_challenge=challenge, expected_rp_id=self.rp_id,
                expected_origin=self.origin, credential_public_key=bytes(row.public_key),
                credential_current_sign_count=row.sign_count)
        except WebAuthnException as err:
            raise passkey_refused(str(err)) from None
        await self.store.call(self.store.passkey_used, credential_id, verified.new_sign_count,
                              time.time())
        account = await self.store.call(self.store.find, row.account_id)
        if account is None:
            raise passkey_refused("this passkey belongs to no account here")
        return account

    async def _begin(self, kind: str, challenge: bytes, data: dict[str, Any],
                     options: str) -> dict[str, Any]:
        ceremony = secrets.token_urlsafe(24)
        now = time.time()
        await self.store.call(self.store.begin_ceremony, ceremony, kind, challenge, data,
                              now + CEREMONY_SECONDS, now)
        return {"ceremony": ceremony, "options": json.loads(options)}

    async def _take(self, ceremony: object, kind: str) -> tuple[bytes, dict[str, Any]]:
        if not isinstance(ceremony, str) or len(ceremony) > 64:
            raise malformed("'ceremony' must be the id the first step answered")
        taken = await self.store.call(self.store.take_ceremony, ceremony, kind, time.time())
        if taken is None:
            raise ceremony_unknown()
        return taken
