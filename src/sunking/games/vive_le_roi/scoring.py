"""Scorings: the province scoring after a Rebellion (Phase 3) and the final scoring.

A province is worth 3, doubled when its arms are those of one of the owner's nobles or of
his Queen (once only). The final scoring counts every person at its value, every province
as above and 10 for the King; gold, nobles and events count nothing (VR-21). In the
points-limit variant a new deal follows until someone has reached the limit; the first to
reach it wins at once, in the middle of a deal if need be (:func:`limit_reached`).

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), "Fase 3: waardering" and the end of the
game; rulings VR-21.
"""

from __future__ import annotations

from typing import Any

from ...core.events import Emit, say
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
from .state import ViveLeRoiState
from .verbs import doubling_arms


def province_points(s: ViveLeRoiState, seat: int) -> int:
    """What ``seat``'s provinces are worth at a scoring."""
    arms = doubling_arms(s, seat)
    return sum(
        VALUE[c] * (ARMS_FACTOR if CARD_ARMS[c] in arms else 1)
        for c in s.structures[seat] if KIND[c] == PROVINCE
    )


def person_points(s: ViveLeRoiState, seat: int) -> int:
    """What ``seat``'s persons (musketeers, courtiers, officials) are worth at the end."""
    return sum(VALUE[c] for c in s.structures[seat] if IS_PERSON[c])


def province_scoring(s: ViveLeRoiState, emit: Emit) -> None:
    """Phase 3 after a round with a Rebellion: every player scores his provinces."""
    points = [province_points(s, p) for p in range(s.num_players)]
    for p, v in enumerate(points):
        s.scores[p] += v
    say(emit, "province_scoring", points=points, scores=list(s.scores))


def final_scoring(s: ViveLeRoiState, emit: Emit) -> None:
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
    _finish(s, emit, list(range(n)), limit, rows)


def limit_reached(s: ViveLeRoiState, emit: Emit, limit: int) -> None:
    """The points-limit variant: "De speler die als eerste de puntengrens heeft bereikt,
    heeft gewonnen" — the game ends at once, in the middle of a deal if need be. Players who
    reach the limit together (at one scoring) are ranked by their points."""
    s.agenda.clear()
    s.pending = None
    s.phase = "end"
    reached = [p for p in range(s.num_players) if s.scores[p] >= limit]
    say(emit, "limit_reached", seats=reached, limit=limit, deal=s.deal, round=s.round,
        scores=list(s.scores))
    _finish(s, emit, reached, limit, None)


def _finish(s: ViveLeRoiState, emit: Emit, contenders: list[int], limit: int,
            rows: list[dict[str, Any]] | None) -> None:
    """The end of the game: the contender with the most points wins (ties share)."""
    n = s.num_players
    scores = list(s.scores)
    best = max(scores[p] for p in contenders)
    winners = [p for p in contenders if scores[p] == best]
    s.final = {
        "scores": scores,
        "winners": winners,
        "tiebreak": [0] * n,
        "tiebreak_rule": "none: a tie on points is a shared win",
        "players": rows or [],
    }
    if limit:
        s.final["limit"] = limit
        s.final["deals"] = s.ledger
        if rows is None:   # reached in the middle of a deal
            s.final["reached"] = {"deal": s.deal, "round": s.round}
    elif len(s.ledger) > 1:
        s.final["deals"] = s.ledger
    say(emit, "game_end", scores=scores, winners=winners)
