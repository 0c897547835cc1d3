"""The one adapter every framework wrapper drives: a game in progress, token by token.

A :class:`Table` holds the engine state and the decision being chosen (see
:mod:`.actions`), gives the mask of the next token, the observation of a seat and the
rewards once the game is over. The PettingZoo, Gymnasium and OpenSpiel wrappers only
translate its calls.

An observation is ``seat`` (one-hot over the seats), ``to_move`` (1 when the observing seat
decides now), the game's own segments (see each game's module and ``docs/envs.md``), and
``prefix``: the tokens the observing seat has chosen so far in its current decision (zeros
for every other seat, which never see another seat's unfinished choice). It is the encoding
of ``state.view(seat)`` (the plain encoder; the fast ones, in C or part by part from the
state, are tested equal to it float for float), so it holds nothing the seat may not see.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import numpy as np

from .. import compiled
from ..core.actions import Action
from ..core.errors import GameOver, UnknownGame
from ..core.game import GameState
from ..core.registry import available_games, make, optional_module
from .actions import ActionScheme, Decision, InC
from .incremental import Part, SeatObservation
from .vector import FloatArray, Vector

Marks = Callable[[list[tuple[tuple[int, ...], Action]], int, int], bytearray]
"""A decision's mask at a depth as bytes of a size (``marks`` in :mod:`.fast`)."""
FastEncoder = Callable[[GameState, int, FloatArray], int]
"""Writes a seat's observation (all but its ``prefix`` segment) into an array and returns
where the ``prefix`` starts (see :mod:`.fast`)."""
Reward = Literal["win_share", "score_difference"]
REWARDS: tuple[Reward, ...] = ("win_share", "score_difference")
_INT8 = np.dtype(np.int8)
"""The masks' type, made once (numpy reads a type object passed by position fastest)."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameAdapter:
    """How one game becomes tokens and vectors: what its module ``sunking.envs.games.<id>``
    declares (``SCHEME``, ``encode``, ``ENV_NAME``, ``NOTHING_HIDDEN``, ``PARTS``)."""

    game_id: str
    scheme: ActionScheme
    encode: Callable[[Mapping[str, Any], int, Vector], None]
    env_name: str
    """The game's name in Gymnasium ids (``sunking/<env_name>-v2``)."""
    nothing_hidden: Mapping[str, Any]
    """The ``you`` part of a view that holds no hidden card (``NOTHING_HIDDEN``)."""
    parts: tuple[Part, ...]
    """The same observation kept up to date from the engine state (``PARTS``, see
    :mod:`.incremental`)."""
    fast: FastEncoder | None = None
    """The same observation written in C from the engine state, where :mod:`.fast` is
    compiled (None: the incremental encoder is used)."""
    marks: Marks | None = None
    """A decision's mask as bytes, worked out in C where :mod:`.fast` is compiled."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game's id: unpickled, it is the adapter of that game (its functions
        are the module's own)."""
        return adapter, (self.game_id,)


_FOUND: dict[str, GameAdapter] = {}


def adapter(game_id: str) -> GameAdapter:
    """The adapter of a registered game, found from its id by one rule: the module
    ``sunking.envs.games.<game_id>``.

    Raises:
        UnknownGame: no game has that id, or the game has no adapter for learning agents.
    """
    make(game_id)
    found = _FOUND.get(game_id)
    if found is None:
        module = optional_module(f"{__package__}.games.{game_id}")
        if module is None:
            raise UnknownGame(f"the game {game_id!r} has no adapter for learning agents")
        found = _FOUND[game_id] = GameAdapter(game_id, module.SCHEME, module.encode,
                                              module.ENV_NAME, module.NOTHING_HIDDEN,
                                              tuple(module.PARTS), *in_c(game_id, module.SCHEME))
    return found


def in_c(game_id: str, scheme: ActionScheme) -> tuple[FastEncoder | None, Marks | None]:
    """The C encoder of a game (``encode`` in ``.fast_<game_id>``) and the C mask of a
    decision (:mod:`.fast`), or None where they are not compiled (no C compiler, or no
    Cython), the package runs from its sources (``SUNKING_FROM_SOURCE``), or the game has
    no encoder; ``scheme``, the game's, is given its lookups in C (:class:`.actions.InC`)
    where they are."""
    if compiled.from_source():
        return None, None
    try:
        loops = importlib.import_module(f"{__package__}.fast")
    except ImportError:
        return None, None
    scheme.in_c = InC(loops.encoded, loops.kept)
    encoder = optional_module(f"{__package__}.fast_{game_id}")
    found: FastEncoder | None = None if encoder is None else encoder.encode
    marks: Marks = loops.marks
    return found, marks


