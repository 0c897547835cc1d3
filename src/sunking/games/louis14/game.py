"""The Louis XIV game object: its spec, and its state class bound to its rules."""

from __future__ import annotations

from ...core.agenda import AgendaGame, Rules
from ...core.game import GameSpec
from . import determinization, invariants, views
from .actions import CODEC
from .flow import FLOW, setup
from .state import Louis14State

RULES_VERSION = 1
"""The version of Louis XIV's rules this engine plays (``GameSpec.rules_version``): raised
with every change of the rules that can make a record play out differently."""

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
    rules_version=RULES_VERSION,
    names={"nl": "Louis XIV", "fr": "Louis XIV", "de": "Louis XIV", "cs": "Ludvík XIV."},
)

GAME = AgendaGame(SPEC, CODEC, Louis14State, setup, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
    # A new round's money cards turned up from the deck, and a deck shuffled anew.
    reveals=frozenset({"money_card", "round", "reshuffle"}),
))
"""Louis XIV (Rüdiger Dorn, alea 2005), 2–4 players; the start player is seat 0."""
