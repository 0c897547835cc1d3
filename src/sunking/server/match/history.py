"""A person's history: his finished matches with their final tables, and his statistics per
game and player count (games, wins, mean score and mean place), from the seats his account
holds. Each finished match is replayed from storage (a few milliseconds), so nothing stored
can disagree with its log."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from ...core.errors import RulesError
from ..storage import StorageError, StoredMatch
from .live import replay_log


@dataclasses.dataclass(frozen=True, slots=True)
class Finished:
    """One finished match as one of its seats saw it end."""

    match_id: str
    game: str
    players: int
    seat: int
    practice: bool
    created_at: float
    place: int
    score: int
    won: bool
    table: tuple[dict[str, Any], ...]
    """Per seat: its name, score and place."""

    def to_json(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "table": list(self.table)}


def finished(stored: StoredMatch, seat: int) -> Finished | None:
    """The end of ``stored`` for ``seat``; None if it has not finished (or cannot be
    replayed: a stored log the rules refuse, or one of another version of the game's rules,
    is left out, never guessed at)."""
    if stored.status != "finished":
        return None
    record = stored.match
    try:
        state = replay_log(record, stored.actions)
    except (StorageError, RulesError):
        return None
    if not state.is_terminal:
        return None
    result = state.result()
    places = result.places()
    table = tuple({"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot,
                   "score": result.scores[i], "place": places[i]}
                  for i, s in enumerate(record.seats))
    return Finished(record.match_id, record.game, record.players, seat, record.practice,
                    record.created_at, places[seat], result.scores[seat],
                    seat in result.winners, table)


def statistics(ends: Iterable[Finished]) -> list[dict[str, Any]]:
    """Per game and player count: games, wins, mean score and mean place (practice matches
    left out: a practice match is only practice)."""
    groups: defaultdict[tuple[str, int], list[Finished]] = defaultdict(list)
    for end in ends:
        if not end.practice:
            groups[(end.game, end.players)].append(end)
    return [
        {"game": game, "players": players, "games": len(group),
         "wins": sum(1 for e in group if e.won),
         "mean_score": round(sum(e.score for e in group) / len(group), 2),
         "mean_place": round(sum(e.place for e in group) / len(group), 2)}
        for (game, players), group in sorted(groups.items())
    ]
