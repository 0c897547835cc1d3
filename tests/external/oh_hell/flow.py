"""The flow of a game: the setup, then three deals (each its bids, its tricks and its
scoring), then the end; the tasks and decisions of the rule modules joined in one
:class:`~sunking.core.agenda.Flow`, whose handlers' table declares the decision kinds."""

from __future__ import annotations

from sunking.core.agenda import Flow, tables
from sunking.core.events import Emit

from . import bidding, deals, scoring, tricks
from .data import DEALS
from .legal import LEGAL
from .state import NO_BID, OhHellState

PHASES = ("bidding", "tricks", "over")
"""The phases of a game, in rule order: the one declaration its presentation reads."""


def setup(s: OhHellState, emit: Emit) -> None:
    """Every field before the first deal, the first dealer by lot, and the deals queued."""
    n = s.num_players
    s.phase = "bidding"
    s.deal = 0
    s.first_dealer = s.dealer = s.rng.below(n)
    s.leader = (s.dealer + 1) % n
    s.trump = -1
    s.hands = [[] for _ in range(n)]
    s.stock, s.trick, s.played, s.last_trick = [], [], [], []
    s.last_leader = s.last_winner = -1
    s.bids = [NO_BID] * n
    s.tricks, s.scores, s.made, s.voids = [0] * n, [0] * n, [0] * n, [0] * n
    s.ledger = []
    s.agenda.append(("finish",))
    s.agenda.extend(("deal", k) for k in reversed(range(len(DEALS))))


FLOW = Flow(
    tasks=tables(deals.TASKS, bidding.TASKS, tricks.TASKS, scoring.TASKS),
    handlers=tables(bidding.HANDLERS, tricks.HANDLERS),
    legal=LEGAL,
    phases=PHASES,
)
