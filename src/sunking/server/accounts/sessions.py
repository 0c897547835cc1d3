"""The session cookie and the CSRF check of requests made with it.

A signed-in browser holds two cookies: ``sunking_session``, the session's secret (HttpOnly,
SameSite=Lax, ``Secure`` when the public URL is https; the server stores only its hash), and
``sunking_csrf``, a token derived from that secret which the page's scripts read and send back
in the ``X-CSRF-Token`` header of every request that changes something. Another site can make
a browser send the cookies but cannot read them, so it cannot send the header: such a request
is refused with 403 ``csrf_missing`` or ``csrf_wrong``. Requests whose ``Origin`` names
another site are refused as well (403 ``cross_origin``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import time

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from ..errors import ApiError
from ..guards import same_origin
from .names import digest
from .service import accounts_of
from .store import SESSION_IDLE, Account

COOKIE = "sunking_session"
CSRF_COOKIE = "sunking_csrf"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def csrf_of(secret: str) -> str:
    """The CSRF token of a session's secret."""
    return hashlib.sha256(b"csrf:" + secret.encode("utf-8")).hexdigest()[:40]


def set_session(response: Response, secret: str, *, secure: bool) -> None:
    """Give the browser its session's cookies."""
    age = int(SESSION_IDLE)
    response.set_cookie(COOKIE, secret, max_age=age, path="/", secure=secure, httponly=True,
                        samesite="lax")
    response.set_cookie(CSRF_COOKIE, csrf_of(secret), max_age=age, path="/", secure=secure,
                        httponly=False, samesite="lax")


def clear_session(response: Response, *, secure: bool) -> None:
    """Take the session's cookies back."""
    for name in (COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/", secure=secure, httponly=name == COOKIE,
                               samesite="lax")


def not_signed_in(message: str = "this call needs a signed-in session (the sunking_session "
                  "cookie)") -> ApiError:
    return ApiError("not_signed_in", message, 401)


def check_origin(request: HTTPConnection) -> None:
    """Raises:
        ApiError: ``cross_origin`` (403) when the request's ``Origin`` is another site's.
    """
    if not same_origin(request.headers):
        raise ApiError("cross_origin", "the request comes from a page of another site "
                       "(its Origin header is not this server's)", 403)


def check_csrf(request: Request, secret: str) -> None:
    """Raises:
        ApiError: ``csrf_missing`` or ``csrf_wrong`` (403) for a request that changes
            something without the session's CSRF token in ``X-CSRF-Token``.
    """
    if request.method in SAFE_METHODS:
        return
    given = request.headers.get(CSRF_HEADER)
    if not given:
        raise ApiError("csrf_missing", f"this call is made with the session cookie and needs "
                       f"the {CSRF_HEADER} header (the value of the {CSRF_COOKIE} cookie)", 403)
    if not hmac.compare_digest(given.encode("utf-8", "replace"),
                               csrf_of(secret).encode("utf-8")):
        raise ApiError("csrf_wrong", f"the {CSRF_HEADER} header is not this session's CSRF "
                       f"token (the value of the {CSRF_COOKIE} cookie)", 403)


@dataclasses.dataclass(frozen=True, slots=True)
class SignedIn:
    """A request of a signed-in browser: its account and its session's hash."""

    account: Account
    session_hash: str


async def signed_in(request: Request) -> SignedIn:
    """The dependency of the routes that need a signed-in browser.

    Raises:
        ApiError: ``cross_origin``, ``not_signed_in`` (401: no cookie, or its session was
            revoked or has ended), ``csrf_missing`` or ``csrf_wrong``.
    """
    check_origin(request)
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > 100:
        raise not_signed_in()
    store = (await accounts_of(request)).store
    session_hash = digest(secret)
    account = await store.call(store.session_account, session_hash, time.time())
    if account is None:
        raise not_signed_in("the session has ended or was revoked; sign in again")
    check_csrf(request, secret)
    return SignedIn(account, session_hash)


async def account_if_signed_in(request: HTTPConnection) -> Account | None:
    """The account of a signed-in browser, None for a guest (no cookie, or a session that has
    ended): where an account only adds, as when a seat is taken or a match is opened without
    its token.

    Raises:
        ApiError: ``cross_origin`` for another site's page, ``csrf_missing`` or
            ``csrf_wrong`` for a request that changes something with the cookie but without
            the session's CSRF token.
    """
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > 100:
        return None
    check_origin(request)
    store = (await accounts_of(request)).store
    account = await store.call(store.session_account, digest(secret), time.time())
    if account is not None and isinstance(request, Request):
        check_csrf(request, secret)
    return account
