"""Scoring: a point per trick and ten more for the exact bid; after the third deal the most
points win, the exact bids breaking a tie.

Rulebook: RULES.md §4 "Scoring" and §5 "The end".
"""

from __future__ import annotations

from sunking.core.agenda import Task
from sunking.core.events import Emit, say

from .data import BONUS
from .state import OhHellState


def _score(s: OhHellState, emit: Emit) -> None:
    rows = []
    for p in range(s.num_players):
        exact = s.tricks[p] == s.bids[p]
        points = s.tricks[p] + (BONUS if exact else 0)
        s.scores[p] += points
        s.made[p] += int(exact)
        rows.append([s.bids[p], s.tricks[p], points])
    s.ledger = [*s.ledger, rows]
    say(emit, "deal_scored", deal=s.deal + 1, points=[r[2] for r in rows],
        scores=list(s.scores))


def _finish(s: OhHellState, emit: Emit) -> None:
    s.phase = "over"
    best = max(zip(s.scores, s.made, strict=True))
    winners = [p for p in range(s.num_players) if (s.scores[p], s.made[p]) == best]
    s.final = {
        "scores": list(s.scores), "winners": winners, "tiebreak": list(s.made),
        "deals": s.ledger,
    }
    say(emit, "game_end", winners=winners, scores=list(s.scores))


TASKS: dict[str, Task] = {"score": _score, "finish": _finish}
