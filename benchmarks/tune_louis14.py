"""Tune the weights of Louis XIV's evaluation by tournament, with Optuna's CMA-ES.

Each trial proposes a weight set (:class:`sunking.games.louis14.heuristic.Weights`) and plays
it as a one-ply ``heuristic`` bot against three ``heuristic:original`` bots, the candidate in
every seat in turn, over the same seeds for every trial (common random numbers, so trials
differ by their weights and not by their deals). A trial's value is the candidate's mean
share of the opponents it beat (1 beats all three, ties count half; the original against
itself scores 0.5), which separates weight sets with fewer games than wins alone.

The tuned set is then checked on fresh seeds with the ordinary tournament, e.g.
``sunking tournament louis14 -b heuristic,heuristic:original,heuristic:original,heuristic:original
-n 1000``. The trials go to ``--json`` (default ``benchmarks/results/louis14_tuning.json``).

    .venv/bin/python benchmarks/tune_louis14.py [--trials 80] [--games 200] [--jobs 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path
from typing import Any

import optuna

from sunking.bots import HeuristicBot
from sunking.bots.arena import play_match
from sunking.bots.pool import worker_pool
from sunking.core.registry import make
from sunking.core.rng import Rng
from sunking.games.louis14.heuristic import ORIGINAL, WEIGHT_SETS, Weights

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 4
CANDIDATE = "candidate"

SCALED = ("louis", "personal_stone", "general_stone", "effect_per_round", "sharpness",
          "stones_short", "card_in_hand", "intrigue", "majority")
"""Weights tuned one by one, as a factor of the original (log-uniform in [1/4, 4])."""
REWARDS = ("blazons", "influence_card", "louvois", "conde", "maintenon")
"""The tiles' rewards other than chips, tuned by one common factor."""


def propose(trial: optuna.Trial | optuna.trial.FixedTrial) -> Weights:
    """The weight set of a trial: factors of the original, and a mission's effect. Every
    range is centred on the original (on a log scale for the factors), where CMA-ES starts."""
    changes: dict[str, Any] = {
        name: getattr(ORIGINAL, name) * trial.suggest_float(name, 0.25, 4.0, log=True)
        for name in SCALED
    }
    rewards = trial.suggest_float("rewards", 0.25, 4.0, log=True)
    changes.update({name: getattr(ORIGINAL, name) * rewards for name in REWARDS})
    changes["mission_effect"] = trial.suggest_float("mission_effect", -1.0, 2.0)
    for name in ("near_mission", "far_mission"):
        factor = trial.suggest_float(name, 1 / 3, 3.0, log=True)
        changes[name] = tuple(min(1.0, v * factor) for v in getattr(ORIGINAL, name))
    return dataclasses.replace(ORIGINAL, **changes)


def beaten_share(scores: tuple[int, ...], winners: tuple[int, ...], seat: int) -> float:
    """The share of the other seats ``seat`` finished ahead of (ties half; the winners of a
    shared win tie)."""
    mine = (scores[seat], seat in winners)
    total = 0.0
    for other in range(len(scores)):
        if other != seat:
            theirs = (scores[other], other in winners)
            total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return total / (len(scores) - 1)


def play_one(job: tuple[dict[str, Any], int, int]) -> float:
    """One game: the candidate (these weights) in ``seat`` against three originals."""
    fields, seed, seat = job
    WEIGHT_SETS[CANDIDATE] = Weights(**fields)
    bots = [HeuristicBot("original") for _ in range(PLAYERS)]
    bots[seat] = HeuristicBot(CANDIDATE)
    result = play_match(make("louis14"), bots, seed)
    return beaten_share(result.scores, result.winners, seat)


def seeds(games: int, seed: int) -> list[tuple[int, int]]:
    """(match seed, candidate's seat) for ``games`` games: each seed once per seat."""
    rng = Rng(seed)
    deals = [rng.next64() >> 1 for _ in range((games + PLAYERS - 1) // PLAYERS)]
    return [(deal, seat) for deal in deals for seat in range(PLAYERS)][:games]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=80, help="weight sets to try (80)")
    parser.add_argument("--games", type=int, default=200, help="games per trial (200)")
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes (1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and sampler (1)")
    parser.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results"
                        / "louis14_tuning.json", help="where the trials are written")
    args = parser.parse_args()
    jobs = seeds(args.games, args.seed)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    start = {**dict.fromkeys((*SCALED, "rewards", "near_mission", "far_mission"), 1.0),
             "mission_effect": ORIGINAL.mission_effect}
    sampler = optuna.samplers.CmaEsSampler(seed=args.seed)
    study = optuna.create_study(direction="maximize", sampler=sampler)
    # The original itself first: the yardstick every trial is compared with.
    study.enqueue_trial(start)
    pool = worker_pool(args.jobs) if args.jobs > 1 else None
    started = time.perf_counter()

    def objective(trial: optuna.Trial) -> float:
        fields = dataclasses.asdict(propose(trial))
        work = [(fields, deal, seat) for deal, seat in jobs]
        shares = list(pool.map(play_one, work, chunksize=8) if pool else map(play_one, work))
        value = sum(shares) / len(shares)
        print(f"trial {trial.number:3d}: {value:.4f} (best {max(value, _best(study)):.4f}, "
              f"{time.perf_counter() - started:.0f} s)", flush=True)
        return value

    try:
        study.optimize(objective, n_trials=args.trials)
    finally:
        if pool:
            pool.shutdown()
    best = study.best_trial
    out = {
        "game": "louis14", "players": PLAYERS, "games_per_trial": args.games,
        "seed": args.seed, "trials": [
            {"number": t.number, "value": t.value, "params": t.params} for t in study.trials],
        "best": {"number": best.number, "value": best.value, "params": best.params,
                 "weights": dataclasses.asdict(propose(optuna.trial.FixedTrial(best.params)))},
    }
    args.json.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out["best"], indent=1))


def _best(study: optuna.Study) -> float:
    done = [t.value for t in study.trials if t.value is not None]
    return max(done, default=0.0)


if __name__ == "__main__":
    main()
