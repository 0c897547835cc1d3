"""The routes of passkeys (``docs/accounts.md``): sign up with a passkey, add one to the
signed-in account, sign in with one. Each ceremony is a ``begin`` (the options for the
browser's ``navigator.credentials``) and a ``finish`` (the browser's answer)."""

from __future__ import annotations

from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ..accounts.names import EMAIL_MAX, HANDLE_MAX
from ..accounts.passkeys import Passkeys
from ..accounts.service import accounts_of, languages_of
from ..accounts.sessions import COOKIE, check_origin, signed_in
from .accounts import Languages, signed_in_answer, throttle, user_agent
from .openapi import answers
from .schemas import Body, body_schema, read_body

router = APIRouter()


class RegisterBody(Body):
    """A new account's handle (and address), or nothing when a signed-in account adds a
    passkey."""

    handle: Annotated[str, pydantic.StringConstraints(max_length=HANDLE_MAX * 2)] | None = None
    email: Annotated[str, pydantic.StringConstraints(max_length=EMAIL_MAX)] | None = None
    languages: Languages | None = None


class FinishBody(Body):
    ceremony: Annotated[str, pydantic.StringConstraints(max_length=64)]
    credential: dict[str, Any]


@router.post("/api/account/passkeys/register/begin",
             openapi_extra=body_schema(RegisterBody, required=False),
             responses=answers(401, 403, 409, 422, 429, 503))
async def register_begin(request: Request) -> dict[str, Any]:
    body = await read_body(request, RegisterBody, optional=True)
    account = None
    if request.cookies.get(COOKIE) is not None and body.handle is None:
        account = (await signed_in(request)).account
    else:
        check_origin(request)
        throttle(request, "signup")
    passkeys = Passkeys(await accounts_of(request))
    return await passkeys.begin_registration(account, body.handle, body.email,
                                             languages_of(body.languages))


@router.post("/api/account/passkeys/register/finish", openapi_extra=body_schema(FinishBody),
             responses=answers(401, 403, 409, 410, 422, 503))
async def register_finish(request: Request) -> Response:
    check_origin(request)
    body = await read_body(request, FinishBody)
    accounts = await accounts_of(request)
    account, new = await Passkeys(accounts).finish_registration(body.ceremony, body.credential)
    if not new:  # a passkey added to the signed-in account: its session goes on
        return JSONResponse({"account": account.public()})
    extra: dict[str, Any] = {}
    if new and account.email is None:
        extra["recovery_codes"] = await accounts.new_recovery_codes(account)
    secret = await accounts.open_session(account, user_agent(request))
    return signed_in_answer(accounts, account, secret, extra)


@router.post("/api/account/passkeys/signin/begin", responses=answers(403, 429, 503))
async def signin_begin(request: Request) -> dict[str, Any]:
    check_origin(request)
    throttle(request, "signin")
    return await Passkeys(await accounts_of(request)).begin_sign_in()


@router.post("/api/account/passkeys/signin/finish", openapi_extra=body_schema(FinishBody),
             responses=answers(401, 403, 410, 422, 503))
async def signin_finish(request: Request) -> Response:
    check_origin(request)
    body = await read_body(request, FinishBody)
    accounts = await accounts_of(request)
    account = await Passkeys(accounts).finish_sign_in(body.ceremony, body.credential)
    secret = await accounts.open_session(account, user_agent(request))
    return signed_in_answer(accounts, account, secret)
