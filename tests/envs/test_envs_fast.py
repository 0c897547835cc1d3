"""The fast observations (written whole in C from the engine state, or kept up to date part by
part from it, straight into one array) equal the plain ones (named segments, built afresh
from the seat's view) at every step of random games, part by part as well as float by
float."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import subprocess
import sys

import numpy as np
import pyspiel
import pytest

import sunking.envs.openspiel as sk_spiel
from sunking.compiled import running_compiled
from sunking.core.registry import available_games, make
from sunking.envs.incremental import Part, Recent, SeatObservation
from sunking.envs.table import Table, adapted_games, adapter, layout, observation_vector
from sunking.envs.vector import FastVector, Vector

EVERY_COUNT = [
    (game, n)
    for game in available_games()
    for n in range(make(game).spec.min_players, make(game).spec.max_players + 1)
]
EDGES = [
    (game, n)
    for game in available_games()
    for n in sorted({make(game).spec.min_players, make(game).spec.max_players})
]


def test_the_c_encoders_are_compiled_with_the_rule_modules() -> None:
    """Where the package runs compiled (``make setup`` found a C compiler), every game has
    its observation encoder in C, and the tables use it; from the sources, none."""
    for game in adapted_games():
        assert (adapter(game).fast is not None) == bool(running_compiled()), game


def table_with(game: str, n: int, encoder: str) -> Table:
    """A table whose observations and masks come from C (``"c"``; skipped where it is not
    compiled: the test above fails instead when the rule modules are) or from Python (the
    incremental encoder)."""
    table = Table(game, n)
    if encoder == "incremental":
        table.adapter = dataclasses.replace(table.adapter, fast=None, marks=None)
    elif table.adapter.fast is None:
        pytest.skip("the C encoders are not compiled here (no C compiler)")
    return table


@pytest.mark.parametrize("encoder", ["c", "incremental"])
@pytest.mark.parametrize(("game", "n"), EDGES)
def test_fast_observations_equal_the_plain_ones_at_every_step(game: str, n: int,
                                                              encoder: str) -> None:
    table = table_with(game, n, encoder)
    compared = 0
    for seed in range(3):
        table.reset(seed)
        rng = np.random.default_rng(seed)
        while table.to_move is not None:
            prefix = table.decision.prefix if table.decision else ()
            for seat in range(n):
                own = prefix if seat == table.to_move else ()
                plain = observation_vector(table.adapter, table.state, seat, own).array()
                assert np.array_equal(table.observe(seat), plain)
                compared += 1
            assert np.flatnonzero(table.mask()).tolist() == table.legal_tokens()
            table.step(int(rng.choice(table.legal_tokens())))
    assert compared > 500


@pytest.mark.parametrize(("game", "n"), EDGES)
def test_every_part_reads_the_same_values_from_the_state_as_from_the_view(
        game: str, n: int) -> None:
    """The incremental encoder's values equal those the plain one reads from the seat's view,
    so they hold nothing the view does not show (the recall digest hashes them); a public
    part's are the same for every seat."""
    table = Table(game, n)
    parts = table.adapter.parts
    for seed in range(2):
        table.reset(seed)
        rng = np.random.default_rng(seed)
        while table.to_move is not None:
            state = table.state
            for seat in range(n):
                view = state.view(seat)
                for part in parts:
                    assert part.read(part.key(state, seat), state) == part.of_view(view, seat)
                    if part.public:  # every seat sees it alike
                        assert part.key(state, seat) == part.key(state, 0)
                        assert part.of_view(view, seat) == part.of_view(state.view(0), 0)
            table.step(int(rng.choice(table.legal_tokens())))


@pytest.mark.parametrize("game", available_games())
def test_an_observation_follows_jumps_between_states_as_a_search_makes(game: str) -> None:
    """Brought to states in any order (a search moving about its tree), a seat's array is
    the plain observation of each."""
    n = make(game).spec.min_players
    table = Table(game, n)
    states = []
    rng = np.random.default_rng(5)
    while table.to_move is not None:
        states.append(table.state)
        table.step(int(rng.choice(table.legal_tokens())))
    observer = SeatObservation(table.adapter.parts, states[0], 1, table.layout)
    for i in rng.permutation(len(states))[:150]:
        plain = observation_vector(table.adapter, states[i], 1).array()
        assert np.array_equal(observer.update(states[i]), plain)


def test_parts_that_do_not_write_the_plain_layout_are_refused() -> None:
    table = Table("vive_le_roi", 3)
    parts = table.adapter.parts
    with pytest.raises(ValueError, match="do not write the plain layout"):
        SeatObservation(parts[1:], table.state, 0, table.layout)
    with pytest.raises(ValueError, match="do not write the plain layout"):
        SeatObservation((parts[1], parts[0], *parts[2:]), table.state, 0, table.layout)


