"""Self-play data for a game's value model (``ismcts:expert``; see docs/bots.md).

Games between the existing bots (by default the tuned heuristic in every seat), each a pure
function of its seed: match *i* of the schedule of ``--seed`` (``sunking.bots.tournament``,
seats rotated when the bots differ). From every game, ``--positions`` positions drawn at random
(from the match seed), each seen by one seat drawn at random. A position is written as what
the model reads of that seat's view (``sunking.envs.learned.Features``, on a determinization
from the seat's information set, as the search sees it), the game's own win chances there
(on the same determinization, to compare with) and, once the game is over, each seat's share
of the win (in the features' seat order: the observing seat first, then clockwise).

The games are played in parts of ``--part-size``; each part is written as
``<out>/<game>-<players>p-seed<seed>[-<option><value>…]/part-<A>-<B>.npz`` (the positions and
the CPU seconds the part took) with ``part-<A>-<B>.jsonl.gz`` beside it (the game records:
seed, bots, every action, scores, winners). Only the games no part holds yet are played
(``parts.py``), so a run stopped halfway resumes where it stopped, and a longer run extends a
shorter one of the same seed, whatever its part size. The folder's ``run.json`` records the
bots and the positions a game of the run gives; a run that asks for others is refused, and
the data is read only where its parts hold every game once. The parts run on ``--jobs``
processes at the lowest CPU priority, so that other work on the machine comes first.

    .venv/bin/python benchmarks/selfplay_data.py --game louis14 --games 20000 --jobs 2
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from parts import to_play

from sunking.bots import make_bot
from sunking.bots.arena import bot_rng
from sunking.bots.evaluator import evaluator
from sunking.bots.pool import worker_pool
from sunking.bots.protocol import Observation
from sunking.bots.tournament import schedule
from sunking.core import GameState, Rng, make
from sunking.envs.learned import Features

OUT = Path(__file__).resolve().parent / "data"
POSITION_SALT = 0x5E1F_D1A7
"""Mixed into a match seed for the generator that picks its positions and their seats."""


@dataclass(frozen=True)
class Job:
    """One part of a run: games ``start``–``stop`` of the schedule."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    start: int
    stop: int
    total: int
    positions: int
    options: dict[str, Any]
    path: str
    nice: int


def run_dir(out: Path, game: str, players: int, seed: int,
            options: dict[str, Any] | None = None) -> Path:
    """Where a run's parts go: named by the game, the players, the seed and the options."""
    named = "".join(f"-{key}{value}" for key, value in sorted((options or {}).items()))
    return out / f"{game}-{players}p-seed{seed}{named}"


def play_game(game: str, bots: Sequence[str], seed: int,
              options: dict[str, Any]) -> tuple[list[GameState], GameState]:
    """The states a match went through (each before a bot's decision), and its end."""
    state = make(game).new_game(len(bots), seed, **options)
    state.quiet = True
    players = [make_bot(spec, cpu_clock=True) for spec in bots]
    rngs = [bot_rng(seed, p) for p in range(len(bots))]
    seen = []
    while (seat := state.to_move) is not None:
        seen.append(state)
        action = players[seat].act(Observation(state, seat), rngs[seat])
        state = state.apply_unchecked(action)
    return seen, state