def adapted_games() -> tuple[str, ...]:
    """The registered games that have an adapter for learning agents."""
    out = []
    for game_id in available_games():
        try:
            adapter(game_id)
        except UnknownGame:
            continue
        out.append(game_id)
    return tuple(out)


def _fill(out: Vector, adapter: GameAdapter, state: GameState, seat: int,
          prefix: Sequence[int], view: Mapping[str, Any] | None = None) -> Vector:
    """Write ``seat``'s observation of ``view`` (default: the seat's own) into ``out``."""
    out.one_hot("seat", seat, state.num_players)
    out.flag("to_move", state.to_move == seat)
    adapter.encode(state.view(seat) if view is None else view, seat, out)
    out.counts("prefix", prefix, adapter.scheme.size)
    return out


def observation_vector(
    adapter: GameAdapter, state: GameState, seat: int, prefix: Sequence[int] = ()
) -> Vector:
    """The observation of ``seat`` as a named vector (``prefix``: its unfinished choice)."""
    return _fill(Vector(), adapter, state, seat, prefix)


def seat_size(game_id: str, num_players: int) -> int:
    """How many floats :func:`seat_array` gives for a game and player count: the
    observation's up to its ``prefix``."""
    return next(at for name, at, _ in layout(game_id, num_players) if name == "prefix")


def seat_array(adapter: GameAdapter, state: GameState, seat: int) -> FloatArray:
    """``seat``'s observation of ``state`` without its ``prefix`` (what a model of the seat's
    view reads), by the plain encoder (``sunking.envs.learned.Features`` writes through the
    game's C encoder where there is one)."""
    vector = observation_vector(adapter, state, seat)
    start = next(at for name, at, _ in vector.layout() if name == "prefix")
    return vector.array()[:start]


def public_vector(adapter: GameAdapter, state: GameState, seat: int) -> Vector:
    """What every seat and a spectator see, laid out as ``seat``'s observation: the
    spectator's view, encoded as if the seat held no hidden card, its unfinished choice
    all zero."""
    view = {**state.view(None), "you": adapter.nothing_hidden}
    return _fill(Vector(), adapter, state, seat, (), view)


def layout(game_id: str, num_players: int) -> list[tuple[str, int, int]]:
    """The observation layout of a game for a player count: (segment, offset, size), in
    order. Every observation of that game and count has this layout.

    Raises:
        UnknownGame, InvalidOptions: see :class:`Table`.
    """
    state = make(game_id).new_game(num_players, 0)
    return observation_vector(adapter(game_id), state, 0).layout()


def sizes_markdown() -> str:
    """The Markdown table of docs/envs.md's sizes: per game and player count, the floats of
    an observation (OpenSpiel's all-players tensor is that times the players) and the tokens
    of the action space (a test compares the two)."""
    lines = ["| game | players | observation floats | tokens |", "| --- | --- | --- | --- |"]
    for game_id in adapted_games():
        spec = make(game_id).spec
        tokens = adapter(game_id).scheme.size
        for n in range(spec.min_players, spec.max_players + 1):
            size = sum(s for _, _, s in layout(game_id, n))
            lines.append(f"| {game_id} | {n} | {size:,} | {tokens:,} |")
    return "\n".join(lines)


def rewards_of(state: GameState, reward: Reward) -> list[float]:
    """Every seat's reward for the finished game: its share of the win (1/k for a k-way
    win, else 0), or its score minus the mean score of the others."""
    result = state.result()
    n = state.num_players
    if reward == "win_share":
        return [1.0 / len(result.winners) if p in result.winners else 0.0 for p in range(n)]
    total = sum(result.scores)
    return [s - (total - s) / (n - 1) for s in result.scores]


