"""The games as OpenSpiel Python games.

Importing this module registers ``sunking_louis14``, ``sunking_vive_le_roi`` and
``sunking_versailles1682`` with ``pyspiel.register_game``; load one with
``pyspiel.load_game("sunking_louis14", {"players": 3, "seed": 7})``. Actions are the tokens
of :mod:`.actions` (a seat acts several times in a row for one engine decision), the
information-state and observation tensors the seat's observation vector of :mod:`.table`,
the strings the seat's view as JSON with its unfinished choice. Both describe the position
as the seat's view summarises it (piles, known and shown cards, everything public), not a
perfect-recall history of every observation.

The games are ``SAMPLED_STOCHASTIC``: the engine draws chance from a generator inside the
state. Each ``new_initial_state()`` deals a new game from a sequence of seeds started by the
``seed`` parameter (OpenSpiel's ``clone()`` also asks for an initial state, so the deals
depend on the program's calls, deterministically). ``resample_from_infostate`` is the
engine's determinization, so OpenSpiel's IS-MCTS runs on them;
:class:`HeuristicEvaluator` lets it score positions with the game's own evaluation instead
of playing random games to the end. Returns: the win share (1/k for a k-way win).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ..bots.evaluator import evaluator
from ..bots.ismcts import rewards as search_rewards
from ..core.game import GameState
from ..core.registry import make
from ..core.rng import Rng
from .actions import Decision
from .table import GameAdapter, adapted_games, adapter, observation_vector, rewards_of
from .vector import FloatArray

LENGTH_PER_ACTION = 32
"""A bound on the tokens of one engine action, for ``max_game_length``."""


def short_name(game_id: str) -> str:
    return f"sunking_{game_id}"


def _game_type(game_id: str) -> pyspiel.GameType:
    spec = make(game_id).spec
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"sunking {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.min_players, "seed": 0},
    )


class SunKingGame(pyspiel.Game):  # type: ignore[misc]
    """One sunking game for a number of players (the ``players`` parameter)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = make(self.game_id).spec
        self.num_seats = int(params.get("players", spec.min_players))
        spec.check_setup(self.num_seats, {})
        self.adapter: GameAdapter = adapter(self.game_id)
        self.seeds = Rng(int(params.get("seed", 0)))
        first = make(self.game_id).new_game(self.num_seats, 0)
        self.vector_size = len(observation_vector(self.adapter, first, 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.scheme.size,
            max_chance_outcomes=0,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec.max_actions * LENGTH_PER_ACTION,
        )
        super().__init__(_game_type(self.game_id), info, params)

    def new_initial_state(self) -> SunKingState:
        state = make(self.game_id).new_game(self.num_seats, self.seeds.next64() >> 1)
        return SunKingState(self, state)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SunKingObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return SunKingObserver(self.vector_size)


class _Held:
    """The game, the immutable engine state and the decision being chosen (built when
    first needed). OpenSpiel's clone deep-copies a state's attributes: a copy shares the
    game and the engine state, which never change, and copies only the decision."""

    __slots__ = ("_decision", "_prefix", "game", "state", "vectors")

    def __init__(self, game: SunKingGame, state: GameState, prefix: tuple[int, ...] = ()) -> None:
        self.game = game
        self.state = state
        self._prefix = prefix
        self._decision: Decision | None = None
        self.vectors: dict[tuple[int, tuple[int, ...]], FloatArray] = {}

    @property
    def decision(self) -> Decision:
        """The decision of the seat to move.

        Raises:
            SpielError: the game is over.
        """
        if self._decision is None:
            if self.state.is_terminal:
                raise pyspiel.SpielError("the game is over")
            decision = Decision.start(self.game.adapter.scheme, self.state.legal_actions())
            while len(decision.prefix) < len(self._prefix):
                decision.choose(self._prefix[len(decision.prefix)])
            self._decision = decision
        return self._decision

    @property
    def prefix(self) -> tuple[int, ...]:
        return self._prefix if self._decision is None else self._decision.prefix

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        out = _Held(self.game, self.state, self.prefix)
        out.vectors = self.vectors
        return out


class SunKingState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine state and the decision being chosen token by token."""

    def __init__(self, game: SunKingGame, state: GameState) -> None:
        super().__init__(game)
        state.quiet = True
        self._held = _Held(game, state)

    @property
    def _sk_game(self) -> SunKingGame:
        return self._held.game

    @property
    def engine_state(self) -> GameState:
        """The engine state (the whole truth: never show it to a seat)."""
        return self._held.state

    def _decision(self) -> Decision:
        return self._held.decision

    def current_player(self) -> int:
        seat = self.engine_state.to_move
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.engine_state.to_move:
            return []
        return self._decision().mask()

    def _apply_action(self, action: int) -> None:
        chosen = self._decision().choose(int(action))
        if chosen is not None:
            self._held = _Held(self._sk_game, self.engine_state.apply_unchecked(chosen))

    def apply_engine_action(self, action: Any) -> None:
        """Choose a whole engine action (a sunking bot's) with the tokens it takes."""
        for token in self._decision().path(action):
            self.apply_action(token)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._sk_game.adapter.scheme.describe(action)

    def is_terminal(self) -> bool:
        return bool(self.engine_state.is_terminal)

    def returns(self) -> list[float]:
        if not self.engine_state.is_terminal:
            return [0.0] * self._sk_game.num_seats
        return rewards_of(self.engine_state, "win_share")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SunKingState:
        """A state ``player_id`` cannot tell from this one: the engine's determinization,
        seeded from ``probability_sampler``."""
        seed = int(probability_sampler() * (1 << 53))
        sampled = self.engine_state.determinize(player_id, Rng(seed))
        out = SunKingState(self._sk_game, sampled)
        out._held = _Held(self._sk_game, sampled, self._held.prefix)
        return out

    def view_string(self, player: int) -> str:
        """``player``'s view as JSON, with its unfinished choice."""
        prefix = self._held.prefix if self.engine_state.to_move == player else ()
        view = self.engine_state.view(player)
        return json.dumps({"view": view, "choosing": list(prefix)}, sort_keys=True)

    def vector(self, player: int) -> FloatArray:
        """``player``'s observation vector (kept: OpenSpiel asks for it more than once)."""
        prefix = self._held.prefix if self.engine_state.to_move == player else ()
        found = self._held.vectors.get((player, prefix))
        if found is None:
            found = observation_vector(
                self._sk_game.adapter, self.engine_state, player, prefix
            ).array()
            self._held.vectors[(player, prefix)] = found
        return found

    def __str__(self) -> str:
        state = self.engine_state
        return f"{state.game.spec.id} action {state.version}, seat {state.to_move} to move"


class SunKingObserver:
    """OpenSpiel's observer interface: the seat's vector as the tensor, its view as the
    string (the same for the information state and the observation)."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SunKingState, player: int) -> None:
        self.tensor[:] = state.vector(player)

    def string_from(self, state: SunKingState, player: int) -> str:
        return state.view_string(player)


class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Scores a position with the game's own evaluation turned into win chances (as
    sunking's ISMCTS does), priors uniform: search without random playouts."""

    def evaluate(self, state: SunKingState) -> np.ndarray[Any, np.dtype[np.float64]]:
        engine = state.engine_state
        judge = evaluator(engine.game.spec.id)
        return np.asarray(search_rewards(judge, engine), dtype=np.float64)

    def prior(self, state: SunKingState) -> Sequence[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game_id in adapted_games():
        name = short_name(game_id)
        if name in registered:
            continue
        cls = type(f"SunKingGame_{game_id}", (SunKingGame,), {"game_id": game_id})
        pyspiel.register_game(_game_type(game_id), cls)


_register()
