"""Benchmark the learning environments against the raw engine, with OpenSpiel's C++ Hearts
for scale, on one core (needs the rl extra).

For each game and player count it plays ``--games`` random games four ways and reports
engine actions per second (and tokens per second where the adapter chooses by tokens):

- ``engine``: ``legal_actions`` and ``apply_unchecked`` on quiet states, a uniform choice
  among the legal actions (the ceiling for any adapter);
- ``table``: :class:`sunking.envs.table.Table`, a random legal token per step and the
  acting seat's observation vector built at every step (what an agent pays for);
- ``pettingzoo``: the wrapped AEC environment, ``last()`` then ``step`` per agent step;
- ``openspiel``: the Python game through pyspiel, ``legal_actions`` and ``apply_action``
  with the information-state tensor of the acting seat at every step (through OpenSpiel's
  ``make_observation``: ``state.information_state_tensor()`` of a Python game also deals a
  new game each call to learn the tensor's shape).

The last row is OpenSpiel's C++ ``hearts`` (4 players) played the same way as the
``openspiel`` rows, from Python, with its information-state tensor per step.

    .venv/bin/python benchmarks/bench_envs.py [--game louis14] [--games 20] [--players 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

import sunking.envs.openspiel as sk_spiel
from sunking.core.registry import available_games, make
from sunking.core.rng import Rng
from sunking.envs.pettingzoo import env
from sunking.envs.table import Table

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


def table_run(game: str, n: int) -> Run:
    table = Table(game, n)

    def run(seed: int) -> tuple[int, int]:
        table.reset(seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while (seat := table.to_move) is not None:
            table.observe(seat)
            legal = table.legal_tokens()
            table.step(legal[int(rng.integers(len(legal)))])
            steps += 1
        return table.state.version, steps
    return run


def pettingzoo_run(game: str, n: int) -> Run:
    aec = env(game, n)

    def run(seed: int) -> tuple[int, int]:
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        for _agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return aec.unwrapped.table.state.version, steps
    return run


def spiel_run(name: str, params: dict[str, int], perfect_recall: bool = False) -> Run:
    game = pyspiel.load_game(name, params)
    info_state = make_observation(game, pyspiel.IIGObservationType(perfect_recall=perfect_recall))

    def run(seed: int) -> tuple[int, int]:
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            info_state.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            steps += 1
        engine = getattr(state, "engine_state", None)
        return (engine.version if engine is not None else steps), steps
    return run


def measure(run: Run, games: int) -> tuple[float, float]:
    """(engine actions per second, agent steps per second) over ``games`` seeds."""
    run(10_000)  # warm up imports and caches
    actions = steps = 0
    start = time.perf_counter()
    for seed in range(games):
        a, s = run(seed)
        actions += a
        steps += s
    spent = time.perf_counter() - start
    return actions / spent, steps / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="+", default=list(available_games()))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="+")
    args = parser.parse_args()
    table = RichTable(title=f"Random games, {args.games} per row, one core", box=box.SIMPLE)
    for column in ("game", "players", "way", "actions/s", "steps/s", "vs engine"):
        table.add_column(column, justify="left" if column in ("game", "way") else "right")
    for game in args.game:
        spec = make(game).spec
        for n in args.players or range(spec.min_players, spec.max_players + 1):
            if not spec.min_players <= n <= spec.max_players:
                continue
            ways: dict[str, Run] = {
                "engine": engine_run(game, n),
                "table": table_run(game, n),
                "pettingzoo": pettingzoo_run(game, n),
                "openspiel": spiel_run(sk_spiel.short_name(game), {"players": n}),
            }
            base = 0.0
            for way, run in ways.items():
                actions, steps = measure(run, args.games)
                base = base or actions
                table.add_row(game, str(n), way, f"{actions:,.0f}", f"{steps:,.0f}",
                              f"{actions / base:.1%}")
    actions, steps = measure(spiel_run("hearts", {}, perfect_recall=True), args.games * 5)
    table.add_row("hearts (OpenSpiel C++)", "4", "openspiel", f"{actions:,.0f}",
                  f"{steps:,.0f}", "")
    Console().print(table)


if __name__ == "__main__":
    main()
