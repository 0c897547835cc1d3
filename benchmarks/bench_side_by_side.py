"""Random playouts of two source trees side by side, in CPU time: a rules change measured
against the code before it on one busy machine.

Each configuration (player count, log on or quiet) is timed in a fresh process per tree, the
trees alternating, ``--rounds`` times; a process warms up on a game not measured, then plays
seeds 0..``--games``-1 exactly as ``benchmarks/bench_engine.py`` does (its ``play``) and
reports the process's CPU time, which other work on the machine disturbs far less than the
wall clock. The table gives the median games and actions per second of each tree and their
ratio. Compile each tree first (``scripts/compile_engine.py`` run with that tree's ``src`` on
``PYTHONPATH``) to measure what the platform runs.

    .venv/bin/python benchmarks/bench_side_by_side.py --before /tmp/before/src \\
        --after src --game vive_le_roi --games 100 --rounds 5

With ``--search LEVEL`` it times the search instead: ISMCTS at that level's iterations (no time
cap) deciding ``bench_bots.py``'s two positions, the first decision of a game and a mid-game
one, ``--games`` decisions each (bot seeds 0, 1, …), and reports iterations per CPU second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent

CHILD = """
import gc, json, sys, time
sys.path.insert(0, {here!r})
from bench_engine import play
game, players, games, quiet = {game!r}, {players}, {games}, {quiet}
play(game, players, games, quiet)  # warm up on a game not measured
gc.collect()
actions = 0
start = time.process_time()
for seed in range(games):
    actions += play(game, players, seed, quiet).version
print(json.dumps([time.process_time() - start, actions]))
"""


SEARCH_CHILD = """
import dataclasses, gc, json, sys, time
sys.path.insert(0, {here!r})
import sunking
from bench_bots import mid_game
from sunking.bots import LEVELS, IsmctsBot, Observation
from sunking.core import Rng
game, players, decisions, level = {game!r}, {players}, {games}, {level!r}
config = dataclasses.replace(LEVELS[level], seconds=None)
first = sunking.make(game).new_game(players, 1)
while len(first.legal_actions()) < 2:
    first = first.apply(first.legal_actions()[0])
out = []
for state in (first, mid_game(game, players, 1)):
    seat = state.to_move
    IsmctsBot(config).act(Observation(state, seat), Rng(99))  # warm up
    gc.collect()
    done, start = 0, time.process_time()
    for r in range(decisions):
        bot = IsmctsBot(config)
        bot.act(Observation(state, seat), Rng(r))
        done += bot.last.iterations
    out.append([time.process_time() - start, done])
print(json.dumps(out))
"""


def search(src: Path, game: str, players: int, decisions: int, level: str) -> list[float]:
    """Iterations per CPU second of the search on the tree ``src``, at the first and the
    mid-game position."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = SEARCH_CHILD.format(here=str(HERE), game=game, players=players, games=decisions,
                               level=level)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    return [done / seconds for seconds, done in json.loads(out.strip().splitlines()[-1])]


def search_table(args: argparse.Namespace, trees: dict[str, Path]) -> Table:
    table = Table(title=f"{args.game}: ISMCTS {args.search}, iterations per CPU second, median "
                        f"of {args.rounds} runs of {args.games} decisions")
    for name in ("players", "position", "before", "after", "ratio"):
        table.add_column(name, justify="right")
    for players in args.players:
        rates: dict[str, list[list[float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for name, src in trees.items():
                rates[name].append(search(src, args.game, players, args.games, args.search))
        for i, position in enumerate(("first", "mid-game")):
            before = statistics.median(r[i] for r in rates["before"])
            after = statistics.median(r[i] for r in rates["after"])
            table.add_row(str(players), position, f"{before:,.0f}", f"{after:,.0f}",
                          f"{after / before:.2f}")
    return table


def run(src: Path, game: str, players: int, games: int, quiet: bool) -> tuple[float, int]:
    """CPU seconds and actions of ``games`` random games on the tree ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = CHILD.format(here=str(HERE), game=game, players=players, games=games, quiet=quiet)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    seconds, actions = json.loads(out.strip().splitlines()[-1])
    return float(seconds), int(actions)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the src directory before")
    parser.add_argument("--after", type=Path, required=True, help="the src directory after")
    parser.add_argument("--game", default="vive_le_roi")
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--rounds", type=int, default=5, help="runs per tree (default 5)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--search", choices=("easy", "medium", "hard"), default=None,
                        help="time ISMCTS at this level instead of random playouts")
    args = parser.parse_args(argv)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    if args.search:
        Console(width=120).print(search_table(args, trees))
        return
    table = Table(title=f"{args.game}: random playouts, CPU time, median of {args.rounds} runs "
                        f"of {args.games} games")
    for name in ("players", "log", "games/s before", "games/s after", "ratio",
                 "actions/s before", "actions/s after", "actions/game before",
                 "actions/game after"):
        table.add_column(name, justify="right")
    for players in args.players:
        for quiet in (False, True):
            rates: dict[str, list[float]] = {"before": [], "after": []}
            speeds: dict[str, list[float]] = {"before": [], "after": []}
            per_game: dict[str, float] = {}
            for _ in range(args.rounds):
                for name, src in trees.items():
                    seconds, actions = run(src, args.game, players, args.games, quiet)
                    rates[name].append(args.games / seconds)
                    speeds[name].append(actions / seconds)
                    per_game[name] = actions / args.games
            before, after = statistics.median(rates["before"]), statistics.median(rates["after"])
            table.add_row(
                str(players), "quiet" if quiet else "on", f"{before:.0f}", f"{after:.0f}",
                f"{after / before:.2f}", f"{statistics.median(speeds['before']):,.0f}",
                f"{statistics.median(speeds['after']):,.0f}", f"{per_game['before']:.1f}",
                f"{per_game['after']:.1f}",
            )
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
