"""Where the time of a random playout goes: cProfile over complete games, grouped by part.

Plays ``--games`` random games (seeds 0..N-1, the bots of ``sunking simulate``, in place as
``bench_engine.py`` plays them) under :mod:`cProfile` and sums each function's own time
(``tottime``) into the parts of the engine: the core's flow and bookkeeping, its generator,
the game's state class, its compiled rule modules, its interpreted modules, Python's
built-ins, and the playout loop itself. A compiled function's calls to other compiled
functions are invisible to the profiler, so a compiled rule module's time includes the
compiled code it calls; and the profiler's own cost per call falls mostly on interpreted
functions, which it therefore overstates against compiled ones. See benchmarks/README.md.

    .venv/bin/python benchmarks/profile_engine.py --game louis14 --players 4 --games 200
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from bench_engine import play
from rich.console import Console
from rich.table import Table

import sunking
from sunking.compiled import running_compiled

PARTS = (
    ("core: flow, play, legal_actions", ("core/agenda.py", "core/game.py")),
    ("core: Rng", ("core/rng.py",)),
    ("the game's state class", ("/state.py",)),
    ("playout loop", ("bench_engine.py", "profile_engine.py")),
)


def part(key: tuple[str, int, str], compiled: Sequence[str]) -> str:
    """The part of the engine a profiler entry ``(file, line, function)`` belongs to."""
    filename, _, function = key
    for name, files in PARTS:
        if filename.replace("\\", "/").endswith(files):
            return name
    if filename == "~":  # a built-in, or a function of a compiled module
        if any(f"{module}." in function for module in compiled):
            if ".core." in function:
                return "core (compiled)"
            return "compiled rule modules"
        return "Python built-ins (list, len, …)"
    if "/sunking/" in filename:
        return "other interpreted sunking code"
    return "other"


def profile(game: str, players: int, games: int,
            quiet: bool) -> dict[str, dict[str, float]]:
    """Seconds of own time per part, and within it per function, over ``games`` random
    games."""
    play(game, players, games, quiet)  # warm up on a game not measured
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play(game, players, seed, quiet)
    profiler.disable()
    compiled = running_compiled()
    times: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for key, (_, _, own, _, _) in pstats.Stats(profiler).stats.items():  # type: ignore[attr-defined]
        times[part(key, compiled)][label(key)] += own
    return times


def label(key: tuple[str, int, str]) -> str:
    """A profiler entry's function, short: ``agenda.run``, ``legal._turn`` (compiled),
    ``builtins.sum``, ``list.pop``."""
    filename, _, function = key
    if filename != "~":
        return f"{Path(filename).stem}.{function}"
    name = function.removeprefix("<built-in method ").removeprefix("<method ").rstrip(">")
    method, of, owner = name.replace("'", "").removesuffix(" objects").partition(" of ")
    return f"{owner}.{method}" if of else ".".join(name.split(".")[-2:])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="+", default=["louis14", "vive_le_roi"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--events", action="store_true", help="record the event log")
    args = parser.parse_args(argv)
    console = Console()
    for game in args.game:
        times = profile(game, args.players, args.games, quiet=not args.events)
        console.print(f"sunking from {sunking.__file__}, {len(running_compiled())} modules "
                      "compiled")
        total = sum(sum(functions.values()) for functions in times.values())
        table = Table(title=f"{game}, {args.players} players, {args.games} games, "
                      f"{'events on' if args.events else 'quiet'}: {total:.2f} s profiled")
        table.add_column("part")
        table.add_column("share", justify="right")
        table.add_column("largest (share)")
        for name, functions in sorted(times.items(), key=lambda item: -sum(item[1].values())):
            largest = sorted(functions.items(), key=lambda item: -item[1])[:3]
            table.add_row(name, f"{100 * sum(functions.values()) / total:.0f} %", ", ".join(
                f"{function} {100 * seconds / total:.0f}" for function, seconds in largest))
        console.print(table)


if __name__ == "__main__":
    main()
