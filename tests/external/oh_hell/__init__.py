"""Oh Hell, a traditional trick-taking game for 2–4 players (``RULES.md``): the small game the
tests register through an entry point of their own, to show that a game outside the sunking
package is one package plus one entry point (see ``docs/adding-a-game.md``)."""

from .game import GAME

COMPILED: tuple[str, ...] = ()
"""No rule module is compiled with mypyc: the game is small enough to run from source."""

__all__ = ["GAME"]
