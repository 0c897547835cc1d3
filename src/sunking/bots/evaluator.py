"""How the bots judge a game: the evaluator protocol, the generic evaluator, and the one rule
that finds a game's own.

Search and the heuristic bot know no game. What they need to know of one — an estimate of
every seat's final score, the chances to win it gives, the states an action may lead to, a
fast default policy for playouts, and how far search should look — is an :class:`Evaluator`,
which the game provides in its package's ``heuristic`` module as ``EVALUATOR`` (a plain
class of its own: a game imports nothing from the bots). :func:`evaluator` finds it from the
game's id; a game without one is judged by :class:`DefaultEvaluator`, which knows nothing of
it but the final scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from ..core.actions import Action
from ..core.game import GameState, softmax_chances
from ..core.registry import game_part
from ..core.rng import Rng

S = TypeVar("S", bound=GameState, contravariant=True)

Scope = Literal["game", "turn"]
"""How far a search looks ahead in a game. ``"game"``: its tree takes in every seat's
decisions and its playouts go on with :meth:`Evaluator.rollout_action`. ``"turn"``: its tree
holds only the searching seat's own decisions until another seat is to decide, and that
position is scored by :meth:`Evaluator.win_chances` at once — for games whose outcome turns
on chance more than on the replies of the others, where opponents' moves sampled in a tree add
noise rather than insight."""


@runtime_checkable
class Evaluator(Protocol[S]):
    """A game's judgement, for bots: what its heuristic module provides as ``EVALUATOR``."""

    @property
    def scale(self) -> float:
        """How many points of :meth:`evaluate` make a clear lead (a difference of estimates
        becomes a win chance with it)."""
        ...

    @property
    def scope(self) -> Scope:
        """How far search looks ahead in this game (see :data:`Scope`)."""
        ...

    @property
    def weight_sets(self) -> tuple[str, ...]:
        """The names of the evaluation's weight sets (:meth:`with_weights`); none in most
        games."""
        ...

    def evaluate(self, state: S) -> Sequence[float]:
        """An estimate of every seat's final score (higher is better), the game over or not:
        what the heuristic bot plays by."""
        ...

    def win_chances(self, state: S) -> Sequence[float]:
        """Per seat, its chance to win from ``state`` (they sum to 1): what search scores its
        positions by. By default the win share once over, else the softmax of
        :meth:`evaluate` with :attr:`scale` (:func:`sunking.core.game.softmax_chances`); a game
        may use a model fitted to who actually won."""
        ...

    def outcomes(self, state: S, action: Action) -> Sequence[tuple[float, GameState]]:
        """The states ``action`` leads to from ``state``, each with its chance (they sum to
        1), for bots that weigh a move by its expectation: one sample (the action applied with
        the state's own generator) unless the game enumerates its dice."""
        ...

    def rollout_action(self, state: S, rng: Rng) -> Action:
        """The fast default policy search plays positions out with (a legal action)."""
        ...

    def with_weights(self, name: str) -> Evaluator[S]:
        """This evaluation with its weight set ``name`` (what the bot ``heuristic:<name>``
        plays with, to measure one set against another).

        Raises:
            ValueError: the evaluation has no weight set of that name.
        """
        ...


class DefaultEvaluator:
    """The evaluator of a game that provides none: the final scores once the game is over
    (the tie-break adding a fraction), otherwise zero for everyone; chances by softmax; one
    sample per action; uniform playouts."""

    scale = 1.0
    scope: Scope = "game"
    weight_sets: tuple[str, ...] = ()

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def evaluate(self, state: GameState) -> list[float]:
        if state.is_terminal:
            return state.result().final_values()
        return [0.0] * state.num_players

    def win_chances(self, state: GameState) -> list[float]:
        return softmax_chances(state, lambda: self.evaluate(state), self.scale)

    def outcomes(self, state: GameState, action: Action) -> tuple[tuple[float, GameState]]:
        return ((1.0, state.apply_unchecked(action)),)

    def rollout_action(self, state: GameState, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())

    def with_weights(self, name: str) -> DefaultEvaluator:
        raise ValueError(f"{self.game_id}'s evaluation has no weight set named {name!r}")


_FOUND: dict[str, Evaluator[Any]] = {}


def evaluator(game_id: str) -> Evaluator[Any]:
    """The evaluator of the registered game ``game_id``: ``EVALUATOR`` in the ``heuristic``
    module of the game's package, else a :class:`DefaultEvaluator`.

    Raises:
        UnknownGame: no game has that id.
        TypeError: the game's ``EVALUATOR`` is not an evaluator.
    """
    found = _FOUND.get(game_id)
    if found is not None:
        return found
    own = getattr(game_part(game_id, "heuristic"), "EVALUATOR", None)
    if own is not None and not isinstance(own, Evaluator):
        raise TypeError(f"{game_id}'s EVALUATOR is not an evaluator (see sunking.bots.evaluator)")
    found = _FOUND[game_id] = own if own is not None else DefaultEvaluator(game_id)
    return found


__all__ = ["DefaultEvaluator", "Evaluator", "Scope", "evaluator"]
