"""Bidding: each player once, from the dealer's left; the dealer may not make the bids add up
to the number of tricks.

Rulebook: RULES.md §2 "Bidding".
"""

from __future__ import annotations

from sunking.core.actions import Action
from sunking.core.agenda import Handler, Legal, Pending, Task
from sunking.core.events import Emit, say

from .actions import BIDS, Bid
from .data import DEALS
from .state import NO_BID, OhHellState


def _ask(s: OhHellState, emit: Emit, seat: int) -> None:
    s.pending = ("bid", seat)


def hook(s: OhHellState, seat: int) -> int | None:
    """The bid ``seat`` may not make: for the dealer, the one that would make the bids add up
    to the number of tricks (None: any bid goes)."""
    if seat != s.dealer:
        return None
    others = sum(b for p, b in enumerate(s.bids) if p != seat and b != NO_BID)
    return DEALS[s.deal] - others


def _legal(s: OhHellState, d: Pending) -> list[Action]:
    barred = hook(s, d[1])
    return [BIDS[n] for n in range(DEALS[s.deal] + 1) if n != barred]


def _handle(s: OhHellState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Bid)
    s.bids[d[1]] = action.tricks
    say(emit, "bid", seat=d[1], tricks=action.tricks)


TASKS: dict[str, Task] = {"bid": _ask}
HANDLERS: dict[str, Handler] = {"bid": _handle}
LEGAL: dict[str, Legal] = {"bid": _legal}
