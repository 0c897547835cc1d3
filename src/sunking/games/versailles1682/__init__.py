"""Versailles 1682 (Philippe Mouchebeuf, Tilsit / Truant Verlag), 3–6 players."""

# The state module comes first: it binds the rules modules, which import it back.
from . import state as _state  # noqa: F401
from .game import GAME, SPEC

__all__ = ["GAME", "SPEC"]
