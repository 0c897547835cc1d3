"""Win chances with their uncertainty, from several independent searches of one decision.

Each search is a determinized ISMCTS of its own generator (:class:`~sunking.bots.ismcts.
IsmctsBot`); a root move's estimate in one search is the mean reward of its visits. Over ``k``
searches a move has ``k`` estimates; its win chance is their mean and its interval
``mean ± t·s/√k`` (Student's t at 95%, ``s`` the estimates' standard deviation). A move
searched first in every search (the move played, in a review) has an estimate in each.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..bots.arena import bot_rng
from ..bots.ismcts import IsmctsBot, IsmctsConfig, merge_choices
from ..bots.protocol import Observation
from ..core.actions import Action
from ..core.game import Game, GameState
from ..core.registry import make
from ..core.rng import Rng

T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
"""Student's t two-sided 95% quantiles for 1 … 30 degrees of freedom (1.96 beyond)."""

CLASSES = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
"""A flagged decision's class by the win chance it gave away, largest first (Lichess's)."""

BEST, ABOUT_EQUAL = "best", "about_equal"


def t95(df: int) -> float:
    """Student's t quantile of a 95% two-sided interval with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("an interval needs at least two estimates")
    return T95[df - 1] if df <= len(T95) else 1.96


@dataclasses.dataclass(frozen=True, slots=True)
class Estimate:
    """One move's win chance for the deciding seat over independent searches."""

    key: str
    """The action's JSON text (sorted keys): how searches name the same move."""
    chance: float
    low: float
    high: float
    searches: int
    """How many of the searches tried the move (its number of estimates)."""
    visits: int

    @property
    def action(self) -> dict[str, object]:
        action: dict[str, object] = json.loads(self.key)
        return action

    @property
    def width(self) -> float:
        return self.high - self.low


def estimate(key: str, values: Sequence[float], visits: int) -> Estimate:
    """The estimate of a move from its per-search win chances ``values``: their mean, and a
    95% interval clipped to [0, 1] (the whole of it with fewer than two values)."""
    if not values:
        raise ValueError(f"move {key} has no estimate")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(key, mean, 0.0, 1.0, len(values), visits)
    half = t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(key, mean, max(0.0, mean - half), min(1.0, mean + half), len(values),
                    visits)


def separated(better: Estimate, worse: Estimate) -> bool:
    """Whether the searches tell the two moves apart: ``better``'s interval lies wholly
    above ``worse``'s."""
    return better.low > worse.high


def classify(best: Estimate, chosen: Estimate) -> str:
    """The class of playing ``chosen`` where ``best`` is the search's move: ``best`` when
    they are the same, a class of :data:`CLASSES` when the drop reaches its threshold and
    the intervals separate, else ``about_equal``."""
    if best.key == chosen.key:
        return BEST
    if not separated(best, chosen):
        return ABOUT_EQUAL
    drop = best.chance - chosen.chance
    return next((name for name, threshold in CLASSES if drop >= threshold), ABOUT_EQUAL)


def deciding(game_id: str, state_json: Mapping[str, Any], what: str
             ) -> tuple[Game, GameState, int]:
    """The game, the (quiet) state and the seat to move of a state sent as JSON.

    Raises:
        ValueError: the state is not readable, or the game is over (``what`` says what
            could not be done).
    """
    game = make(game_id)
    state = game.state_from_json(state_json)
    seat = state.to_move
    if seat is None:
        raise ValueError(f"the game is over: no {what}")
    state.quiet = True
    return game, state, seat


def action_key(action: Action | Mapping[str, object]) -> str:
    """The JSON text that names an action in merged search reports."""
    data = action.to_json() if isinstance(action, Action) else dict(action)
    return json.dumps(data, sort_keys=True)


def search_rng(seed: int, seat: int, version: int, search: int) -> Rng:
    """The generator of independent search ``search`` of ``seat``'s decision at ``version``
    of a game seeded ``seed``: reproducible, and different for every search."""
    base = bot_rng(seed, seat).next64() ^ (version * 0x9E3779B97F4A7C15)
    return Rng(base ^ ((search + 1) * 0xD1B54A32D192ED03)).fork()


@dataclasses.dataclass
class Searches:
    """The root statistics of the searches run so far for one decision."""

    state: GameState
    seat: int
    seed: int
    config: IsmctsConfig
    first: Action | None = None
    reports: list[list[tuple[str, int, float]]] = dataclasses.field(default_factory=list)

    @property
    def iterations(self) -> int:
        return sum(n for report in self.reports for _, n, _ in report)

    def run(self, more: int) -> None:
        """Run ``more`` further independent searches."""
        observation = Observation(self.state, self.seat)
        for _ in range(more):
            index = len(self.reports)
            bot = IsmctsBot(self.config, name="coach")
            bot.act(observation, search_rng(self.seed, self.seat, self.state.version, index),
                    first=self.first)
            assert bot.last is not None, "a decision among several moves is searched"
            self.reports.append([(action_key(a), n, mean) for a, n, mean in bot.last.choices])

    def ranked(self) -> list[str]:
        """The moves tried, most visited over all searches first (the searches' choice)."""
        return [key for key, _, _ in merge_choices(self.reports)]

    def estimate(self, key: str) -> Estimate:
        """``key``'s estimate over the searches that tried it."""
        values = [mean for report in self.reports for k, n, mean in report if k == key and n]
        visits = sum(n for report in self.reports for k, n, _ in report if k == key)
        return estimate(key, values, visits)

    def estimates(self, keys: Iterable[str]) -> list[Estimate]:
        return [self.estimate(key) for key in keys]


def rounded(value: float) -> float:
    """A chance as results give it: three places."""
    return round(value, 3)
