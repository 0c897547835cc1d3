"""Benchmark the rules engines with random playouts, on one core.

For each player count and for both event modes (log on, and ``state.quiet = True`` as search
uses it) this plays ``--games`` complete games with the random bots of ``sunking simulate``
and reports games per second and actions per game (played in place with ``play``, as search
and random playouts play); a second, instrumented pass over the same games times
``legal_actions``, ``apply_unchecked`` and the checked ``apply`` call by call.
See benchmarks/README.md for what each figure means.

    .venv/bin/python benchmarks/bench_engine.py [--game louis14] [--games 200] [--players 2 3 4]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import platform
import time
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

import sunking
from sunking.cli import policy_rng
from sunking.core import GameState


@dataclasses.dataclass(frozen=True)
class Figures:
    game: str
    players: int
    quiet: bool
    games: int
    games_per_second: float
    actions_per_game: float
    legal_us: float
    apply_unchecked_us: float
    apply_us: float


def new_game(game: str, players: int, seed: int, quiet: bool) -> GameState:
    state = sunking.make(game).new_game(players, seed)
    state.quiet = quiet
    return state


IN_PLACE = hasattr(GameState, "play")
"""Whether the engine measured plays in place (``GameState.play``); an older engine, measured
side by side with ``PYTHONPATH=<its tree>/src``, copies at every action instead."""


def play(game: str, players: int, seed: int, quiet: bool) -> GameState:
    """One random game, exactly as ``sunking simulate`` plays it (``play_random``): in place
    on the game's own state, as random playouts and search play their private copies."""
    state = new_game(game, players, seed, quiet)
    rng = policy_rng(seed)
    if IN_PLACE:
        while not state.is_terminal:
            state.play(rng.choice(state.legal_actions()))
    else:
        while not state.is_terminal:
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def whole_games(game: str, players: int, seeds: range, quiet: bool) -> tuple[float, float]:
    """Games per second and mean actions per game, timing whole games (setup included)."""
    actions = 0
    start = time.perf_counter()
    for seed in seeds:
        actions += play(game, players, seed, quiet).version
    elapsed = time.perf_counter() - start
    return len(seeds) / elapsed, actions / len(seeds)


def per_call(game: str, players: int, seeds: range, quiet: bool) -> tuple[float, float, float]:
    """Mean µs of ``legal_actions`` (first call on each new state, so its cache is cold),
    of ``apply_unchecked``, and of the checked ``apply`` (cache warm, as after a client
    asked for the legal actions), over every decision of the same random games."""
    clock = time.perf_counter_ns
    legal_ns = unchecked_ns = checked_ns = calls = 0
    for seed in seeds:
        state = new_game(game, players, seed, quiet)
        rng = policy_rng(seed)
        while not state.is_terminal:
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = rng.choice(legal)
            t2 = clock()
            checked = state.apply(action)
            t3 = clock()
            state = state.apply_unchecked(action)
            t4 = clock()
            del checked
            legal_ns += t1 - t0
            checked_ns += t3 - t2
            unchecked_ns += t4 - t3
            calls += 1
    return legal_ns / calls / 1000, unchecked_ns / calls / 1000, checked_ns / calls / 1000


def measure(game: str, players: int, games: int, quiet: bool) -> Figures:
    seeds = range(games)
    play(game, players, games, quiet)  # warm up (imports, caches) on a game not measured
    gc.collect()
    rate, actions = whole_games(game, players, seeds, quiet)
    legal_us, unchecked_us, checked_us = per_call(game, players, seeds, quiet)
    return Figures(game, players, quiet, games, rate, actions, legal_us, unchecked_us, checked_us)


