"""Vive le Roi (Frank DiLorenzo, Heidelberger Spieleverlag 2000), 3–6 players."""

from .game import GAME

__all__ = ["GAME"]
