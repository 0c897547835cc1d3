"""The routes of people among people (``docs/community.md``): follow, block and mute a person
by handle, the people followed with who is online and their open tables, what the signed-in
person does to a profile's person, and the invitations sent to him by name; and at a table,
asked by one of its seats (its token, or the session of the account that holds it): report a
player naming his chat line or move, mute a seat's lines or block its person, and invite a
person by name to a seat."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic
from fastapi import APIRouter, Depends, Request

from ...i18n import DEFAULT_LANGUAGE
from ..accounts.sessions import account_if_signed_in
from ..community import moderation
from ..community.service import community_of
from ..community.service import invite as invite_person
from ..community.store import BLOCKS
from ..errors import ApiError, forbidden
from ..notices import NoticeStore
from .accounts import Me
from .catalog import LANGUAGES
from .deps import (
    Table,
    lang_of,
    service_of,
    throttle_community,
    throttle_profile,
    throttle_report,
)
from .openapi import TABLE, answers, query
from .schemas import Body, Short, body_schema, read_body

router = APIRouter()

Kind = Literal["follow", "block", "mute"]


class PersonBody(Body):
    """``POST /api/account/people``: follow, block or mute a person (``on``), or stop."""

    handle: Short
    kind: Kind
    on: bool = pydantic.Field(strict=True)


class InviteMailBody(Body):
    """``POST /api/account/invitations``: whether invitations by name are mailed too."""

    invite_mail: bool = pydantic.Field(strict=True)


@router.post("/api/account/people", openapi_extra=body_schema(PersonBody),
             dependencies=[Depends(throttle_community)],
             responses=answers(401, 403, 404, 409, 422, 429, 503))
async def relate(me: Me, request: Request) -> dict[str, Any]:
    body = await read_body(request, PersonBody)
    community = await community_of(request)
    return await community.relate(me.account, body.handle, body.kind, body.on)


@router.get("/api/account/people", responses=answers(401, 403, 503))
async def people(me: Me, request: Request) -> dict[str, Any]:
    """The people followed (online or not, their open tables), blocked and muted."""
    community = await community_of(request)
    mine = me.account.account_id
    blocked = await community.call(community.store.pairs, BLOCKS, mine)
    muted = await community.call(community.store.muted_handles, mine)
    return {"following": await community.following(mine, service_of(request)),
            "blocked": [handle for _, handle in blocked],
            "muted": [handle for _, handle in muted]}


@router.get("/api/account/people/{handle}", dependencies=[Depends(throttle_profile)],
            responses=answers(401, 403, 404, 429, 503))
async def relations(handle: str, me: Me, request: Request) -> dict[str, bool]:
    """Whether the signed-in person follows, blocks and mutes the person ``handle``."""
    community = await community_of(request)
    return await community.relations(me.account.account_id, handle)


async def waiting_invitations(request: Request, account_id: str) -> list[dict[str, Any]]:
    """The invitations to seats sent to the account by name, the newest first, each with its
    link to the seat's claim (those of matches gone left out)."""
    community = await community_of(request)
    held = await community.call(community.store.invitations, account_id)
    service = service_of(request)
    listed = []
    for line in held:
        try:
            live = await service.live(line["match_id"])
        except ApiError:
            continue  # the match is gone
        seat = live.record.seats[line["seat"]]
        listed.append({"id": line["id"], "from": line["from"], "match_id": line["match_id"],
                       "seat": line["seat"], "game": live.record.game,
                       "claimed": seat.claimed, "at": line["at"],
                       "link": f"/play/{line['match_id']}#i={line['code']}"})
    return listed


@router.get("/api/account/invitations", responses=answers(401, 403, 503))
async def invitations(me: Me, request: Request) -> dict[str, Any]:
    """The invitations sent to the signed-in person by name, and whether they are mailed."""
    community = await community_of(request)
    mine = me.account.account_id
    wanted = await community.call(NoticeStore(community.store.engine).invite_mail, mine)
    return {"invitations": await waiting_invitations(request, mine), "invite_mail": wanted}


@router.post("/api/account/invitations", openapi_extra=body_schema(InviteMailBody),
             responses=answers(401, 403, 422, 503))
async def choose_mail(me: Me, request: Request) -> dict[str, bool]:
    body = await read_body(request, InviteMailBody)
    community = await community_of(request)
    await community.call(NoticeStore(community.store.engine).choose_invite_mail,
                         me.account.account_id, body.invite_mail)
    return {"invite_mail": body.invite_mail}


@router.delete("/api/account/invitations/{invitation_id}",
               responses=answers(401, 403, 404, 503))
async def dismiss(invitation_id: int, me: Me, request: Request) -> dict[str, int]:
    community = await community_of(request)
    if not await community.call(community.store.dismiss, me.account.account_id,
                                invitation_id):
        raise ApiError("unknown_invitation", f"you hold no invitation {invitation_id}", 404)
    return {"dismissed": invitation_id}


Seat = Annotated[int, pydantic.Field(ge=0, le=15)]
Index = Annotated[int, pydantic.Field(ge=0, le=1_000_000)]