def positions_of(game: str, seen: Sequence[GameState], end: GameState, seed: int, count: int,
                 features: Features) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``count`` positions of a played game: features, the game's own chances, the shares
    of the win and the position's number, each row in its observing seat's order."""
    rng = Rng(seed ^ POSITION_SALT)
    n = end.num_players
    shares = end.result().shares()
    order = list(range(len(seen)))
    rng.shuffle(order)
    picked = sorted(order[:count])
    xs, own, ys, at = [], [], [], []
    for index in picked:
        state = seen[index]
        seat = rng.below(n)
        quiet = state.determinizer(seat)(rng)
        xs.append(features(quiet, seat).copy())
        own.append(features.own.copy())  # the game's own chances the features just read
        ys.append([shares[(seat + k) % n] for k in range(n)])
        at.append(index)
    return (np.array(xs, np.float32), np.array(own, np.float32), np.array(ys, np.float32),
            np.array(at, np.int32))


def play_part(job: Job) -> tuple[str, int, float]:
    """Play one part and write it; its path, positions and CPU seconds."""
    if job.nice:
        os.nice(job.nice)
    started = time.process_time()
    pairings = schedule(len(job.bots), job.total, job.seed, job.players)[job.start:job.stop]
    features = Features(job.game, job.players, evaluator(job.game))
    chunks: list[tuple[np.ndarray, ...]] = []
    records = []
    for pairing in pairings:
        bots = tuple(job.bots[e] for e in pairing.seating)
        seen, end = play_game(job.game, bots, pairing.seed, job.options)
        x, own, y, at = positions_of(job.game, seen, end, pairing.seed, job.positions, features)
        chunks.append((x, own, y, at, np.full(len(at), pairing.index, np.int32)))
        result = end.result()
        records.append({"index": pairing.index, "seed": pairing.seed, "bots": list(bots),
                        "options": job.options,
                        "actions": [a.to_json() for a in end.history],
                        "scores": list(result.scores), "winners": list(result.winners)})
    seconds = time.process_time() - started
    arrays: dict[str, Any] = {name: np.concatenate([c[i] for c in chunks])
              for i, name in enumerate(("x", "own", "y", "position", "game"))}
    path = Path(job.path)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, cpu_seconds=np.array(seconds), **arrays)
    with gzip.open(path.with_suffix(".jsonl.gz"), "wt") as out:
        out.writelines(json.dumps(r) + "\n" for r in records)
    partial = path.with_suffix(".tmp")
    partial.write_bytes(buffer.getvalue())
    partial.rename(path)  # the part counts as written once it is whole
    return str(path), len(arrays["y"]), seconds


RUN = "run.json"
"""What every part of a run was played with, beside its parts."""


def part_range(path: Path) -> range:
    """The games of a part, from its name (``part-A-B.npz``)."""
    _, start, stop = path.name.removesuffix(".npz").split("-")
    return range(int(start), int(stop))


def jobs_of(args: argparse.Namespace) -> list[Job]:
    """The parts left to play; the run's folder and record made or checked.

    Raises:
        SystemExit: the folder holds a run of other bots or positions.
    """
    bots = tuple(args.bots.split(",")) if args.bots else ("heuristic",) * args.players
    options = json.loads(args.options)
    folder = run_dir(args.out, args.game, args.players, args.seed, options)
    folder.mkdir(parents=True, exist_ok=True)
    run = {"bots": list(bots), "positions": args.positions}
    record = folder / RUN
    if record.exists():
        recorded = json.loads(record.read_text())
        if recorded != run:
            raise SystemExit(f"{folder} holds a run of {recorded}, not {run}: give those, or "
                             "another --out")
    elif any(folder.glob("part-*.npz")):
        raise SystemExit(f"{folder} has parts but no {RUN}: write what they were played with "
                         f"there ({json.dumps(run)}, say) or move them away")
    else:
        record.write_text(json.dumps(run) + "\n")
    done = [part_range(p) for p in folder.glob("part-*.npz")]
    return [Job(args.game, args.players, bots, args.seed, part.start, part.stop, args.games,
                args.positions, options, str(folder / f"part-{part.start}-{part.stop}.npz"),
                args.nice)
            for part in to_play(done, range(args.games), args.part_size)]


def load(*folders: Path, games: Sequence[int] | None = None) -> dict[str, np.ndarray]:
    """Every part of the runs in ``folders``, each run's in the order of its games, put
    together (the games numbered on from one run to the next); with ``games``, only the
    first ``games[i]`` games of run *i* (one number: of every run), so that a run played on
    since gives the same data.

    Raises:
        SystemExit: a folder has no parts, its parts do not hold games 0 to N once each, or
            a part holds both games asked for and games beyond them.
    """
    wanted = [None] * len(folders) if games is None else list(games)
    if len(wanted) == 1:
        wanted *= len(folders)
    if len(wanted) != len(folders):
        raise SystemExit(f"one number of games, or one for each of the {len(folders)} runs, "
                         f"not {len(wanted)}")
    loaded = []
    offset = 0
    for folder, limit in zip(folders, wanted, strict=True):
        parts = sorted(folder.glob("part-*.npz"),
                       key=lambda p: (part_range(p).start, part_range(p).stop))
        if limit is not None:
            parts = [p for p in parts if part_range(p).start < limit]
        if not parts:
            raise SystemExit(f"no parts in {folder}")
        expected = 0
        for path in parts:
            if part_range(path).start != expected:
                raise SystemExit(f"{folder}'s parts do not hold its games once each: "
                                 f"{path.name} where games from {expected} were due")
            expected = part_range(path).stop
        if limit is not None and expected != limit:
            raise SystemExit(f"{folder}'s parts hold games up to {expected - 1}, where its first "
                             f"{limit} were asked for: not a part's end")
        run = [dict(np.load(p)) for p in parts]
        for d in run:
            d["game"] = d["game"] + offset
        offset += expected
        loaded.extend(run)
    data = {k: np.concatenate([d[k] for d in loaded]) for k in ("x", "own", "y", "game")}
    data["cpu_seconds"] = np.array(sum(float(d["cpu_seconds"]) for d in loaded))
    return data


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse by name what the run could not play, before anything is written."""
    import sunking

    if args.game not in sunking.available_games():
        parser.error(f"no game {args.game}: the games are "
                     f"{', '.join(sunking.available_games())}")
    for name in ("players", "games", "positions", "part_size"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} is at least 1, not {getattr(args, name)}")
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as error:
        parser.error(f"--options is a JSON object: {error}")
    if not isinstance(options, dict):
        parser.error(f"--options is a JSON object, not {args.options}")
    bots = args.bots.split(",") if args.bots else ["heuristic"]
    if args.bots and len(bots) < args.players:
        parser.error(f"--bots names a bot for each seat at least (more: a pool, its groups "
                     f"in turn): {len(bots)} for {args.players} players")
    for spec in bots:
        try:
            make_bot(spec)
        except ValueError as error:
            parser.error(f"--bots: {error}")
    try:
        make(args.game).new_game(args.players, args.seed, **options)
    except (TypeError, ValueError) as error:
        parser.error(f"{args.game} cannot be played with {args.players} players and "
                     f"{options}: {error}")


