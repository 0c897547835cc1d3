"""Versailles 1682's heuristic bot against the one it replaced, on the same games.

The earlier bot is rebuilt from git (``--rev``, by default the last commit before the
heuristic valued winning): its ``heuristic.py`` is loaded beside the current one, and the bot
judges each action on one determinization and one die, scoring a finished game by fortunes
(the generic evaluator's final scores, ``DefaultEvaluator.evaluate``). It is a measuring
stick only, never a player.

Match ``i`` (seed ``--seed + i``) seats the bots of ``--bots`` rotated by ``i`` places
(``new`` is the current ``heuristic``, ``old`` the earlier one, any other spec a bot of
``make_bot``). Prints the win share of each seat's entry with its 95% Wilson interval.

    .venv/bin/python benchmarks/bench_v1682_old_heuristic.py [--bots new,old,old,old]
        [--games 100] [--seed 1] [--target 30000] [--rev c4561b0]
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from sunking.bots import Bot, DefaultEvaluator, make_bot
from sunking.bots.arena import play_match
from sunking.bots.protocol import Observation
from sunking.bots.stats import wilson_interval
from sunking.core.actions import Action
from sunking.core.rng import Rng
from sunking.games.versailles1682 import GAME

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "sunking.games.versailles1682"


def old_heuristic(rev: str) -> ModuleType:
    """The module ``heuristic.py`` of Versailles 1682 as it was at ``rev``."""
    path = "src/sunking/games/versailles1682/heuristic.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    name = f"{PACKAGE}._heuristic_{rev}"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = PACKAGE
    sys.modules[name] = module
    exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)
    return module


class OldHeuristicBot:
    """The earlier one-ply bot: one sample per action, finished games scored by fortune."""

    def __init__(self, module: ModuleType) -> None:
        self.name = "old"
        self.module = module

    def _values(self, state: object) -> list[float]:
        if getattr(state, "final", None) is not None:
            return DefaultEvaluator(GAME.spec.id).evaluate(state)  # type: ignore[arg-type]
        values: list[float] = self.module.evaluate(state)
        return values

    def act(self, observation: Observation, rng: Rng) -> Action:
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        state = observation.determinize(rng)
        seat = observation.seat
        best: list[Action] = []
        top = float("-inf")
        for action in actions:
            values = self._values(state.apply_unchecked(action))
            value = values[seat] - max(v for p, v in enumerate(values) if p != seat)
            if value > top + 1e-9:
                top, best = value, [action]
            elif value > top - 1e-9:
                best.append(action)
        return rng.choice(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="new,old,old,old")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=30000)
    parser.add_argument("--rev", default="c4561b0")
    args = parser.parse_args()
    module = old_heuristic(args.rev)
    specs = args.bots.split(",")
    n = len(specs)
    wins = [0.0] * n
    for g in range(args.games):
        order = [(i + g) % n for i in range(n)]
        bots: list[Bot] = [
            OldHeuristicBot(module) if specs[i] == "old"
            else make_bot("heuristic" if specs[i] == "new" else specs[i]) for i in order]
        result = play_match(GAME, bots, args.seed + g, {"target": args.target})
        for seat, entry in enumerate(order):
            wins[entry] += result.win_share(seat)
    print(f"versailles1682 {args.bots} (new: heuristic, old: heuristic at {args.rev}), "
          f"{args.games} games, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"target {args.target}")
    for entry, spec in enumerate(specs):
        low, high = wilson_interval(wins[entry], args.games)
        print(f"  seat entry {entry} {spec:10} wins {wins[entry]:6.1f}  "
              f"{wins[entry] / args.games:6.1%}  (95% CI {low:.1%}–{high:.1%})")


if __name__ == "__main__":
    main()
