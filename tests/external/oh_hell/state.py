"""The state of a game of Oh Hell: plain fields the core copies and writes to JSON.

Every card of the deck is in exactly one place: a hand, the stock (face down), the trump
card (face up), the trick on the table, or the tricks already played this deal. A seat that
did not follow the suit led has shown that it holds none of that suit: ``voids`` keeps it, so
that a determinization deals it no such card. This module imports no rules module.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sunking.core.agenda import AGENDA_FIELDS, AgendaState, own_slots
from sunking.core.fields import Field, Ints, Rows, Value

from .data import DECK_SIZE

NO_BID = -1


class OhHellState(AgendaState):
    """A position in a game of Oh Hell. Read it through the public API; never mutate it."""

    FIELDS: ClassVar[tuple[Field, ...]] = (
        Value("phase"), Value("deal"), Value("first_dealer"), Value("dealer"), Value("trump"),
        Value("leader"),
        Rows("hands"), Ints("stock"), Ints("trick"), Ints("played"), Ints("last_trick"),
        Value("last_leader"), Value("last_winner"),
        Ints("bids"), Ints("tricks"), Ints("scores"), Ints("made"), Ints("voids"),
        *AGENDA_FIELDS,
        Value("ledger"),
    )
    """Every field of the state, in the order of its JSON."""
    __slots__ = own_slots(FIELDS)

    phase: str
    deal: int
    """The deal under way: 0, 1, 2 (an index of ``DEALS``)."""
    first_dealer: int
    dealer: int
    trump: int
    """The card turned up: its suit is trumps."""
    leader: int
    """The seat that leads to the trick on the table."""
    hands: list[list[int]]
    """Per seat, its cards, sorted."""
    stock: list[int]
    """The cards not dealt, sorted (their order is no part of the game)."""
    trick: list[int]
    """The cards played to the trick on the table, in play order from ``leader``."""
    played: list[int]
    """The cards of the tricks finished this deal, in play order."""
    last_trick: list[int]
    """The last trick finished, in play order from its leader, who led and who won it."""
    last_leader: int
    last_winner: int
    bids: list[int]
    """Per seat, its bid this deal (``NO_BID`` before it bids)."""
    tricks: list[int]
    """Per seat, the tricks it took this deal."""
    scores: list[int]
    made: list[int]
    """Per seat, the deals in which it made its bid exactly (the tie-break)."""
    voids: list[int]
    """Per seat, the suits it has shown it lacks this deal, as a bit set (bit ``s``: suit s)."""
    ledger: list[Any]
    """Per finished deal, per seat ``[bid, tricks, points]`` (replaced whole)."""

    def _shape_problem(self) -> str | None:
        n = self.num_players
        if len(self.hands) != n or len(self.bids) != n or len(self.scores) != n:
            return "the seats do not match"
        placed = (sum(len(h) for h in self.hands) + len(self.stock) + len(self.trick)
                  + len(self.played) + 1)
        if placed != DECK_SIZE:
            return f"{placed} cards, not {DECK_SIZE}"
        return None
