"""The heuristic bot: one ply of lookahead on the game's own evaluation.

For every legal action the bot applies it to one determinization of its information set and
scores the result with the game's evaluator (:meth:`.evaluator.Evaluator.evaluate`) — its own
estimate less the best other seat's — and plays the best, ties broken at random. Where the
game enumerates an action's chance (:meth:`.evaluator.Evaluator.outcomes`, e.g. the ten faces
of a die), the score is the expectation over the outcomes; otherwise it is one sample. The
evaluator lives beside each game's rules; the bot knows no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.game import GameState
from ..core.rng import Rng
from .evaluator import Evaluator, evaluator
from .protocol import Observation


def one_ply(judge: Evaluator[Any], state: GameState, actions: Sequence[Action],
            seat: int) -> list[float]:
    """Per action, the game's evaluation after it: ``seat``'s estimate less the best other
    seat's, expected over the outcomes the game enumerates (:meth:`Evaluator.outcomes`)."""
    scores = []
    for action in actions:
        score = 0.0
        for weight, after in judge.outcomes(state, action):
            values = judge.evaluate(after)
            score += weight * (values[seat] - max(v for p, v in enumerate(values) if p != seat))
        scores.append(score)
    return scores


class HeuristicBot:
    """Greedy on the game's evaluation one action ahead; with ``evaluation``, on that named
    weight set of it (:meth:`Evaluator.with_weights`)."""

    def __init__(self, evaluation: str | None = None) -> None:
        self.evaluation = evaluation
        self.name = "heuristic" if evaluation is None else f"heuristic:{evaluation}"

    def act(self, observation: Observation, rng: Rng) -> Action:
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        judge = evaluator(observation.game.spec.id)
        if self.evaluation is not None:
            judge = judge.with_weights(self.evaluation)
        scores = one_ply(judge, observation.determinize(rng), actions, observation.seat)
        best: list[Action] = []
        top = float("-inf")
        for action, value in zip(actions, scores, strict=True):
            if value > top + 1e-9:
                top, best = value, [action]
            elif value > top - 1e-9:
                best.append(action)
        return rng.choice(best)