def digest(arrays: Iterable[np.ndarray]) -> str:
    """The SHA-256 of the training data: the arrays' bytes in order (as stored, in any
    compression)."""
    sha = hashlib.sha256()
    for array in arrays:
        sha.update(np.ascontiguousarray(array).tobytes())
    return sha.hexdigest()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="",
                        help="one spec per seat (or more: a pool), comma-separated "
                             "(default: heuristic in every seat)")
    parser.add_argument("--positions", type=int, default=16, help="positions kept per game")
    parser.add_argument("--part-size", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nice", type=int, default=19)
    parser.add_argument("--options", default="{}", help="the game's options, as JSON")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    check(parser, args)
    jobs = jobs_of(args)
    folder = run_dir(args.out, args.game, args.players, args.seed, json.loads(args.options))
    print(f"{len(jobs)} parts to play into {folder}")
    with worker_pool(args.jobs) as pool:
        futures = [pool.submit(play_part, job) for job in jobs]
        for future in as_completed(futures):
            path, rows, seconds = future.result()
            print(f"{path}: {rows} positions, {seconds:.0f} CPU s", flush=True)
    data = load(folder)
    print(f"{len(data['y'])} positions from {len(set(data['game'].tolist()))} games, "
          f"{float(data['cpu_seconds']) / 3600:.2f} CPU-hours")


if __name__ == "__main__":
    main()
