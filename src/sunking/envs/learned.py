"""A learned evaluation: each seat's chance to win, read by a small network from one seat's view.

The model of a game and player count (:class:`ValueModel`) is a multilayer perceptron in
numpy. What it reads (:class:`Features`) is the research environments' observation of the
seat — the floats of ``sunking.envs`` before its ``prefix`` (the seat's unfinished choice) —
followed by the logarithm of every seat's chance to win by the game's own judgement
(:meth:`Evaluator.win_chances`), in the same order as the observation's seats (the seat
itself first, then clockwise). What it gives is every seat's chance to win, in that order;
:class:`LearnedJudge` weighs it against the game's own and puts them back in seat order
for the search.

A game ships its models in its package (``data/expert-<players>.npz``, with the search
settings they were measured with and the SHA-256 of the data they were trained on; see
``docs/bots.md``); playing needs numpy only. ``benchmarks/selfplay_data.py`` writes the data
and ``benchmarks/train_value.py`` trains a model from it.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import threading
import zipfile
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots import LEVELS
from ..bots.evaluator import Evaluator, Scope, evaluator
from ..bots.ismcts import IsmctsConfig
from ..bots.protocol import Observation
from ..core.actions import Action
from ..core.game import GameState
from ..core.registry import package
from ..core.rng import Rng
from .table import adapter, seat_array, seat_size

Floats = npt.NDArray[np.float32]

MODEL_FILE = "expert-{players}.npz"
"""A game's model for a player count, in its package's ``data`` directory."""


def softmax(h: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Chances from scores, along the last axis (each row of many at once)."""
    e = np.exp(h - h.max(axis=-1, keepdims=True))
    out: npt.NDArray[Any] = e / e.sum(axis=-1, keepdims=True)
    return out


