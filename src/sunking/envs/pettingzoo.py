"""PettingZoo AEC environments for every registered game and player count.

``env("louis14", num_players=3, seed=0)`` returns a wrapped :class:`SunKingAEC`. The agents
are ``seat_0`` … ``seat_{N-1}``; each has the game's fixed ``Discrete`` action space of
tokens (see :mod:`.actions`) and a ``Dict`` observation of ``observation`` (the seat's view
as a float32 vector, see :mod:`.table`) and ``action_mask`` (int8, 1 for the tokens it may
choose now, all 0 when another seat decides). A seat keeps the turn for every token of its
decision. Rewards come at the end: the win share, or with ``reward="score_difference"`` the
score minus the mean of the others' scores. An illegal token raises ``ActionSchemeError``
and changes nothing. ``max_cycles`` truncates every agent once that many tokens have been
chosen in a game. ``render_mode="ansi"`` returns the board in words (the spectator's view,
as the game's presentation tells it), ``"human"`` prints it; ``state()`` is every seat's
observation, seat 0 first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.rng import Rng
from ..presentation import describe
from .table import Reward, Table

ENV_VERSION = 2
"""The version in the environments' ids (``sunking/Louis14-v2``, ``sunking_louis14_v2``),
raised whenever an environment's episodes can play out differently for the same seed and
actions: version 2 plays Vive le Roi under its rules version 3 (a window after each card of a
fight), version 1 played it under version 2 and Versailles 1682 under its version 2, version 0
played both under version 1 (``GameSpec.rules_version``)."""

AgentID = str
ObsDict = dict[str, np.ndarray[Any, Any]]


def next_seed(seed: int) -> int:
    """The seed of the game after the game of ``seed`` when no seed is given."""
    return Rng(seed).next64() >> 1


def agent_name(seat: int) -> AgentID:
    return f"seat_{seat}"


def observation_space(table: Table) -> spaces.Dict:
    """The ``Dict`` observation space of a table's seats."""
    return spaces.Dict({
        "observation": spaces.Box(
            low=-np.inf, high=np.inf, shape=(table.observation_size,), dtype=np.float32
        ),
        "action_mask": spaces.Box(low=0, high=1, shape=(table.scheme.size,), dtype=np.int8),
    })


class SunKingAEC(AECEnv[AgentID, ObsDict, np.int64]):  # type: ignore[misc]
    """One game as an AEC environment (use :func:`env` for the wrapped one)."""

    metadata = {"render_modes": ["ansi", "human"], "name": f"sunking_v{ENV_VERSION}",  # noqa: RUF012
                "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        num_players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win_share",
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1 or None, not {max_cycles}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.steps = 0
        self.table = Table(game, num_players, seed, options, reward)
        self.metadata = {**self.metadata, "name": f"sunking_{game}_v{ENV_VERSION}"}
        self._next_seed = seed
        self.possible_agents = [agent_name(p) for p in range(num_players)]
        self._seat_of = {a: p for p, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        space = observation_space(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: spaces.Discrete(self.table.scheme.size) for a in self.possible_agents
        }
        self.state_space = spaces.Box(low=-np.inf, high=np.inf, dtype=np.float32,
                                      shape=(num_players * self.table.observation_size,))
        self._clear()

    def _clear(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentID, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.table.to_move or 0)
        self.steps = 0

    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, the game of that seed; without, the constructor's seed
        the first time, then a seed drawn from the previous one."""
        if seed is not None:
            self._next_seed = seed
            for space in self.action_spaces.values():
                space.seed(seed)
        self.table.reset(self._next_seed)
        self._next_seed = next_seed(self._next_seed)
        self._clear()

    def observe(self, agent: AgentID) -> ObsDict:
        seat = self._seat_of[agent]
        mask = self.table.mask() if self.table.to_move == seat else np.zeros(
            self.table.scheme.size, dtype=np.int8)
        return {"observation": self.table.observe(seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[ObsDict | None, float, bool, bool,
                                                  dict[str, Any]]:
        """AEC's ``last``, read straight from this environment's own dictionaries."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: np.int64 | int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to decide: None is no action")
        self._cumulative_rewards[agent] = 0.0
        self.table.step(int(action))
        self.steps += 1
        if self.table.to_move is None:
            for p, value in enumerate(self.table.rewards()):
                self.rewards[agent_name(p)] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[self.table.to_move]
        if self.max_cycles is not None and self.steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Every seat's observation, seat 0 first (the whole table, for centralised
        critics: it holds every seat's hidden cards)."""
        return np.concatenate([self.table.observe(p) for p in range(self.num_agents_total)])

    @property
    def num_agents_total(self) -> int:
        return len(self.possible_agents)

    def render(self) -> str | None:
        """The board in words (``ansi``), or printed (``human``)."""
        if self.render_mode is None:
            return None
        text = board_text(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def board_text(table: Table, lang: str = "en") -> str:
    """The spectator's board of ``table`` in words of ``lang``: the title, the round and
    phase, who decides, each player's facts and score, each zone's facts and cards."""
    state = table.state
    names = [f"seat {p}" for p in range(state.num_players)]
    board = describe(table.adapter.game_id, state.view(None), [], None, lang, names)
    head = " · ".join(str(board[k]) for k in ("title", "round", "phase") if board.get(k))
    lines = [f"{head} (action {state.version})"]
    if board.get("waiting_for"):
        lines.append(f"{board['waiting_for']} to decide")
    for player in board["players"]:
        facts = ", ".join(f"{f['label']}: {f['value']}" for f in player["facts"])
        score = "" if player.get("score") is None else f" (score {player['score']})"
        lines.append(f"{player['name']}{score}: {facts}")
    for zone in board["zones"]:
        lines.append(f"{zone['title']}:")
        lines += [f"  {f['label']}: {f['value']}" for f in zone["facts"]]
        for card in zone["cards"]:
            facts = "".join(f" · {f['label']}: {f['value']}" for f in card["facts"])
            lines.append(f"  {card['name']} ({card['kind']}){facts}")
    if state.is_terminal:
        lines.append(f"over; scores {list(state.result().scores)}")
    return "\n".join(lines)


def env(
    game: str, num_players: int, seed: int = 0, **kwargs: Any
) -> AECEnv[AgentID, ObsDict, np.int64]:
    """The AEC environment of ``game`` for ``num_players``; ``kwargs`` are those of
    :class:`SunKingAEC` (``options``, ``reward``, ``render_mode``, ``max_cycles``).

    It is not wrapped in PettingZoo's bounds and order checks, which forward every
    attribute read and cost more than the game itself: the environment is ready from its
    construction (``reset`` only chooses the game), and a token out of bounds or not legal
    raises ``ActionSchemeError`` and changes nothing.

    Raises:
        UnknownGame: no game (or no adapter) has that id.
        InvalidOptions: the player count or an option is out of range.
    """
    return SunKingAEC(game, num_players, seed, **kwargs)
