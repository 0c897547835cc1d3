"""Louis XIV (Rüdiger Dorn, alea 2005): the complete rules engine."""

from .game import GAME, SPEC
from .state import Louis14State

__all__ = ["GAME", "SPEC", "Louis14State"]
