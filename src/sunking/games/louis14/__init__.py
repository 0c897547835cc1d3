"""Louis XIV (Rüdiger Dorn, alea 2005): the complete rules engine."""

from .game import GAME, SPEC
from .state import Louis14State

COMPILED = (
    "determinization",
    "evaluation",
    "flow",
    "heuristic",
    "influence",
    "legal",
    "missions",
    "placement",
    "scoring",
    "state",
    "supply",
    "verbs",
)
"""The rule modules compiled with mypyc by ``make setup`` (``scripts/compile_engine.py``, read
without importing the game): the code random playouts and search spend their time in, plain
functions and data only. Each runs from source where no C compiler is found."""

__all__ = ["GAME", "SPEC", "Louis14State"]
