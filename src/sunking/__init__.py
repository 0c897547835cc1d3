"""sunking: the court-intrigue board games of Louis XIV's France.

>>> import sunking
>>> "louis14" in sunking.available_games()
True
"""

from . import compiled as _compiled

if not _compiled.from_source():
    _compiled.check()  # compiled rules must be as new as their sources

from .core import available_games, make

__all__ = ["available_games", "make"]
__version__ = "0.1.0"
