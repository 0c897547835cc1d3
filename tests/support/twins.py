"""Twins for the bots' fairness checks: positions to decide at, states a seat cannot tell
apart, and an observation that lets a search see the true state (the cheat those checks must
be able to catch)."""

from __future__ import annotations

import sunking
from sunking.bots import Observation
from sunking.core import GameState, Rng


def random_position(game: str, players: int, seed: int, actions: int) -> GameState:
    """A position reached by random play, at least ``actions`` in, with a real choice to
    make."""
    state = sunking.make(game).new_game(players, seed)
    rng = Rng(seed + 1000)
    while state.version < actions or len(state.legal_actions()) < 2:
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def twin(state: GameState, seat: int, salt: int) -> GameState:
    """A state ``seat`` cannot tell from ``state``: every hidden card dealt again."""
    other = state.determinize(seat, Rng(salt))
    assert other.snapshot() != state.snapshot(), "the twin should differ in hidden cards"
    assert other.view(seat) == state.view(seat)
    return other


def true_state(observation: Observation) -> GameState:
    """What a cheat reads: the state behind an observation, which its interface hides."""
    state: GameState = observation._Observation__state  # type: ignore[attr-defined]
    return state


class Peeking(Observation):
    """Cheats: hands a search the true state (hidden cards and generator) to play out,
    instead of a state drawn from the seat's information set."""

    __slots__ = ()

    def determinize(self, rng: Rng) -> GameState:
        state = true_state(self).copy()
        state.quiet = True
        return state
