"""The fitted weights of the win-chance model (:func:`..heuristic.win_chances`), one per target.

Not rules and not printed components: maximum-likelihood weights fitted to the winners of
heuristic self-play by ``benchmarks/fit_v1682_win_chance.py``, which wrote this file.
A target without a model here is judged by the softmax of the hand-made estimate.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, slots=True)
class WinModel:
    """Weights of a conditional logit, one per feature, and how they were fitted."""

    target: int
    features: tuple[str, ...]
    weights: tuple[float, ...]
    games: int
    """Self-play games fitted (four players, heuristic bots, seeds from ``seed``)."""
    seed: int
    test_loss: float
    """Mean negative log-likelihood of the winner on the held-out fifth of the games."""
    estimate_loss: float
    """The same for the softmax of the hand-made estimate at its best scale."""


WIN_MODELS: dict[int, WinModel] = {50000: WinModel(target=50000,
                 features=('wealth',
                           'income',
                           'requests',
                           'windfalls',
                           'cards',
                           'playable',
                           'king',
                           'queen',
                           'bastille',
                           'exile',
                           'absent',
                           'grant',
                           'income_early',
                           'requests_early',
                           'standing_early',
                           'rounds',
                           'lead'),
                 weights=(0.893056,
                          0.0975,
                          -0.01441,
                          0.005068,
                          0.027412,
                          -0.009108,
                          -0.006788,
                          -0.051523,
                          0.504432,
                          0.290803,
                          0.520524,
                          0.724448,
                          -0.13687,
                          0.087287,
                          0.089133,
                          -0.077667,
                          -0.00746),
                 games=2500,
                 seed=10000000,
                 test_loss=1.0054,
                 estimate_loss=1.0347)}
