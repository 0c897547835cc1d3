"""The narrow interface between a game in progress and a bot.

A bot never receives a game state. It is handed an :class:`Observation` of its own seat — the
seat's view, its legal actions, and a way to draw full states consistent with what the seat
has seen (the core's ``determinize``) — together with a random generator injected by the
caller, and returns one of the legal actions. Given the same observation and the same
generator state, a bot returns the same action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..core.actions import Action, JsonValue
from ..core.game import Game, GameState, Seat
from ..core.rng import Rng


class Observation:
    """What one seat may know when it is to decide.

    ``view`` is the seat's view (the same data a client is sent); ``legal_actions`` are its
    choices; :meth:`determinize` samples a full state from the seat's information set, the
    hidden parts drawn at random, for search. Nothing else of the real state is reachable
    through this object's interface.
    """

    __slots__ = ("__deal", "__state", "_view", "game", "legal_actions", "seat", "version")

    def __init__(self, state: GameState, seat: Seat) -> None:
        if state.to_move != seat:
            raise ValueError(f"seat {seat} is not to move (seat {state.to_move} is)")
        self.__state = state
        self.__deal: Callable[[Rng], GameState] | None = None
        self._view: dict[str, JsonValue] | None = None
        self.game: Game = state.game
        self.seat = seat
        self.version = state.version
        self.legal_actions: Sequence[Action] = state.legal_actions()

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    @property
    def view(self) -> dict[str, JsonValue]:
        """The seat's view of the position (computed on first use)."""
        if self._view is None:
            self._view = self.__state.view(self.seat)
        return self._view

    def determinize(self, rng: Rng) -> GameState:
        """A full, quiet state the seat cannot tell from the real one: every card it has not
        seen is dealt again at random from ``rng``, and the state's own generator is new."""
        if self.__deal is None:
            self.__deal = self.__state.determinizer(self.seat)
        return self.__deal(rng)


@runtime_checkable
class Bot(Protocol):
    """Anything with a name that picks a legal action for an observation."""

    @property
    def name(self) -> str: ...

    def act(self, observation: Observation, rng: Rng) -> Action:
        """Return one of ``observation.legal_actions``; use only ``rng`` for chance."""
        ...
