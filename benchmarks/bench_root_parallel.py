"""How long the server's ``ismcts:hard`` takes for a move: one search, or the same
iterations shared out among worker processes (root parallelization, ``SUNKING_ROOT_PARALLEL``).

For each game, the same positions (random play from fixed seeds, 4 players) are given to a
:class:`~sunking.server.workers.bots.BotRunner` with one worker and one part, and to one with
``--workers`` workers and as many parts; the wall time of every move is taken after the pools
have warmed up. Run it on an otherwise idle machine: the parts only help when there are cores
for them.

    .venv/bin/python benchmarks/bench_root_parallel.py [--game louis14 ...] [--positions 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import sunking
from sunking.core import Rng
from sunking.server.workers.bots import BotRunner


def positions(game_id: str, count: int) -> list[dict[str, Any]]:
    """``count`` states (as JSON) with a real choice, from random play."""
    out = []
    game = sunking.make(game_id)
    for seed in range(count):
        state = game.new_game(4, seed)
        rng = Rng(seed)
        for _ in range(rng.below(60)):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal and len(state.legal_actions()) < 2:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            out.append(state.to_json())
    return out


async def timings(runner: BotRunner, game_id: str,
                  states: list[dict[str, Any]]) -> tuple[list[float], list[dict[str, Any]]]:
    await runner.choose(game_id, states[0], "ismcts:hard", 0)  # warm the pool up
    spent, moves = [], []
    for i, state in enumerate(states):
        start = time.perf_counter()
        moves.append(await runner.choose(game_id, state, "ismcts:hard", i))
        spent.append(time.perf_counter() - start)
    return spent, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=["louis14", "vive_le_roi",
                                                      "versailles1682"])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    table = Table(title=f"ismcts:hard, one search against {args.workers} parts "
                  f"({args.positions} positions a game, wall seconds a move)")
    for column in ("game", "one search: median", "mean", f"{args.workers} parts: median",
                   "mean", "speed-up (means)", "same move"):
        table.add_column(column)
    for game_id in args.game:
        states = positions(game_id, args.positions)
        single, parts = BotRunner(1, parts=1), BotRunner(args.workers, parts=args.workers)
        try:
            one, one_moves = asyncio.run(timings(single, game_id, states))
            many, many_moves = asyncio.run(timings(parts, game_id, states))
        finally:
            single.close()
            parts.close()
        same = sum(a == b for a, b in zip(one_moves, many_moves, strict=True))
        table.add_row(game_id, f"{statistics.median(one):.3f}", f"{statistics.mean(one):.3f}",
                      f"{statistics.median(many):.3f}", f"{statistics.mean(many):.3f}",
                      f"{statistics.mean(one) / statistics.mean(many):.2f}×",
                      f"{same} of {len(states)}")
    Console().print(table)


if __name__ == "__main__":
    main()
