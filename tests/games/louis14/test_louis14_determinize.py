"""Determinization of Louis XIV keeps what a seat knows and resamples the rest."""

from __future__ import annotations

import sunking
from sunking.core import Rng
from sunking.games.louis14.state import FACES, Louis14State


def _play(players: int, seed: int, until: int) -> Louis14State:
    state = sunking.make("louis14").new_game(players, seed)
    rng = Rng(seed + 7)
    while state.version < until and not state.is_terminal:
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
    assert isinstance(state, Louis14State)
    return state


def _hand(state: Louis14State, seat: int) -> list[int]:
    return state.hand[seat * FACES:(seat + 1) * FACES]


def test_own_hand_kept_other_hands_resampled() -> None:
    state = _play(4, 3, 12)
    changed = 0
    for k in range(20):
        d = state.determinize(0, Rng(k))
        assert d.quiet and not d.check_invariants()
        assert _hand(d, 0) == _hand(state, 0)
        assert d.missions[0] == state.missions[0]
        assert d.view(0) == state.view(0)
        for seat in (1, 2, 3):
            assert sum(_hand(d, seat)) == sum(_hand(state, seat))
        changed += any(_hand(d, s) != _hand(state, s) for s in (1, 2, 3))
        assert d.rng.state != state.rng.state
    assert changed > 10


def test_a_card_seen_on_the_pile_stays_in_the_hand_that_drew_it() -> None:
    # Seat 0 put its last influence card (Louvois, tile 12) face down
    # on the pile; seat 1 then swapped a card and drew it. Seat 0 knows where it is.
    state = _play(4, 8, 137)
    assert state.known_hands == ((0, 1, 12, 1),)
    assert {"seat": 1, "kind": "influence", "card": 12} in state.view(0)["you"]["known_hands"]
    assert state.view(2)["you"]["known_hands"] == []
    for k in range(30):
        assert _hand(state.determinize(0, Rng(k)), 1)[12] >= 1
    assert any(_hand(state.determinize(2, Rng(k)), 1)[12] == 0 for k in range(30))


def test_public_intrigue_cards_under_the_pile_stay_in_place() -> None:
    for seed in range(40):
        state = _play(4, seed, 400)
        if any(state.intrigue_known):
            break
    else:
        raise AssertionError("no played intrigue card in 40 games")
    known = [i for i, mask in enumerate(state.intrigue_known) if mask]
    for k in range(10):
        d = state.determinize(1, Rng(k))
        assert [d.intrigue_deck[i] for i in known] == [state.intrigue_deck[i] for i in known]
