"""The routes of a match (``docs/web-api.md``): create it (the creator's own seat's token
and an invitation for every other person's seat), see it, act in it, leave it, its replay, and
the matches of a browser's tokens. Thin: read the request (a pydantic body, the
authenticated table), call the service, answer."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ..accounts.sessions import account_if_signed_in
from ..community.service import community_of, seat_taker
from ..errors import ApiError, malformed, not_started
from ..guards import encode_json
from ..match.boards import replay_board
from ..match.kept import KeptReplay
from ..match.live import Viewer, build_replay
from ..match.request import MatchRequest, SeatRequest
from .accounts import Me
from .catalog import LANGUAGES
from .deps import (
    Seated,
    Table,
    bearer,
    int_query,
    json_text,
    lang_of,
    seated,
    service_of,
    since_of,
    spectators_of,
    throttle_act,
    throttle_create,
)
from .openapi import TABLE, answers, query
from .schemas import ActionBody, MatchBody, TokensBody, body_schema, read_body
from .seating import invitation_link, seat_link

router = APIRouter()


@router.post("/api/matches", status_code=201, openapi_extra=body_schema(MatchBody),
             dependencies=[Depends(throttle_create)], responses=answers(403, 422, 429, 503))
async def create_match(request: Request) -> dict[str, Any]:
    body = await read_body(request, MatchBody)
    created = await service_of(request).create_match(MatchRequest(
        game=body.game, players=body.players,
        seats=tuple(SeatRequest(s.kind, s.name, s.bot) for s in body.seats),
        language=body.language, seed=body.seed,
        turn_clock_seconds=body.turn_clock_seconds, options=body.options, hints=body.hints,
        time_bank_seconds=body.time_bank_seconds, practice=body.practice,
        tutorial=body.tutorial, chapter=body.chapter,
        owner=request.client.host if request.client else None,
        creator=body.creator_seat if "creator_seat" in body.model_fields_set else "first",
        account_id=await seat_taker(request, service_of(request)),
    ))
    record = created.record
    seats = []
    for s in record.seats:
        entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot}
        token = created.seat_tokens.get(s.seat)
        if token is not None:
            entry["token"] = token
            entry["link"] = seat_link(record.match_id, token)
        invitation = created.invitations.get(s.seat)
        if invitation is not None:
            entry["invitation"] = invitation
            entry["invitation_link"] = invitation_link(record.match_id, invitation)
        seats.append(entry)
    spectator = created.spectator_token
    return {"match_id": record.match_id, "seats": seats,
            "spectator": {"token": spectator, "link": seat_link(record.match_id, spectator)}}


OLD_RULES = ("rules_version", "rules_changed")
"""The refusals of a match of another rules version, whose kept replay is shown instead."""


async def replayed(match_id: str, request: Request) -> Seated | tuple[KeptReplay, Viewer]:
    """The authenticated match of the routes that show a match; for a finished match of
    another rules version, its kept replay and whose token it is (:mod:`..match.kept`): it
    is shown as it ended, and replayed from its kept frames.

    Raises:
        ApiError: as :func:`.deps.seated`; ``rules_version`` or ``rules_changed`` when the
            match's rules changed and no replay of it was kept.
    """
    try:
        return await seated(match_id, request)
    except ApiError as err:
        if err.code not in OLD_RULES:
            raise
        token = bearer(request)
        account = await account_if_signed_in(request) if token is None else None
        return await service_of(request).kept_replay(
            match_id, token, account.account_id if account else None, err)


async def replayed_started(match_id: str, request: Request) -> Seated | tuple[KeptReplay, Viewer]:
    """:func:`replayed` for the replay's routes: a table still waiting for players has none.

    Raises:
        ApiError: as :func:`replayed`; ``not_started`` (409) while the table waits (nothing
            of its game is shown before it starts).
    """
    table = await replayed(match_id, request)
    if isinstance(table, Seated) and table.live.record.waiting:
        raise not_started()
    return table


@router.get("/api/matches/{match_id}", responses=answers(*TABLE, 422),
            openapi_extra=query("since", "lang", languages=LANGUAGES))
async def match_view(match_id: str, request: Request) -> Response:
    since = since_of(request)
    table = await replayed(match_id, request)
    if not isinstance(table, Seated):  # finished under older rules: as it ended
        kept, viewer = table
        lang = service_of(request).language(lang_of(request))
        return json_text(encode_json(await asyncio.to_thread(kept.match_view, viewer, lang)))
    lang = table.service.language(lang_of(request))
    await table.service.come_back(table.live, table.viewer)
    return json_text(table.service.view(table.live, table.viewer, since, lang))


@router.post("/api/matches/{match_id}/actions", dependencies=[Depends(throttle_act)],
             openapi_extra={**body_schema(ActionBody),
                            **query("since", "lang", languages=LANGUAGES)},
             responses=answers(*TABLE, 409, 422, 429))
async def act(table: Table, request: Request) -> Response:
    service = table.service
    since = since_of(request)
    lang = service.language(lang_of(request))
    service.check_since(table.live, since)
    body = await read_body(request, ActionBody)
    await service.submit(table.live, table.viewer, body.version, body.action, body.request_id)
    return json_text(service.view(table.live, table.viewer, since, lang))


@router.post("/api/matches/{match_id}/leave", responses=answers(*TABLE, 409))
async def leave(table: Table) -> Response:
    await table.service.leave(table.live, table.viewer)
    return json_text(table.service.view(table.live, table.viewer))


@router.post("/api/matches/{match_id}/resign", responses=answers(*TABLE, 409))
async def resign(table: Table) -> Response:
    await table.service.resign(table.live, table.viewer)
    return json_text(table.service.view(table.live, table.viewer))


@router.get("/api/matches/{match_id}/replay", responses=answers(*TABLE, 409),
            openapi_extra=query("spectators"))
async def replay(match_id: str, request: Request) -> dict[str, Any]:
    table = await replayed_started(match_id, request)
    if not isinstance(table, Seated):
        return table[0].answer()
    answer = await asyncio.to_thread(build_replay, *table.live.replay_source())
    if table.live.abandoned:
        answer["status"] = "abandoned"
    hidden = await (await community_of(request)).hidden_seats(table.live, table.viewer)
    answer["chat"], _ = await table.service.chat.read(table.live, table.viewer, None, hidden,
                                                      spectators_of(request))
    return answer


@router.get("/api/matches/{match_id}/replay/board", responses=answers(*TABLE, 409, 422),
            openapi_extra=query("version", "seat", "lang", required=["version"],
                                languages=LANGUAGES))
async def replay_frame_board(match_id: str, request: Request) -> Response:
    table = await replayed_started(match_id, request)
    service = service_of(request)
    record = table.live.record if isinstance(table, Seated) else table[0].record
    lang = service.language(lang_of(request)) or record.language
    version = int_query(request, "version")
    if version is None:
        raise malformed("'version' is required")
    seat = int_query(request, "seat")
    if isinstance(table, Seated):
        described = await asyncio.to_thread(replay_board, *table.live.replay_source(),
                                            version, seat, lang)
    else:
        described = await asyncio.to_thread(table[0].board, version, seat, lang)
    return json_text(encode_json(described))


@router.get("/api/account/matches", responses=answers(401, 403, 503))
async def account_matches(me: Me, request: Request) -> list[dict[str, Any]]:
    return await service_of(request).account_matches(me.account.account_id)


@router.post("/api/my-matches", openapi_extra=body_schema(TokensBody),
             responses=answers(422, 503))
async def my_matches(request: Request) -> list[dict[str, Any]]:
    body = await read_body(request, TokensBody)
    return await service_of(request).my_matches(body.tokens)
