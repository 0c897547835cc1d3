"""Seat and spectator tokens: unguessable, stored only as SHA-256 hashes, compared in
constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh token: 32 random bytes, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 hex digest of ``token`` (what storage keeps)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(a: str | None, b: str) -> bool:
    """Whether two hex digests are equal, in time independent of where they differ."""
    return a is not None and hmac.compare_digest(a.encode("ascii"), b.encode("ascii"))


def new_match_id() -> str:
    """A fresh match id (16 URL-safe characters)."""
    return secrets.token_urlsafe(12)