@dataclasses.dataclass(frozen=True)
class ValueModel:
    """A perceptron: ``layers`` of (weights, biases), rectified between them, a softmax
    after the last; ``meta`` is what the training wrote beside the weights (the search
    settings, the data's digest, the figures)."""

    layers: tuple[tuple[Floats, Floats], ...]
    meta: Mapping[str, Any]

    @property
    def inputs(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def outputs(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def chances(self, x: Floats) -> Floats:
        """Each seat's chance to win for a row of features, or for each row of many (in the
        features' seat order)."""
        h = x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return softmax(h)

    def to_bytes(self) -> bytes:
        """The model as an ``.npz`` file's bytes (what :func:`read_model` reads)."""
        arrays: dict[str, Any] = {"meta": np.frombuffer(
            json.dumps(dict(self.meta), sort_keys=True).encode(), np.uint8)}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        return buffer.getvalue()


def read_model(data: bytes) -> ValueModel:
    """A model from the bytes of its ``.npz`` file.

    Raises:
        ValueError: the file is not such a model.
    """
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            count = sum(1 for name in npz.files if name.startswith("w"))
            layers = tuple((np.ascontiguousarray(npz[f"w{i}"], np.float32),
                            np.ascontiguousarray(npz[f"b{i}"], np.float32))
                           for i in range(count))
            meta = json.loads(bytes(npz["meta"]).decode())
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile) as error:
        raise ValueError(f"not a value model: {error}") from None
    if not layers:
        raise ValueError("not a value model: it has no layers")
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or b.shape != (w.shape[1],):
            raise ValueError(f"not a value model: layer {i}'s biases do not fit its weights "
                             f"({b.shape} against {w.shape})")
    for (w, _), (after, _) in itertools.pairwise(layers):
        if w.shape[1] != after.shape[0]:
            raise ValueError("not a value model: its layers do not fit together")
    return ValueModel(layers, meta)


_MODELS: dict[tuple[str, int], ValueModel | None] = {}


def shipped_model(game_id: str, players: int) -> ValueModel | None:
    """The model the game's package ships for ``players`` seats, or None where it has none.

    Raises:
        UnknownGame: no game has that id.
    """
    key = (game_id, players)
    if key not in _MODELS:
        found = resources.files(f"{package(game_id)}.data") / MODEL_FILE.format(players=players)
        _MODELS[key] = read_model(found.read_bytes()) if found.is_file() else None
    return _MODELS[key]


class Features:
    """What a model of a game and player count reads of one seat's view (see the module's
    documentation), written into one reused array; :attr:`own` keeps the game's own chances
    it read, in the same order."""

    FLOOR = 1e-6
    """The smallest chance whose logarithm is read (a smaller one reads as this)."""

    def __init__(self, game_id: str, players: int, judge: Evaluator[Any]) -> None:
        self.adapter = adapter(game_id)
        self.judge = judge
        self.players = players
        self.observed = seat_size(game_id, players)
        self.size = self.observed + players
        self.out: Floats = np.zeros(self.size, np.float32)
        self.own: Floats = np.zeros(players, np.float32)

    def __call__(self, state: GameState, seat: int) -> Floats:
        """The features of ``seat``'s view of ``state`` (the array is reused: copy to keep)."""
        out, own = self.out, self.own
        n = self.players
        fast = self.adapter.fast
        if fast is None:
            out[:self.observed] = seat_array(self.adapter, state, seat)
        else:  # the C encoder writes the observation's first floats straight in
            fast(state, seat, out)
        chances = self.judge.win_chances(state)
        for k in range(n):
            own[k] = chances[(seat + k) % n]
        np.log(np.maximum(own, self.FLOOR), out=out[self.observed:])
        return out


class LearnedJudge:
    """A game's evaluator whose win chances are a model's reading of one seat's view (the
    searching seat's, in every position its search reaches); its other parts are the game's
    own. ``mix`` weighs the model against the game's own chances (1: the model alone)."""

    def __init__(self, base: Evaluator[Any], model: ValueModel, features: Features, seat: int,
                 mix: float = 1.0) -> None:
        self.base = base
        self.model = model
        self.features = features
        self.seat = seat
        self.mix = mix

    @property
    def scale(self) -> float:
        return self.base.scale

    @property
    def scope(self) -> Scope:
        return self.base.scope

    @property
    def weight_sets(self) -> tuple[str, ...]:
        return self.base.weight_sets

    def evaluate(self, state: GameState) -> Sequence[float]:
        return self.base.evaluate(state)

    def win_chances(self, state: GameState) -> list[float]:
        if state.is_terminal:
            return list(self.base.win_chances(state))
        n = state.num_players
        features = self.features
        chances = self.model.chances(features(state, self.seat))
        if self.mix < 1.0:
            chances = self.mix * chances + (1.0 - self.mix) * features.own
        out = [0.0] * n
        for k in range(n):
            out[(self.seat + k) % n] = float(chances[k])
        return out

    def outcomes(self, state: GameState, action: Action) -> Sequence[tuple[float, GameState]]:
        return self.base.outcomes(state, action)

    def rollout_action(self, state: GameState, rng: Rng) -> Action:
        return self.base.rollout_action(state, rng)

    def with_weights(self, name: str) -> Evaluator[Any]:
        return self.base.with_weights(name)


_LOCAL = threading.local()
"""Each thread's features (their arrays are written in place): a server that runs bot moves
in threads may search two positions at once."""


def expert_tuning(observation: Observation,
                  config: IsmctsConfig) -> tuple[Evaluator[Any], IsmctsConfig]:
    """How ``ismcts:expert`` searches a decision (a :data:`~sunking.bots.ismcts.Tuning`,
    registered as the ``sunking.searches`` entry point ``expert``): with the model the game
    ships for the table's player count, judging from the deciding seat's view, and the
    search settings the model was measured with (its ``search`` entry: ``iterations``,
    ``horizon``, ``exploration``, ``mix``); ``config`` keeps its time cap and clock, and a
    budget of its own (``ismcts:expert:0.1s``) stays. Where the game ships no model for
    that count, the game's own evaluator and ``config``.

    Raises:
        ValueError: the game's model does not read what its encoder writes (a model left
            behind by a change of the encoding).
    """
    game_id = observation.game.spec.id
    players = observation.num_players
    base = evaluator(game_id)
    model = shipped_model(game_id, players)
    if model is None:
        return base, config
    key = (game_id, players)
    known: dict[tuple[str, int], Features] | None = getattr(_LOCAL, "features", None)
    if known is None:
        known = _LOCAL.features = {}
    features = known.get(key)
    if features is None:
        features = known[key] = Features(game_id, players, base)
    if model.inputs != features.size:
        raise ValueError(f"{game_id}'s expert model for {players} players reads "
                         f"{model.inputs} features where its encoder writes {features.size}: "
                         "train it again (benchmarks/train_value.py)")
    if model.outputs != players:
        raise ValueError(f"{game_id}'s expert model for {players} players gives chances for "
                         f"{model.outputs} seats: train it again (benchmarks/train_value.py)")
    search = dict(model.meta.get("search", {}))
    tuned = dataclasses.replace(
        config, horizon=int(search.get("horizon", config.horizon)),
        exploration=float(search.get("exploration", config.exploration)))
    if dataclasses.replace(config, cpu_clock=False) == LEVELS["expert"]:
        tuned = dataclasses.replace(tuned, iterations=int(search.get("iterations", 1000)))
    # else a budget of its own (ismcts:expert:0.1s): the model's settings, that budget
    mix = float(search.get("mix", 1.0))
    if not 0.0 <= mix <= 1.0:
        raise ValueError(f"{game_id}'s expert model for {players} players blends its chances "
                         f"with the game's own by {mix}, not a weight from 0 to 1")
    return LearnedJudge(base, model, features, observation.seat, mix), tuned


__all__ = ["Features", "LearnedJudge", "ValueModel", "expert_tuning", "read_model",
           "shipped_model", "softmax"]
