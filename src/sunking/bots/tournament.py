"""Tournaments: many matches with rotated seats, in parallel processes, then statistics.

Where the matches run is a :data:`Runner`: this process, a pool of processes
(:func:`process_runner`), or Ray (``sunking.envs.ray_backend``). Each match is a pure function
of its seed and seating, so the runner never changes the result.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import as_completed
from typing import Any

from ..core.actions import JsonValue
from ..core.registry import make
from ..core.rng import Rng
from . import make_bot
from .arena import MatchResult, play_match
from .evaluator import evaluator
from .ismcts import IsmctsBot
from .pool import worker_pool
from .protocol import Observation
from .stats import EntryStats, summarize


@dataclasses.dataclass(frozen=True, slots=True)
class Pairing:
    """One scheduled match: its number, its seed and the entry in each seat."""

    index: int
    seed: int
    seating: tuple[int, ...]


def schedule(entries: int, games: int, seed: int, players: int | None = None) -> list[Pairing]:
    """Match ``i`` seats entry ``(seat + i) mod n`` in each seat, so every entry plays every
    seat equally often; seeds are drawn from ``seed``.

    With fewer ``players`` than entries (a ladder: a pool of bots rated together), the
    matches take every group of ``players`` entries in turn, each group once with every
    rotation of its seats: over each ``C(entries, players) * players`` matches every entry
    plays every seat equally often, against every other entry equally often.
    """
    rng = Rng(seed)
    count = entries if players is None else players
    if count == entries:
        return [
            Pairing(i, rng.next64() >> 1, tuple((seat + i) % entries for seat in range(entries)))
            for i in range(games)
        ]
    groups = list(itertools.combinations(range(entries), count))
    out = []
    for i in range(games):
        group = groups[(i // count) % len(groups)]
        turn = i % count
        out.append(Pairing(i, rng.next64() >> 1,
                           tuple(group[(seat + turn) % count] for seat in range(count))))
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class Match:
    """One match to play: its number, the game, the bot spec per seat, seed and options."""

    index: int
    game_id: str
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def play(match: Match) -> MatchResult:
    """Play one scheduled match (in whichever process or node runs it). A search's time
    budget counts CPU time, so that other work on the machine does not weaken it."""
    bots = [make_bot(spec, cpu_clock=True) for spec in match.bots]
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
        with worker_pool(jobs) as pool:
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
    indices: tuple[int, ...] = ()
    """The number of each match in the tournament's schedule (empty: 0, 1, 2, …)."""
    scheduled: int = 0
    """How many matches the whole schedule holds (0: as many as were played)."""

    def judged_apart(self) -> set[str]:
        """The labels of the entries that search this game with a judge of their own (see
        :func:`searches_of`): a plot draws them apart from one search's levels."""
        own = [o for _, o in searches_of(self.specs, self.game, self.players, self.options)]
        return {entry.label for entry, o in zip(self.entries, own, strict=True) if o}

    def to_json(self) -> dict[str, JsonValue]:
        indices = self.indices or tuple(range(len(self.matches)))
        return {
            "game": self.game,
            "players": self.players,
            "games": len(self.matches),
            "scheduled": self.scheduled or len(self.matches),
            "seed": self.seed,
            "bots": list(self.specs),
            "options": dict(self.options),
            "entries": [e.to_json() for e in self.entries],
            "matches": [
                {"index": i, "seating": list(seating), **match.to_json()}
                for i, (seating, match) in zip(indices, self.matches, strict=True)
            ],
        }


def searches_of(specs: Sequence[str], game_id: str, players: int,
                options: Mapping[str, Any] | None = None) -> list[tuple[int | None, bool]]:
    """How each bot searches a decision of ``game_id``: the iterations (None: it does not
    search, or by time alone), and whether with a judge of its own rather than the game's
    evaluator (``ismcts:expert``'s model, where its game ships one for ``players``). A
    level's settings, or for a search tuned to the game (``ismcts:expert``), what its tuning
    picks at the game's first decision."""
    state = make(game_id).new_game(players, 0, **(options or {}))
    seat = state.to_move if state.to_move is not None else 0
    out: list[tuple[int | None, bool]] = []
    for spec in specs:
        bot = make_bot(spec)
        if not isinstance(bot, IsmctsBot) or bot.tuning is None:
            out.append((getattr(bot, "budget", None), False))
            continue
        judge, config = bot.tuning(Observation(state, seat), bot.config)
        out.append((config.iterations, judge is not evaluator(game_id)))
    return out


def budgets(specs: Sequence[str], game_id: str, players: int,
            options: Mapping[str, Any] | None = None) -> list[int | None]:
    """The iterations each bot searches a decision of ``game_id`` with (see
    :func:`searches_of`)."""
    return [iterations for iterations, _ in searches_of(specs, game_id, players, options)]


