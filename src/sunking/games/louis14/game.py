"""The Louis XIV game object: its spec, and starting and loading states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.agenda import Rules
from ...core.game import Game, GameSpec
from . import determinization, invariants, views
from .actions import CODEC
from .flow import FLOW, setup
from .state import Louis14State

SPEC = GameSpec(
    id="louis14",
    name="Louis XIV",
    designer="Rüdiger Dorn",
    year=2005,
    min_players=2,
    max_players=4,
    imperfect_information=True,
    chance=True,
    max_actions=2000,
    names={"nl": "Louis XIV", "fr": "Louis XIV", "de": "Louis XIV", "cs": "Ludvík XIV."},
)


class Louis14(Game):
    """Louis XIV (Rüdiger Dorn, alea 2005), 2–4 players."""

    spec = SPEC
    codec = CODEC

    def new_game(self, num_players: int, seed: int, **options: Any) -> Louis14State:
        """Start a game; the start player is seat 0.

        Raises:
            InvalidOptions: the player count is not 2–4 or an option is unknown.
        """
        full = SPEC.check_setup(num_players, options)
        return Louis14State.begin(num_players, int(seed), full, setup)

    def state_from_json(self, data: Mapping[str, Any]) -> Louis14State:
        return Louis14State.from_json(data, self.parse_action)


GAME = Louis14()
Louis14State.bind(GAME, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
))
