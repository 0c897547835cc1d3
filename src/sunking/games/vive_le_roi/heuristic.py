"""A heuristic estimate of every seat's final score, for the bots (placeholder weights)."""

from __future__ import annotations

from .scoring import person_points, province_points
from .state import VlrState


def evaluate(s: VlrState) -> list[float]:
    """Points so far plus what the structure would score at the end."""
    return [
        s.scores[p] + province_points(s, p) + person_points(s, p) + (10 if s.king == p else 0)
        for p in range(s.num_players)
    ]
