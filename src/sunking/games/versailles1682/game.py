"""The Versailles 1682 game object: its spec, its table talk, and its state class bound to
its rules."""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import AgendaGame, Rules
from ...core.game import GameSpec, OptionSpec
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

RULES_VERSION = 2
"""The version of Versailles 1682's rules this engine plays (``GameSpec.rules_version``):
raised with every change of the rules that can make a record play out differently. Version 2
follows the revised readings of the rulebook (the steward passing to the left, a widow's
incomes, what ends a war)."""

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
    rules_version=RULES_VERSION,
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


def remarks(s: V1682State, seat: int, text: str, addressed: int | None) -> tuple[Action, ...]:
    """A public remark that addresses a courtier is an :class:`~.actions.Address`
    (see :func:`.etiquette.remark_address` and docs/versailles1682.md)."""
    address = remark_address(s, seat, text, addressed)
    return () if address is None else (address,)


def duties(s: V1682State) -> tuple[tuple[int, Action], ...]:
    """The steward owes a fine for every fault not yet fined (§3.0)."""
    if s.is_terminal or s.steward < 0:
        return ()
    return tuple((s.steward, fine) for fine in unfined(s))


GAME = AgendaGame(SPEC, CODEC, V1682State, setup, Rules(
    flow=FLOW,
    view=views.view,
    determinizer=determinization.determinizer,
    check_invariants=invariants.check_invariants,
    asides=ASIDES,
    remarks=remarks,
    duties=duties,
    # The deck turned over and a new round's cards are shown from where nobody saw them.
    reveals=frozenset({"reshuffle", "round"}),
))
"""Versailles 1682 (Philippe Mouchebeuf, Tilsit / Truant), 3–6 players."""