def openspiel_hearts(games: int) -> tuple[float, float] | None:
    """Games and actions per second of OpenSpiel's C++ Hearts (4 players) played at random
    from Python as ours are (every decision and chance outcome drawn by our ``Rng``), or None
    without OpenSpiel (the rl extra). The scale our engines are read against."""
    try:
        import pyspiel
    except ImportError:
        return None
    from sunking.core import Rng

    game = pyspiel.load_game("hearts")
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state, rng = game.new_initial_state(), Rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                draw, total = rng.random(), 0.0
                action = outcomes[-1][0]
                for outcome, chance in outcomes:
                    total += chance
                    if draw < total:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def rules_build() -> str:
    """How the rules run: compiled with mypyc (``make setup``) or from source."""
    try:
        from sunking.compiled import running_compiled
    except ImportError:  # an engine from before the compiled rules
        return "rules from source"
    names = running_compiled()
    if not names:
        return "rules from source"
    return f"{len(names)} rule modules compiled with mypyc (SUNKING_FROM_SOURCE=1: from source)"


def table(rows: Sequence[Figures]) -> Table:
    out = Table(title="Random playouts on one core", box=box.SIMPLE_HEAD)
    for name in (
        "game",
        "players",
        "events",
        "games/s",
        "actions",
        "legal µs",
        "unchecked µs",
        "apply µs",
    ):
        out.add_column(name, justify="left" if name == "events" else "right")
    for f in rows:
        out.add_row(
            f.game,
            str(f.players),
            "quiet" if f.quiet else "on",
            f"{f.games_per_second:.1f}",
            f"{f.actions_per_game:.1f}",
            f"{f.legal_us:.1f}",
            f"{f.apply_unchecked_us:.1f}",
            f"{f.apply_us:.1f}",
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", nargs="+", default=None, metavar="ID",
        help="games to measure (default: every registered game)",
    )
    parser.add_argument(
        "--games", type=int, default=200, help="games per configuration (default 200)"
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=None,
        metavar="N",
        help="player counts to measure (default: every count each game allows)",
    )
    parser.add_argument("--no-openspiel", action="store_true",
                        help="leave out OpenSpiel's C++ Hearts, timed for scale")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    plan: list[tuple[str, int]] = []
    for game in args.game or sunking.available_games():
        if game not in sunking.available_games():
            parser.error(f"no game {game!r}; registered: {', '.join(sunking.available_games())}")
        spec = sunking.make(game).spec
        counts = args.players or range(spec.min_players, spec.max_players + 1)
        bad = [n for n in counts if not spec.min_players <= n <= spec.max_players]
        if bad:
            parser.error(f"{game} is for {spec.min_players}–{spec.max_players} players, not {bad}")
        plan += [(game, n) for n in counts]
    console = Console()
    console.print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.machine()}, one process; {args.games} games per row, seeds 0–"
        f"{args.games - 1}; sunking from {sunking.__file__}; whole games played "
        + ("in place (GameState.play)" if IN_PLACE else "by copying (apply_unchecked)")
        + "; " + rules_build()
    )
    rows = []
    with console.status("measuring…") as status:
        for game, players in plan:
            for quiet in (False, True):
                status.update(f"{game}, {players} players, events {'off' if quiet else 'on'}…")
                rows.append(measure(game, players, args.games, quiet))
    console.print(table(rows))
    hearts = None if args.no_openspiel else openspiel_hearts(args.games)
    if hearts is not None:
        rate, speed = hearts
        console.print(f"OpenSpiel's C++ Hearts, 4 players, {args.games} random games from Python: "
                      f"{rate:,.1f} games/s, {speed:,.0f} actions/s (chance outcomes included)")
        for f in rows:
            if f.players == 4:
                ours = f.games_per_second * f.actions_per_game
                console.print(f"  {f.game}, 4 players, {'quiet' if f.quiet else 'log on'}: "
                              f"{ours:,.0f} actions/s = {ours / speed:.2f}× Hearts' rate")
    console.print(
        "games/s: complete games per second; actions: mean actions per game; legal µs: "
        "legal_actions on a new state (cold cache); unchecked µs: apply_unchecked; apply µs: "
        "checked apply after legal_actions (warm cache). See benchmarks/README.md."
    )


if __name__ == "__main__":
    main()
