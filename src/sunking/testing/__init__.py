"""Testing tools any game can use: the conformance harness :func:`check_game`.

>>> from sunking.testing import check_game
>>> report = check_game("louis14", 2, playouts=2, seed=0)
>>> report.playouts
2
"""

from .conformance import SPARSE_CHECKS, ConformanceError, ConformanceReport, check_game

__all__ = ["SPARSE_CHECKS", "ConformanceError", "ConformanceReport", "check_game"]
