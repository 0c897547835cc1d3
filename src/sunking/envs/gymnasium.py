"""Gymnasium environments: one learning seat against sunking's bots.

Importing this module registers one environment per game with an adapter
(:func:`.table.adapted_games`), named by the game's env module and
:data:`.pettingzoo.ENV_VERSION`: ``sunking/Louis14-v2``, ``sunking/ViveLeRoi-v2`` and
``sunking/Versailles1682-v2``.
``gymnasium.make("sunking/Louis14-v2", num_players=3, opponents="heuristic", seat=0)``: the
learning agent plays ``seat`` (``None``: a seat drawn
per episode), the other seats the bots of ``opponents`` (one spec such as ``random``,
``heuristic`` or ``ismcts:easy`` for all, or a comma-separated spec per other seat, in seat
order). Observations and actions are those of the PettingZoo environment (a ``Dict`` of
``observation`` and ``action_mask``, tokens of :mod:`.actions`); the mask is also in
``info["action_mask"]``. The reward comes at the end (see :func:`.table.rewards_of`).

An illegal token ends the episode with reward ``illegal_reward`` (default −1) and
``info["illegal_action"]`` set, or raises ``ActionSchemeError`` with ``illegal="raise"``.

An episode is a function of its seed, unless an opponent searches for a time (``ismcts:0.02s``,
``ismcts:hard`` with its one-second cap): how far it searches then depends on the machine
and its load. Such opponents are refused unless ``timed_opponents=True``, which warns.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any, Literal, SupportsFloat, cast

import gymnasium
import numpy as np
from gymnasium.envs.registration import register

from ..bots import Bot, Observation, make_bot
from ..bots.arena import bot_rng
from ..bots.ismcts import IsmctsBot
from ..core.registry import make
from ..core.rng import Rng
from .actions import ActionSchemeError
from .pettingzoo import ENV_VERSION, ObsDict, next_seed, observation_space
from .table import Reward, Table, adapted_games, adapter


def env_ids() -> dict[str, str]:
    """The Gymnasium id of every game with an adapter (``sunking/<ENV_NAME>-v2``, the name
    its env module declares), with the game's id."""
    return {f"sunking/{adapter(game).env_name}-v{ENV_VERSION}": game
            for game in adapted_games()}


class SunKingEnv(gymnasium.Env[ObsDict, np.int64]):
    """One seat of a game against bots.

    Raises (constructor):
        UnknownGame, InvalidOptions: see :class:`.table.Table`.
        ValueError: an opponent spec is unknown, their number does not fit, or ``seat``,
            ``reward`` or ``illegal`` is out of range.
    """

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        opponents: str = "random",
        seat: int | None = 0,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win_share",
        illegal: Literal["lose", "raise"] = "lose",
        illegal_reward: float = -1.0,
        timed_opponents: bool = False,
    ) -> None:
        n = num_players or make(game).spec.min_players
        self.table = Table(game, n, seed, options, reward)
        specs = [s.strip() for s in opponents.split(",") if s.strip()]
        if len(specs) == 1:
            specs *= n - 1
        if len(specs) != n - 1:
            raise ValueError(f"{n} players need 1 or {n - 1} opponent specs, got {len(specs)}")
        self.bots: list[Bot] = [make_bot(spec) for spec in specs]
        _check_timed(specs, self.bots, timed_opponents)
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1} or None, not {seat}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.fixed_seat = seat
        self.seat = seat or 0
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.observation_space = cast(gymnasium.spaces.Space[ObsDict],
                                      observation_space(self.table))
        self.action_space = gymnasium.spaces.Discrete(self.table.scheme.size)
        self._next_seed = seed
        self._bot_rngs: list[Rng] = []

    def _opponent(self, seat: int) -> Bot:
        return self.bots[seat - 1 if seat > self.seat else seat]

    def _play_bots(self) -> None:
        table = self.table
        while (seat := table.to_move) is not None and seat != self.seat:
            observation = Observation(table.state, seat)
            table.play(self._opponent(seat).act(observation, self._bot_rngs[seat]))

    def _observation(self) -> tuple[ObsDict, dict[str, Any]]:
        mask = self.table.mask()
        obs: ObsDict = {"observation": self.table.observe(self.seat), "action_mask": mask}
        return obs, {"action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = seed
            self.action_space.seed(seed)
        game_seed = self._next_seed
        self._next_seed = next_seed(game_seed)
        n = self.table.num_players
        if self.fixed_seat is None:
            self.seat = Rng(game_seed ^ 0x5EA7).below(n)
        self._bot_rngs = [bot_rng(game_seed, p) for p in range(n)]
        self.table.reset(game_seed)
        self._play_bots()
        return self._observation()

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        try:
            self.table.step(int(action))
        except ActionSchemeError:
            if self.illegal == "raise":
                raise
            obs, info = self._observation()
            return obs, self.illegal_reward, True, False, {**info, "illegal_action": True}
        self._play_bots()
        obs, info = self._observation()
        if self.table.to_move is None:
            return obs, self.table.rewards()[self.seat], True, False, info
        return obs, 0.0, False, False, info


def _check_timed(specs: list[str], bots: list[Bot], allowed: bool) -> None:
    """Refuse (or, when ``allowed``, warn about) opponents whose search has a time budget.

    Raises:
        ValueError: an opponent searches for a time and ``allowed`` is False.
    """
    timed = sorted({spec for spec, bot in zip(specs, bots, strict=True)
                    if isinstance(bot, IsmctsBot) and bot.config.seconds is not None})
    if not timed:
        return
    what = (f"the opponents {', '.join(timed)} search for a time, so an episode depends on "
            "the machine's speed and load, not only on its seed")
    if not allowed:
        raise ValueError(f"{what}: give an iteration budget (ismcts:N) or pass "
                         "timed_opponents=True")
    warnings.warn(what, stacklevel=3)


ENV_IDS: dict[str, str] = env_ids()
"""The environments this module registers: Gymnasium id to game id."""


def _register() -> None:
    for env_id, game in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            register(id=env_id, entry_point=f"{__name__}:SunKingEnv", kwargs={"game": game})


_register()