class ReportBody(Body):
    """``POST /api/matches/<id>/report``: a seat reported, naming one of its chat lines or
    one of its moves, why, and in the reporter's words (``seat`` null: a spectators' chat
    line)."""

    seat: Seat | None = None
    chat_line: Index | None = None
    move: Index | None = None
    reason: moderation.Reason
    text: Annotated[str, pydantic.StringConstraints(max_length=moderation.TEXT_CHARS)] = ""


class SeatPersonBody(Body):
    """``POST /api/matches/<id>/mute`` and ``…/block``: the seat whose person it is; ``on``
    false takes it back."""

    seat: Seat
    on: bool = pydantic.Field(default=True, strict=True)


class InviteBody(Body):
    """``POST /api/matches/<id>/invite``: the person invited, and the invitation of the seat
    offered to him (the code its link carries)."""

    handle: Short
    invitation: Short


def _holder(table: Table, seat: int) -> str | None:
    """The account that holds ``seat`` of the table (None: a guest or a bot)."""
    seats = table.live.record.seats
    if seat >= len(seats):
        raise ApiError("malformed", f"'seat' must be from 0 to {len(seats) - 1}", 422)
    if table.viewer is None:
        raise forbidden("the spectator cannot do this; a seat's holder can")
    if seat == table.viewer:
        raise ApiError("self", "that is your own seat", 422)
    return seats[seat].account_id


def _mine(table: Table) -> str:
    """The account of the viewer's seat.

    Raises:
        ApiError: ``account_needed`` (403): the seat is a guest's.
    """
    assert table.viewer is not None
    account_id = table.live.record.seats[table.viewer].account_id
    if account_id is None:
        raise ApiError("account_needed", "sign in and take your seat with your account to "
                       "mute or block a player", 403)
    return account_id


@router.post("/api/matches/{match_id}/report", status_code=201,
             openapi_extra=body_schema(ReportBody), dependencies=[Depends(throttle_report)],
             responses=answers(*TABLE, 422, 429))
async def report(table: Table, request: Request) -> dict[str, Any]:
    body = await read_body(request, ReportBody)
    return await moderation.report(await community_of(request), table.service, table.live,
                                   table.viewer, body.seat, body.chat_line, body.move,
                                   body.reason, body.text)


@router.get("/api/matches/{match_id}/moves/{seat}", responses=answers(*TABLE, 422),
            openapi_extra=query("lang", languages=LANGUAGES))
async def moves_of(seat: int, table: Table, request: Request) -> dict[str, Any]:
    """The moves made at a seat, the newest first (the newest
    :data:`~..community.moderation.MOVES_LISTED`), each in the words of the match's log as the
    viewer sees it, for a report to name one."""
    live = table.live
    if not 0 <= seat < len(live.record.seats):
        raise ApiError("malformed", f"'seat' must be from 0 to {live.record.players - 1}", 422)
    lang = table.service.language(lang_of(request)) or DEFAULT_LANGUAGE
    worded = moderation.worded_moves(live.record, live.actions, live.state, table.viewer, seat,
                                     lang)  # no await within: the match does not move meanwhile
    return {"seat": seat, "moves": worded}


@router.post("/api/matches/{match_id}/mute", openapi_extra=body_schema(SeatPersonBody),
             dependencies=[Depends(throttle_community)], responses=answers(*TABLE, 422, 429))
async def mute(table: Table, request: Request) -> dict[str, Any]:
    """Hide the seat's chat lines from the viewer: its person's everywhere, or a guest's seat
    at this table."""
    body = await read_body(request, SeatPersonBody)
    target = _holder(table, body.seat)
    mine = _mine(table)
    community = await community_of(request)
    await community.mute_seat(mine, target, table.live.match_id, body.seat, body.on)
    return {"seat": body.seat, "mute": body.on}


@router.post("/api/matches/{match_id}/block", openapi_extra=body_schema(SeatPersonBody),
             dependencies=[Depends(throttle_community)], responses=answers(*TABLE, 422, 429))
async def block(table: Table, request: Request) -> dict[str, Any]:
    """Block the person of a seat (he has an account)."""
    body = await read_body(request, SeatPersonBody)
    target = _holder(table, body.seat)
    mine = _mine(table)
    if target is None:
        raise ApiError("guest_seat", "this seat's player plays as a guest, without an account "
                       "to block; mute or report him instead", 422)
    community = await community_of(request)
    account = await community.accounts.store.call(community.accounts.store.find, target)
    me = await community.accounts.store.call(community.accounts.store.find, mine)
    if account is None or me is None:
        raise ApiError("unknown_player", "this seat's account is gone", 404)
    return {"seat": body.seat,
            **await community.relate(me, account.handle, "block", body.on)}


@router.post("/api/matches/{match_id}/invite", openapi_extra=body_schema(InviteBody),
             dependencies=[Depends(throttle_community)],
             responses=answers(*TABLE, 404, 409, 422, 429))
async def invite(table: Table, request: Request) -> dict[str, Any]:
    body = await read_body(request, InviteBody)
    me = await account_if_signed_in(request)
    if me is None:
        raise ApiError("not_signed_in", "sign in to invite a person by name", 401)
    return await invite_person(await community_of(request), me, table.live, table.viewer,
                               body.handle, body.invitation,
                               request.app.state.settings.public_url)
