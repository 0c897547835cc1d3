"""Scorings: the province scoring after a Rebellion (Phase 3) and the final scoring.

A province is worth 3, doubled when its arms are those of one of the owner's nobles or of
his Queen (once only). The final scoring counts every person at its value, every province
as above and 10 for the King; gold, nobles and events count nothing (VR-21). In the
points-limit variant a new deal follows until someone has reached the limit.
"""

from __future__ import annotations

from typing import Any

from .cards import Emit, doubling_arms, say
from .data import (
    ARMS_FACTOR,
    CARD_ARMS,
    IS_PERSON,
    KIND,
    KING_POINTS,
    MAX_DEALS,
    PROVINCE,
    VALUE,
)
from .state import VlrState


def province_points(s: VlrState, seat: int) -> int:
    """What ``seat``'s provinces are worth at a scoring."""
    arms = doubling_arms(s, seat)
    return sum(
        VALUE[c] * (ARMS_FACTOR if CARD_ARMS[c] in arms else 1)
        for c in s.structs[seat] if KIND[c] == PROVINCE
    )


def person_points(s: VlrState, seat: int) -> int:
    """What ``seat``'s persons (musketeers, courtiers, officials) are worth at the end."""
    return sum(VALUE[c] for c in s.structs[seat] if IS_PERSON[c])


def province_scoring(s: VlrState, emit: Emit) -> None:
    """Phase 3 after a round with a Rebellion: every player scores his provinces."""
    points = [province_points(s, p) for p in range(s.num_players)]
    for p, v in enumerate(points):
        s.scores[p] += v
    say(emit, "province_scoring", points=points, scores=list(s.scores))


def final_scoring(s: VlrState, emit: Emit) -> None:
    """The final scoring of a deal; then the end, or another deal in the variant."""
    s.phase = "end"
    n = s.num_players
    rows: list[dict[str, Any]] = []
    for p in range(n):
        provinces = province_points(s, p)
        persons = person_points(s, p)
        king = KING_POINTS if s.king == p else 0
        total = provinces + persons + king
        rows.append({"seat": p, "before": s.scores[p], "provinces": provinces,
                     "persons": persons, "king": king, "final_scoring": total})
        s.scores[p] += total
    say(emit, "final_scoring", rows=rows, scores=list(s.scores))
    limit = int(s.options.get("points_limit", 0))
    s.ledger = [*s.ledger, rows]
    if limit and max(s.scores) < limit and s.deal < MAX_DEALS:
        s.agenda.append(("new_deal",))
        say(emit, "next_deal", limit=limit, scores=list(s.scores))
        return
    scores = list(s.scores)
    best = max(scores)
    winners = [p for p in range(n) if scores[p] == best]
    s.final = {
        "scores": scores,
        "winners": winners,
        "tiebreak": [0] * n,
        "tiebreak_rule": "none: a tie on points is a shared win",
        "players": rows,
    }
    if len(s.ledger) > 1:
        s.final["deals"] = s.ledger
    say(emit, "game_end", scores=scores, winners=winners)
