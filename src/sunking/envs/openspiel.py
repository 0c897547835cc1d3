"""The games as OpenSpiel Python games.

Importing this module registers ``sunking_louis14``, ``sunking_vive_le_roi`` and
``sunking_versailles1682`` with ``pyspiel.register_game``; load one with
``pyspiel.load_game("sunking_louis14", {"players": 3})``. Actions are the tokens of
:mod:`.actions` (a seat acts several times in a row for one engine decision).

The games are ``EXPLICIT_STOCHASTIC``: a game starts with :data:`DEAL_NODES` chance nodes
of 256 equally likely outcomes each, the bytes of the seed the engine deals the game from
(and draws every later card with). A state is therefore fully determined by its history:
``clone()``, ``serialize()``, pickling and replaying ``history()`` from a new initial state
all give the same position, and the game object holds no random generator: algorithms sample
the deal as any other chance node. The ``rng_seed`` parameter (default −1, free) fixes the
deal, and with it every later card the engine draws: each chance node of the deal then has
one outcome, the byte of that seed, so the game still replays from its history. :func:`deal`
applies the deal of a given seed, to compare bots on the same deals.

Observations (:mod:`.openspiel_observer`) honour ``private_info``: none (what a spectator
sees), single player (the seat's view) or all players (every seat's view). With
``perfect_recall`` (single player only) the string is the seat's view and a digest of every
view it had before and every token it chose, and the tensor — the information-state tensor —
the seat's observation followed by that digest's bits.

``resample_from_infostate`` is the engine's determinization, so OpenSpiel's IS-MCTS runs on
them; :class:`HeuristicEvaluator` lets it score positions with the game's own evaluation
instead of playing random games to the end. Returns: the win share (1/k for a k-way win).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, overload

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ..bots.evaluator import evaluator
from ..bots.ismcts import rewards as search_rewards
from ..core.game import GameState
from ..core.registry import make
from ..core.rng import Rng
from .actions import Decision
from .openspiel_observer import Observations, Pruned, Recall, SunKingObserver, observer_sizes
from .table import GameAdapter, adapted_games, adapter, rewards_of
from .vector import FloatArray

LENGTH_PER_ACTION = 32
"""A bound on the tokens of one engine action, for ``max_game_length``."""
DEAL_NODES = 4
"""The chance nodes that choose the deal's seed, one byte each (seeds 0 … 2³² − 1)."""
DEAL_OUTCOMES = 256


def short_name(game_id: str) -> str:
    return f"sunking_{game_id}"


def _game_type(game_id: str) -> pyspiel.GameType:
    spec = make(game_id).spec
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"sunking {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.min_players, "rng_seed": -1},
    )


class SunKingGame(pyspiel.Game):  # type: ignore[misc]
    """One sunking game for a number of players (the ``players`` parameter)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = make(self.game_id).spec
        self.num_seats = int(params.get("players", spec.min_players))
        spec.check_setup(self.num_seats, {})
        self.rng_seed = int(params.get("rng_seed", -1))
        """The deal of every game (-1: the deal's chance nodes are free)."""
        if not -1 <= self.rng_seed < 1 << (8 * DEAL_NODES):
            raise ValueError(f"rng_seed must be -1 or 0 … 2³² − 1, not {self.rng_seed}")
        self.adapter: GameAdapter = adapter(self.game_id)
        self.sizes = observer_sizes(self.adapter, self.num_seats)
        self.observations = Observations(self.game_id, self.num_seats)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.scheme.size,
            max_chance_outcomes=DEAL_OUTCOMES,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec.max_actions * LENGTH_PER_ACTION,
        )
        super().__init__(_game_type(self.game_id), info, params)

    def new_initial_state(self) -> SunKingState:
        """A game before its deal: the first of the chance nodes of the deal's seed."""
        return SunKingState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SunKingObserver:
        """An observer for ``iig_obs_type`` (default: the seat's observation).

        Raises:
            ValueError: parameters were given, or the type asks what the games cannot give
                (no public information; perfect recall with other than single-player
                private information).
        """
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return SunKingObserver(self.sizes, iig_obs_type)


