"""Benchmark the learning environments against the raw engine, side by side in one run, on one
core (needs the rl extra), with OpenSpiel's C++ Hearts for scale; with ``--suites``, run the
libraries' own test suites longer than the tests do, at every player count.

For each game and player count (4 by default) it plays ``--games`` random games three ways:

- ``engine``: ``legal_actions`` and ``apply_unchecked`` on quiet states, a uniform choice
  among the legal actions (the ceiling for any adapter);
- ``pettingzoo``: the AEC environment, ``last()`` (the acting agent's observation, a new
  array at every step) then ``step`` with a random legal token (read from the observation's
  mask and drawn as the engine draws its action, with the same generator);
- ``pettingzoo, no observation``: the same loop with ``last(observe=False)`` and the legal
  tokens read from the table: what the environment costs besides the observation;
- ``openspiel``: the Python game through pyspiel, the deal's chance nodes sampled, then
  ``legal_actions`` and ``apply_action`` with the acting seat's observation tensor read at
  every step (through OpenSpiel's ``make_observation``);
- ``openspiel info state``: the same with the acting seat's information-state tensor
  (perfect recall) read at every step instead.

It prints engine actions per second, agent steps (tokens) per second and each adapter's
share of the engine's actions per second, all per second of the process's CPU time. The
last row is OpenSpiel's C++ ``hearts`` (4 players) played as the ``openspiel`` rows, with
its information-state tensor per step. Each figure is the median of ``--rounds`` rounds
that take the ways in turn.

    .venv/bin/python benchmarks/bench_envs.py [--game louis14] [--games 20] [--players 4]
        [--ways engine pettingzoo ...] [--rounds 3]
    .venv/bin/python benchmarks/bench_envs.py --suites [--cycles 1000]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from collections.abc import Callable

import pyspiel
from open_spiel.python.observation import make_observation
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

import sunking.envs.openspiel as sk_spiel
from sunking.core.registry import available_games, make
from sunking.core.rng import Rng
from sunking.envs.pettingzoo import env

Run = Callable[[int], tuple[int, int]]
"""Plays the game of one seed; returns (engine actions, agent steps)."""


def engine_run(game: str, n: int) -> Run:
    def run(seed: int) -> tuple[int, int]:
        state = make(game).new_game(n, seed)
        state.quiet = True
        rng = Rng(seed)
        while not state.is_terminal:
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
        return state.version, state.version
    return run


def pettingzoo_run(game: str, n: int, observe: bool = True) -> Run:
    aec = env(game, n)
    table = aec.unwrapped.table

    def run(seed: int) -> tuple[int, int]:
        aec.reset(seed=seed)
        rng = Rng(seed)
        steps = 0
        for _agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last(observe)
            if terminated or truncated:
                aec.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0] if obs else table.legal_tokens()
            aec.step(int(legal[rng.below(len(legal))]))
            steps += 1
        return table.state.version, steps
    return run


def chance_outcome(outcomes: list[tuple[int, float]], rng: Rng) -> int:
    """One of a chance node's ``(action, probability)`` outcomes, drawn by probability."""
    left = rng.random()
    for action, probability in outcomes:
        left -= probability
        if left < 0:
            return action
    return outcomes[-1][0]


def spiel_run(name: str, params: dict[str, int], perfect_recall: bool = False) -> Run:
    game = pyspiel.load_game(name, params)
    kind = pyspiel.IIGObservationType(perfect_recall=perfect_recall)
    info_state = make_observation(game, kind)

    def run(seed: int) -> tuple[int, int]:
        state = game.new_initial_state()
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_outcome(state.chance_outcomes(), rng))
                continue
            info_state.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            steps += 1
        engine = getattr(state, "engine_state", None)
        return (engine.version if engine is not None else steps), steps
    return run


def measure(run: Run, games: int) -> tuple[float, float]:
    """(engine actions per second, agent steps per second) over ``games`` seeds, counting
    the process's CPU time (so that other work on a shared machine matters less)."""
    run(10_000)  # warm up imports and caches
    actions = steps = 0
    start = time.process_time()
    for seed in range(games):
        a, s = run(seed)
        actions += a
        steps += s
    spent = time.process_time() - start
    return actions / spent, steps / spent


