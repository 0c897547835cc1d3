"""The ladder ratings of the server's bots, per game, as the lobby shows them beside each bot
level (``GET /api/games``, ``bot_ratings``).

The figures are the OpenSkill mu of each bot in its game's ladder (``docs/bots.md``, "The
ladder"; ``benchmarks/results/<game>_ladder.json``, written by ``make ladder``), rounded to a
tenth: a test checks them against those files, so a new ladder is copied here when it is
played. A game or a bot with no measured ladder has no rating (the lobby shows none)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

LADDER_RATINGS: Mapping[str, Mapping[str, float]] = MappingProxyType({
    "louis14": MappingProxyType({
        "random": -17.7, "heuristic": 29.4, "ismcts:easy": 34.1, "ismcts:medium": 34.5,
        "ismcts:hard": 37.7,
    }),
    "vive_le_roi": MappingProxyType({
        "random": 12.0, "heuristic": 23.8, "ismcts:easy": 29.6, "ismcts:medium": 28.9,
        "ismcts:hard": 31.5,
    }),
    "versailles1682": MappingProxyType({
        "random": 9.8, "heuristic": 29.6, "ismcts:easy": 27.9, "ismcts:medium": 31.1,
        "ismcts:hard": 31.8,
    }),
})
"""Game id → bot spec → ladder rating (OpenSkill mu, four bots a match)."""


def bot_ratings(game_id: str, bots: tuple[str, ...]) -> dict[str, float]:
    """The ladder rating of each of ``bots`` in ``game_id`` that has one."""
    known = LADDER_RATINGS.get(game_id, {})
    return {bot: known[bot] for bot in bots if bot in known}
