"""Who sits where once a table exists: an invited seat claimed by its person, a free seat of an
open table taken, an open table started with bots.

A seat's secret token is minted only for the person who takes it, in the request that takes it,
and is sent to nobody else: the creator of a table receives an invitation per seat, never
another person's token (``docs/web-api.md``, "Seats are claimed")."""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from ...i18n import languages, translate
from ..errors import ApiError, forbidden, malformed, match_closed
from ..storage import MatchClosed, SeatRecord, SeatTaken, replace_seat
from ..workers.bots import SERVER_BOTS, STAND_IN_BOT
from .cache import MatchCache, seats_channel
from .clocks import TurnClocks
from .commit import Committer
from .context import Context
from .live import LiveMatch, Viewer
from .request import clean_name, taken_by
from .tokens import new_token, same_hash, token_hash
from .tutorials import start_state


def bad_invitation(match_id: str) -> ApiError:
    return ApiError("bad_invitation",
                    f"the invitation is not one of match {match_id}'s invitations", 403)


def seat_claimed(match_id: str, seat: int) -> ApiError:
    return ApiError("seat_claimed", f"seat {seat} of match {match_id} was claimed already: a "
                    "seat is claimed once, by the person its invitation was for", 409)


class Seating:
    """Claiming, joining and starting the tables of one process."""

    def __init__(self, context: Context, cache: MatchCache, commits: Committer,
                 clocks: TurnClocks) -> None:
        self.context = context
        self.cache = cache
        self.commits = commits
        self.clocks = clocks

    async def forget_account(self, account_id: str) -> list[str]:
        """An account is deleted: its seats become "a former player"'s (in each match's
        language), bound to no account, their chat lines removed. Returns the matches."""
        names = {code: translate(code, "players.former") for code, _name in languages()}
        context = self.context
        changed = await context.io.call(context.store.forget_account, account_id, names)
        for match_id in changed:
            self.cache.chat.stale(match_id)
            live = self.cache.held.get(match_id)
            if live is not None:
                async with live.lock:
                    await self.commits.reload(live)
            context.pubsub.publish(seats_channel(match_id), 0 if live is None else live.version)
        return changed

    async def invitation(self, match_id: str, invitation: object) -> dict[str, Any]:
        """What an invitation offers: the match's game and table, and the seat it is for.

        Raises:
            ApiError: ``malformed``, ``unknown_match``, ``bad_invitation``.
        """
        live = await self.cache.live(match_id)
        seat = invited_seat(live, invitation)
        record = live.record
        return {
            "match_id": match_id, "game": record.game, "players": record.players,
            "language": record.language, "status": live.status, "practice": record.practice,
            "turn_clock_seconds": record.turn_clock_seconds, "seat": seat.seat,
            "name": seat.name, "claimed": seat.claimed,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                       "claimed": s.claimed} for s in record.seats],
        }

    async def claim(self, match_id: str, invitation: object, name: object = None,
                    account_id: str | None = None) -> tuple[SeatRecord, str]:
        """Claim the seat an invitation is for, under ``name`` (else the name the creator
        gave it), for ``account_id`` if the person is signed in; returns the seat and its new
        token, which only this answer carries.

        Raises:
            ApiError: ``malformed`` (the invitation or the name), ``unknown_match``,
                ``bad_invitation``, ``seat_claimed`` (claimed before, here or in another
                process), ``name_taken``, ``abandoned``.
        """
        live = await self.cache.live(match_id)
        offered = invited_seat(live, invitation)
        try:
            clean = None if name is None else clean_name(name)
        except ValueError as err:
            raise malformed(f"'name': {err}") from None
        token = new_token()

        async def work() -> SeatRecord:
            async with live.lock:
                if live.abandoned:
                    raise match_closed(match_id)
                held = live.record.seats[offered.seat]
                if held.claimed:
                    raise seat_claimed(match_id, held.seat)
                others = [s for s in live.record.seats if s.seat != held.seat]
                holder = None if clean is None else taken_by(clean, others)
                if holder is not None:
                    raise ApiError("name_taken", f"seat {holder.seat} at this table is called "
                                   f"{holder.name!r} already; choose another name", 422)
                claimed = dataclasses.replace(held, token_hash=token_hash(token),
                                              name=clean or held.name, account_id=account_id)
                try:
                    await self.context.io.call(self.context.store.claim_seat, match_id, claimed)
                except MatchClosed:
                    await self.commits.reload(live)
                    raise match_closed(match_id) from None
                except SeatTaken:
                    await self.commits.reload(live)
                    raise seat_claimed(match_id, held.seat) from None
                live.record = replace_seat(live.record, claimed)
                self._seated(live)
                return claimed

        return await self.context.changes.run(work), token

    async def join(self, match_id: str, name: object,
                   account_id: str | None = None) -> tuple[int, str]:
        """Give a free seat of an open table to a new player named ``name`` (of
        ``account_id`` if he is signed in); returns the seat and its token. The match starts
        when its last free seat is taken.

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
                                   bank_left=live.record.time_bank_seconds,
                                   account_id=account_id)
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
        deadline, seed, state = None, None, live.state
        if not record.waiting:
            if not record.practice:
                # Dealt now, not when the table opened (a practice match keeps its seed).
                seed = secrets.randbits(62)
                record = dataclasses.replace(record, seed=seed)
                state = start_state(record)
            deadline = self.clocks.deadline(live, state, record)
        status = "waiting" if record.waiting else "active"
        me = self.context.process_id
        try:
            await self.context.io.call(self.context.store.fill_seats, live.match_id, seats,
                                       status=status, turn_deadline=deadline, driver=me,
                                       seed=seed)
        except MatchClosed:
            await self.commits.reload(live)
            raise match_closed(live.match_id) from None
        except SeatTaken as err:
            await self.commits.reload(live)
            raise ApiError("table_full", str(err), 409) from None
        live.record, live.state, live.driver = record, state, me
        live.turn_deadline = deadline
        self._seated(live)
        self.commits.planner.schedule(live)

    def _seated(self, live: LiveMatch) -> None:
        """Tell this process's sockets and the other processes that the seats changed at the
        same version (their names, their holders), and the hooks on moves (a seat's person
        may be to move now)."""
        live.forget_views()
        self.context.tell_moved(live, None)
        self.context.pubsub.publish(live.match_id, live.version)
        self.context.pubsub.publish(seats_channel(live.match_id), live.version)


def invited_seat(live: LiveMatch, invitation: object) -> SeatRecord:
    """The seat ``invitation`` is for.

    Raises:
        ApiError: ``malformed`` (not a string), ``bad_invitation``.
    """
    if not isinstance(invitation, str):
        raise malformed("'invitation' must be the invitation's code, a string")
    digest = token_hash(invitation)
    for seat in live.record.seats:
        if seat.invite_hash is not None and same_hash(seat.invite_hash, digest):
            return seat
    raise bad_invitation(live.match_id)
