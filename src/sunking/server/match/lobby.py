"""The lobby and the seating: a new match stored and started, the token that says who is who,
a browser's matches, open tables listed, joined and started."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...core.errors import RulesError
from ...core.registry import make
from ..errors import ApiError, bad_token, forbidden, malformed, match_closed, missing_token
from ..storage import MatchClosed, MatchRecord, SeatRecord, SeatTaken, replace_seat
from ..workers.bots import SERVER_BOTS, STAND_IN_BOT
from .cache import MatchCache
from .clocks import TurnClocks
from .commit import Committer
from .context import Context
from .live import LiveMatch, Viewer
from .request import (
    CreatedMatch,
    MatchRequest,
    check_setup,
    clean_name,
    host_seat,
    seat_names,
    taken_by,
)
from .tokens import new_match_id, new_token, same_hash, token_hash

MAX_SEED = 2**63 - 1
OPEN_LIST_LIMIT = 100
"""The most open tables ``GET /api/open-matches`` lists (the newest)."""


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
        check_setup(request, None if self._languages is None else list(self._languages()))
        names = seat_names(request)
        seed = request.seed if request.seed is not None else secrets.randbits(62)
        if not 0 <= seed <= MAX_SEED:
            raise malformed(f"the seed must be between 0 and {MAX_SEED}")
        tokens: dict[int, str] = {}
        seats = []
        for i, want in enumerate(request.seats):
            if want.kind == "human":
                tokens[i] = new_token()
                seats.append(SeatRecord(i, "human", names[i], None, token_hash(tokens[i]),
                                        bank_left=request.time_bank_seconds))
            elif want.kind == "open":
                seats.append(SeatRecord(i, "open", "", None, None))
            else:
                seats.append(SeatRecord(i, "bot", names[i], want.bot or "", None))
        spectator = new_token()
        record = MatchRecord(
            match_id=new_match_id(), game=game.spec.id, players=request.players, seed=seed,
            options=options, language=request.language,
            turn_clock_seconds=request.turn_clock_seconds,
            spectator_hash=token_hash(spectator), created_at=self.context.clock(),
            seats=tuple(seats), host_seat=host_seat(request), hints=request.hints,
            time_bank_seconds=request.time_bank_seconds, practice=request.practice,
            owner=request.owner,
        )
        first = game.new_game(record.players, seed, **options)
        live = LiveMatch(record, first, [], None)
        live.turn_deadline = self.clocks.deadline(live, first)
        me = self.context.process_id
        await self.context.io.call(self.context.store.create_match, record, live.turn_deadline,
                                   me)
        live.driver = me
        self.cache.add(live)
        self.commits.planner.schedule(live)
        return CreatedMatch(record, tokens, spectator)

    async def authenticate(self, match_id: str, token: str | None) -> tuple[LiveMatch, Viewer]:
        """The match and whose token this is (a seat, or None for the spectator).

        Raises:
            ApiError: ``missing_token``, ``unknown_match`` or ``bad_token``.
        """
        if not token:
            raise missing_token()
        live = await self.cache.live(match_id)
        digest = token_hash(token)
        viewer: Viewer = -1
        for seat in live.record.seats:
            if same_hash(seat.token_hash, digest):
                viewer = seat.seat
        if same_hash(live.record.spectator_hash, digest):
            viewer = None
        if viewer == -1:
            raise bad_token()
        return live, viewer

    async def my_matches(self, tokens: Iterable[str]) -> list[dict[str, Any]]:
        """One line per known token: match, seat, status, whose turn (unknown ones skipped)."""
        context = self.context
        holders = await context.io.call(context.store.find_tokens, [token_hash(t) for t in tokens])
        out = []
        for holder in holders:
            try:
                live = await self.cache.live(holder.match_id)
            except ApiError:
                continue
            to_move = live.state.to_move
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

    async def join(self, match_id: str, name: object) -> tuple[int, str]:
        """Give a free seat of an open table to a new player named ``name``; returns the seat
        and its token. The match starts when its last free seat is taken.

        Raises:
            ApiError: ``malformed`` (the name is not plain text of 1 to 40 characters),
                ``unknown_match``, ``table_full`` (no free seat: the table is full, has
                started, or is not open), ``name_taken`` (a seat of the table has the name),
                ``abandoned`` (the table was closed).
        """
        try:
            clean = clean_name(name)
        except ValueError as err:
            raise malformed(f"'name': {err}") from None
        live = await self.cache.live(match_id)
        token = new_token()

        async def work() -> int:
            async with live.lock:
                if live.abandoned:
                    raise match_closed(match_id)
                free = [s.seat for s in live.record.seats if s.kind == "open"]
                if not free:
                    raise ApiError("table_full", f"match {match_id} has no free seat", 409)
                holder = taken_by(clean, live.record.seats)
                if holder is not None:
                    raise ApiError("name_taken", f"seat {holder.seat} at this table is called "
                                   f"{holder.name!r} already; choose another name", 422)
                taken = SeatRecord(free[0], "human", clean, None, token_hash(token),
                                   bank_left=live.record.time_bank_seconds)
                await self._fill(live, [taken])
                return taken.seat

        return await self.context.changes.run(work), token

    async def start_table(self, live: LiveMatch, viewer: Viewer, bot: object = None) -> None:
        """The creator of an open table starts it: bots (``bot``, a server bot spec; the
        stand-in bot by default) take the free seats.

        Raises:
            ApiError: ``forbidden`` (not the creator's seat), ``malformed`` (the bot),
                ``not_waiting`` (the match has started already).
        """
        if viewer is None or viewer != live.record.host_seat:
            raise forbidden("only the creator of an open table starts it")
        spec = STAND_IN_BOT if bot is None else bot
        if spec not in SERVER_BOTS:
            raise malformed(f"'bot' must be one of {', '.join(SERVER_BOTS)}")
        assert isinstance(spec, str)

        async def work() -> None:
            async with live.lock:
                if live.abandoned:
                    raise match_closed(live.match_id)
                free = [s.seat for s in live.record.seats if s.kind == "open"]
                if not free:
                    raise ApiError("not_waiting", "the match has started already", 409)
                await self._fill(live, [SeatRecord(s, "bot", spec, spec, None) for s in free])

        await self.context.changes.run(work)

    async def _fill(self, live: LiveMatch, seats: list[SeatRecord]) -> None:
        """Store free seats as taken, then update the live match, publish and schedule
        (under the lock)."""
        record = live.record
        for seat in seats:
            record = replace_seat(record, seat)
        deadline = None
        if not record.waiting:
            deadline = self.clocks.deadline(live, live.state, record)
        status = "waiting" if record.waiting else "active"
        me = self.context.process_id
        try:
            await self.context.io.call(self.context.store.fill_seats, live.match_id, seats,
                                       status=status, turn_deadline=deadline, driver=me)
        except MatchClosed:
            await self.commits.reload(live)
            raise match_closed(live.match_id) from None
        except SeatTaken as err:
            await self.commits.reload(live)
            raise ApiError("table_full", str(err), 409) from None
        live.record, live.driver = record, me
        live.forget_views()  # the seats' names changed at the same version
        live.turn_deadline = deadline
        self.context.pubsub.publish(live.match_id, live.version)
        self.commits.planner.schedule(live)
