"""The routes of who sits where (``docs/web-api.md``): an invitation read and its seat claimed
(``POST /api/matches/<id>/invitation`` and ``…/claim``), open tables listed, joined and
started (``GET /api/open-matches``, ``POST /api/matches/<id>/join`` and ``…/start``).

A seat's token is in the answer of the request that takes the seat, and nowhere else."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response

from ..community.service import community_of, seat_taker
from .deps import Table, json_text, service_of, throttle_claim, throttle_join
from .openapi import TABLE, answers
from .ratings import rate_open_tables
from .schemas import ClaimBody, InvitationBody, JoinBody, StartBody, body_schema, read_body

router = APIRouter()


def seat_link(match_id: str, token: str) -> str:
    """The link that opens a match at a seat (the token in the fragment, never sent)."""
    return f"/play/{match_id}#t={token}"


def invitation_link(match_id: str, invitation: str) -> str:
    """The link that offers a seat: opening it asks whether to claim the seat."""
    return f"/play/{match_id}#i={invitation}"


@router.post("/api/matches/{match_id}/invitation", openapi_extra=body_schema(InvitationBody),
             dependencies=[Depends(throttle_claim)], responses=answers(403, 404, 422, 429, 503))
async def invitation(match_id: str, request: Request) -> dict[str, Any]:
    body = await read_body(request, InvitationBody)
    return await service_of(request).invitation(match_id, body.invitation)


@router.post("/api/matches/{match_id}/claim", status_code=201,
             openapi_extra=body_schema(ClaimBody), dependencies=[Depends(throttle_claim)],
             responses=answers(403, 404, 409, 422, 429, 503))
async def claim(match_id: str, request: Request) -> dict[str, Any]:
    body = await read_body(request, ClaimBody)
    service = service_of(request)
    account_id = await seat_taker(request, service, match_id)
    seat, token = await service.claim(match_id, body.invitation, body.name, account_id)
    if account_id is not None:
        community = await community_of(request)
        await community.call(community.store.dismiss, account_id, None, match_id)
    return {"match_id": match_id, "seat": seat.seat, "name": seat.name, "token": token,
            "link": seat_link(match_id, token)}


@router.get("/api/open-matches", responses=answers(503))
async def open_matches(request: Request) -> list[dict[str, Any]]:
    tables = await service_of(request).open_matches()
    await rate_open_tables(request, tables)
    return tables


@router.post("/api/matches/{match_id}/join", status_code=201,
             openapi_extra=body_schema(JoinBody), dependencies=[Depends(throttle_join)],
             responses=answers(403, 404, 409, 422, 429, 503))
async def join(match_id: str, request: Request) -> dict[str, Any]:
    body = await read_body(request, JoinBody)
    service = service_of(request)
    seat, token = await service.join(match_id, body.name,
                                     await seat_taker(request, service, match_id))
    return {"match_id": match_id, "seat": seat, "token": token,
            "link": seat_link(match_id, token)}


@router.post("/api/matches/{match_id}/start",
             openapi_extra=body_schema(StartBody, required=False),
             responses=answers(*TABLE, 409, 422))
async def start(table: Table, request: Request) -> Response:
    body = await read_body(request, StartBody, optional=True)
    await table.service.start_table(table.live, table.viewer, body.bot)
    return json_text(table.service.view(table.live, table.viewer))
