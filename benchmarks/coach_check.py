"""The coach's review checked against deeper search: precision, recall, and how often it flags
the decisions of players of known strength.

    python benchmarks/coach_check.py --games 4 --per-game 12 --precision 40 --recall 40 -j 2

For each game and each player kind (``random``, ``heuristic``, ``ismcts:hard``; every seat the
same kind) it plays ``--games`` games, reviews ``--per-game`` decisions of each (drawn from
every seat's), and prints

- **flag rate**: flagged decisions per reviewed decision, per player kind;
- **precision**: of up to ``--precision`` flagged decisions (those of ``heuristic`` and
  ``ismcts:hard`` games first; as strong players are seldom flagged, more of their games'
  decisions are reviewed until ``--strong-flags``, by default half of ``--precision``, of
  the flags are theirs), the share that a search with ``--deep`` times the first pass's
  iterations (same number of independent searches, other generators) still finds worse than
  the flagged better move by at least half the class's threshold;
- **recall**: of up to ``--recall`` reviewed decisions, those where the deep search finds a
  drop of at least 0.20 that its own intervals separate, and the share of them flagged; as
  such drops are rare, when the sample holds fewer than ``--recall-drops`` (20) more of the
  ``random`` players' reviewed decisions are searched deep until that many are found;
- **hints**: of ``--hints`` positions (decisions of the games played), the share whose hint
  names a first move that separates from the second (``hint_moves`` with its 1 s budget);
- with ``--speed``, the seconds a whole 4-player game's review of one seat takes on two
  worker processes (a ``heuristic`` game).

The full size (100 games per player kind, 200 decisions each for precision and recall) is
hours of search. With ``--cache DIR`` every finished piece of work (a game played, a first
pass, a deep search, a hint) is kept in ``DIR`` as it completes, so a run that is stopped or
killed picks up where it was when started again with the same arguments:

    nice -n 19 python benchmarks/coach_check.py -j 2 --cache build/coach_check
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import hashlib
import json
import os
import pickle
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sunking.bots import make_bot
from sunking.bots.arena import bot_rng
from sunking.bots.pool import worker_pool
from sunking.bots.protocol import Observation
from sunking.coach.estimate import CLASSES, Searches, action_key, separated
from sunking.coach.hints import hint_moves
from sunking.coach.review import Decision, ReviewBudget, decisions, review_decision, review_record
from sunking.core.record import GameRecord
from sunking.core.registry import make

GAMES = ("louis14", "vive_le_roi", "versailles1682")
PLAYERS = ("random", "heuristic", "ismcts:hard")
FLAGGED = {name: threshold for name, threshold in CLASSES}
DEEP_SALT = 0x5EA2C4
"""Mixed into the seed of the deep search, so its generators are not the first pass's."""


def play(game_id: str, spec: str, players: int, seed: int) -> GameRecord:
    """A whole game of ``game_id`` with every seat played by bot ``spec``."""
    game = make(game_id)
    state = game.new_game(players, seed)
    state.quiet = True
    bots = [make_bot(spec, cpu_clock=True) for _ in range(players)]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    while (seat := state.to_move) is not None:
        state = state.apply_unchecked(bots[seat].act(Observation(state, seat), rngs[seat]))
    return GameRecord.of(state)


@dataclasses.dataclass
class Reviewed:
    game: str
    player: str
    seed: int
    decision: Decision
    verdict: dict[str, Any]


def first_pass(game_id: str, player: str, seed: int, decision: Decision,
               budget: ReviewBudget) -> Reviewed:
    verdict = review_decision(game_id, decision.state, seed, decision.action, budget)
    return Reviewed(game_id, player, seed, decision, verdict)


def deep(item: Reviewed, budget: ReviewBudget, factor: int) -> dict[str, Any]:
    """The deep search of a reviewed decision: the chances of the move played, of the first
    pass's better move, and of the deep search's own best, with its separation."""
    game = make(item.game)
    state = game.state_from_json(item.decision.state)
    state.quiet = True
    played = game.parse_action(item.decision.action)
    searches = Searches(state, item.decision.seat, item.seed ^ DEEP_SALT,
                        budget.times(factor).config, first=played)
    searches.run(budget.searches)
    mine = searches.estimate(action_key(played))
    best = searches.estimate(searches.ranked()[0])
    flagged_best = action_key(item.verdict["best"])
    other = next((searches.estimate(k) for k in searches.ranked() if k == flagged_best), None)
    return {"chosen": mine.chance, "best": best.chance,
            "deep_drop": best.chance - mine.chance, "deep_separated": separated(best, mine),
            "flagged_best": None if other is None else other.chance}


