"""Who is at the table: a seat that leaves is away (the stand-in bot plays its turns until its
holder returns, which any call with the seat's token but ``leave`` does), a seat whose person
resigned (the stand-in plays it to the end) or left (his turn clock ran out on
:data:`LEAVE_AFTER_TIMEOUTS` of his turns in a row), and each seat's open websockets
(``connected`` in the MatchView)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..errors import ApiError, catching_breath, forbidden, match_closed, not_started
from ..storage import ActionRecord, Gone, StorageError, replace_seat
from .clocks import TurnClocks
from .context import Context
from .live import LiveMatch, Viewer
from .planner import Planner

LEAVE_AFTER_TIMEOUTS = 3
"""A person whose turn clock ran out on this many of his turns in a row (the stand-in moved
for him each time) has left the match: he ranks last in the rating update
(``docs/ratings.md``)."""


def timed_out_in_a_row(actions: Sequence[ActionRecord], seat: int) -> int:
    """How many of ``seat``'s last moves in a row the stand-in made when his clock ran out."""
    count = 0
    for action in reversed(actions):
        if action.seat != seat:
            continue
        if action.mover != "clock":
            break
        count += 1
    return count


class Presence:
    """Away seats and open sockets in the matches of one process; a change of either is
    published, and an away seat's turns are planned for the stand-in (``planner``)."""

    def __init__(self, context: Context, clocks: TurnClocks, planner: Planner) -> None:
        self.context = context
        self.clocks = clocks
        self.planner = planner
        context.moved.append(self._after_move)

    def _after_move(self, live: LiveMatch, mover: int | None) -> None:
        """After a move the stand-in made because a turn clock ran out: if that was the
        seat's :data:`LEAVE_AFTER_TIMEOUTS`-th in a row, its person has left (stored by a
        change of its own: this runs under the match's lock). Should that fail, the next
        time his clock runs out tries again; the rating reads the log in any case."""
        if mover is not None or not live.actions or live.actions[-1].mover != "clock":
            return
        seat = live.actions[-1].seat
        if live.record.seats[seat].gone is not None or \
                timed_out_in_a_row(live.actions, seat) < LEAVE_AFTER_TIMEOUTS:
            return

        async def work() -> None:
            async with live.lock:
                if live.record.seats[seat].gone is None and not live.abandoned:
                    await self.go(live, seat, "left")

        self.context.changes.start(work)

    def recently_here(self, live: LiveMatch, seat: int, seconds: float) -> bool:
        """Whether the seat's holder is at the table in this process: a socket open, or his
        view asked for within ``seconds`` (a client that polls)."""
        seen = live.seen.get(seat)
        return live.connected[seat] > 0 or (
            seen is not None and self.context.clock() - seen < seconds)

    async def leave(self, live: LiveMatch, viewer: Viewer) -> None:
        """Mark the seat away: the stand-in bot plays it until its holder returns.

        Raises:
            ApiError: ``forbidden`` for the spectator.
        """
        if viewer is None:
            raise forbidden("the spectator has no seat to leave")
        if live.abandoned:
            raise match_closed(live.match_id)
        seat = viewer

        async def work() -> None:
            async with live.lock:
                await self._set_away(live, seat, True)

        await self.context.changes.run(work)

    async def resign(self, live: LiveMatch, viewer: Viewer) -> None:
        """The seat's person resigns: the stand-in bot plays his seat to the end, and he
        ranks last in the rating update. Resigning twice changes nothing.

        Raises:
            ApiError: ``forbidden`` for the spectator; ``abandoned`` (closed) or
                ``game_over`` (finished): nothing is left to resign; ``not_started``: the
                table still waits for players (leave it instead).
        """
        if viewer is None:
            raise forbidden("the spectator has no seat to resign")
        if live.abandoned:
            raise match_closed(live.match_id)
        if live.state.is_terminal:
            raise ApiError("game_over", "the match has ended: there is nothing to resign",
                           409)
        if live.record.waiting:
            raise not_started()
        seat = viewer

        async def work() -> None:
            async with live.lock:
                if live.record.seats[seat].gone != "resigned" and not live.state.is_terminal:
                    await self.go(live, seat, "resigned")

        await self.context.changes.run(work)

    async def go(self, live: LiveMatch, seat: int, gone: Gone) -> None:
        """Mark the seat's person gone for good (under the lock): away, the stand-in plays.

        Raises:
            ApiError: ``catching_breath``: it could not be stored (nothing changed).
        """
        await self._set_away(live, seat, True, gone)

    async def keep_out(self, live: LiveMatch, seat: int) -> None:
        """The seat's person is suspended: the stand-in plays his seat, and he counts as
        having left (``docs/community.md``); a seat resigned, or of a match over, stays as it is.

        Raises:
            ApiError: ``catching_breath``: it could not be stored (nothing changed).
        """
        async def work() -> None:
            async with live.lock:
                holder = live.record.seats[seat]
                if live.abandoned or live.state.is_terminal or holder.gone == "resigned" or \
                        (holder.away and holder.gone is not None):
                    return
                await self.go(live, seat, "left")

        await self.context.changes.run(work)

    async def come_back(self, live: LiveMatch, viewer: Viewer) -> None:
        """The holder of an away seat is back (any call with its token but ``leave``). If
        that cannot be stored just now, the seat stays away until its next move or call.
        A seat whose person resigned stays away: the stand-in plays it to the end."""
        if viewer is None or not live.record.seats[viewer].away or live.abandoned or \
                live.record.seats[viewer].gone == "resigned":
            return
        seat = viewer

        async def work() -> None:
            async with live.lock:
                await self.mark_back(live, seat)

        try:
            await self.context.changes.run(work)
        except ApiError as err:
            if err.code != "catching_breath":
                raise

    async def mark_back(self, live: LiveMatch, seat: int) -> None:
        """The seat's holder is back, if it was away and he did not resign (under the
        lock)."""
        if live.record.seats[seat].away and live.record.seats[seat].gone != "resigned":
            await self._set_away(live, seat, False)

    async def _set_away(self, live: LiveMatch, seat: int, away: bool,
                        gone: Gone | None = None) -> None:
        holder = live.record.seats[seat]
        if holder.kind != "human" or (holder.away == away and gone in (None, holder.gone)):
            return
        context = self.context
        record = replace_seat(live.record, dataclasses.replace(
            holder, away=away, gone=gone or holder.gone))
        deadline = live.turn_deadline
        if live.state.to_move == seat:
            deadline = self.clocks.deadline(live, live.state, record)
        try:
            await context.io.call(context.store.set_away, live.match_id, seat, away,
                                  context.process_id, gone=gone)
            if deadline != live.turn_deadline:
                await context.io.call(context.store.set_deadline, live.match_id, deadline)
        except StorageError:
            raise
        except Exception as err:
            context.outages.failed(live.match_id, "storing who is away", err)
            raise catching_breath(err) from None
        context.outages.recovered(live.match_id)
        live.record, live.turn_deadline = record, deadline
        live.driver = context.process_id
        context.pubsub.publish(live.match_id, live.version)
        self.planner.schedule(live)

    def set_connected(self, live: LiveMatch, viewer: Viewer, delta: int) -> None:
        """Count a websocket of ``viewer`` opening (+1) or closing (-1); tells subscribers."""
        if viewer is None:
            return
        before = live.connected[viewer] > 0
        live.connected[viewer] += delta
        if (live.connected[viewer] > 0) != before:
            self.context.pubsub.publish(live.match_id, live.version)
