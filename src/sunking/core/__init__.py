"""The game-agnostic engine core: protocol, registry, seeded RNG, actions, events, replay."""

from .actions import Action, ActionCodec, JsonValue
from .errors import (
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    RulesError,
    RulesVersionMismatch,
    StaleAction,
    UnknownGame,
)
from .events import Event, private, public
from .game import Game, GameSpec, GameState, OptionSpec, Result, Seat
from .record import GameRecord, replay, replay_states
from .registry import available_games, make, register
from .rng import Rng

COMPILED = ("agenda", "events", "game", "rng")
"""The core's modules compiled with the games' rule modules (see :mod:`sunking.compiled`): the
states' base classes, which the games' state classes extend as native classes, the flow, the
events' log, and the generator (whose draws are then made in native 64-bit integers)."""

__all__ = [
    "Action",
    "ActionCodec",
    "Event",
    "Game",
    "GameOver",
    "GameRecord",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "InvalidState",
    "JsonValue",
    "NotYourTurn",
    "OptionSpec",
    "Result",
    "Rng",
    "RulesError",
    "RulesVersionMismatch",
    "Seat",
    "StaleAction",
    "UnknownGame",
    "available_games",
    "make",
    "private",
    "public",
    "register",
    "replay",
    "replay_states",
]
