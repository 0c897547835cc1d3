"""What an account is known by, checked: its handle, its e-mail address, its password, and
the secrets it is given (session cookies, link tokens, recovery codes) with their hashes.

A handle is written in NFC; two handles that differ only in case (after case folding) are the
same handle. Control, format (bidi overrides, zero-width joiners), private-use and unassigned
characters are refused, and so are line or paragraph separators and spaces at either end or
doubled. An e-mail address is checked by ``email-validator`` (its syntax; no lookup).
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from email_validator import EmailNotValidError, validate_email

from ..errors import ApiError

HANDLE_MIN, HANDLE_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 10, 200
EMAIL_MAX = 254
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories a handle may not hold: controls, format characters (the bidi
overrides and isolates among them), surrogates, private use, unassigned, line and paragraph
separators."""

HASHER = PasswordHasher()
"""Argon2id with argon2-cffi's default cost (RFC 9106's low-memory choice)."""

DUMMY_HASH = HASHER.hash("a password nobody has")
"""Checked against when no account has the address given, so that a sign-in takes as long
whether or not the address is known."""


def invalid(field: str, message: str) -> ApiError:
    """A field of an account's form is not acceptable (422 ``invalid_<field>``)."""
    return ApiError(f"invalid_{field}", message, 422)


def handle_of(raw: str) -> tuple[str, str]:
    """The handle as written (NFC) and its key (case-folded, NFC).

    Raises:
        ApiError: ``invalid_handle`` naming what is wrong with it.
    """
    handle = unicodedata.normalize("NFC", raw)
    if not HANDLE_MIN <= len(handle) <= HANDLE_MAX:
        raise invalid("handle", f"a handle has {HANDLE_MIN} to {HANDLE_MAX} characters, "
                      f"not {len(handle)}")
    for char in handle:
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES or (category.startswith("Z") and char != " "):
            raise invalid("handle", f"a handle may not hold the character U+{ord(char):04X} "
                          "(a control, format, bidi or unassigned character, or a space "
                          "other than U+0020)")
    if handle != handle.strip() or "  " in handle:
        raise invalid("handle", "a handle may not begin or end with a space, nor hold two "
                      "spaces together")
    return handle, unicodedata.normalize("NFC", handle.casefold())


def email_of(raw: str) -> tuple[str, str]:
    """The address as normalised by ``email-validator``, and its key (lower case).

    Raises:
        ApiError: ``invalid_email`` with the validator's reason.
    """
    if len(raw) > EMAIL_MAX:
        raise invalid("email", f"an e-mail address has at most {EMAIL_MAX} characters")
    try:
        checked = validate_email(raw, check_deliverability=False)
    except EmailNotValidError as err:
        raise invalid("email", f"not an e-mail address: {err}") from None
    return checked.normalized, checked.normalized.lower()


def check_password(password: str) -> None:
    """Raises:
        ApiError: ``invalid_password`` when it is too short or too long.
    """
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise invalid("password", f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} "
                      f"characters, not {len(password)}")


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (slow on purpose: call it off the event loop)."""
    return HASHER.hash(password)


def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one of ``stored`` (checked against a dummy hash when there
    is none, so that the answer takes as long either way)."""
    try:
        return HASHER.verify(stored or DUMMY_HASH, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def new_secret() -> str:
    """A random secret of 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """The SHA-256 hash (hex) under which a secret is stored."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits that are not mistaken for one another when copied by hand."""


def new_recovery_code() -> str:
    """A code of 16 characters (about 79 bits) in four groups: ``abcd-efgh-jkmn-pqrs``."""
    chars = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(16))
    return "-".join(chars[i:i + 4] for i in range(0, 16, 4))


def recovery_key(code: str) -> str:
    """The hash of a recovery code as typed (case, spaces and dashes do not count)."""
    return digest("".join(c for c in code.lower() if c.isalnum()))