class _Held:
    """The engine state, the decision being chosen (built when first needed) and what the
    seats recall. OpenSpiel's clone deep-copies a state's attributes: a copy shares the
    engine state, which never changes, and copies only the decision."""

    __slots__ = ("_decision", "_prefix", "adapter", "recall", "seen", "state")

    def __init__(self, adapter: GameAdapter, state: GameState, recall: Recall,
                 prefix: tuple[int, ...] = (), seen: dict[int, FloatArray] | None = None
                 ) -> None:
        self.adapter = adapter
        self.state = state
        self.recall = recall
        self._prefix = prefix
        self._decision: Decision | None = None
        self.seen: dict[int, FloatArray] = {} if seen is None else seen
        """Each seat's observation of the engine state without its unfinished choice."""

    @property
    def decision(self) -> Decision:
        """The decision of the seat to move.

        Raises:
            SpielError: the game is over.
        """
        if self._decision is None:
            if self.state.is_terminal:
                raise pyspiel.SpielError("the game is over")
            decision = Decision.start(self.adapter.scheme, self.state.legal_actions())
            while len(decision.prefix) < len(self._prefix):
                decision.choose(self._prefix[len(decision.prefix)])
            self._decision = decision
        return self._decision

    @property
    def prefix(self) -> tuple[int, ...]:
        return self._prefix if self._decision is None else self._decision.prefix

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.adapter, self.state, self.recall, self.prefix, self.seen)


