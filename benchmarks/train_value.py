"""Train a game's value model (``ismcts:expert``; see docs/bots.md) from self-play data.

Reads every part of a run of ``benchmarks/selfplay_data.py``, holds out every tenth game
for validation, and trains a perceptron (scikit-learn's ``MLPClassifier``: one hidden layer
of rectified units, Adam, a fixed seed, one thread) to tell from a seat's features which
seat wins: a position whose game ended in a shared win counts once for each winner,
weighed by its share. Then it weighs the model against the game's own win chances on the
held-out games (the blend ``mix`` with the smallest log loss), measures the game's own
chances calibrated (raised to the power that fits the training games best: what the model
must beat beyond learning the calibration) and writes the model — the weights as float32,
the search settings to play it with, the SHA-256 of the data and the figures — as ``.npz``
(``sunking.envs.learned.read_model`` reads it).

    .venv/bin/python benchmarks/train_value.py --data benchmarks/data/louis14-4p-seed1 \\
        --out src/sunking/games/louis14/data/expert-4.npz --iterations 1000 --horizon 0

Training is reproducible bit for bit on one machine: the same data, settings and seed give
the same bytes. Another machine's vector kernels (AVX-512 against AVX2, say) may round the
last bits otherwise; ``tests/bots/test_expert_training.py`` retrains a tiny model from a small
committed sample with the kernels held to a level, and knows its weights at each.

``--retune`` changes only the search settings a model is played with (``--iterations``,
``--horizon``, ``--exploration``, ``--mix``, those given), its weights untouched; the model's
``retunings`` list each such change, with the command and the settings it replaced:

    .venv/bin/python benchmarks/train_value.py --retune \
        src/sunking/games/vive_le_roi/data/expert-4.npz --horizon 4
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shlex
import sys
import time
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import sklearn
from sklearn.exceptions import ConvergenceWarning
from sklearn.neural_network import MLPClassifier
from threadpoolctl import threadpool_limits

sys.path.insert(0, str(Path(__file__).resolve().parent))
from selfplay_data import digest, load

from sunking.envs.learned import Features, ValueModel, read_model, softmax

MIXES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The blends of the model with the game's own chances weighed on the held-out games."""


