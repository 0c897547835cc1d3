"""The routes of people among people (``docs/community.md``): follow, block and mute a person
by handle, the people followed with who is online and their open tables, what the signed-in
person does to a profile's person, and the invitations sent to him by name."""

from __future__ import annotations

from typing import Any, Literal

import pydantic
from fastapi import APIRouter, Depends, Request

from ..community.schema import BLOCKS
from ..community.service import community_of
from ..errors import ApiError
from ..notices import NoticeStore
from .accounts import Me
from .deps import service_of, throttle_community, throttle_profile
from .openapi import answers
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
