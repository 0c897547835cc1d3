"""An observation holds nothing of another seat's hidden information.

For every game, at steps of random games, each seat's observation is compared with the
observation of the same seat in states the core's determinization draws for that seat
(every card the seat has not seen dealt again): it must never change. The OpenSpiel observers
are checked the same way, the public one against every other seat's determinization (which
deals the observer's own hidden cards again too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
import pytest

import sunking.envs.openspiel as sk_spiel
from sunking.core.game import GameState
from sunking.core.registry import available_games, make
from sunking.core.rng import Rng
from sunking.envs.table import Table, observation_vector

Observe = Callable[[GameState, int, tuple[int, ...]], np.ndarray]


def changes(observe: Observe, state: GameState, seat: int, prefix: tuple[int, ...],
            samples: int, seed: int) -> int:
    """How many of ``samples`` determinizations for ``seat`` change its observation."""
    real = observe(state, seat, prefix)
    deal = state.determinizer(seat)
    return sum(
        not np.array_equal(real, observe(deal(Rng(seed + k)), seat, prefix))
        for k in range(samples)
    )


def scan(game: str, n: int, observe: Observe, every: int = 7) -> tuple[int, int]:
    """(observations compared, observations that changed) over one random game."""
    table = Table(game, n, seed=31 + n)
    rng = np.random.default_rng(n)
    compared = changed = 0
    step = 0
    while table.to_move is not None:
        if step % every == 0:
            prefix = table.decision.prefix if table.decision else ()
            for seat in range(n):
                own = prefix if seat == table.to_move else ()
                changed += changes(observe, table.state, seat, own, 3, step)
                compared += 3
        table.step(int(rng.choice(table.legal_tokens())))
        step += 1
    return compared, changed


def honest(game: str) -> Observe:
    table = Table(game, make(game).spec.min_players)
    return lambda state, seat, prefix: observation_vector(
        table.adapter, state, seat, prefix).array()


@pytest.mark.parametrize("game", available_games())
def test_observations_never_change_when_hidden_cards_are_dealt_again(game: str) -> None:
    n = make(game).spec.max_players
    compared, changed = scan(game, n, honest(game))
    assert compared > 100
    assert changed == 0


@pytest.mark.parametrize("game", available_games())
def test_the_leak_test_catches_an_observation_of_another_seat(game: str) -> None:
    """A broken adapter that encodes the next seat's view is caught."""
    table = Table(game, make(game).spec.min_players)

    def leaky(state: GameState, seat: int, prefix: tuple[int, ...]) -> np.ndarray:
        other = (seat + 1) % state.num_players
        return observation_vector(table.adapter, state, other, prefix).array()

    _, changed = scan(game, make(game).spec.min_players, leaky, every=11)
    assert changed > 0


def spiel_observers(game: pyspiel.Game) -> dict[str, Any]:
    single = pyspiel.IIGObservationType(perfect_recall=False)
    public = pyspiel.IIGObservationType(perfect_recall=False,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    return {"public": game.make_py_observer(public), "seat": game.make_py_observer(single)}


def seen(observer: Any, state: pyspiel.State, seat: int) -> tuple[bytes, str]:
    observer.set_from(state, seat)
    return observer.tensor.tobytes(), observer.string_from(state, seat)


def redeal_scan(game_id: str, n: int, every: int) -> dict[str, int]:
    """Over one random OpenSpiel game, how often each observer of each seat changed when the
    hidden cards were dealt again: ``public`` for every other seat's determinization (which
    deals the observer's own hidden cards again too), ``seat`` for its own (every other
    seat's hidden cards), and ``seat_by_other`` (the seat's private observation when another
    seat's determinization deals its cards again: this must change sometimes, or the scan
    could not catch a leak)."""
    game = pyspiel.load_game(sk_spiel.short_name(game_id), {"players": n})
    observers = spiel_observers(game)
    state = game.new_initial_state()
    sk_spiel.deal(state, 40 + n)
    rng = np.random.default_rng(n)
    counts = dict.fromkeys(("compared", "public", "seat", "seat_by_other"), 0)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            for q in range(n):
                sampled = state.resample_from_infostate(q, rng.random)
                for p in range(n):
                    counts["compared"] += 1
                    for kind in ("public", "seat"):
                        if seen(observers[kind], state, p) != seen(observers[kind], sampled, p):
                            key = kind if kind == "public" or p == q else "seat_by_other"
                            counts[key] += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1
    return counts


@pytest.mark.parametrize("game", available_games())
def test_openspiel_observers_show_nothing_of_the_hidden_cards_they_may_not_see(game: str) -> None:
    counts = redeal_scan(game, make(game).spec.max_players, every=13)
    assert counts["compared"] > 100
    assert counts["public"] == 0
    assert counts["seat"] == 0
    assert counts["seat_by_other"] > 0
