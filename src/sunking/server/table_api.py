"""The routes around the table (``docs/web-api.md``): its chat (``POST`` and
``GET /api/matches/<id>/chat``), the AI's hints and review (``GET /api/matches/<id>/hint``,
``…/review``) and open
tables (``GET /api/open-matches``, ``POST /api/matches/<id>/join`` and ``…/start``).

Thin like the other routes: authenticate the token, read the request, call the service (the
chat is its :class:`~.chat.TableChat`). New messages also reach open websockets (:mod:`.hub`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request, Response

from ..i18n import DEFAULT_LANGUAGE
from .errors import malformed
from .service import MatchService


def table_router(
    bearer: Callable[[Request], str | None],
    json_body: Callable[[Request], Awaitable[dict[str, Any]]],
) -> APIRouter:
    """The chat and open-table routes; ``bearer`` and ``json_body`` are the application's
    request readers."""
    router = APIRouter()

    def service_of(request: Request) -> MatchService:
        service: MatchService = request.app.state.service
        return service

    @router.post("/api/matches/{match_id}/chat", status_code=201)
    async def write(match_id: str, request: Request) -> dict[str, Any]:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        body = await json_body(request)
        unknown = sorted(set(body) - {"text", "to", "addressed"})
        if unknown or "text" not in body:
            raise malformed("the body is {\"text\", \"to\"?: [seats], \"addressed\"?: seat}"
                            + (f"; unknown fields {', '.join(unknown)}" if unknown else ""))
        return await service.remark(live, viewer, body["text"], body.get("to"),
                                    body.get("addressed"))

    @router.get("/api/matches/{match_id}/chat")
    async def read(match_id: str, request: Request) -> dict[str, Any]:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        raw = request.query_params.get("after")
        after = None
        if raw not in (None, ""):
            try:
                after = int(raw)
            except ValueError:
                raise malformed(f"'after' must be a message id, not {raw!r}") from None
            if after < -1:
                raise malformed("'after' must be a message id (or -1 for all)")
        messages, last = await service.chat.read(live, viewer, after)
        return {"messages": messages, "last": last}

    @router.get("/api/matches/{match_id}/hint")
    async def hint(match_id: str, request: Request) -> dict[str, Any]:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        version = live.version
        moves = await service.advisor.hint(live, viewer)
        return {"match_id": match_id, "seat": viewer, "version": version, "moves": moves}

    @router.get("/api/matches/{match_id}/review")
    async def review(match_id: str, request: Request) -> dict[str, Any]:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        lang = service.language(request.query_params.get("lang") or None) or DEFAULT_LANGUAGE
        return service.advisor.review(live, viewer, lang)

    @router.get("/api/open-matches")
    async def open_matches(request: Request) -> list[dict[str, Any]]:
        return await service_of(request).open_matches()

    @router.post("/api/matches/{match_id}/join", status_code=201)
    async def join(match_id: str, request: Request) -> dict[str, Any]:
        body = await json_body(request)
        if set(body) != {"name"}:
            raise malformed("the body is {\"name\"}")
        seat, token = await service_of(request).join(match_id, body["name"])
        return {"match_id": match_id, "seat": seat, "token": token,
                "link": f"/play/{match_id}#t={token}"}

    @router.post("/api/matches/{match_id}/start")
    async def start(match_id: str, request: Request) -> Response:
        service = service_of(request)
        live, viewer = await service.authenticate(match_id, bearer(request))
        body = await json_body(request) if await request.body() else {}
        if set(body) - {"bot"}:
            raise malformed("the body is {\"bot\"?}")
        await service.start_table(live, viewer, body.get("bot"))
        return Response(service.view(live, viewer).encode("utf-8"),
                        media_type="application/json")

    return router
