"""Search's win chances in Versailles 1682: the fitted model of the full game, the estimate's
softmax elsewhere (see src/sunking/games/versailles1682/heuristic.py)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

from sunking.bots.ismcts import rewards
from sunking.core.game import softmax_chances
from sunking.games.versailles1682.data.win_models import WIN_MODELS
from sunking.games.versailles1682.heuristic import EVALUATOR, FEATURES, features, win_chances
from sunking.games.versailles1682.scenario import play, position
from sunking.games.versailles1682.state import V1682State

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

import fit_v1682_win_chance as fitting

FULL = 50000


def _full(**kw: object) -> V1682State:
    return position(4, target=FULL, turn=0, **kw)  # type: ignore[arg-type]


def test_the_full_game_has_a_model_of_every_feature() -> None:
    model = WIN_MODELS[FULL]
    assert model.target == FULL
    assert model.features == FEATURES
    assert len(model.weights) == len(FEATURES)
    assert model.test_loss < model.estimate_loss < math.log(4)
    s = _full()
    assert [len(row) for row in features(s)] == [len(FEATURES)] * 4


def test_chances_sum_to_one_and_follow_the_fortune() -> None:
    s = _full(fortunes={0: 30000, 1: 10000, 2: 10000, 3: 10000})
    chances = EVALUATOR.win_chances(s)
    assert chances == win_chances(s, WIN_MODELS[FULL])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > max(chances[1:])
    assert chances[1] == pytest.approx(chances[2])
    richer = _full(fortunes={0: 40000, 1: 10000, 2: 10000, 3: 10000})
    assert EVALUATOR.win_chances(richer)[0] > chances[0]


def test_early_in_the_full_game_a_lead_is_not_yet_a_win() -> None:
    # The estimate's softmax at its sharp search scale gives 10,000 livres ahead in round 1
    # a 90% chance; the model, fitted to who actually won, leaves the others a fair one.
    s = _full(fortunes={0: 10000, 1: 0, 2: 0, 3: 0})
    sharp = softmax_chances(s, lambda: EVALUATOR.evaluate(s), EVALUATOR.scale)
    assert sharp[1] < 0.05
    assert EVALUATOR.win_chances(s)[1] > 0.1


def test_the_quick_game_keeps_the_estimates_softmax() -> None:
    assert 30000 not in WIN_MODELS
    s = position(4, target=30000, turn=0, fortunes={0: 5000})
    values = EVALUATOR.evaluate(s)
    top = max(values)
    weights = [math.exp((v - top) / EVALUATOR.scale) for v in values]
    assert EVALUATOR.win_chances(s) == pytest.approx([w / sum(weights) for w in weights])


def test_search_is_rewarded_by_the_games_win_chances() -> None:
    s = _full(fortunes={0: 20000, 1: 5000})
    assert rewards(EVALUATOR, s) == EVALUATOR.win_chances(s)


def test_a_finished_game_gives_the_winner_everything() -> None:
    s = position(4, target=FULL, steps=[("negotiation",)], fortunes={0: 49000, 1: 49500})
    pay = next(a for a in s.legal_actions() if a.type == "pay" and a.to == 1)
    over = play(s, pay)
    assert over.is_terminal
    assert EVALUATOR.win_chances(over) == [0.0, 1.0, 0.0, 0.0]


def test_an_offer_that_would_end_the_game_gives_its_receiver_the_win() -> None:
    s = position(4, target=FULL, steps=[("negotiation",)], fortunes={0: 20000, 1: 48000})
    offer = next(a for a in s.legal_actions()
                 if a.type == "offer" and a.to == 1 and a.amount == 2000)
    asked = play(s, offer)
    assert asked.pending is not None and asked.pending[0] == "answer"
    assert EVALUATOR.win_chances(asked) == pytest.approx([0.0, 1.0, 0.0, 0.0], abs=1e-12)


def test_the_fit_recovers_the_weights_that_made_the_winners() -> None:
    rng = np.random.default_rng(5)
    truth = np.array([1.5, -0.8, 0.3])
    x = rng.normal(size=(4000, 4, 3))
    utility = x @ truth
    chances = np.exp(utility) / np.exp(utility).sum(axis=1, keepdims=True)
    y = np.zeros((4000, 4))
    y[np.arange(4000), [rng.choice(4, p=c) for c in chances]] = 1.0
    fitted = fitting.fit(x, y, 0.0)
    assert fitted == pytest.approx(truth, abs=0.12)
    assert fitting.loss(fitted, x, y, 0.0)[0] < fitting.loss(np.zeros(3), x, y, 0.0)[0]


def test_self_play_records_features_and_the_winner() -> None:
    rows, estimates, winners = fitting.play((0, FULL))
    assert rows and len(rows) == len(estimates)
    assert all(len(row) == 4 and len(row[0]) == len(FEATURES) for row in rows)
    assert sum(winners) == pytest.approx(1.0)
