"""The Versailles 1682 game object: its spec, and starting and loading states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.actions import Action
from ...core.agenda import Rules
from ...core.game import Game, GameSpec, GameState, OptionSpec
from . import determinization, invariants, views
from .actions import CODEC
from .data import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEGOTIATION_MOVE_CHOICES,
    NEGOTIATION_MOVES,
    ROUND_LIMITS,
    TARGETS,
)
from .etiquette import remark_address, unfined
from .flow import ASIDES, FLOW, setup
from .state import V1682State

SPEC = GameSpec(
    id="versailles1682",
    name="Versailles 1682",
    designer="Philippe Mouchebeuf",
    year=None,  # neither the rulebook nor the rulings file dates the game
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    imperfect_information=True,
    chance=True,
    max_actions=60000,
    options=(
        OptionSpec("target", 30000, TARGETS,
                   "Fortune a family must reach to win (30,000 quick game, 50,000 full game)"),
        OptionSpec("negotiation_moves", NEGOTIATION_MOVES, NEGOTIATION_MOVE_CHOICES,
                   "Payments, shown cards or offers each player may make in one negotiation (the "
                   "engine's bound for its five-minute clock)"),
        OptionSpec("round_limit", 30, ROUND_LIMITS,
                   "Rounds after which the richest family wins (an engine bound, not a rule)"),
    ),
    names={"de": "Versailles 1682", "fr": "Versailles 1682"},
)


class Versailles1682(Game):
    """Versailles 1682 (Philippe Mouchebeuf, Tilsit / Truant), 3–6 players."""

    spec = SPEC
    codec = CODEC
    def remarks(self, state: GameState, seat: int, text: str,
                addressed: int | None = None) -> tuple[Action, ...]:
        """A public remark that addresses a courtier is an :class:`~.actions.Address`
        (see :func:`.etiquette.remark_address` and docs/versailles1682.md)."""
        assert isinstance(state, V1682State)
        address = remark_address(state, seat, text, addressed)
        return () if address is None else (address,)

    def duties(self, state: GameState) -> tuple[tuple[int, Action], ...]:
        """The steward owes a fine for every fault not yet fined (§3.0)."""
        assert isinstance(state, V1682State)
        if state.is_terminal or state.steward < 0:
            return ()
        return tuple((state.steward, fine) for fine in unfined(state))

    def new_game(self, num_players: int, seed: int, **options: Any) -> V1682State:
        """Start a game.

        Raises:
            InvalidOptions: the player count is not 3–6 or an option is unknown or out of
                range.
        """
        full = SPEC.check_setup(num_players, options)
        return V1682State.begin(num_players, int(seed), full, setup)

    def state_from_json(self, data: Mapping[str, Any]) -> V1682State:
        return V1682State.from_json(data, self.parse_action)


GAME = Versailles1682()
V1682State.bind(GAME, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
    asides=ASIDES,
))
