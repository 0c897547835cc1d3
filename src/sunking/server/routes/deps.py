"""What the routes share: the service, the bearer token, the authenticated table (a FastAPI
dependency), the query parameters every route reads alike, and answers of encoded JSON."""

from __future__ import annotations

import dataclasses
from typing import Annotated

from fastapi import Depends, Request, WebSocket
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from ..accounts.sessions import account_if_signed_in
from ..errors import malformed
from ..match.live import LiveMatch, Viewer
from ..match.service import MatchService
from ..throttle import Kind, Throttle


def service_of(request: Request | WebSocket) -> MatchService:
    """The match service of the application (made by its lifespan)."""
    service: MatchService = request.app.state.service
    return service


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


@dataclasses.dataclass(frozen=True, slots=True)
class Seated:
    """A request whose token was checked: the service, the match and whose token it is (a
    seat, or None for the spectator)."""

    service: MatchService
    live: LiveMatch
    viewer: Viewer


async def authenticated(connection: HTTPConnection, service: MatchService, match_id: str,
                        token: str | None) -> tuple[LiveMatch, Viewer]:
    """Whose request this is in a match: the seat or spectator of ``token``, or, without a
    token, the seat held by the signed-in person's account.

    Raises:
        ApiError: ``missing_token``, ``unknown_match``, ``bad_token``; with the session
            cookie, ``cross_origin``, ``csrf_missing`` or ``csrf_wrong``.
    """
    if token is None:
        account = await account_if_signed_in(connection)
        if account is not None:
            return await service.authenticate_account(match_id, account.account_id)
    return await service.authenticate(match_id, token)


async def seated(match_id: str, request: Request) -> Seated:
    """The dependency that authenticates a match route's bearer token (or, without one, the
    signed-in person's seat).

    Raises:
        ApiError: ``missing_token``, ``unknown_match`` or ``bad_token`` (and the session's
            refusals: :func:`authenticated`).
    """
    service = service_of(request)
    live, viewer = await authenticated(request, service, match_id, bearer(request))
    return Seated(service, live, viewer)


Table = Annotated[Seated, Depends(seated)]
"""A route parameter: the authenticated match of the path's ``match_id``."""


def _throttle(request: Request, kind: Kind, cost: int = 1) -> None:
    limits: Throttle = request.app.state.throttle
    limits.check(kind, request.client.host if request.client else None, cost)


def throttle_create(request: Request) -> None:
    """A route dependency: count a match created against the client address's limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "create")


def throttle_act(request: Request) -> None:
    """A route dependency: count a move sent against the client address's limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "act")


def throttle_join(request: Request) -> None:
    """A route dependency: count a free seat taken against the client address's limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "join")


def throttle_claim(request: Request) -> None:
    """A route dependency: count an invitation read or claimed against the client address's
    limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "claim")


def throttle_profile(request: Request) -> None:
    """A route dependency: count a profile read against the client address's limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "profile")


def throttle_community(request: Request) -> None:
    """A route dependency: count a follow, mute, block or invitation by name against the
    client address's limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "community")


def throttle_report(request: Request) -> None:
    """A route dependency: count a report of a player against the client address's limit.

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "report")


def throttle_chat(request: Request, text: object) -> None:
    """Count a chat message and its characters against the client address's limits (at
    every table together; a seat has its own limit besides).

    Raises:
        ApiError: ``rate_limited`` (429, with ``Retry-After``).
    """
    _throttle(request, "chat")
    _throttle(request, "chat_chars", len(text) if isinstance(text, str) else 1)


def query_value(request: Request, name: str) -> str | None:
    """The value of ``?<name>=`` (``None``: not given).

    Raises:
        ApiError: ``malformed`` if it is given twice or more, or empty.
    """
    values = request.query_params.getlist(name)
    if not values:
        return None
    if len(values) > 1:
        raise malformed(f"'{name}' is given {len(values)} times; give it once")
    if not values[0]:
        raise malformed(f"'{name}' is given without a value")
    return values[0]


def int_query(request: Request, name: str) -> int | None:
    """The whole number ``?<name>=`` of a request, if any.

    Raises:
        ApiError: ``malformed`` if it is not one whole number.
    """
    raw = query_value(request, name)
    if raw is None:
        return None
    if len(raw) > 12:
        raise malformed(f"'{name}' must be a whole number, not {raw[:12]!r}…")
    try:
        return int(raw)
    except ValueError:
        raise malformed(f"'{name}' must be a whole number, not {raw!r}") from None


def since_of(request: Request) -> int | None:
    """The ``?since=<version>`` of a request, if any.

    Raises:
        ApiError: ``malformed`` if it is not a whole number.
    """
    return int_query(request, "since")


def lang_of(request: Request) -> str | None:
    """The ``?lang=<code>`` of a request, if any (checked by the service).

    Raises:
        ApiError: ``malformed`` if it is given twice or more, or empty.
    """
    return query_value(request, "lang")


def json_text(text: str) -> Response:
    """An answer whose JSON is already encoded."""
    return Response(content=text.encode("utf-8"), media_type="application/json")


def spectators_of(request: Request) -> bool:
    """Whether the reader asks for the spectators' lines too (``?spectators=1``; a seat
    reads them only so, a spectator always).

    Raises:
        ApiError: ``malformed`` if the value is neither ``0`` nor ``1``.
    """
    raw = query_value(request, "spectators")
    if raw is not None and raw not in ("0", "1"):
        raise malformed(f"'spectators' must be 1 or 0, not {raw[:20]!r}")
    return raw == "1"
