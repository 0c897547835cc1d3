"""Tournaments: many matches with rotated seats, in parallel processes, then statistics.

Where the matches run is a :data:`Runner`: this process, a pool of processes
(:func:`process_runner`), or Ray (``sunking.envs.ray_backend``). Each match is a pure function
of its seed and seating, so the runner never changes the result.
"""

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


@dataclasses.dataclass(frozen=True, slots=True)
class Match:
    """One match to play: its number, the game, the bot spec per seat, seed and options."""

    index: int
    game_id: str
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def play(match: Match) -> MatchResult:
    """Play one scheduled match (in whichever process or node runs it)."""
    bots = [make_bot(spec) for spec in match.bots]
    return play_match(make(match.game_id), bots, match.seed, match.options)


Runner = Callable[[Sequence[Match]], Iterator[tuple[int, MatchResult]]]
"""Plays matches and yields (match number, result) as each finishes, in any order."""


def process_runner(jobs: int) -> Runner:
    """Matches in this process (``jobs`` 1) or on a pool of ``jobs`` processes."""

    def run(matches: Sequence[Match]) -> Iterator[tuple[int, MatchResult]]:
        if jobs <= 1:
            for match in matches:
                yield match.index, play(match)
            return
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            futures = {pool.submit(play, match): match.index for match in matches}
            for future in as_completed(futures):
                yield futures[future], future.result()

    return run


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
    runner: Runner | None = None,
) -> TournamentResult:
    """Play ``games`` matches of ``game_id`` between the bots ``specs`` (one per seat),
    seats rotated, on ``jobs`` processes (or with ``runner``); the result does not depend
    on ``jobs`` nor on the runner.

    Raises:
        ValueError: a bot spec is unknown, or the player count does not fit the game.
    """
    opts = dict(options or {})
    make(game_id).spec.check_setup(len(specs), opts)
    budgets = [getattr(make_bot(spec), "budget", None) for spec in specs]
    pairings = schedule(len(specs), games, seed)
    results: dict[int, MatchResult] = {}
    matches_to_play = [
        Match(p.index, game_id, tuple(specs[e] for e in p.seating), p.seed, opts)
        for p in pairings
    ]
    for index, match in (runner or process_runner(jobs))(matches_to_play):
        results[index] = match
        if on_result:
            on_result(match)
    matches = tuple((p.seating, results[p.index]) for p in pairings)
    entries = summarize(specs, budgets, matches)
    return TournamentResult(game_id, len(specs), seed, tuple(specs), tuple(entries), matches,
                            opts)
