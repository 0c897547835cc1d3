"""``ismcts:expert`` with fewer iterations, for tests that search many positions."""

from __future__ import annotations

import dataclasses
from typing import Any

from sunking.bots import IsmctsBot, IsmctsConfig, Observation, searches


def expert(iterations: int) -> IsmctsBot:
    """``ismcts:expert`` (its game's model and search settings) with ``iterations``."""
    tuning = searches()["expert"]

    def tune(observation: Observation, config: IsmctsConfig) -> Any:
        judge, tuned = tuning(observation, config)
        return judge, dataclasses.replace(tuned, iterations=iterations)

    return IsmctsBot(IsmctsConfig(iterations=iterations), name="ismcts:expert", tuning=tune)
