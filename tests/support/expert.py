"""``ismcts:expert`` with fewer iterations, for tests that search many positions."""

from __future__ import annotations

import dataclasses

from sunking.bots import IsmctsBot, IsmctsConfig, retuned, searches


def expert(iterations: int) -> IsmctsBot:
    """``ismcts:expert`` (its game's model and search settings) with ``iterations``."""
    tuning = retuned(searches()["expert"],
                     lambda config: dataclasses.replace(config, iterations=iterations))
    return IsmctsBot(IsmctsConfig(iterations=iterations), name="ismcts:expert", tuning=tuning)