WAYS = ("engine", "pettingzoo", "pettingzoo, no observation", "openspiel",
        "openspiel info state")


def way_run(way: str, game: str, n: int) -> Run:
    """The run of one way of playing ``game`` with ``n`` players (see :data:`WAYS`)."""
    name = sk_spiel.short_name(game)
    if way == "engine":
        return engine_run(game, n)
    if way.startswith("pettingzoo"):
        return pettingzoo_run(game, n, observe=way != "pettingzoo, no observation")
    return spiel_run(name, {"players": n}, perfect_recall=way == "openspiel info state")


def speeds(games: list[str], players: list[int], count: int,
           chosen: tuple[str, ...] = WAYS, rounds: int = 1) -> RichTable:
    """The ways side by side for each game at each player count it allows (the first way
    chosen is the one the others are compared with), each the median of ``rounds`` rounds
    that take the ways in turn (so that a slow spell of a shared machine falls on all of
    them)."""
    title = f"Random games, {count} per row, one core, median of {rounds} rounds"
    table = RichTable(title=title, box=box.SIMPLE)
    for column in ("game", "players", "way", "actions/s", "steps/s", "vs engine"):
        table.add_column(column, justify="left" if column in ("game", "way") else "right")
    for game in games:
        spec = make(game).spec
        for n in players:
            if not spec.min_players <= n <= spec.max_players:
                continue
            ways = [w for w in WAYS if w in chosen]
            runs = {way: way_run(way, game, n) for way in ways}
            found: dict[str, list[tuple[float, float]]] = {way: [] for way in ways}
            for _ in range(rounds):
                for way in ways:
                    found[way].append(measure(runs[way], count))
            base = 0.0
            for way in ways:
                actions = statistics.median(a for a, _ in found[way])
                steps = statistics.median(s for _, s in found[way])
                base = base or actions
                table.add_row(game, str(n), way, f"{actions:,.0f}", f"{steps:,.0f}",
                              f"{actions / base:.1%}")
    actions, steps = measure(spiel_run("hearts", {}, perfect_recall=True), count * 5)
    table.add_row("hearts (OpenSpiel C++)", "4", "openspiel", f"{actions:,.0f}",
                  f"{steps:,.0f}", "")
    return table


def suites(games: list[str], cycles: int) -> None:
    """PettingZoo's api, seed and render tests and Gymnasium's check_env at every player
    count, with ``cycles`` cycles (the tests run fewer, at the smallest and largest count)."""
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, render_test, seed_test

    import sunking.envs.gymnasium as sk_gym

    warnings.simplefilter("ignore")
    for game in games:
        spec = make(game).spec
        env_id = next(i for i, g in sk_gym.ENV_IDS.items() if g == game)
        for n in range(spec.min_players, spec.max_players + 1):
            start = time.perf_counter()
            api_test(env(game, n, seed=n), num_cycles=cycles)
            seed_test(lambda game=game, n=n: env(game, n), num_cycles=cycles)
            with contextlib.redirect_stdout(io.StringIO()):  # "human" prints the boards
                render_test(lambda render_mode=None, game=game, n=n: env(
                    game, n, render_mode=render_mode))
            check_env(gymnasium.make(env_id, num_players=n, opponents="heuristic").unwrapped)
            print(f"{game} {n} players: api, seed, render, check_env passed "
                  f"({time.perf_counter() - start:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="+", default=list(available_games()))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--suites", action="store_true",
                        help="run the libraries' test suites at every player count instead")
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of every way, the median reported")
    parser.add_argument("--ways", nargs="+", default=list(WAYS), choices=WAYS,
                        help="the ways to play (default: all)")
    args = parser.parse_args()
    if args.suites:
        suites(args.game, args.cycles)
        return
    Console().print(speeds(args.game, args.players, args.games, tuple(args.ways),
                           args.rounds))


if __name__ == "__main__":
    main()