def _played_budgets(parts: Sequence[Mapping[str, Any]]) -> list[int | None]:
    """The iterations each bot searched with, as the parts recorded them when they were
    played (a model changed since does not relabel them); worked out now where a part
    recorded none.

    Raises:
        ValueError: two parts record different budgets (not parts of one tournament).
    """
    first = parts[0]
    specs = [str(b) for b in first["bots"]]
    recorded: list[int | None] | None = None
    for k, part in enumerate(parts, start=1):
        entries = part.get("entries") or []
        if [e.get("spec") for e in entries] != specs:
            return budgets(specs, str(first["game"]), int(first["players"]), first["options"])
        these = [None if e.get("budget") is None else int(e["budget"]) for e in entries]
        if recorded is not None and these != recorded:
            raise ValueError(f"part {k} was played with the budgets {these}, part 1 with "
                             f"{recorded}: not parts of one tournament")
        recorded = these
    assert recorded is not None
    return recorded


def merge_parts(parts: Sequence[Mapping[str, Any]]) -> TournamentResult:
    """One tournament from the JSON of its parts (``run_tournament(..., part=…)``, each
    with ``--json``): the same game, players, seed, bots and options, no match twice; the
    statistics are worked out again over every match.

    A tournament can be extended: the first N matches of a longer schedule are the N-match
    schedule (:func:`schedule`), so parts played with ``-n 1000`` and parts of the same
    seed played with ``-n 2000`` join into the 2,000-match tournament. Every match must sit
    where that schedule puts it (its seed and seating).

    Raises:
        ValueError: the parts are not of one tournament, or a match is in two of them.
    """
    if not parts:
        raise ValueError("no parts to merge")
    keys = ("game", "players", "seed", "bots", "options")
    first = parts[0]
    for k, part in enumerate(parts[1:], start=2):
        for key in keys:
            if part.get(key) != first.get(key):
                raise ValueError(f"part {k} has {key} {part.get(key)!r}, part 1 "
                                 f"{first.get(key)!r}: not parts of one tournament")
    specs = tuple(str(b) for b in first["bots"])
    scheduled = max(int(part["scheduled"]) for part in parts)
    pairings = schedule(len(specs), scheduled, int(first["seed"]), int(first["players"]))
    played: dict[int, tuple[tuple[int, ...], MatchResult]] = {}
    for part in parts:
        for match in part["matches"]:
            index = int(match["index"])
            if index in played:
                raise ValueError(f"match {index} is in two parts")
            seating, result = tuple(int(e) for e in match["seating"]), MatchResult.from_json(match)
            planned = pairings[index] if 0 <= index < scheduled else None
            if planned is None or (planned.seed, planned.seating) != (result.seed, seating):
                raise ValueError(f"match {index} (seed {result.seed}, seating {list(seating)}) "
                                 "is not where the tournament's schedule puts it")
            played[index] = (seating, result)
    order = sorted(played)
    matches = tuple(played[i] for i in order)
    entries = summarize(specs, _played_budgets(parts), matches)
    return TournamentResult(str(first["game"]), int(first["players"]), int(first["seed"]),
                            specs, tuple(entries), matches, dict(first["options"]),
                            tuple(order), scheduled)


def run_tournament(
    game_id: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
    runner: Runner | None = None,
    part: range | None = None,
    players: int | None = None,
) -> TournamentResult:
    """Play ``games`` matches of ``game_id`` between the bots ``specs`` (one per seat),
    seats rotated, on ``jobs`` processes (or with ``runner``); the result does not depend
    on ``jobs`` nor on the runner. With ``part`` only those matches of the schedule are
    played (a long tournament run in parts, put together by :func:`merge_parts`). With
    fewer ``players`` than bots, the bots are a pool rated together (a ladder; see
    :func:`schedule`).

    Raises:
        ValueError: a bot spec is unknown, the player count does not fit the game or is
            more than the bots, or ``part`` is not a non-empty range of the schedule.
    """
    opts = dict(options or {})
    count = len(specs) if players is None else players
    if count > len(specs):
        raise ValueError(f"{count} players need at least {count} bots, got {len(specs)}")
    make(game_id).spec.check_setup(count, opts)
    searched = budgets(specs, game_id, count, opts)
    pairings = schedule(len(specs), games, seed, count)
    if part is not None:
        if not (len(part) and part.step == 1 and part.start >= 0 and part.stop <= games):
            raise ValueError(f"the part must be matches A:B with 0 <= A < B <= {games}")
        pairings = pairings[part.start:part.stop]
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
    entries = summarize(specs, searched, matches)
    return TournamentResult(game_id, count, seed, tuple(specs), tuple(entries), matches,
                            opts, tuple(p.index for p in pairings), games)
