"""The games. Each registers itself here by import path; nothing is imported until asked for."""

from ..core.registry import register

register("louis14", "sunking.games.louis14:GAME")
register("vive_le_roi", "sunking.games.vive_le_roi:GAME")
register("versailles1682", "sunking.games.versailles1682:GAME")
