"""Versailles 1682 (Philippe Mouchebeuf, Tilsit / Truant Verlag), 3–6 players."""

from .game import GAME, SPEC
from .state import V1682State

COMPILED = (
    "data.cards",
    "data.court",
    "conditions",
    "determinization",
    "event_cards",
    "flow",
    "heuristic",
    "incomes",
    "legal",
    "powers",
    "promises",
    "requests",
    "state",
    "turns",
    "verbs",
)
"""The rule modules compiled with mypyc by ``make setup`` (``scripts/compile_engine.py``, read
without importing the game): the code random playouts and search spend their time in, plain
functions and data only. Each runs from source where no C compiler is found."""

__all__ = ["GAME", "SPEC", "V1682State"]
