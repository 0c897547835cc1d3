"""Vive le Roi (Frank DiLorenzo, Heidelberger Spieleverlag 2000), 3–6 players."""

from .game import GAME

COMPILED = (
    "data.cards",
    "determinization",
    "distribution",
    "event_cards",
    "fights",
    "flow",
    "heuristic",
    "legal",
    "offices",
    "scoring",
    "state",
    "turns",
    "verbs",
    "windows",
)
"""The rule modules compiled with mypyc by ``make setup`` (``scripts/compile_engine.py``, read
without importing the game): the code random playouts and search spend their time in, plain
functions and data only. Each runs from source where no C compiler is found."""

__all__ = ["GAME"]
