"""The routes of profiles (``docs/accounts.md``, "Profiles and history"): a person's own
profile with his whole history and his running matches, his choice of what others see, and
another person's public profile; the profile page."""

from __future__ import annotations

from typing import Any

import pydantic
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ..accounts.profiles import Profiles, Shown
from ..accounts.service import accounts_of
from ..errors import ApiError
from ..match.request import name_key
from .accounts import Me
from .deps import service_of, throttle_profile
from .openapi import answers
from .pages import page
from .ratings import ratings_of_account
from .schemas import Body, body_schema, read_body

router = APIRouter()


class ShownBody(Body):
    """``POST /api/account/profile``: what the public profile shows."""

    public_statistics: bool = pydantic.Field(strict=True)
    public_history: bool = pydantic.Field(strict=True)


@router.get("/api/account/profile", dependencies=[Depends(throttle_profile)],
            responses=answers(401, 403, 429, 503))
async def own_profile(me: Me, request: Request) -> dict[str, Any]:
    accounts = await accounts_of(request)
    shown = await accounts.store.call(Profiles(accounts.store.engine).shown,
                                      me.account.account_id)
    history = await service_of(request).history(me.account.account_id)
    ratings = await ratings_of_account(request, me.account.account_id)
    return {"handle": me.account.handle, "languages": list(me.account.languages),
            "own": True, **shown.to_json(), **history, "ratings": ratings}


@router.post("/api/account/profile", openapi_extra=body_schema(ShownBody),
             responses=answers(401, 403, 422, 503))
async def choose(me: Me, request: Request) -> dict[str, bool]:
    body = await read_body(request, ShownBody)
    accounts = await accounts_of(request)
    shown = Shown(body.public_statistics, body.public_history)
    await accounts.store.call(Profiles(accounts.store.engine).choose, me.account.account_id,
                              shown)
    return shown.to_json()


@router.get("/api/players/{handle}", dependencies=[Depends(throttle_profile)],
            responses=answers(404, 429, 503))
async def profile(handle: str, request: Request) -> dict[str, Any]:
    accounts = await accounts_of(request)
    account = await accounts.store.call(accounts.store.find, None, None,
                                        name_key(handle[:64]))
    if account is None:
        raise ApiError("unknown_player", f"no player is called {handle[:40]!r}", 404)
    shown = await accounts.store.call(Profiles(accounts.store.engine).shown,
                                      account.account_id)
    answer: dict[str, Any] = {"handle": account.handle, "languages": list(account.languages),
                              "own": False, **shown.to_json(),
                              "ratings": await ratings_of_account(request, account.account_id)}
    if shown.statistics or shown.history:
        history = await service_of(request).history(account.account_id)
        if shown.statistics:
            answer["statistics"] = history["statistics"]
        if shown.history:
            answer["finished"] = history["finished"]
    return answer


@router.get("/players/{handle}", include_in_schema=False)
async def profile_page(handle: str) -> Response:
    return page("profile.html")