def split(games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows for training and for validation: every tenth game held out, whole."""
    held = games % 10 == 0
    return np.flatnonzero(~held), np.flatnonzero(held)


def expanded(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows, labels and weights: each position once per seat with a share of the win (the
    label its place in the features' seat order), weighed by that share."""
    rows, seats = np.nonzero(y > 0)
    return x[rows], seats, y[rows, seats]


def log_loss(chances: np.ndarray, y: np.ndarray) -> float:
    """The mean log loss of ``chances`` against the shares of the win ``y``."""
    return float(-(y * np.log(np.clip(chances, 1e-7, 1.0))).sum(axis=1).mean())


POWERS = np.geomspace(0.05, 5.0, 61)
"""The powers of the game's own chances tried when calibrating them (:func:`calibrated`)."""


def calibrated(logs: np.ndarray, y: np.ndarray) -> float:
    """The power of the game's own chances (each raised to it, then normalised: a softmax of
    their logarithms ``logs`` at another temperature) with the smallest log loss against
    ``y``: the fair baseline for a model, which learns the calibration as well as the rest."""
    logs = np.asarray(logs, np.float64)  # once, not at every power
    return float(min(POWERS, key=lambda power: log_loss(powered(logs, power), y)))


def powered(logs: np.ndarray, power: float) -> np.ndarray:
    """Chances from their logarithms ``logs``, each raised to ``power`` and normalised."""
    return softmax(np.asarray(logs, np.float64) * power)


def fit(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int,
        alpha: float = 1e-4) -> MLPClassifier:
    """The perceptron, trained on one thread (so that it comes out the same every time)."""
    rows, labels, weights = expanded(x, y)
    model = MLPClassifier(hidden_layer_sizes=(hidden,), activation="relu", solver="adam",
                          alpha=alpha, batch_size=256, learning_rate_init=1e-3,
                          max_iter=epochs, shuffle=True, random_state=seed, tol=0.0,
                          n_iter_no_change=epochs + 1)
    with threadpool_limits(1), warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # the epochs are fixed on purpose
        model.fit(rows, labels, sample_weight=weights)
    return model


def as_value_model(model: MLPClassifier, meta: Mapping[str, Any]) -> ValueModel:
    layers = tuple((np.asarray(w, np.float32), np.asarray(b, np.float32))
                   for w, b in zip(model.coefs_, model.intercepts_, strict=True))
    return ValueModel(layers, meta)


def train(data: Mapping[str, np.ndarray], hidden: int, epochs: int, seed: int,
          search: Mapping[str, Any], alpha: float = 1e-4) -> ValueModel:
    """A model from self-play data (:func:`selfplay_data.load`), with its figures."""
    y, own = data["y"], data["own"]
    x = data["x"].copy()
    n = y.shape[1]
    # The last features are the logarithms of the game's own chances, as the search reads
    # them (``Features``): worked out again from the chances kept beside them.
    logs = np.log(np.maximum(own, np.float32(Features.FLOOR)))
    x[:, -n:] = logs
    training, held = split(data["game"])
    started = time.process_time()
    model = fit(x[training], y[training], hidden, epochs, seed, alpha)
    seconds = time.process_time() - started
    draft = as_value_model(model, {})
    learned = draft.chances(x[held])
    losses = {str(mix): log_loss(mix * learned + (1 - mix) * own[held], y[held])
              for mix in MIXES}
    best = min(MIXES, key=lambda mix: losses[str(mix)])
    power = calibrated(logs[training], y[training])
    meta = {
        "data_sha256": digest(data[k] for k in ("x", "own", "y", "game")),
        "games": len(set(data["game"].tolist())),
        "positions": len(y),
        "held_out_positions": len(held),
        "data_cpu_hours": round(float(data["cpu_seconds"]) / 3600, 3),
        "hidden": hidden, "epochs": epochs, "seed": seed, "alpha": alpha,
        "training_cpu_seconds": round(seconds, 1),
        "log_loss": {"uniform": round(log_loss(np.full_like(own[held], 1 / n), y[held]), 4),
                     "game's own": round(losses["0.0"], 4),
                     "game's own, calibrated": round(
                         log_loss(powered(logs[held], power), y[held]), 4),
                     "model": round(losses["1.0"], 4),
                     **{f"mix {m}": round(losses[str(m)], 4) for m in MIXES[1:-1]}},
        "calibration_power": round(power, 4),
        "search": {**search, "mix": float(search.get("mix", best))},
        "trainer": f"scikit-learn {sklearn.__version__} MLPClassifier",
    }
    return as_value_model(model, meta)


def weights_sha256(model: ValueModel) -> str:
    """The SHA-256 of a model's weights, layer by layer (what the reproducibility test
    compares)."""
    sha = hashlib.sha256()
    for w, b in model.layers:
        sha.update(w.tobytes())
        sha.update(b.tobytes())
    return sha.hexdigest()


def retune(model: ValueModel, search: Mapping[str, Any], command: str) -> ValueModel:
    """``model`` played with ``search`` (its settings that are given) instead: the same
    weights, the change listed in ``retunings``."""
    was = dict(model.meta.get("search", {}))
    retunings = [*model.meta.get("retunings", []), {"command": command, "was": was}]
    return ValueModel(model.layers, {**model.meta, "search": {**was, **search},
                                     "retunings": retunings})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, nargs="+",
                        help="the runs of selfplay_data.py to train on")
    parser.add_argument("--games", type=int, nargs="+", metavar="N",
                        help="train on the first N games of each run only (one N for every "
                             "run, or one for each): a run played on since gives the same data")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--retune", type=Path, metavar="MODEL",
                        help="do not train: play MODEL (rewritten in place) with the search "
                             "settings given")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=1e-4, help="the L2 penalty")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the search's iterations with this model (default 1000)")
    parser.add_argument("--horizon", type=int, default=None,
                        help="the search's playout length with this model (default 0)")
    parser.add_argument("--exploration", type=float, default=None,
                        help="the search's exploration constant with this model "
                             "(default: the level's)")
    parser.add_argument("--mix", type=float, default=None,
                        help="the model's weight against the game's own chances "
                             "(default: the best on the held-out games)")
    args = parser.parse_args()
    if args.mix is not None and not 0.0 <= args.mix <= 1.0:
        parser.error(f"--mix is the model's weight, from 0 to 1, not {args.mix}")
    if args.games is not None and min(args.games) < 1:
        parser.error(f"--games is at least 1 a run, not {min(args.games)}")
    if args.iterations is not None and args.iterations < 1:
        parser.error(f"--iterations is at least 1, not {args.iterations}")
    if args.horizon is not None and args.horizon < 0:
        parser.error(f"--horizon is a number of actions, 0 or more, not {args.horizon}")
    command = shlex.join(["benchmarks/train_value.py", *sys.argv[1:]])
    given = {"iterations": args.iterations, "horizon": args.horizon,
             "exploration": args.exploration, "mix": args.mix}
    search: dict[str, Any] = {name: value for name, value in given.items() if value is not None}
    if args.retune is not None:
        model = retune(read_model(args.retune.read_bytes()), search, command)
        args.retune.write_bytes(model.to_bytes())
        print(json.dumps(model.meta["search"]), f"-> {args.retune}")
        return
    if not args.data or args.out is None:
        parser.error("training needs --data and --out (or --retune MODEL)")
    search = {"iterations": 1000, "horizon": 0, **search}
    model = train(load(*args.data, games=args.games), args.hidden, args.epochs, args.seed, search,
                  args.alpha)
    meta = {**model.meta, "command": command, "weights_sha256": weights_sha256(model)}
    model = ValueModel(model.layers, meta)
    args.out.write_bytes(model.to_bytes())
    print(json.dumps(meta, indent=1))
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
