"""The routes around the table (``docs/web-api.md``): its chat (``POST`` and
``GET /api/matches/<id>/chat``), the AI's hints and review (``GET /api/matches/<id>/hint``,
``…/review``); who sits where is :mod:`.seating`'s.

Thin like the other routes: the authenticated table (:data:`.deps.Table`), a pydantic body,
a call to the service (the chat is its :class:`~..match.chat.TableChat`). New messages also reach
open websockets (:mod:`.websocket`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ...i18n import DEFAULT_LANGUAGE
from ..community.service import community_of
from ..errors import malformed
from .catalog import LANGUAGES
from .deps import (
    Table,
    lang_of,
    query_value,
    spectators_of,
    throttle_chat,
)
from .openapi import TABLE, answers, query
from .schemas import ChatBody, body_schema, read_body

router = APIRouter()


@router.post("/api/matches/{match_id}/chat", status_code=201,
             openapi_extra=body_schema(ChatBody), responses=answers(*TABLE, 409, 422, 429))
async def write(table: Table, request: Request) -> dict[str, Any]:
    body = await read_body(request, ChatBody)
    throttle_chat(request, body.text)
    await (await community_of(request)).check_may_chat(table.live, table.viewer, body.to)
    return await table.service.remark(table.live, table.viewer, body.text, body.to,
                                      body.addressed, body.name)


@router.get("/api/matches/{match_id}/chat", responses=answers(*TABLE, 422),
            openapi_extra=query("after", "spectators"))
async def read(table: Table, request: Request) -> dict[str, Any]:
    raw = query_value(request, "after")
    after = None
    if raw is not None:
        try:
            after = int(raw)
        except ValueError:
            raise malformed(f"'after' must be a message id, not {raw[:20]!r}") from None
        if after < -1:
            raise malformed("'after' must be a message id (or -1 for all)")
    spectators = spectators_of(request)
    hidden = await (await community_of(request)).hidden_seats(table.live, table.viewer)
    messages, last = await table.service.chat.read(table.live, table.viewer, after, hidden,
                                                   spectators)
    return {"messages": messages, "last": last}


@router.get("/api/matches/{match_id}/hint", responses=answers(*TABLE, 409, 422),
            openapi_extra=query("lang", languages=LANGUAGES))
async def hint(table: Table, request: Request) -> dict[str, Any]:
    version = table.live.version
    lang = table.service.language(lang_of(request)) or DEFAULT_LANGUAGE
    answer = await table.service.advisor.hint(table.live, table.viewer, lang)
    return {"match_id": table.live.match_id, "seat": table.viewer, "version": version,
            **answer}


@router.get("/api/matches/{match_id}/review", responses=answers(*TABLE, 409, 422),
            openapi_extra=query("lang", languages=LANGUAGES))
async def review(table: Table, request: Request) -> dict[str, Any]:
    lang = table.service.language(lang_of(request)) or DEFAULT_LANGUAGE
    return table.service.advisor.review(table.live, table.viewer, lang)