@pytest.mark.parametrize(("game", "n"), EDGES)
def test_openspiel_tensors_equal_the_plain_observations(game: str, n: int) -> None:
    spiel = pyspiel.load_game(sk_spiel.short_name(game), {"players": n})
    state = spiel.new_initial_state()
    sk_spiel.deal(state, 9)
    rng = np.random.default_rng(9)
    adapter = Table(game, n).adapter
    while not state.is_terminal():
        seat = state.current_player()
        plain = observation_vector(adapter, state.engine_state, seat, state.prefix_of(seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32),
                              plain.array())
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize(("game", "n"), EDGES)
def test_information_state_tensors_begin_with_the_plain_observations(game: str, n: int) -> None:
    """The observation in an information-state tensor is written from the values its recall
    digest has read: it is the plain observation, of the seat to move and of the others."""
    spiel = pyspiel.load_game(sk_spiel.short_name(game), {"players": n})
    state = spiel.new_initial_state()
    sk_spiel.deal(state, 4)
    rng = np.random.default_rng(4)
    adapter = Table(game, n).adapter
    size = len(observation_vector(adapter, state.engine_state, 0))
    while not state.is_terminal():
        for seat in (state.current_player(), int(rng.integers(n))):
            plain = observation_vector(adapter, state.engine_state, seat, state.prefix_of(seat))
            tensor = np.asarray(state.information_state_tensor(seat), np.float32)
            assert np.array_equal(tensor[:size], plain.array())
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_a_part_that_writes_another_size_later_is_refused() -> None:
    """A part whose writing shrinks as the game goes on is caught at the first update it
    does not fill."""
    table = Table("louis14", 2)
    shrinking = Part(lambda view, seat: 0, lambda state, seat: state.version,
                     lambda version, seat, n, out: out.numbers("x", [1.0] * (
                         3 if version == 0 else 2)))
    layout = [("seat", 0, 2), ("to_move", 2, 1), ("x", 3, 3), ("prefix", 6, 0)]
    observer = SeatObservation((shrinking,), table.state, 0, layout)
    assert list(observer.update(table.state)[3:]) == [1.0, 1.0, 1.0]
    table.step(table.legal_tokens()[0])
    while table.state.version == 0:
        table.step(table.legal_tokens()[0])
    with pytest.raises(ValueError, match="a part wrote 2 floats of 3"):
        observer.update(table.state)


@pytest.mark.parametrize("game", available_games())
def test_a_c_encoder_writes_its_whole_range_and_refuses_a_short_array(game: str) -> None:
    """The C encoder writes every float before the ``prefix`` segment, whatever the array
    held, and leaves the ``prefix`` alone; an array too short for the layout is refused."""
    table = table_with(game, make(game).spec.min_players, "c")
    encode = table.adapter.fast
    assert encode is not None
    full = table.layout[-1][1]
    used = np.full(table.observation_size, 7.0, np.float32)
    assert encode(table.state, 1, used) == full
    plain = observation_vector(table.adapter, table.state, 1).array()
    assert np.array_equal(used[:full], plain[:full])
    assert (used[full:] == 7.0).all()
    with pytest.raises(ValueError, match="holds 10 floats"):
        encode(table.state, 0, np.zeros(10, np.float32))


def test_a_fast_vector_refuses_what_does_not_fit_its_layout() -> None:
    size = sum(s for _, _, s in layout("vive_le_roi", 3))
    short = FastVector(size)
    short.number("round", 1.0)
    with pytest.raises(ValueError, match="fill 1 of"):
        short.array()
    with pytest.raises(ValueError, match="an id is outside"):
        FastVector(4).counts("cards", [4], 4)
    many = list(range(20))  # more ids than are counted one by one
    for wrong in ([*many, 40], [-1, *many]):
        with pytest.raises(ValueError, match="an id is outside"):
            FastVector(40).counts("cards", wrong, 40)
    with pytest.raises(IndexError, match="outside"):
        FastVector(4).one_hot("seat", -1, 4)


def test_a_fast_vector_counts_as_the_plain_one() -> None:
    """Repeated ids count each time, distinct ones once, whatever iterable holds them."""
    many = list(range(0, 60, 2))  # more than are set one by one
    for ids in ([3, 1, 3, 3], (0, 5), {2, 4}, [5, 5], [], many, set(many), [*many, 4]):
        plain, fast, lazy = Vector(), FastVector(60), FastVector(60)
        plain.counts("cards", ids, 60)
        fast.counts("cards", ids, 60)
        lazy.counts("cards", iter(ids), 60)
        assert np.array_equal(fast.array(), plain.array()), ids
        assert np.array_equal(lazy.array(), plain.array()), ids


def observations_digest(seed: int = 11) -> str:
    """A digest of the fast observations of every seat to move, at every step of a random
    game of every game and player count, each checked against the plain observation."""
    h = hashlib.sha256()
    for game, n in EVERY_COUNT:
        table = Table(game, n, seed)
        rng = np.random.default_rng(seed)
        while table.to_move is not None:
            seat = table.to_move
            fast = table.observe(seat)
            plain = observation_vector(table.adapter, table.state, seat,
                                       table.decision.prefix if table.decision else ())
            assert np.array_equal(fast, plain.array()), (game, n, table.state.version)
            h.update(fast.tobytes())
            table.step(int(rng.choice(table.legal_tokens())))
    return h.hexdigest()


def test_fast_observations_are_the_same_compiled_and_from_source() -> None:
    """Every player count of every game, the encoders as imported here (compiled where
    ``make setup`` compiled them) and from their sources give the same floats, bit for bit,
    equal to the plain observations."""
    script = ("import test_envs_fast as t; from sunking.compiled import running_compiled; "
              "print(t.observations_digest()); assert not running_compiled()")
    env = dict(os.environ, SUNKING_FROM_SOURCE="1",
               PYTHONPATH=os.pathsep.join([os.path.dirname(__file__), *sys.path]))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=600, check=True)
    assert done.stdout.strip() == observations_digest()


def test_recent_values_are_found_by_the_identity_of_their_sources() -> None:
    made: list[tuple[int, ...]] = []

    def total(*lists: list[int]) -> int:
        made.append(tuple(len(x) for x in lists))
        return sum(map(sum, lists))

    recent = Recent(total, size=2)
    a, b, c = [1, 2], [3], [1, 2]
    assert recent(a, b) == 6 and recent(a, b) == 6 and len(made) == 1
    assert recent(c, b) == 6 and len(made) == 2  # equal, but another list: worked out again
    assert recent(b) == 3 and len(made) == 3     # a third: the oldest, (a, b), is forgotten
    assert recent(c, b) == 6 and len(made) == 3
    assert recent(a, b) == 6 and len(made) == 4
