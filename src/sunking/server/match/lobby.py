"""The lobby: a new match stored and started, the token that says who is who, a browser's
matches, open tables listed (taking seats is :mod:`.seating`'s)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...core.errors import RulesError
from ...core.registry import make
from ..errors import ApiError, bad_token, malformed, missing_token
from ..storage import MatchRecord, SeatRecord, TokenHolder
from .cache import MatchCache
from .clocks import TurnClocks
from .commit import Committer
from .context import Context
from .kept import KeptReplay
from .kept import holder as token_holder
from .live import LiveMatch, Viewer
from .request import (
    CreatedMatch,
    MatchRequest,
    check_setup,
    creator_seat,
    host_seat,
    seat_names,
)
from .tokens import new_match_id, new_token, token_hash
from .tutorials import CHAPTER, start_state
from .tutorials import OPTION as TUTORIAL
from .tutorials import check_request as check_tutorial

MAX_SEED = 2**63 - 1
ACCOUNT_LIST_LIMIT = 200
"""The most matches ``GET /api/account/matches`` lists (the newest)."""
OPEN_LIST_LIMIT = 100
"""The most open tables ``GET /api/open-matches`` lists (the newest)."""
OLD_RULES_STATUS = {"rules_changed": "closed", "rules_version": "old_rules"}
"""How a list of matches shows one of another rules version, by the refusal of its load:
closed by the operator, or kept as it was (``docs/server.md``)."""


class Lobby:
    """Creating, finding and seating the matches of one process. ``languages`` gives the
    supported languages a match may be created in (``None``: any)."""

    def __init__(self, context: Context, cache: MatchCache, commits: Committer,
                 clocks: TurnClocks,
                 languages: Callable[[], Sequence[str]] | None = None) -> None:
        self.context = context
        self.cache = cache
        self.commits = commits
        self.clocks = clocks
        self._languages = languages

    async def create_match(self, request: MatchRequest) -> CreatedMatch:
        """Store a new match and start it (bots move at once if seat 0 is a bot).

        Raises:
            ApiError: ``unknown_game``, ``invalid_options`` (player count, options, seats,
                bot spec, language, clock, a seed chosen for a match with people at the table
                that is not a practice match) or ``malformed`` (seed out of range).
        """
        try:
            game = make(request.game)
            # Only the game's declared options reach new_game: a key such as "seed" or
            # "num_players" would collide with its own parameters.
            options = game.spec.check_setup(request.players, request.options)
            state = game.new_game(request.players, 0, **options)
        except RulesError as err:
            raise ApiError.from_rules(err) from None
        options = dict(state.options)
        if request.tutorial:
            check_tutorial(request)
            options[TUTORIAL] = True
            options[CHAPTER] = request.chapter
        check_setup(request, None if self._languages is None else list(self._languages()))
        names = seat_names(request)
        seed = request.seed if request.seed is not None else secrets.randbits(62)
        if not 0 <= seed <= MAX_SEED:
            raise malformed(f"the seed must be between 0 and {MAX_SEED}")
        seats, tokens, invitations = seat_records(request, names)
        spectator = new_token()
        record = MatchRecord(
            match_id=new_match_id(), game=game.spec.id, players=request.players, seed=seed,
            options=options, language=request.language,
            turn_clock_seconds=request.turn_clock_seconds,
            spectator_hash=token_hash(spectator), created_at=self.context.clock(),
            seats=tuple(seats), host_seat=host_seat(request), hints=request.hints,
            time_bank_seconds=request.time_bank_seconds, practice=request.practice,
            owner=request.owner, rules_version=game.spec.rules_version,
        )
        first = start_state(record)
        live = LiveMatch(record, first, [], None)
        live.turn_deadline = self.clocks.deadline(live, first)
        me = self.context.process_id
        await self.context.io.call(self.context.store.create_match, record, live.turn_deadline,
                                   me)
        live.driver = me
        self.cache.add(live)
        self.context.tell_moved(live, None)
        self.commits.planner.schedule(live)
        return CreatedMatch(record, tokens, invitations, spectator)

    async def authenticate(self, match_id: str, token: str | None) -> tuple[LiveMatch, Viewer]:
        """The match and whose token this is (a seat, or None for the spectator).

        Raises:
            ApiError: ``missing_token``, ``unknown_match`` or ``bad_token``.
        """
        if not token:
            raise missing_token()
        live = await self.cache.live(match_id)
        digest = token_hash(token)
        viewer = _viewer(live, digest)
        if viewer == -1:
            # A seat claimed in another process a moment ago may not have reached this one's
            # copy yet: storage says whether the token is this match's.
            context = self.context
            holders = await context.io.call(context.store.find_tokens, [digest])
            if any(h.match_id == match_id for h in holders):
                async with live.lock:
                    await self.commits.reload(live)
                viewer = _viewer(live, digest)
        if viewer == -1:
            raise bad_token()
        return live, viewer

    async def authenticate_account(self, match_id: str,
                                   account_id: str) -> tuple[LiveMatch, Viewer]:
        """The match and the seat in it held by a signed-in person's account.

        Raises:
            ApiError: ``unknown_match``, or ``missing_token`` when no seat of the match is
                held by the account (a guest's seat needs its token).
        """
        live = await self.cache.live(match_id)
        for seat in live.record.seats:
            if seat.account_id == account_id:
                return live, seat.seat
        raise ApiError("missing_token", f"no seat of match {match_id} is held by your "
                       "account: this call needs the seat's or spectator's token", 401)

    async def kept_replay(self, match_id: str, token: str | None, account_id: str | None,
                          refusal: ApiError) -> tuple[KeptReplay, Viewer]:
        """The replay kept of a finished match that its rules version keeps from being loaded
        (:mod:`.kept`), and whose token (or, without one, account) it is.

        Raises:
            ApiError: ``refusal`` (the match's ``rules_version`` or ``rules_changed``) when
                no replay was kept; ``missing_token`` or ``bad_token``.
        """
        context = self.context
        stored = await context.io.call(context.store.load, match_id)
        frames = (await context.io.call(context.store.load_replay, match_id)
                  if stored.status == "finished" else None)
        if frames is None:
            raise refusal
        kept = await asyncio.to_thread(KeptReplay.unpack, stored.match, frames)
        viewer = kept.viewer(token, account_id)
        if viewer == -1:
            raise missing_token() if token is None else bad_token()
        return kept, viewer

    async def my_matches(self, tokens: Iterable[str]) -> list[dict[str, Any]]:
        """One line per known token: match, seat, status, whose turn (unknown ones skipped)."""
        context = self.context
        holders = await context.io.call(context.store.find_tokens, [token_hash(t) for t in tokens])
        return await self.lines(holders)

    async def account_matches(self, account_id: str) -> list[dict[str, Any]]:
        """One line per seat an account holds, its newest matches first."""
        context = self.context
        holders = await context.io.call(context.store.account_seats, account_id,
                                        ACCOUNT_LIST_LIMIT)
        return await self.lines(holders)

    async def lines(self, holders: Iterable[TokenHolder]) -> list[dict[str, Any]]:
        """One line per seat (or spectator) of ``holders``: match, seat, status, whose turn
        (matches that cannot be loaded skipped; one of another rules version is listed as
        ``closed`` or ``old_rules``, with nothing to play)."""
        out = []
        for holder in holders:
            try:
                live = await self.cache.live(holder.match_id)
            except ApiError as err:
                if err.code in OLD_RULES_STATUS and err.details is not None:
                    out.append({
                        "match_id": holder.match_id, "game": err.details["game"],
                        "seat": holder.seat, "status": OLD_RULES_STATUS[err.code],
                        "to_move": None, "your_turn": False, "version": None,
                        "practice": False,
                    })
                continue
            # Nobody is to move at a table still waiting for players (its game is not shown).
            to_move = None if live.record.waiting else live.state.to_move
            out.append({
                "match_id": live.match_id, "game": live.record.game, "seat": holder.seat,
                "status": live.status, "to_move": to_move,
                "your_turn": holder.seat is not None and holder.seat == to_move
                and live.status == "active",
                "version": live.version, "practice": live.record.practice,
            })
        return out

    async def open_matches(self) -> list[dict[str, Any]]:
        """The newest matches that wait for players, as ``GET /api/open-matches`` lists them."""
        out = []
        context = self.context
        for match_id in await context.io.call(context.store.open_match_ids, OPEN_LIST_LIMIT):
            try:
                live = await self.cache.live(match_id)
            except ApiError:
                continue
            record = live.record
            if not record.waiting:
                continue
            out.append({
                "match_id": record.match_id, "game": record.game, "players": record.players,
                "language": record.language, "turn_clock_seconds": record.turn_clock_seconds,
                "created_at": record.created_at, "practice": record.practice,
                "free": sum(1 for s in record.seats if s.kind == "open"),
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot}
                          for s in record.seats],
            })
        return out


def _viewer(live: LiveMatch, digest: str) -> Viewer:
    """Whose token hash ``digest`` is in ``live``: a seat, None (the spectator), or -1."""
    return token_holder(live.record, digest)


def seat_records(request: MatchRequest,
                 names: list[str]) -> tuple[list[SeatRecord], dict[int, str], dict[int, str]]:
    """The seats of a new match, the creator's token (by seat) and every other person's
    invitation (by seat): only the creator's own seat gets its token now; every other person's
    seat an invitation, its token minted when its person claims it (:mod:`.seating`)."""
    creator = creator_seat(request)
    tokens: dict[int, str] = {}
    invitations: dict[int, str] = {}
    seats = []
    for i, want in enumerate(request.seats):
        if want.kind == "human":
            held = invited = account = None
            if i == creator:
                tokens[i] = new_token()
                held, account = token_hash(tokens[i]), request.account_id
            else:
                invitations[i] = new_token()
                invited = token_hash(invitations[i])
            seats.append(SeatRecord(i, "human", names[i], None, held,
                                    bank_left=request.time_bank_seconds,
                                    invite_hash=invited, account_id=account))
        elif want.kind == "open":
            seats.append(SeatRecord(i, "open", "", None, None))
        else:
            seats.append(SeatRecord(i, "bot", names[i], want.bot or "", None))
    return seats, tokens, invitations
