"""Bots for every registered game, and the arena that measures them.

A bot is named by a spec string: ``random``, ``heuristic``, ``heuristic:NAME`` (the game's
evaluation with its weight set NAME, e.g. Louis XIV's ``original``), ``ismcts`` (medium),
``ismcts:easy|medium|hard``, ``ismcts:expert`` (hard's search judging its positions with the
game's learned model), ``ismcts:N`` (N iterations), ``ismcts:Ns`` (N seconds) or a level with
another budget, ``ismcts:LEVEL:N`` or ``ismcts:LEVEL:Ns``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from ..core.registry import available_games
from .evaluator import DefaultEvaluator, Evaluator, evaluator
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot, IsmctsConfig, Tuning
from .protocol import Bot, Observation
from .random_bot import RandomBot

COMPILED = ("ismcts",)
"""The search compiled with the games' rule modules (see :mod:`sunking.compiled`): its tree
walk, selection and backup run once per iteration, thousands of times a decision."""

LEVELS: dict[str, IsmctsConfig] = {
    "easy": IsmctsConfig(iterations=100, horizon=8),
    "medium": IsmctsConfig(iterations=300, horizon=8),
    "hard": IsmctsConfig(iterations=1000, horizon=8, seconds=1.0),
    "expert": IsmctsConfig(iterations=1000, horizon=8, seconds=1.0),
}
"""ISMCTS difficulty levels: budgets and rollout horizons (see docs/bots.md). ``expert``'s
iterations and horizon are the ones its game's model ships with (``sunking.envs.learned``,
found through :data:`SEARCHES`); these serve where a game ships none."""

def make_bot(spec: str, *, cpu_clock: bool = False) -> Bot:
    """Build a bot from its spec string; with ``cpu_clock`` a search's time budget counts
    CPU time (see :attr:`IsmctsConfig.cpu_clock`).

    Raises:
        ValueError: the spec names no bot or has a malformed budget.
    """
    kind, _, arg = spec.strip().partition(":")
    if kind == "random" and not arg:
        return RandomBot()
    if kind == "heuristic":
        name = arg.strip() or None
        if name is not None and name not in _weight_sets():
            raise ValueError(
                f"unknown bot {spec!r}: heuristic:NAME names a weight set of a game's "
                f"evaluation, one of {', '.join(sorted(_weight_sets())) or 'none'}")
        return HeuristicBot(name)
    if kind == "ismcts":
        config = _ismcts_config(arg or "medium")
        if cpu_clock:
            config = dataclasses.replace(config, cpu_clock=True)
        level = (arg or "medium").partition(":")[0]
        return IsmctsBot(config, name=spec.strip(), tuning=searches().get(level))
    raise ValueError(
        f"unknown bot {spec!r}: use random, heuristic, heuristic:NAME (a weight set of the "
        "game's evaluation), ismcts, ismcts:easy|medium|hard|expert, "
        "ismcts:N (iterations) or ismcts:Ns (seconds)"
    )


SEARCHES = "sunking.searches"
"""The entry-point group of the levels whose search judges with more than the bots hold
(``[project.entry-points."sunking.searches"]``: the level's name, and where its
:data:`~.ismcts.Tuning` is): ``expert``, whose model reads the environments' observation
encoding, a layer above the bots."""


@functools.cache
def searches() -> dict[str, Tuning]:
    """The tunings of the levels registered in :data:`SEARCHES`, by level, loaded once."""
    return {point.name: point.load() for point in entry_points(group=SEARCHES)
            if point.name in LEVELS}


def retuned(tuning: Tuning, change: Callable[[IsmctsConfig], IsmctsConfig]) -> Tuning:
    """``tuning`` with ``change`` made to the settings it picks (its budget shared out in
    parts, say, or fewer iterations for a test), its judge kept."""

    def tune(observation: Observation, config: IsmctsConfig) -> tuple[Evaluator[Any],
                                                                       IsmctsConfig]:
        judge, tuned = tuning(observation, config)
        return judge, change(tuned)

    return tune


def _weight_sets() -> set[str]:
    """The weight sets any registered game's evaluation names (``heuristic:NAME``)."""
    return {name for game in available_games() for name in evaluator(game).weight_sets}


def _ismcts_config(arg: str) -> IsmctsConfig:
    """A level (``hard``), a budget (``500``, ``0.5s``) with the default settings, or a level
    given another budget (``hard:0.08s``: hard's settings with that budget alone, say to
    give it another bot's time)."""
    if arg in LEVELS:
        return LEVELS[arg]
    level, _, budget = arg.rpartition(":")
    if level and level not in LEVELS:
        raise ValueError(f"bad ISMCTS level {level!r}: use {', '.join(LEVELS)}")
    base = LEVELS[level] if level else IsmctsConfig()
    try:
        if budget.endswith("s"):
            return dataclasses.replace(base, iterations=None, seconds=float(budget[:-1]))
        return dataclasses.replace(base, iterations=int(budget), seconds=None)
    except ValueError as err:
        raise ValueError(
            f"bad ISMCTS budget {arg!r}: use easy, medium, hard, expert, a number of iterations "
            f"or a number of seconds such as 0.5s, or a level with a budget such as "
            f"hard:0.08s ({err})"
        ) from None


__all__ = [
    "LEVELS",
    "SEARCHES",
    "Bot",
    "DefaultEvaluator",
    "Evaluator",
    "HeuristicBot",
    "IsmctsBot",
    "IsmctsConfig",
    "Observation",
    "RandomBot",
    "evaluator",
    "make_bot",
    "retuned",
    "searches",
]
