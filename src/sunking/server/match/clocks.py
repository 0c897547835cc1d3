"""Turn clocks and time banks: when the seat to move runs out of time, and what is left of a
seat's time bank after its move.

A human seat to move has its match's turn clock plus what is left of its bank; an away seat
(the stand-in plays it) and a bot have none. When the time runs out the stand-in bot makes
that one move (:mod:`.planner` plans it for the deadline).
"""

from __future__ import annotations

from ...core.game import GameState
from ..storage import MatchRecord, Mover
from .context import Context
from .live import LiveMatch


class TurnClocks:
    """The turn clocks of one process, read on the shared wall clock."""

    def __init__(self, context: Context) -> None:
        self.context = context

    def deadline(
        self, live: LiveMatch, state: GameState, record: MatchRecord | None = None
    ) -> float | None:
        """When the seat to move in ``state`` runs out of time: its turn clock plus what is
        left of its time bank (``record``: the setup to read, the live one by default)."""
        setup = record or live.record
        clock = setup.turn_clock_seconds
        seat = state.to_move
        if clock is None or seat is None or setup.waiting:
            return None
        holder = setup.seats[seat]
        if holder.kind != "human" or holder.away:
            return None
        return self.context.clock() + clock + (holder.bank_left or 0.0)

    def bank_after(self, live: LiveMatch, seat: int, mover: Mover) -> float | None:
        """The time bank ``seat`` keeps after its move (None: unchanged). A move made after
        the turn clock ran down spends the bank for the time it took; the stand-in's move when
        the time ran out empties it."""
        holder = live.record.seats[seat]
        if holder.bank_left is None or live.turn_deadline is None:
            return None
        if mover == "clock":
            return 0.0
        if mover != "seat":
            return None
        return round(max(0.0, min(holder.bank_left, live.turn_deadline - self.context.clock())),
                     3)