class Table:
    """One game of ``game_id`` for ``num_players`` seats, played token by token.

    Raises (constructor):
        UnknownGame: see :func:`adapter`.
        InvalidOptions: the player count or an option is out of range.
        ValueError: ``reward`` is not one of :data:`REWARDS`.
    """

    def __init__(
        self,
        game_id: str,
        num_players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win_share",
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {list(REWARDS)}, not {reward!r}")
        self.adapter = adapter(game_id)
        self.game = make(game_id)
        self.num_players = num_players
        self.options = dict(options or {})
        self.reward: Reward = reward
        self.state = self.game.new_game(num_players, seed, **self.options)
        self.decision: Decision | None = None
        self._seen: dict[int, FloatArray] = {}
        self._mask = np.zeros(0, dtype=np.int8)
        """The mask of the sub-step :attr:`_mask_of` and ``_mask_depth`` name."""
        self._mask_depth = -2
        self._mask_of: Decision | None = None
        self._begin()
        self.layout = observation_vector(self.adapter, self.state, 0).layout()
        self.observation_size = sum(size for _, _, size in self.layout)
        self._seats: dict[int, SeatObservation] = {}
        self._buffers: dict[int, FloatArray] = {}
        """Each seat's array for the C encoder, written again for every engine state."""

    @property
    def scheme(self) -> ActionScheme:
        return self.adapter.scheme

    def reset(self, seed: int) -> None:
        """Start a new game with ``seed``."""
        self.state = self.game.new_game(self.num_players, seed, **self.options)
        self._begin()

    def _begin(self) -> None:
        self._seen = {}
        self.state.quiet = True
        self.decision = (
            None if self.state.is_terminal
            else Decision.start(self.scheme, self.state.legal_actions())
        )

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    def legal_tokens(self) -> list[int]:
        """The tokens the seat to move may choose now (empty once the game is over)."""
        return [] if self.decision is None else self.decision.mask()

    def mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal tokens as a 0/1 vector over the whole action space (a new array each
        call, worked out once per sub-step)."""
        decision = self.decision
        depth = -1 if decision is None else len(decision.prefix)
        if self._mask_depth != depth or self._mask_of is not decision:
            size = self.scheme.size
            if decision is None:
                marks = bytearray(size)
            elif self.adapter.marks is not None:
                marks = self.adapter.marks(decision.candidates, depth, size)
            else:  # set byte by byte, then seen by numpy
                marks = bytearray(size)
                for pair in decision.candidates:
                    marks[pair[0][depth]] = 1
            found = np.frombuffer(marks, _INT8)
            self._mask, self._mask_depth, self._mask_of = found, depth, decision
        return self._mask.copy()

    def observe(self, seat: int) -> FloatArray:
        """The observation of ``seat`` (see the module's docstring), a new array each call.
        The part the seat's unfinished choice leaves alone is written once per engine state:
        whole, by the game's C encoder (:mod:`.fast`), or else rewriting only the parts the
        moves since changed (:mod:`.incremental`)."""
        base = self._seen.get(seat)
        if base is None:
            base = self._seen[seat] = self._observed(seat)
        out = base.copy()
        if self.decision is not None and self.to_move == seat and self.decision.prefix:
            start = self.observation_size - self.scheme.size
            for token in self.decision.prefix:
                out[start + token] += 1.0
        return out

    def _observed(self, seat: int) -> FloatArray:
        """The seat's array brought to the engine state (its ``prefix`` all zero): written
        whole by the game's C encoder where there is one, else part by part."""
        fast = self.adapter.fast
        if fast is not None:
            found = self._buffers.get(seat)
            if found is None:
                found = self._buffers[seat] = np.zeros(self.observation_size, np.float32)
            fast(self.state, seat, found)
            return found
        observer = self._seats.get(seat)
        if observer is None:
            observer = self._seats[seat] = SeatObservation(
                self.adapter.parts, self.state, seat, self.layout)
        return observer.update(self.state)

    def step(self, token: int) -> Action | None:
        """Choose ``token`` for the seat to move; return the engine action once it is
        complete (and applied), else None.

        Raises:
            GameOver: the game is over.
            ActionSchemeError: the token is not legal now (nothing changes).
        """
        if self.decision is None:
            raise GameOver("the game is over", version=self.state.version)
        action = self.decision.choose(int(token))
        if action is not None:
            self.state = self.state.apply_unchecked(action)
            self._begin()
        return action

    def play(self, action: Action) -> None:
        """Apply a whole engine action (an opponent bot's), dropping any unfinished choice.

        Raises:
            RulesError: the action is not legal now (see ``GameState.apply``).
        """
        self.state = self.state.apply(action)
        self._begin()

    def rewards(self) -> list[float]:
        """Every seat's reward once the game is over; zeros before."""
        if not self.state.is_terminal:
            return [0.0] * self.num_players
        return rewards_of(self.state, self.reward)
