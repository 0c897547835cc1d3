"""Benchmark the bots on one core: ISMCTS iterations per second, and decision times.

For each game (4 players where the game allows it) the script runs ISMCTS at each difficulty
level on two positions — the first decision of a new game, and a mid-game decision reached by
random play — and reports iterations per second (the whole decision timed, the one-ply root
ranking included), then times the heuristic bot's decisions over random positions. For
comparison, the same run times OpenSpiel's Python IS-MCTS on its Hearts (``--no-openspiel``
leaves it out).

    .venv/bin/python benchmarks/bench_bots.py [--game louis14] [--players 4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

import sunking
from sunking.bots import LEVELS, HeuristicBot, IsmctsBot, Observation
from sunking.core import GameState, Rng


def mid_game(game: str, players: int, seed: int) -> GameState:
    """A position about halfway through a random game, with a real choice to make."""
    state = sunking.make(game).new_game(players, seed)
    state.quiet = True
    rng = Rng(seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
        states.append(state)
    return next(s for s in states[(len(states) - 1) // 2:] if len(s.legal_actions()) >= 8)


def iterations_per_second(state: GameState, level: str, repeat: int) -> tuple[float, int]:
    """Median iterations per second over ``repeat`` decisions, and the root's actions."""
    seat = state.to_move
    assert seat is not None
    config = LEVELS[level]
    rates = []
    for r in range(repeat):
        bot = IsmctsBot(config, name=f"ismcts:{level}")
        start = time.perf_counter()
        bot.act(Observation(state, seat), Rng(r))
        elapsed = time.perf_counter() - start
        assert bot.last is not None
        rates.append(bot.last.iterations / elapsed)
    return statistics.median(rates), len(state.legal_actions())


def openspiel_hearts(repeat: int, simulations: int = 1000) -> tuple[float, int]:
    """OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``, random rollouts)
    on its Hearts (4 players), timed like ours: median iterations per second of a whole
    decision at the first decision with at least 8 actions (a card to lead), as our mid-game
    row, and its actions."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node() or len(state.legal_actions()) < 8:
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        else:
            state.apply_action(state.legal_actions()[0])
    rates = []
    for r in range(repeat):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                                random_state=np.random.RandomState(r))
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                               random_state=np.random.RandomState(r))
        start = time.perf_counter()
        bot.step(state)
        rates.append(simulations / (time.perf_counter() - start))
    return statistics.median(rates), len(state.legal_actions())


def heuristic_ms(game: str, players: int, positions: int) -> float:
    """Mean milliseconds of a heuristic decision over random positions of random games."""
    bot = HeuristicBot()
    total = 0.0
    count = 0
    for seed in range(positions):
        state = mid_game(game, players, 1000 + seed)
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        bot.act(Observation(state, seat), Rng(seed))
        total += time.perf_counter() - start
        count += 1
    return total / count * 1000


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="+", default=None, metavar="ID",
                        help="games to measure (default: every registered game)")
    parser.add_argument("--players", type=int, default=4,
                        help="players (default 4, or the nearest count the game allows)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="decisions per figure; the median is shown (default 3)")
    parser.add_argument("--no-openspiel", action="store_true",
                        help="leave out OpenSpiel's Python IS-MCTS on Hearts, measured "
                             "in the same run for comparison")
    args = parser.parse_args(argv)
    console = Console()
    console.print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.machine()}, one process"
    )
    table = Table(title="ISMCTS on one core", box=box.SIMPLE_HEAD)
    for name in ("game", "players", "level", "budget", "position", "actions", "it/s"):
        table.add_column(name, justify="left" if name in ("game", "level", "position")
                         else "right")
    heuristic = Table(title="Heuristic bot", box=box.SIMPLE_HEAD)
    for name in ("game", "players", "ms per decision"):
        heuristic.add_column(name, justify="left" if name == "game" else "right")
    for game in args.game or sunking.available_games():
        spec = sunking.make(game).spec
        players = min(max(args.players, spec.min_players), spec.max_players)
        first = sunking.make(game).new_game(players, 1)
        first.quiet = True
        positions = {"first": first, "mid-game": mid_game(game, players, 1)}
        with console.status(f"{game}…"):
            for level, config in LEVELS.items():
                for where, state in positions.items():
                    rate, actions = iterations_per_second(state, level, args.repeat)
                    table.add_row(game, str(players), level, f"{config.iterations} it"
                                  + (f" / {config.seconds:g} s" if config.seconds else ""),
                                  where, str(actions), f"{rate:,.0f}")
            heuristic.add_row(game, str(players), f"{heuristic_ms(game, players, 20):.1f}")
    if not args.no_openspiel:
        with console.status("OpenSpiel's IS-MCTS on Hearts…"):
            rate, actions = openspiel_hearts(args.repeat)
        table.add_row("hearts (OpenSpiel)", "4", "python ismcts", "1000 it", "8+ actions",
                      str(actions), f"{rate:,.0f}")
    console.print(table)
    console.print(heuristic)
    console.print("iterations/s: ISMCTS iterations divided by the whole decision's wall time "
                  "(median of --repeat runs). See benchmarks/README.md.")


if __name__ == "__main__":
    main()
