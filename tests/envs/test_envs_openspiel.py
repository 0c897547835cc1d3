"""The games as OpenSpiel games: OpenSpiel's own test files, run unchanged from the installed
package, and the conventions those files do not check (history replay, clones without side
effects, the observation types, IS-MCTS and MCCFR)."""

from __future__ import annotations

import importlib.util
import pickle
import sys
import unittest
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import open_spiel
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr

import sunking.envs.openspiel as sk_spiel
from sunking.bots import HeuristicBot, Observation
from sunking.bots.arena import bot_rng
from sunking.core.registry import available_games, make
from sunking.envs.openspiel_observer import CHECKPOINT, RECALL_BITS, Observations, Recall

OPEN_SPIEL_TESTS = Path(open_spiel.__file__).parent / "python" / "tests"
OUR_NAMES = {sk_spiel.short_name(game) for game in available_games()}


def open_spiel_test(name: str) -> ModuleType:
    """One of OpenSpiel's test files, loaded as it is installed (after sunking's games are
    registered, so its lists of games hold them)."""
    path = OPEN_SPIEL_TESTS / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"open_spiel_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases(case: type[unittest.TestCase]) -> Iterator[unittest.TestCase]:
    def flat(suite: unittest.TestSuite) -> Iterator[unittest.TestCase]:
        for test in suite:
            if isinstance(test, unittest.TestSuite):
                yield from flat(test)
            else:
                yield test
    yield from flat(unittest.TestLoader().loadTestsFromTestCase(case))


def run(tests: list[unittest.TestCase]) -> unittest.TestResult:
    result = unittest.TestResult()
    unittest.TestSuite(tests).run(result)
    return result


def failures(result: unittest.TestResult) -> list[str]:
    return [f"{test.id()}: {text[-800:]}" for test, text in result.errors + result.failures]


def test_open_spiels_games_sim_test_passes_on_every_game_and_player_count() -> None:
    sim = open_spiel_test("games_sim_test")
    ours = [t for t in cases(sim.GamesSimTest) if any(n in t.id() for n in OUR_NAMES)]
    counts = sum(make(g).spec.max_players - make(g).spec.min_players + 2
                 for g in available_games())
    assert len(ours) == counts  # the default count and every count of each game
    result = run(ours)
    assert failures(result) == []
    assert result.testsRun == counts


def test_open_spiels_sampled_stochastic_test_has_no_case_of_our_games() -> None:
    """The games are explicit stochastic (the deal is a chance node): OpenSpiel's test of the
    games that keep a random generator, loaded unchanged, lists none of them (its cases test
    OpenSpiel's own C++ games only, so they are not run here)."""
    sampled = open_spiel_test("sampled_stochastic_games_test")
    listed = {g.short_name for g in sampled.SPIEL_SAMPLED_STOCHASTIC_GAMES_LIST}
    assert listed and not listed & OUR_NAMES
    ours = [t for t in cases(sampled.SampledStochasticGamesTest)
            if any(n in str(t) for n in OUR_NAMES)]
    assert ours == []
    for name in OUR_NAMES:
        chance = pyspiel.load_game(name).get_type().chance_mode
        assert chance == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def random_states(name: str, n: int, seed: int, every: int = 1) -> Iterator[pyspiel.State]:
    game = pyspiel.load_game(name, {"players": n})
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1
    yield state


@pytest.mark.parametrize("game", available_games())
def test_replaying_the_history_of_any_state_gives_that_state(game: str) -> None:
    n = make(game).spec.max_players
    spiel = pyspiel.load_game(sk_spiel.short_name(game), {"players": n})
    compared = 0
    for state in random_states(sk_spiel.short_name(game), n, seed=3, every=41):
        replayed = spiel.new_initial_state()
        for action in state.history():
            replayed.apply_action(action)
        assert str(replayed) == str(state)
        assert replayed.legal_actions() == state.legal_actions()
        for p in range(n):
            assert replayed.observation_string(p) == state.observation_string(p)
            assert replayed.information_state_string(p) == state.information_state_string(p)
            assert np.array_equal(replayed.observation_tensor(p), state.observation_tensor(p))
        again = spiel.deserialize_state(state.serialize())
        unpickled = pickle.loads(pickle.dumps(state))
        assert str(again) == str(unpickled) == str(state)
        assert unpickled.information_state_string(0) == state.information_state_string(0)
        compared += 1
    assert compared >= 3


def test_clones_and_tensors_do_not_change_later_deals() -> None:
    """Two games of the same parameters start the same, whatever was cloned or observed."""
    name = sk_spiel.short_name("louis14")
    first = pyspiel.load_game(name, {"players": 3})
    second = pyspiel.load_game(name, {"players": 3})
    state = first.new_initial_state()
    sk_spiel.deal(state, 77)
    for _ in range(5):
        clone = state.clone()
        state.observation_tensor(0)
        state.information_state_string(1)
    # A clone shares what never changes (the engine state), and copies no game.
    assert clone.engine_state is state.engine_state
    assert clone.held is not state.held
    assert clone.get_game().sizes is first.sizes
    a, b = first.new_initial_state(), second.new_initial_state()
    sk_spiel.deal(a, 78)
    sk_spiel.deal(b, 78)
    assert str(a) == str(b)
    assert a.observation_tensor(2) == b.observation_tensor(2)
    with pytest.raises(ValueError, match="cannot deal seed"):
        sk_spiel.deal(a, 1)


