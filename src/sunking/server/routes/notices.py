"""The routes of notices (``docs/accounts.md``, "Turn notices"): the one-click unsubscribe of
turn e-mails (its page and ``POST /api/notices/unsubscribe``), and an account's choice."""

from __future__ import annotations

import time
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..accounts.service import accounts_of
from ..errors import ApiError
from ..notices import NoticeStore
from .accounts import Me
from .community import waiting_invitations
from .deps import service_of
from .openapi import answers
from .pages import page
from .schemas import Body, Short, body_schema, read_body

router = APIRouter()


class UnsubscribeBody(Body):
    """``POST /api/notices/unsubscribe``: the token of the link in a turn e-mail."""

    token: Short


class ChoiceBody(Body):
    """``POST /api/account/notices``: the turn e-mails wanted: one per match as it becomes the
    person's turn, one a day, or none."""

    turn_mail: Literal["each", "digest", "off"]


@router.post("/api/notices/unsubscribe", openapi_extra=body_schema(UnsubscribeBody),
             responses=answers(404, 422, 503))
async def unsubscribe(request: Request) -> dict[str, Any]:
    body = await read_body(request, UnsubscribeBody)
    accounts = await accounts_of(request)
    notices = NoticeStore(accounts.store.engine)
    if not await accounts.store.call(notices.unsubscribe, body.token):
        raise ApiError("unknown_link", "this unsubscribe link is no account's", 404)
    return {"turn_mail": "off"}


@router.get("/api/account/notices", responses=answers(401, 403, 503))
async def choice(me: Me, request: Request) -> dict[str, Any]:
    """The account's choice of turn e-mails and its notice list: the matches waiting for
    its move, and the seats offered to him by name."""
    accounts = await accounts_of(request)
    notices = NoticeStore(accounts.store.engine)
    mode, _token = await accounts.store.call(notices.choice, me.account.account_id)
    waiting = await accounts.store.call(notices.waiting, me.account.account_id)
    lines = {(line["match_id"], line["seat"]): line for line in
             await service_of(request).account_matches(me.account.account_id)}
    listed = [{**lines[(w["match_id"], w["seat"])], "due_at": w["due_at"],
               "mailed": w["mailed"]} for w in waiting if (w["match_id"], w["seat"]) in lines]
    invited = [line for line in await waiting_invitations(request, me.account.account_id)
               if not line["claimed"]]
    return {"turn_mail": mode, "waiting": listed, "invitations": invited}


@router.post("/api/account/notices", openapi_extra=body_schema(ChoiceBody),
             responses=answers(401, 403, 422, 503))
async def choose(me: Me, request: Request) -> dict[str, Any]:
    body = await read_body(request, ChoiceBody)
    accounts = await accounts_of(request)
    notices = NoticeStore(accounts.store.engine)
    await accounts.store.call(notices.choose, me.account.account_id, body.turn_mail,
                              time.time())
    return {"turn_mail": body.turn_mail}


@router.get("/notices/unsubscribe", include_in_schema=False)
async def unsubscribe_page() -> Response:
    return page("notices.html")
