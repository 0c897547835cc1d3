"""The game's judgement for the bots (the evaluator protocol of ``sunking.bots.evaluator``,
met without importing the bots): a seat's points so far, and for the deal under way its
tricks and the bonus it can still make."""

from __future__ import annotations

from collections.abc import Sequence

from sunking.core.actions import Action
from sunking.core.game import GameState, softmax_chances
from sunking.core.rng import Rng

from .data import BONUS, DEALS
from .state import NO_BID, OhHellState


class OhHellEvaluator:
    """Scores so far, plus each seat's tricks this deal and the bonus while its bid is still
    within reach (half of it: the bid is not made yet)."""

    scale = 6.0
    scope = "game"
    weight_sets: tuple[str, ...] = ()

    def evaluate(self, state: OhHellState) -> list[float]:
        if state.is_terminal:
            return state.result().final_values()
        left = DEALS[state.deal] - sum(state.tricks)
        out = []
        for p in range(state.num_players):
            bid, taken = state.bids[p], state.tricks[p]
            reachable = bid != NO_BID and taken <= bid <= taken + left
            out.append(state.scores[p] + taken + (BONUS / 2 if reachable else 0.0))
        return out

    def win_chances(self, state: OhHellState) -> list[float]:
        return softmax_chances(state, lambda: self.evaluate(state), self.scale)

    def outcomes(self, state: OhHellState, action: Action) -> Sequence[tuple[float, GameState]]:
        return ((1.0, state.apply_unchecked(action)),)

    def rollout_action(self, state: OhHellState, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())

    def with_weights(self, name: str) -> OhHellEvaluator:
        raise ValueError(f"oh_hell's evaluation has no weight set named {name!r}")


EVALUATOR = OhHellEvaluator()
