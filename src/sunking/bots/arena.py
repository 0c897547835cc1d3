"""The arena: the single loop every evaluation of bots goes through."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.actions import JsonValue
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.rng import Rng
from .protocol import Bot, Observation

BOT_SALT = 0xB07_5EED_5A17
"""Mixed into the match seed for the bots' generators, so they never repeat the game's own."""


@dataclasses.dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of one match, seat by seat."""

    seed: int
    bots: tuple[str, ...]
    """Bot name per seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    think_seconds: tuple[float, ...]
    """Time each seat's bot spent deciding."""
    decisions: tuple[int, ...]
    """How many decisions each seat's bot was asked for."""
    longest: tuple[float, ...]
    """The longest time each seat's bot spent on one decision."""

    def win_share(self, seat: int) -> float:
        """1 for a sole win, 1/k for a k-way shared win, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchResult:
        """The result :meth:`to_json` wrote (a tournament's JSON, for merging parts).

        Raises:
            KeyError, TypeError, ValueError: the data is not such a result.
        """
        return cls(int(data["seed"]), tuple(str(b) for b in data["bots"]),
                   tuple(int(x) for x in data["scores"]), tuple(int(x) for x in data["winners"]),
                   int(data["actions"]), tuple(float(x) for x in data["think_seconds"]),
                   tuple(int(x) for x in data["decisions"]),
                   tuple(float(x) for x in data["longest"]))

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "actions": self.actions,
            "think_seconds": [round(t, 4) for t in self.think_seconds],
            "decisions": list(self.decisions),
            "longest": [round(t, 4) for t in self.longest],
        }


def bot_rng(seed: int, seat: int) -> Rng:
    """The generator of the bot in ``seat`` for a match with ``seed``."""
    return Rng((seed ^ BOT_SALT) * 16 + seat).fork()


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> MatchResult:
    """Play one game with one bot per seat (seat ``i`` is ``bots[i]``) to the end.

    Every bot sees only an :class:`Observation` of its own seat and has its own generator
    (from ``seed``), so a match is a pure function of the game, the bots and the seed.

    Raises:
        IllegalAction: a bot returned an action that is not legal (the message names it).
    """
    n = len(bots)
    state = game.new_game(n, seed, **dict(options or {}))
    state.quiet = True
    rngs = [bot_rng(seed, p) for p in range(n)]
    think = [0.0] * n
    longest = [0.0] * n
    asked = [0] * n
    limit = game.spec.max_actions
    while (seat := state.to_move) is not None:
        if state.version >= limit:
            raise RuntimeError(f"{game.spec.id}: no end after {limit} actions (seed {seed})")
        observation = Observation(state, seat)
        start = time.perf_counter()
        action = bots[seat].act(observation, rngs[seat])
        spent = time.perf_counter() - start
        think[seat] += spent
        longest[seat] = max(longest[seat], spent)
        asked[seat] += 1
        if action not in observation.legal_actions:
            raise IllegalAction(
                f"bot {bots[seat].name} in seat {seat} chose an illegal action",
                action=action, version=state.version,
            )
        state = state.apply_unchecked(action)
    result = state.result()
    return MatchResult(
        seed=seed,
        bots=tuple(b.name for b in bots),
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        actions=state.version,
        think_seconds=tuple(think),
        decisions=tuple(asked),
        longest=tuple(longest),
    )
