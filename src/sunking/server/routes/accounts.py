"""The routes of accounts (``docs/accounts.md``): sign up, verify an address, sign in and
out, reset a password, recover with a code, the account and its sessions, export and
deletion; the account pages; the operators' outbox page. Passkeys are :mod:`.passkeys`.

Routes that act on the signed-in account take the :data:`Me` dependency (session cookie, CSRF
token); the others refuse requests from another site's pages (``cross_origin``).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..accounts.names import EMAIL_MAX, HANDLE_MAX, PASSWORD_MAX, check_password
from ..accounts.profiles import Profiles
from ..accounts.service import AccountService, accounts_of, languages_of
from ..accounts.sessions import SignedIn, check_origin, clear_session, set_session, signed_in
from ..accounts.store import Account
from ..community.store import CommunityStore
from ..errors import ApiError, forbidden
from ..notices import NoticeStore
from ..ratings.store import RatingStore
from ..throttle import Kind, Throttle
from .deps import service_of
from .openapi import answers
from .operators import AddressCheck
from .pages import page
from .schemas import Body, Model, body_schema, read_body

router = APIRouter()

Me = Annotated[SignedIn, Depends(signed_in)]
"""A route parameter: the signed-in account of the request (cookie and CSRF checked)."""

Text = Annotated[str, pydantic.StringConstraints(max_length=PASSWORD_MAX)]
Languages = Annotated[list[Annotated[str, pydantic.StringConstraints(max_length=16)]],
                      pydantic.Field(max_length=5)]


class SignUpBody(Body):
    handle: Annotated[str, pydantic.StringConstraints(max_length=HANDLE_MAX * 2)]
    email: Annotated[str, pydantic.StringConstraints(max_length=EMAIL_MAX)]
    password: Text
    languages: Languages | None = None


class SignInBody(Body):
    email: Annotated[str, pydantic.StringConstraints(max_length=EMAIL_MAX)]
    password: Text


class TokenBody(Body):
    token: Annotated[str, pydantic.StringConstraints(max_length=100)]


class ResetBody(Body):
    email: Annotated[str, pydantic.StringConstraints(max_length=EMAIL_MAX)]


class NewPasswordBody(Body):
    token: Annotated[str, pydantic.StringConstraints(max_length=100)]
    password: Text


class RecoverBody(Body):
    handle: Annotated[str, pydantic.StringConstraints(max_length=HANDLE_MAX * 2)]
    code: Annotated[str, pydantic.StringConstraints(max_length=40)]


class LanguagesBody(Body):
    languages: Languages


def address_of(request: Request) -> str | None:
    return request.client.host if request.client else None


def throttle(request: Request, kind: Kind, key: str | None = None) -> None:
    limits: Throttle = request.app.state.throttle
    limits.check(kind, key if key is not None else address_of(request))


async def attempt(request: Request, model: type[Model],
                  body_key: Callable[[Model], str]) -> Model:
    """The body of a sign-in attempt, counted against the limits of the client's address and
    of the account it names (``body_key``: the address or handle given, known or not).

    Raises:
        ApiError: ``cross_origin``, ``malformed``, ``rate_limited``.
    """
    check_origin(request)
    body = await read_body(request, model)
    throttle(request, "signin")
    throttle(request, "signin_account", body_key(body))
    return body


def user_agent(request: Request) -> str:
    return request.headers.get("user-agent", "")[:200]


def signed_in_answer(accounts: AccountService, account: Account, secret: str,
                     extra: dict[str, Any] | None = None) -> Response:
    """The account, with the cookies of its new session."""
    answer = JSONResponse({"account": account.public(), **(extra or {})})
    set_session(answer, secret, secure=accounts.settings.secure_cookies)
    return answer


CHECK_MAIL = {"status": "check_mail"}
"""The answer to whatever sends a mail, whether or not an account has the address."""


@router.post("/api/account/signup", status_code=202, openapi_extra=body_schema(SignUpBody),
             responses=answers(403, 409, 422, 429, 503))
async def sign_up(request: Request) -> dict[str, Any]:
    check_origin(request)
    body = await read_body(request, SignUpBody)
    check_password(body.password)
    throttle(request, "signup")
    accounts = await accounts_of(request)
    await accounts.new_account(body.handle, body.email, body.password,
                               languages_of(body.languages))
    return CHECK_MAIL


@router.post("/api/account/signin", openapi_extra=body_schema(SignInBody),
             responses=answers(401, 403, 422, 429, 503))
async def sign_in(request: Request) -> Response:
    body = await attempt(request, SignInBody, body_key=lambda b: b.email.strip().lower())
    accounts = await accounts_of(request)
    account, secret = await accounts.sign_in(body.email, body.password, user_agent(request))
    return signed_in_answer(accounts, account, secret)


@router.post("/api/account/signout", responses=answers(401, 403, 503))
async def sign_out(me: Me, request: Request) -> Response:
    accounts = await accounts_of(request)
    await accounts.store.call(accounts.store.end_session, me.session_hash)
    answer = JSONResponse({"status": "signed_out"})
    clear_session(answer, secure=accounts.settings.secure_cookies)
    return answer


@router.post("/api/account/verify", openapi_extra=body_schema(TokenBody),
             responses=answers(403, 409, 410, 422, 503))
async def verify(request: Request) -> Response:
    check_origin(request)
    body = await read_body(request, TokenBody)
    accounts = await accounts_of(request)
    account, secret = await accounts.verify(body.token, user_agent(request))
    fresh = await accounts.store.call(accounts.store.find, account.account_id)
    return signed_in_answer(accounts, fresh or account, secret)


@router.post("/api/account/password-reset", status_code=202,
             openapi_extra=body_schema(ResetBody), responses=answers(403, 422, 429, 503))
async def ask_reset(request: Request) -> dict[str, Any]:
    check_origin(request)
    body = await read_body(request, ResetBody)
    throttle(request, "signup")
    await (await accounts_of(request)).ask_reset(body.email)
    return CHECK_MAIL


@router.post("/api/account/password-reset/confirm", openapi_extra=body_schema(NewPasswordBody),
             responses=answers(403, 410, 422, 503))
async def reset(request: Request) -> Response:
    check_origin(request)
    body = await read_body(request, NewPasswordBody)
    check_password(body.password)
    accounts = await accounts_of(request)
    account, secret = await accounts.reset(body.token, body.password, user_agent(request))
    return signed_in_answer(accounts, account, secret)


@router.post("/api/account/recover", openapi_extra=body_schema(RecoverBody),
             responses=answers(401, 403, 422, 429, 503))
async def recover(request: Request) -> Response:
    body = await attempt(request, RecoverBody, body_key=lambda b: b.handle.strip().casefold())
    accounts = await accounts_of(request)
    account, secret = await accounts.recover(body.handle, body.code, user_agent(request))
    return signed_in_answer(accounts, account, secret)


@router.get("/api/account/session", responses=answers(503))
async def session(request: Request) -> dict[str, Any]:
    """Whether this browser is signed in, and as whom (a guest is no error)."""
    try:
        who = await signed_in(request)
    except ApiError:
        return {"signed_in": False}
    return {"signed_in": True, "handle": who.account.handle}


@router.get("/api/account", responses=answers(401, 403, 503))
async def me(me: Me, request: Request) -> dict[str, Any]:
    store = (await accounts_of(request)).store
    passkeys = await store.call(store.passkeys, me.account.account_id)
    left = await store.call(store.recovery_codes_left, me.account.account_id)
    return {"account": me.account.public(), "passkeys": len(passkeys),
            "recovery_codes_left": left}


@router.post("/api/account/languages", openapi_extra=body_schema(LanguagesBody),
             responses=answers(401, 403, 422, 503))
async def set_languages(me: Me, request: Request) -> dict[str, Any]:
    body = await read_body(request, LanguagesBody)
    store = (await accounts_of(request)).store
    languages = list(languages_of(body.languages))
    await store.call(store.update, me.account.account_id, {"languages": languages})
    return {"languages": languages}


@router.get("/api/account/sessions", responses=answers(401, 403, 503))
async def sessions(me: Me, request: Request) -> list[dict[str, Any]]:
    store = (await accounts_of(request)).store
    listed = await store.call(store.sessions, me.account.account_id)
    return [{"session_id": s.session_id, "created_at": s.created_at, "last_seen": s.last_seen,
             "user_agent": s.user_agent, "current": me.session_hash.startswith(s.session_id)}
            for s in listed]


@router.delete("/api/account/sessions/{session_id}", responses=answers(401, 403, 404, 503))
async def revoke(session_id: str, me: Me, request: Request) -> dict[str, Any]:
    store = (await accounts_of(request)).store
    if len(session_id) != 16 or not all(c in "0123456789abcdef" for c in session_id):
        raise ApiError("unknown_session", "no session of this account has this id", 404)
    revoked = await store.call(store.revoke, me.account.account_id, session_id)
    if not revoked:
        raise ApiError("unknown_session", "no session of this account has this id", 404)
    return {"revoked": revoked}


@router.post("/api/account/recovery-codes", responses=answers(401, 403, 503))
async def recovery_codes(me: Me, request: Request) -> dict[str, Any]:
    codes = await (await accounts_of(request)).new_recovery_codes(me.account)
    return {"recovery_codes": codes}


@router.get("/api/account/export", responses=answers(401, 403, 503))
async def export(me: Me, request: Request) -> dict[str, Any]:
    store = (await accounts_of(request)).store
    exported: dict[str, Any] = await store.call(store.export, me.account.account_id)
    account_id = me.account.account_id
    exported["matches"] = await service_of(request).account_matches(account_id)
    notices = NoticeStore(store.engine)
    exported["turn_mail"], _token = await store.call(notices.choice, account_id)
    exported["turns_waiting"] = await store.call(notices.waiting, account_id)
    exported["profile"] = (await store.call(Profiles(store.engine).shown, account_id)).to_json()
    ratings = RatingStore(store.engine)
    exported["ratings"] = {game: rating.to_json() for game, rating in
                           (await store.call(ratings.of_account, account_id)).items()}
    exported["rating_changes"] = await store.call(ratings.history, account_id)
    exported["exported_at"] = time.time()
    return exported


@router.delete("/api/account", responses=answers(401, 403, 503))
async def delete(me: Me, request: Request) -> Response:
    accounts = await accounts_of(request)
    # The seats first: were the account deleted and this then failed, nothing could retry it.
    await service_of(request).forget_account(me.account.account_id)
    await accounts.store.call(NoticeStore(accounts.store.engine).forget, me.account.account_id)
    await accounts.store.call(Profiles(accounts.store.engine).forget, me.account.account_id)
    await accounts.store.call(RatingStore(accounts.store.engine).forget, me.account.account_id)
    await accounts.store.call(CommunityStore(accounts.store.engine).forget,
                              me.account.account_id)
    await accounts.store.call(accounts.store.delete, me.account.account_id)
    answer = JSONResponse({"status": "deleted"})
    clear_session(answer, secure=accounts.settings.secure_cookies)
    return answer


ACCOUNT_PAGES = ("signin", "signup", "verify", "reset", "settings")


@router.get("/account", include_in_schema=False)
async def account_home() -> Response:
    return page("account.html")


@router.get("/account/{name}", include_in_schema=False)
async def account_page(name: str) -> Response:
    if name not in ACCOUNT_PAGES:
        raise ApiError("not_found", f"no such page: /account/{name[:40]}", 404)
    return page("account.html")


@router.get("/operators/outbox", include_in_schema=False)
async def outbox(request: Request) -> Response:
    """The mails of a server with no SMTP server (to this machine's addresses only)."""
    allowed: AddressCheck = request.app.state.metrics_from
    if not allowed(address_of(request)):
        raise forbidden("the outbox is shown only to the addresses of SUNKING_METRICS_FROM")
    accounts = await accounts_of(request)
    if not accounts.postman.logs_only:
        raise forbidden("mails go through the SMTP server; the outbox page is shown only "
                        "when none is configured")
    mails = await accounts.store.call(accounts.postman.outbox.recent, 100)
    items = "".join(
        f"<article><h2>{html.escape(m.subject)}</h2><p>To {html.escape(m.recipient)}, "
        f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime(m.created_at))}</p>"
        f"<pre>{html.escape(m.body)}</pre></article>" for m in mails)
    return HTMLResponse("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                        "<title>sunking: outbox</title></head><body><main><h1>Outbox</h1>"
                        f"{items or '<p>No mail yet.</p>'}</main></body></html>")
