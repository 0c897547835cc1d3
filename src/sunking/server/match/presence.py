"""Who is at the table: a seat that leaves is away (the stand-in bot plays its turns until its
holder returns, which any call with the seat's token but ``leave`` does), and each seat's
open websockets (``connected`` in the MatchView)."""

from __future__ import annotations

import dataclasses

from ..errors import ApiError, catching_breath, forbidden, match_closed
from ..storage import StorageError, replace_seat
from .clocks import TurnClocks
from .context import Context
from .live import LiveMatch, Viewer
from .planner import Planner


class Presence:
    """Away seats and open sockets in the matches of one process; a change of either is
    published, and an away seat's turns are planned for the stand-in (``planner``)."""

    def __init__(self, context: Context, clocks: TurnClocks, planner: Planner) -> None:
        self.context = context
        self.clocks = clocks
        self.planner = planner

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

    async def come_back(self, live: LiveMatch, viewer: Viewer) -> None:
        """The holder of an away seat is back (any call with its token but ``leave``). If
        that cannot be stored just now, the seat stays away until its next move or call."""
        if viewer is None or not live.record.seats[viewer].away or live.abandoned:
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
        """The seat's holder is back, if it was away (under the lock)."""
        if live.record.seats[seat].away:
            await self._set_away(live, seat, False)

    async def _set_away(self, live: LiveMatch, seat: int, away: bool) -> None:
        holder = live.record.seats[seat]
        if holder.kind != "human" or holder.away == away:
            return
        context = self.context
        record = replace_seat(live.record, dataclasses.replace(holder, away=away))
        deadline = live.turn_deadline
        if live.state.to_move == seat:
            deadline = self.clocks.deadline(live, live.state, record)
        try:
            await context.io.call(context.store.set_away, live.match_id, seat, away,
                                  context.process_id)
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
