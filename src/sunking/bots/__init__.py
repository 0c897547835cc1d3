"""Bots for every registered game, and the arena that measures them.

A bot is named by a spec string: ``random``, ``heuristic``, ``heuristic:NAME`` (the game's
evaluation with its weight set NAME, e.g. Louis XIV's ``original``), ``ismcts`` (medium),
``ismcts:easy|medium|hard``, ``ismcts:N`` (N iterations) or ``ismcts:Ns`` (N seconds).
"""

from __future__ import annotations

import dataclasses

from ..core.registry import available_games
from .evaluator import DefaultEvaluator, Evaluator, evaluator
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot, IsmctsConfig
from .protocol import Bot, Observation
from .random_bot import RandomBot

COMPILED = ("ismcts",)
"""The search compiled with the games' rule modules (see :mod:`sunking.compiled`): its tree
walk, selection and backup run once per iteration, thousands of times a decision."""

LEVELS: dict[str, IsmctsConfig] = {
    "easy": IsmctsConfig(iterations=100, horizon=8),
    "medium": IsmctsConfig(iterations=300, horizon=8),
    "hard": IsmctsConfig(iterations=1000, horizon=8, seconds=1.0),
}
"""ISMCTS difficulty levels: budgets and rollout horizons (see docs/bots.md)."""

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
        return IsmctsBot(config, name=spec.strip())
    raise ValueError(
        f"unknown bot {spec!r}: use random, heuristic, heuristic:NAME (a weight set of the "
        "game's evaluation), ismcts, ismcts:easy|medium|hard, "
        "ismcts:N (iterations) or ismcts:Ns (seconds)"
    )


def _weight_sets() -> set[str]:
    """The weight sets any registered game's evaluation names (``heuristic:NAME``)."""
    return {name for game in available_games() for name in evaluator(game).weight_sets}


def _ismcts_config(arg: str) -> IsmctsConfig:
    if arg in LEVELS:
        return LEVELS[arg]
    try:
        if arg.endswith("s"):
            return IsmctsConfig(iterations=None, seconds=float(arg[:-1]))
        return IsmctsConfig(iterations=int(arg))
    except ValueError as err:
        raise ValueError(
            f"bad ISMCTS budget {arg!r}: use easy, medium, hard, a number of iterations "
            f"or a number of seconds such as 0.5s ({err})"
        ) from None


__all__ = [
    "LEVELS",
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
]