def test_the_deal_is_four_chance_nodes_of_a_seed() -> None:
    game = pyspiel.load_game("sunking_vive_le_roi", {"players": 4})
    state = game.new_initial_state()
    for k in range(sk_spiel.DEAL_NODES):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.observation_string(0) == f"dealing, chance node {k + 1}"
        state.apply_action(k + 1)
    assert state.seed == 0x01020304
    assert state.engine_state.view(None) == make("vive_le_roi").new_game(4, 0x01020304).view(None)


def test_observation_types_are_honoured_or_refused() -> None:
    game = pyspiel.load_game("sunking_versailles1682", {"players": 4})
    state = game.new_initial_state()
    sk_spiel.deal(state, 5)
    size = game.observation_tensor_size()
    kinds = {
        "public": pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
        "seat": pyspiel.IIGObservationType(perfect_recall=False),
        "all": pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
    }
    observers = {kind: game.make_py_observer(t) for kind, t in kinds.items()}
    for observer in observers.values():
        observer.set_from(state, 1)
    assert observers["public"].tensor.size == observers["seat"].tensor.size == size
    assert observers["all"].tensor.size == 4 * size
    assert not np.array_equal(observers["public"].tensor, observers["seat"].tensor)
    own = state.engine_state.view(1)["you"]
    assert '"you"' not in observers["public"].string_from(state, 1)
    assert str(own["hand"][0]["id"]) in observers["seat"].string_from(state, 1)
    assert observers["all"].string_from(state, 1) == observers["all"].string_from(state, 3)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 1) == state.information_state_string(1)
    with pytest.raises(ValueError, match="single-player private info only"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE))
    with pytest.raises(ValueError, match="public information"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=False))


def test_information_state_tensors_are_the_observation_and_the_recall_digest() -> None:
    """The information-state tensor is the seat's observation then the bits of its recall
    digest: equal for one history replayed, different where the seat's past differs even
    though the position and so the observation are the same."""
    game = pyspiel.load_game("sunking_louis14", {"players": 2})
    assert game.get_type().provides_information_state_tensor
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == size + RECALL_BITS
    state = game.new_initial_state()
    sk_spiel.deal(state, 4)
    rng = np.random.default_rng(4)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    tensor = np.asarray(state.information_state_tensor(seat), np.float32)
    assert np.array_equal(tensor[:size], np.asarray(state.observation_tensor(seat)))
    assert set(np.unique(tensor[size:])) == {0.0, 1.0}
    digest = state.recall.bits(seat)
    assert np.array_equal(tensor[size:], np.unpackbits(np.frombuffer(digest, np.uint8)))
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.information_state_tensor(seat) == state.information_state_tensor(seat)
    held = state.held
    other = held.recall.resampled(held.state, 1 - seat, state.recalled(1 - seat, True),
                                  state.recalled(1 - seat, False))
    assert other.bits(seat) != held.recall.bits(seat)
    assert other.bits(1 - seat) == held.recall.bits(1 - seat)


def test_rng_seed_fixes_the_deal_and_the_game_still_replays() -> None:
    game = pyspiel.load_game("sunking_vive_le_roi", {"players": 3, "rng_seed": 258})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1.0)]
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.seed == 258 and state.history() == [0, 0, 1, 2]
    dealt = pyspiel.load_game("sunking_vive_le_roi", {"players": 3}).new_initial_state()
    sk_spiel.deal(dealt, 258)
    assert str(dealt) == str(state)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again[1].history() == state.history()
    with pytest.raises(pyspiel.SpielError, match="not a deal byte"):
        game.new_initial_state().apply_action(5)
    with pytest.raises(ValueError, match="rng_seed must be"):
        pyspiel.load_game("sunking_vive_le_roi", {"players": 3, "rng_seed": -2})


def test_perfect_recall_tells_apart_what_the_view_forgets() -> None:
    """Two histories that end in the same position but where a seat saw different things
    (or chose differently) before are different information states of that seat."""
    game = make("louis14")
    start, other, end = (game.new_game(2, seed) for seed in (1, 2, 3))
    assert start.view(0) != other.view(0)
    observations = Observations("louis14", 2)
    one, two = Recall.start(start, observations), Recall.start(other, observations)
    assert one.after(end, 1, (4,)).digest(0) != two.after(end, 1, (4,)).digest(0)
    assert one.after(end, 0, (4,)).digest(0) != one.after(end, 0, (5,)).digest(0)
    assert one.after(end, 1, (4,)).digest(0) == one.after(end, 1, (5,)).digest(0)
    flat = pickle.loads(pickle.dumps(one.after(end, 1, (4,))))
    assert flat.previous is None and flat.digest(0) == one.after(end, 1, (4,)).digest(0)
    assert one.after(end, 1, (4,)).bits(0) != two.after(end, 1, (4,)).bits(0)
    assert one.after(end, 0, (4,)).bits(0) != one.after(end, 0, (5,)).bits(0)
    assert one.after(end, 1, (4,)).bits(0) == one.after(end, 1, (5,)).bits(0)
    assert flat.bits(0) == one.after(end, 1, (4,)).bits(0)


