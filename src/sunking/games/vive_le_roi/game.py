"""The Vive le Roi game object: its spec, and its state class bound to its rules."""

from __future__ import annotations

from ...core.agenda import AgendaGame, Rules
from ...core.game import GameSpec, OptionSpec
from . import determinization, invariants, views
from .actions import CODEC
from .data import POINTS_LIMITS
from .flow import FLOW, new_game
from .state import ViveLeRoiState

RULES_VERSION = 3
"""The version of Vive le Roi's rules this engine plays (``GameSpec.rules_version``): raised
with every change of the rules that can make a record play out differently. Version 2 follows
the revised readings of the rulebook ("S" cards and decrees "op ieder moment", the defender
reinforcing from his whole structure, any points limit from 250 to 300); version 3 opens a
window for the other players after each card of a fight (VR-4b), and voids a bribery whose
person is executed in it."""

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
    rules_version=RULES_VERSION,
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


GAME = AgendaGame(SPEC, CODEC, ViveLeRoiState, new_game, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
    windows=frozenset({"react"}),
    # Shown face up from where nobody saw it: a duel card laid face down, the King's Ear's
    # secret bids, an extorted card, the event cards and the deals turned up from the deck.
    reveals=frozenset({"duel_reveal", "ear_bids", "extorted_placed", "event", "deal",
                       "next_deal", "round"}),
))
"""Vive le Roi (Frank DiLorenzo, Heidelberger 2000), 3–6 players."""
