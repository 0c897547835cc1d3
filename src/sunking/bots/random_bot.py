"""The random bot: uniform over the legal actions."""

from __future__ import annotations

from ..core.actions import Action
from ..core.rng import Rng
from .protocol import Observation


class RandomBot:
    """Picks uniformly at random among the legal actions."""

    name = "random"

    def act(self, observation: Observation, rng: Rng) -> Action:
        return rng.choice(observation.legal_actions)