def test_recall_bits_do_not_depend_on_when_they_are_asked() -> None:
    """Asked at every step or only at the end, in any seat order, a seat's recall bits are
    the same: they depend on the history alone, not on the shared observation cache."""
    game = pyspiel.load_game("sunking_vive_le_roi", {"players": 3})
    every, once = game.new_initial_state(), game.new_initial_state()
    sk_spiel.deal(every, 8)
    sk_spiel.deal(once, 8)
    rng = np.random.default_rng(8)
    for _ in range(60):
        for seat in range(3):
            every.information_state_tensor(2 - seat)
        token = int(rng.choice(every.legal_actions()))
        every.apply_action(token)
        once.apply_action(token)
    for seat in range(3):
        assert once.information_state_tensor(seat) == every.information_state_tensor(seat)


def recall_length(state: sk_spiel.SunKingState) -> int:
    """How many recalls the state's recall still reaches (itself included)."""
    node: Recall | None = state.recall
    count = 0
    while node is not None:
        count += 1
        node = node.previous
    return count


def played(game: pyspiel.Game, seed: int, moves: int,
           ask: str) -> Iterator[sk_spiel.SunKingState]:
    """A game of ``moves`` random tokens after the deal of ``seed``, yielding the state after
    each; ``ask`` is what is asked of every seat at every step: "tensors", "strings" or
    nothing ("")."""
    state = game.new_initial_state()
    sk_spiel.deal(state, seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            if ask == "tensors":
                state.information_state_tensor(seat)
            elif ask == "strings":
                state.information_state_string(seat)
        state.apply_action(int(rng.choice(state.legal_actions())))
        yield state.clone()


@pytest.mark.parametrize("game", available_games())
def test_a_recall_forgets_old_states_and_its_values_do_not_change(game: str) -> None:
    """A game's recalls are cut every CHECKPOINT moves, so that a long game does not keep
    every engine state alive (Python's collector would traverse them all); the tensors and
    strings are the same whether the states were forgotten (and the history replayed) or
    kept, and whatever was asked before."""
    name = sk_spiel.short_name(game)
    n = make(game).spec.max_players
    moves = 12 * CHECKPOINT
    tensors, strings, nothing = (
        list(played(pyspiel.load_game(name, {"players": n}), 6, moves, ask))
        for ask in ("tensors", "strings", ""))
    assert len(tensors) == len(strings) == len(nothing)
    assert tensors[-1].engine_state.version > 2 * CHECKPOINT
    assert max(recall_length(s) for s in tensors) <= CHECKPOINT + 1
    assert max(recall_length(s) for s in nothing) <= CHECKPOINT + 1
    assert recall_length(strings[-1]) == strings[-1].engine_state.version + 1  # never cut
    middle = CHECKPOINT + 3
    for i, state in ((-1, tensors[-1]), (-1, nothing[-1]), (middle, tensors[middle])):
        kept = strings[i]
        assert kept.history() == state.history()
        for seat in range(n):
            assert state.information_state_tensor(seat) == kept.information_state_tensor(seat)
            assert state.information_state_string(seat) == kept.information_state_string(seat)


@pytest.mark.parametrize("game", available_games())
def test_openspiel_ismcts_plays_the_heuristic_to_the_end(game: str) -> None:
    n = make(game).spec.min_players
    spiel = pyspiel.load_game(sk_spiel.short_name(game), {"players": n})
    bot = ismcts.ISMCTSBot(spiel, sk_spiel.HeuristicEvaluator(), 2.0, 8,
                           random_state=np.random.RandomState(3))
    heuristic = HeuristicBot()
    rngs = [bot_rng(5, p) for p in range(n)]
    state = spiel.new_initial_state()
    sk_spiel.deal(state, 5)
    searched = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            engine = state.engine_state
            state.apply_engine_action(heuristic.act(Observation(engine, seat), rngs[seat]))
    assert searched > 10
    assert sum(state.returns()) == pytest.approx(1.0)


def test_outcome_sampling_mccfr_runs_on_versailles_with_six_players() -> None:
    """Token-level episodes of up to about 950 steps recurse deeper than Python's default
    limit of 1,000 frames: with the limit raised (as docs/envs.md says) MCCFR runs."""
    game = pyspiel.load_game("sunking_versailles1682", {"players": 6})
    solver = os_mccfr.OutcomeSamplingSolver(game)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        np.random.seed(0)
        with np.errstate(invalid="ignore", divide="ignore"):
            solver.iteration()
    finally:
        sys.setrecursionlimit(limit)
    assert solver._infostates
