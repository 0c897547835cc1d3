"""Fit Versailles 1682's win-chance model (a conditional logit) to heuristic self-play.

Plays ``--games`` games of four ``heuristic`` bots at ``--target`` livres, takes about one
position in six where a new seat comes to decide, and records every family's features
(:func:`sunking.games.versailles1682.heuristic.features`) with the game's winner. The
weights maximise the likelihood of the winners (SciPy's L-BFGS, a light L2 term) on four
fifths of the games; the last fifth (every game whose number is a multiple of five) measures
the fit against the softmax of the hand-made estimate at its own best scale. ``--write``
puts the weights in ``src/sunking/games/versailles1682/data/win_models.py``.

    .venv/bin/python benchmarks/fit_v1682_win_chance.py --games 2500 --jobs 2 --write
"""

from __future__ import annotations

import argparse
import pprint
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize
from scipy.special import log_softmax

from sunking.bots import HeuristicBot
from sunking.bots.arena import bot_rng
from sunking.bots.pool import worker_pool
from sunking.bots.protocol import Observation
from sunking.core.registry import make
from sunking.core.rng import Rng
from sunking.games.versailles1682.data.win_models import WIN_MODELS, WinModel
from sunking.games.versailles1682.heuristic import FEATURES, evaluate, features
from sunking.games.versailles1682.state import V1682State

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "src/sunking/games/versailles1682/data/win_models.py"
PLAYERS = 4
SAMPLE = 6
"""About one position in this many is recorded (neighbours are nearly the same)."""
L2 = 1e-3
SEED = 10_000_000

Game = tuple[list[list[list[float]]], list[list[float]], list[float]]
"""One game's rows: features per position and seat, the estimate per position and seat, and
the winners' shares per seat."""


def play(args: tuple[int, int]) -> Game:
    """One heuristic self-play game: its sampled positions and its winners."""
    number, target = args
    seed = SEED + number
    game = make("versailles1682")
    state = game.new_game(PLAYERS, seed, target=target)
    state.quiet = True
    bots = [HeuristicBot() for _ in range(PLAYERS)]
    rngs = [bot_rng(seed, p) for p in range(PLAYERS)]
    pick = Rng(seed ^ 0x5EED)
    rows: list[list[list[float]]] = []
    estimates: list[list[float]] = []
    last = None
    while (seat := state.to_move) is not None:
        assert isinstance(state, V1682State)
        if seat != last and state.phase != "setup" and pick.below(SAMPLE) == 0:
            rows.append(features(state))
            estimates.append(evaluate(state))
        last = seat
        state = state.apply_unchecked(bots[seat].act(Observation(state, seat), rngs[seat]))
    winners = state.result().winners
    return rows, estimates, [1.0 / len(winners) if p in winners else 0.0
                             for p in range(PLAYERS)]


def loss(w: np.ndarray[Any, Any], x: np.ndarray[Any, Any], y: np.ndarray[Any, Any],
         l2: float) -> tuple[float, np.ndarray[Any, Any]]:
    """Mean negative log-likelihood of the winners (and its gradient) at weights ``w``."""
    log_chances = log_softmax(x @ w, axis=1)
    chances = np.exp(log_chances)
    value = -float((y * log_chances).sum()) / len(x) + l2 * float(w @ w)
    grad = -np.einsum("ni,nik->k", y - chances, x) / len(x) + 2 * l2 * w
    return value, grad


def fit(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], l2: float) -> np.ndarray[Any, Any]:
    result = minimize(loss, np.zeros(x.shape[2]), args=(x, y, l2), jac=True,
                      method="L-BFGS-B")
    return np.asarray(result.x)


def arrays(games: Sequence[Game]) -> tuple[np.ndarray[Any, Any], ...]:
    x = [row for rows, _, _ in games for row in rows]
    e = [est for _, ests, _ in games for est in ests]
    y = [win for rows, _, win in games for _ in rows]
    return (np.asarray(x, dtype=float), np.asarray(e, dtype=float)[:, :, None] / 10000,
            np.asarray(y, dtype=float))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2500)
    parser.add_argument("--target", type=int, default=50000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true",
                        help=f"write the weights to {MODELS.relative_to(ROOT)}")
    args = parser.parse_args()
    start = time.perf_counter()
    work = [(i, args.target) for i in range(args.games)]
    if args.jobs > 1:
        with worker_pool(args.jobs) as pool:
            games = list(pool.map(play, work, chunksize=8))
    else:
        games = [play(w) for w in work]
    played = time.perf_counter() - start
    train = [g for i, g in enumerate(games) if i % 5]
    test = [g for i, g in enumerate(games) if not i % 5]
    x, e, y = arrays(train)
    tx, te, ty = arrays(test)
    w = fit(x, y, L2)
    test_loss = loss(w, tx, ty, 0.0)[0]
    scale = fit(e, y, 0.0)
    estimate_loss = loss(scale, te, ty, 0.0)[0]
    print(f"{args.games} games ({played:.0f} s), {len(x)} positions to fit, {len(tx)} held out")
    print(f"held-out loss: model {test_loss:.4f}, estimate {estimate_loss:.4f} "
          f"(best scale {10000 / scale[0]:.0f} livres), uniform {np.log(PLAYERS):.4f}")
    for name, weight in zip(FEATURES, w, strict=True):
        print(f"  {name:16s} {weight:+.4f}")
    if args.write:
        model = WinModel(args.target, FEATURES, tuple(round(float(v), 6) for v in w),
                         args.games, SEED, round(test_loss, 4), round(estimate_loss, 4))
        models = {**WIN_MODELS, args.target: model}
        text = MODELS.read_text()
        head = text[:text.index("WIN_MODELS: dict[int, WinModel] = ")]
        body = pprint.pformat(models, width=96, sort_dicts=True)
        MODELS.write_text(f"{head}WIN_MODELS: dict[int, WinModel] = {body}\n")
        print(f"wrote {MODELS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
