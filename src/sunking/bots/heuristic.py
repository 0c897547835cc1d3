"""The heuristic bot: one ply of lookahead on the game's own evaluation.

For every legal action the bot applies it to one determinization of its information set and
scores the result with the game's :meth:`~sunking.core.game.Game.evaluate` — its own estimate
less the best other seat's — and plays the best, ties broken at random. The evaluation lives
beside each game's rules; the bot knows no game.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.rng import Rng
from .protocol import Observation


class HeuristicBot:
    """Greedy on ``Game.evaluate`` one action ahead."""

    name = "heuristic"

    def act(self, observation: Observation, rng: Rng) -> Action:
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        state = observation.determinize(rng)
        evaluate = observation.game.evaluate
        seat = observation.seat
        best: list[Action] = []
        top = float("-inf")
        for action in actions:
            values = evaluate(state.apply_unchecked(action))
            mine = values[seat]
            value = mine - max(v for p, v in enumerate(values) if p != seat)
            if value > top + 1e-9:
                top, best = value, [action]
            elif value > top - 1e-9:
                best.append(action)
        return rng.choice(best)
