"""The Oh Hell game object: its spec, and its state class bound to its rules."""

from __future__ import annotations

from sunking.core.agenda import AgendaGame, Rules
from sunking.core.game import GameSpec

from . import determinization, invariants, views
from .actions import CODEC
from .data import DEALS, MAX_PLAYERS, MIN_PLAYERS
from .flow import FLOW, setup
from .state import OhHellState

SPEC = GameSpec(
    id="oh_hell",
    name="Oh Hell",
    designer="traditional",
    year=None,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    imperfect_information=True,
    chance=True,
    max_actions=MAX_PLAYERS * sum(1 + h for h in DEALS),
)

GAME = AgendaGame(SPEC, CODEC, OhHellState, setup, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
))
