"""Versailles 1682 (Philippe Mouchebeuf, Tilsit / Truant Verlag), 3–6 players."""

from .game import GAME, SPEC
from .state import V1682State

__all__ = ["GAME", "SPEC", "V1682State"]