def _key(fn: Callable[..., Any], args: tuple[Any, ...]) -> str:
    """A name for one call's result: its function and arguments, as canonical JSON."""
    def plain(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {type(value).__name__: dataclasses.asdict(value)}
        return repr(value)
    text = json.dumps([fn.__name__, args], sort_keys=True, default=plain)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def mapped(pool: concurrent.futures.Executor, fn: Callable[..., Any],
           calls: Sequence[tuple[Any, ...]], cache: Path | None = None) -> list[Any]:
    """``fn`` of every call on the pool, in the calls' order; with ``cache``, results already
    kept there are read instead of computed, and each new one is kept as soon as it is done."""
    results: list[Any] = [None] * len(calls)
    futures: dict[concurrent.futures.Future[Any], tuple[int, Path | None]] = {}
    for i, args in enumerate(calls):
        path = None if cache is None else cache / fn.__name__ / f"{_key(fn, args)}.pickle"
        if path is not None and path.exists():
            results[i] = pickle.loads(path.read_bytes())
            continue
        futures[pool.submit(fn, *args)] = (i, path)
    for future in concurrent.futures.as_completed(futures):
        i, path = futures[future]
        results[i] = future.result()
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(".part")
            partial.write_bytes(pickle.dumps(results[i]))
            os.replace(partial, path)  # whole or absent, even if the run is killed here
    return results


def check_game(game_id: str, args: argparse.Namespace,
               pool: concurrent.futures.Executor) -> dict[str, Any]:
    budget = ReviewBudget(iterations=args.iterations)
    rng = random.Random(args.seed)
    players = max(4, make(game_id).spec.min_players)
    games = [(game_id, spec, players, args.seed + i) for spec in args.players
             for i in range(args.games)]
    records = mapped(pool, play, games, args.cache)
    calls = []
    more: list[tuple[Any, ...]] = []
    for (_, spec, _, seed), record in zip(games, records, strict=True):
        todo = decisions(record)
        picked = rng.sample(range(len(todo)), min(args.per_game, len(todo)))
        calls += [(game_id, spec, seed, todo[i], budget) for i in picked]
        if spec != "random":
            more += [(game_id, spec, seed, todo[i], budget)
                     for i in sorted(set(range(len(todo))) - set(picked))]
    reviewed: list[Reviewed] = mapped(pool, first_pass, calls, args.cache)
    rates = {}
    for spec in args.players:
        mine = [r for r in reviewed if r.player == spec]
        flags = sum(r.verdict["class"] in FLAGGED for r in mine)
        rates[spec] = (flags, len(mine))
    flagged = [r for r in reviewed if r.verdict["class"] in FLAGGED]
    extra = _strong_flags(pool, flagged, more, args)
    flagged.sort(key=lambda r: r.player == "random")  # strong players' flags first
    chosen = flagged[:args.precision]
    checks = mapped(pool, deep, [(r, budget, args.deep) for r in chosen], args.cache)
    held = sum(c["flagged_best"] is not None
               and c["flagged_best"] - c["chosen"] >= FLAGGED[r.verdict["class"]] / 2
               for r, c in zip(chosen, checks, strict=True))
    sample = rng.sample(reviewed, min(args.recall, len(reviewed)))
    recall_checks = mapped(pool, deep, [(r, budget, args.deep) for r in sample], args.cache)
    real = [r for r, c in zip(sample, recall_checks, strict=True) if _real_drop(c)]
    searched = len(sample) + _more_real_drops(pool, reviewed, sample, real, budget, args)
    found = sum(r.verdict["class"] in FLAGGED for r in real)
    hinted = rng.sample(reviewed, min(args.hints, len(reviewed)))
    hints = mapped(pool, hint_moves, [(game_id, r.decision.state, r.seed) for r in hinted],
                   args.cache)
    return {"rates": rates, "precision": (held, len(chosen)), "recall": (found, len(real)),
            "hints": (sum(h["separated"] for h in hints), len(hints)),
            "recall_sample": searched,
            "from_strong": sum(r.player != "random" for r in chosen), "extra": extra}


EXTRA_BATCH = 100
"""Decisions reviewed (or searched deep) at a time while looking for more flags or drops."""


def _real_drop(check: dict[str, Any]) -> bool:
    """Whether a deep search found a drop of at least 0.20 that its intervals separate."""
    return bool(check["deep_separated"] and check["deep_drop"] >= 0.20)


def _until(pool: concurrent.futures.Executor, fn: Callable[..., Any],
           calls: Sequence[tuple[Any, ...]], cache: Path | None,
           enough: Callable[[], bool]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Each call with ``fn``'s result (:func:`mapped`), :data:`EXTRA_BATCH` calls at a time,
    until ``enough()`` holds between two batches or no call is left."""
    for start in range(0, len(calls), EXTRA_BATCH):
        if enough():
            return
        batch = calls[start:start + EXTRA_BATCH]
        yield from zip(batch, mapped(pool, fn, batch, cache), strict=True)


def _more_real_drops(pool: concurrent.futures.Executor, reviewed: list[Reviewed],
                     sample: list[Reviewed], real: list[Reviewed], budget: ReviewBudget,
                     args: argparse.Namespace) -> int:
    """Search more of the ``random`` players' reviewed decisions deep (seeded order, those
    outside the recall sample), adding to ``real`` those whose drop of at least 0.20 the deep
    search separates, until ``--recall-drops`` are found or none is left: in a uniform sample
    of 200 decisions such drops are too rare to measure recall on, and random play holds
    most of them. Returns how many more decisions were searched."""
    want = getattr(args, "recall_drops", 0)
    taken = {id(r) for r in sample}
    more = [r for r in reviewed if r.player == "random" and id(r) not in taken]
    random.Random(args.seed + 2).shuffle(more)
    done = 0
    for (item, *_), check in _until(pool, deep, [(r, budget, args.deep) for r in more],
                                    args.cache, lambda: len(real) >= want):
        done += 1
        if _real_drop(check):
            real.append(item)
    return done


def _strong_flags(pool: concurrent.futures.Executor, flagged: list[Reviewed],
                  more: list[tuple[Any, ...]], args: argparse.Namespace) -> int:
    """Review further decisions of the ``heuristic`` and ``ismcts:hard`` games (those the
    flag-rate sample left, in the order of ``--players``, each kind's in a seeded order),
    adding their flags to ``flagged``, until ``--strong-flags`` (by default half of
    ``--precision``) of its flags are theirs or none is left: strong players are seldom
    flagged, and precision must be measured on their flags as much as on random play's.
    Returns how many more decisions were reviewed."""
    want = getattr(args, "strong_flags", None)
    want = args.precision // 2 if want is None else want
    order = {spec: k for k, spec in enumerate(args.players)}
    random.Random(args.seed + 1).shuffle(more)
    more.sort(key=lambda call: order[call[1]])
    done = 0
    for _, reviewed in _until(pool, first_pass, more, args.cache,
                              lambda: sum(r.player != "random" for r in flagged) >= want):
        done += 1
        if reviewed.verdict["class"] in FLAGGED:
            flagged.append(reviewed)
    return done


def speed(workers: int, seed: int) -> list[tuple[str, int, float]]:
    """Seconds of a whole 4-player game's review of seat 0 on ``workers`` processes."""
    out = []
    for game_id in GAMES:
        record = play(game_id, "heuristic", 4, seed)
        start = time.perf_counter()
        reviewed = review_record(record, {0}, workers=workers)
        out.append((game_id, len(reviewed), time.perf_counter() - start))
    return out


def _share(pair: tuple[int, int]) -> str:
    hits, total = pair
    return f"{hits}/{total} = {hits / total:.0%}" if total else "0/0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=list(GAMES))
    parser.add_argument("--players", nargs="+", default=list(PLAYERS))
    parser.add_argument("--games", type=int, default=100, help="games per player kind")
    parser.add_argument("--per-game", type=int, default=10, help="decisions reviewed per game")
    parser.add_argument("--precision", type=int, default=200, help="flagged decisions checked")
    parser.add_argument("--strong-flags", type=int, default=None,
                        help="flags of heuristic and ismcts:hard games to look for among "
                        "their other decisions (default: half of --precision)")
    parser.add_argument("--recall", type=int, default=200, help="decisions checked for recall")
    parser.add_argument("--recall-drops", type=int, default=20,
                        help="real drops of 0.20 to look for among random players' other "
                        "decisions when the recall sample holds fewer")
    parser.add_argument("--hints", type=int, default=100, help="positions hinted")
    parser.add_argument("--deep", type=int, default=20, help="the deep search's factor")
    parser.add_argument("--iterations", type=int, default=ReviewBudget().iterations,
                        help="the first pass's iterations per search")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--workers", type=int, default=2)
    parser.add_argument("--speed", action="store_true", help="only time whole reviews")
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep each finished piece of work here, and reuse it on a rerun")
    args = parser.parse_args()
    if args.speed:
        for game_id, count, seconds in speed(args.workers, args.seed):
            print(f"{game_id}: review of seat 0 of a 4-player game, {count} decisions, "
                  f"{seconds:.1f} s on {args.workers} workers")
        return
    with worker_pool(args.workers) as pool:
        for game_id in args.game:
            start = time.perf_counter()
            got = check_game(game_id, args, pool)
            rates = "; ".join(f"{spec} {_share(pair)}" for spec, pair in got["rates"].items())
            print(f"{game_id} ({time.perf_counter() - start:.0f} s)")
            print(f"  flag rate: {rates}")
            print(f"  precision: {_share(got['precision'])} (from heuristic/hard games: "
                  f"{got['from_strong']}, found among {got['extra']} more of their "
                  "decisions reviewed)")
            print(f"  recall: {_share(got['recall'])} of the real drops among "
                  f"{got['recall_sample']} decisions searched deep")
            print(f"  hints separating their first move: {_share(got['hints'])}", flush=True)


if __name__ == "__main__":
    main()
