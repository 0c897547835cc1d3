"""The deals: three of them, of 4, 3 and 2 cards, the deal passing to the left.

Rulebook: RULES.md §1 "Deals".
"""

from __future__ import annotations

from sunking.core.agenda import Task
from sunking.core.events import Emit

from .data import DEALS
from .state import NO_BID, OhHellState
from .verbs import deal_cards


def _deal(s: OhHellState, emit: Emit, k: int) -> None:
    """Deal number ``k``: the cards, then the bids from the dealer's left, the tricks and
    the scoring, in that order (the agenda is a stack: pushed last runs first)."""
    n = s.num_players
    s.deal = k
    s.dealer = (s.first_dealer + k) % n
    s.leader = (s.dealer + 1) % n
    s.phase = "bidding"
    s.bids = [NO_BID] * n
    s.tricks = [0] * n
    s.voids = [0] * n
    s.last_trick = []
    s.last_leader = s.last_winner = -1
    deal_cards(s, emit)
    s.agenda.append(("score",))
    s.agenda.extend(("trick",) for _ in range(DEALS[k]))
    s.agenda.extend(("bid", (s.dealer - i) % n) for i in range(n))


TASKS: dict[str, Task] = {"deal": _deal}
