"""The Vive le Roi game object: its spec, and starting and loading states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.agenda import Rules
from ...core.game import Game, GameSpec, OptionSpec
from . import determinization, invariants, views
from .actions import CODEC
from .data import POINTS_LIMITS
from .flow import FLOW, new_game
from .state import ViveLeRoiState

SPEC = GameSpec(
    id="vive_le_roi",
    name="Vive le Roi",
    designer="Frank DiLorenzo",
    year=2000,
    min_players=3,
    max_players=6,
    imperfect_information=True,
    chance=True,
    max_actions=6000,
    options=(
        OptionSpec(
            name="points_limit",
            default=0,
            choices=POINTS_LIMITS,
            description="Play deals until someone has this many points (0: a single deal).",
        ),
    ),
    names={"nl": "Vive le Roi", "de": "Vive le Roi", "fr": "Vive le Roi"},
)


class ViveLeRoi(Game):
    """Vive le Roi (Frank DiLorenzo, Heidelberger 2000), 3–6 players."""

    spec = SPEC
    codec = CODEC
    def new_game(self, num_players: int, seed: int, **options: Any) -> ViveLeRoiState:
        """Start a game.

        Raises:
            InvalidOptions: the player count is not 3–6 or an option is unknown.
        """
        full = SPEC.check_setup(num_players, options)
        return ViveLeRoiState.begin(num_players, int(seed), full, new_game)

    def state_from_json(self, data: Mapping[str, Any]) -> ViveLeRoiState:
        return ViveLeRoiState.from_json(data, self.parse_action)


GAME = ViveLeRoi()
ViveLeRoiState.bind(GAME, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
))
