"""Tournaments: many matches with rotated seats, in parallel processes, then statistics."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Any

from ..core.actions import JsonValue
from ..core.registry import make
from ..core.rng import Rng
from . import make_bot
from .arena import MatchResult, play_match
from .stats import EntryStats, summarize


@dataclasses.dataclass(frozen=True, slots=True)
class Pairing:
    """One scheduled match: its number, its seed and the entry in each seat."""

    index: int
    seed: int
    seating: tuple[int, ...]


def schedule(entries: int, games: int, seed: int) -> list[Pairing]:
    """Match ``i`` seats entry ``(seat + i) mod n`` in each seat, so every entry plays every
    seat equally often; seeds are drawn from ``seed``."""
    rng = Rng(seed)
    return [
        Pairing(i, rng.next64() >> 1, tuple((seat + i) % entries for seat in range(entries)))
        for i in range(games)
    ]


def _play(game_id: str, specs: tuple[str, ...], seed: int,
          options: dict[str, Any]) -> MatchResult:
    return play_match(make(game_id), [make_bot(spec) for spec in specs], seed, options)


def _played(
    game_id: str, specs: Sequence[str], pairings: list[Pairing], jobs: int,
    options: dict[str, Any],
) -> Iterator[tuple[int, MatchResult]]:
    """(match number, result) as each match finishes: in this process, or on ``jobs``."""
    seated = [tuple(specs[e] for e in p.seating) for p in pairings]
    if jobs <= 1:
        for p, bots in zip(pairings, seated, strict=True):
            yield p.index, _play(game_id, bots, p.seed, options)
        return
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        futures = {
            pool.submit(_play, game_id, bots, p.seed, options): p.index
            for p, bots in zip(pairings, seated, strict=True)
        }
        for future in as_completed(futures):
            yield futures[future], future.result()


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentResult:
    game: str
    players: int
    seed: int
    specs: tuple[str, ...]
    entries: tuple[EntryStats, ...]
    matches: tuple[tuple[tuple[int, ...], MatchResult], ...]
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """The game options every match was played with (as passed; defaults left out)."""

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "game": self.game,
            "players": self.players,
            "games": len(self.matches),
            "seed": self.seed,
            "bots": list(self.specs),
            "options": dict(self.options),
            "entries": [e.to_json() for e in self.entries],
            "matches": [
                {"seating": list(seating), **match.to_json()} for seating, match in self.matches
            ],
        }


def run_tournament(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
) -> TournamentResult:
    """Play ``games`` matches of ``game_id`` between the bots ``specs`` (one per seat),
    seats rotated, on ``jobs`` processes; the result does not depend on ``jobs``.

    Raises:
        ValueError: a bot spec is unknown, or the player count does not fit the game.
    """
    opts = dict(options or {})
    make(game_id).spec.check_setup(len(specs), opts)
    budgets = [getattr(make_bot(spec), "budget", None) for spec in specs]
    pairings = schedule(len(specs), games, seed)
    results: dict[int, MatchResult] = {}
    for index, match in _played(game_id, specs, pairings, jobs, opts):
        results[index] = match
        if on_result:
            on_result(match)
    matches = tuple((p.seating, results[p.index]) for p in pairings)
    entries = summarize(specs, budgets, matches)
    return TournamentResult(game_id, len(specs), seed, tuple(specs), tuple(entries), matches,
                            opts)
