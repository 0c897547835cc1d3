"""The routes of ratings (``docs/ratings.md``): a game's leaderboard (``GET /api/ratings/<game>``)
and its page (``/leaderboard``, ``/leaderboard/<game>``); the ratings a profile and the open
tables show are added here too (:func:`ratings_of_account`, :func:`rate_open_tables`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ...core.registry import available_games
from ..accounts.service import accounts_of
from ..errors import ApiError, malformed
from ..ratings.formula import PROVISIONAL_GAMES
from ..ratings.store import RatingStore
from .deps import int_query, service_of, throttle_profile
from .openapi import answers, query
from .pages import page

router = APIRouter()

BOARD_PAGE = 50
"""People per page of a leaderboard."""
BOARD_DEPTH = 10_000
"""The farthest place a leaderboard's page may start at."""


@router.get("/api/ratings/{game}", dependencies=[Depends(throttle_profile)],
            responses=answers(404, 422, 429, 503), openapi_extra=query("offset"))
async def leaderboard(game: str, request: Request) -> dict[str, Any]:
    if game not in available_games():
        raise ApiError("unknown_game", f"no game {game[:40]!r} (the games are "
                       f"{', '.join(available_games())})", 404)
    offset = int_query(request, "offset") or 0
    if not 0 <= offset <= BOARD_DEPTH:
        raise malformed(f"'offset' must be from 0 to {BOARD_DEPTH}, not {offset}")
    accounts = await accounts_of(request)
    ratings = RatingStore(accounts.store.engine)
    people = await accounts.store.call(ratings.leaderboard, game, BOARD_PAGE, offset)
    return {"game": game, "offset": offset, "page": BOARD_PAGE,
            "provisional_games": PROVISIONAL_GAMES, "players": people}


@router.get("/leaderboard", include_in_schema=False)
@router.get("/leaderboard/{game}", include_in_schema=False)
async def board_page() -> Response:
    """The leaderboard's page (its script reads the game from the address)."""
    return page("leaderboard.html")


async def ratings_of_account(request: Request, account_id: str) -> dict[str, Any]:
    """An account's rating per game, as a profile shows them."""
    accounts = await accounts_of(request)
    ratings = RatingStore(accounts.store.engine)
    held = await accounts.store.call(ratings.of_account, account_id)
    return {game: rating.to_json() for game, rating in held.items()}


async def rate_open_tables(request: Request, tables: list[dict[str, Any]]) -> None:
    """Add to each seat of the open tables held by an account its rating in the table's
    game (``rating`` and ``provisional``; none for a guest, a bot or a free seat)."""
    service = service_of(request)
    accounts = await accounts_of(request)
    ratings = RatingStore(accounts.store.engine)
    for table in tables:
        try:
            live = await service.cache.live(table["match_id"])
        except ApiError:
            continue
        held = {s.seat: s.account_id for s in live.record.seats if s.account_id}
        found = await accounts.store.call(ratings.of_accounts, table["game"],
                                          list(held.values()))
        for seat in table["seats"]:
            rating = found.get(held.get(seat["seat"], ""))
            if rating is not None:
                seat["rating"], seat["provisional"] = rating.shown, rating.provisional