class SunKingState(pyspiel.State):  # type: ignore[misc]
    """A position: the bytes of the deal's seed drawn so far, then the engine state and the
    decision being chosen token by token."""

    def __init__(self, game: SunKingGame) -> None:
        super().__init__(game)
        self._seed_bytes: tuple[int, ...] = ()
        self._held: _Held | None = None

    @property
    def _sk_game(self) -> SunKingGame:
        """The game (OpenSpiel's clone deep-copies a state's attributes: the game is not one)."""
        game: SunKingGame = self.get_game()
        return game

    @property
    def seed(self) -> int | None:
        """The seed of the deal, once every chance node of the deal is passed."""
        if len(self._seed_bytes) < DEAL_NODES:
            return None
        return int.from_bytes(bytes(self._seed_bytes), "big")

    @property
    def held(self) -> _Held:
        """The engine state and decision.

        Raises:
            SpielError: the game is not dealt yet.
        """
        if self._held is None:
            raise pyspiel.SpielError("the game is not dealt yet (a chance node)")
        return self._held

    @property
    def engine_state(self) -> GameState:
        """The engine state (the whole truth: never show it to a seat)."""
        return self.held.state

    def current_player(self) -> int:
        if self._held is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._held.state.to_move
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _deal_bytes(self) -> list[int]:
        """The outcomes of the next chance node of the deal: any byte, or the byte of the
        game's ``rng_seed``."""
        seed = self._sk_game.rng_seed
        if seed < 0:
            return list(range(DEAL_OUTCOMES))
        return [seed.to_bytes(DEAL_NODES, "big")[len(self._seed_bytes)]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._held is not None:
            return []
        outcomes = self._deal_bytes()
        return [(b, 1.0 / len(outcomes)) for b in outcomes]

    def _legal_actions(self, player: int) -> list[int]:
        if self._held is None:
            return self._deal_bytes() if player == pyspiel.PlayerId.CHANCE else []
        if player != self._held.state.to_move:
            return []
        return self._held.decision.mask()

    def _apply_action(self, action: int) -> None:
        if self._held is None:
            if int(action) not in self._deal_bytes():
                raise pyspiel.SpielError(f"{action} is not a deal byte of this game here")
            self._seed_bytes += (int(action),)
            seed = self.seed
            if seed is not None:
                state = make(self._sk_game.game_id).new_game(self._sk_game.num_seats, seed)
                state.quiet = True
                self._held = _Held(self._sk_game.adapter, state,
                                   Recall.start(state, self._sk_game.observations))
            return
        held = self._held
        chosen = held.decision.choose(int(action))
        if chosen is not None:
            state = held.state.apply_unchecked(chosen)
            recall = held.recall.after(state, held.state.to_move, held.decision.prefix)
            self._held = _Held(held.adapter, state, recall)

    def apply_engine_action(self, action: Any) -> None:
        """Choose a whole engine action (a sunking bot's) with the tokens it takes."""
        for token in self.held.decision.path(action):
            self.apply_action(token)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {len(self._seed_bytes)}: {action}"
        return self._sk_game.adapter.scheme.describe(action)

    def is_terminal(self) -> bool:
        return self._held is not None and bool(self._held.state.is_terminal)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._sk_game.num_seats
        return rewards_of(self.engine_state, "win_share")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SunKingState:
        """A state ``player_id`` cannot tell from this one: the engine's determinization,
        seeded from ``probability_sampler``, with the seat's recall kept."""
        held = self.held
        seed = int(probability_sampler() * (1 << 53))
        sampled = held.state.determinize(player_id, Rng(seed))
        out = SunKingState(self._sk_game)
        out._seed_bytes = self._seed_bytes
        recall = held.recall.resampled(sampled, player_id, self.recalled(player_id, True),
                                       self.recalled(player_id, False))
        out._held = _Held(held.adapter, sampled, recall, held.prefix)
        return out

    @property
    def adapter(self) -> GameAdapter:
        return self._sk_game.adapter

    @property
    def prefix(self) -> tuple[int, ...]:
        """The unfinished choice of the seat to move."""
        return self.held.prefix

    @property
    def recall(self) -> Recall:
        return self.held.recall

    @overload
    def recalled(self, player: int, views: Literal[True]) -> str: ...

    @overload
    def recalled(self, player: int, views: Literal[False]) -> bytes: ...

    def recalled(self, player: int, views: bool) -> str | bytes:
        """``player``'s recall digest of views (``views``) or bits: where the recall has
        forgotten the states it needs (:class:`.openspiel_observer.Pruned`), the history
        is replayed to work it out, and the recall learns it."""
        recall = self.held.recall
        try:
            return recall.digest(player) if views else recall.bits(player)
        except Pruned:
            replayed = self._sk_game.new_initial_state()
            for action in self.history():
                replayed.apply_action(action)
            again = replayed.held.recall
            found = again.digest(player) if views else again.bits(player)
            recall.learn(again, player)
            return found

    def observation(self, player: int, out: FloatArray) -> None:
        """Write ``player``'s observation vector into ``out`` (the part its unfinished
        choice leaves alone is written once per engine state: by the game's C encoder, see
        :mod:`.fast`, or brought up to date part by part, see :mod:`.incremental`)."""
        held = self.held
        base = held.seen.get(player)
        if base is None:
            fast = held.adapter.fast
            if fast is not None:
                base = np.zeros(out.size, np.float32)
                fast(held.state, player, base)
            else:
                seat = self._sk_game.observations.seat(player, held.state)
                values = held.recall.values(player)
                base = seat.update(held.state, values).copy()
            held.seen[player] = base
        out[:] = base
        start = out.size - held.adapter.scheme.size
        for token in self.prefix_of(player):
            out[start + token] += 1.0

    def prefix_of(self, player: int) -> tuple[int, ...]:
        """``player``'s unfinished choice (empty for every seat but the one to move)."""
        held = self.held
        return held.prefix if held.state.to_move == player else ()

    def __str__(self) -> str:
        name = self._sk_game.game_id
        if self._held is None:
            return f"{name}, deal bytes {list(self._seed_bytes)}"
        state = self._held.state
        return (f"{name}, deal {self.seed}, action {state.version}, seat {state.to_move} "
                f"to move, tokens {list(self._held.prefix)}")


def deal(state: SunKingState, seed: int) -> None:
    """Apply the chance nodes of the deal of ``seed`` (0 ≤ seed < 2³²) to a new state.

    Raises:
        ValueError: the seed is out of range or the state is past its deal.
    """
    if not 0 <= seed < 1 << (8 * DEAL_NODES) or state.history():
        raise ValueError(f"cannot deal seed {seed} here: {state}")
    for byte in seed.to_bytes(DEAL_NODES, "big"):
        state.apply_action(byte)


class HeuristicEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Scores a position with the game's own evaluation turned into win chances (as
    sunking's ISMCTS does), priors uniform: search without random playouts."""

    def evaluate(self, state: SunKingState) -> np.ndarray[Any, np.dtype[np.float64]]:
        engine = state.engine_state
        judge = evaluator(engine.game.spec.id)
        return np.asarray(search_rewards(judge, engine), dtype=np.float64)

    def prior(self, state: SunKingState) -> Sequence[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def _register() -> None:
    """Register every adapted game with OpenSpiel; its class is an attribute of this module
    (``SunKingGame_<id>``) so that pickle finds it."""
    registered = set(pyspiel.registered_names())
    for game_id in adapted_games():
        cls = type(f"SunKingGame_{game_id}", (SunKingGame,), {"game_id": game_id})
        globals()[cls.__name__] = cls
        if short_name(game_id) not in registered:
            pyspiel.register_game(_game_type(game_id), cls)


_register()
