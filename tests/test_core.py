"""Unit tests of the game-agnostic core: Rng, errors, actions, registry, setup, records."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sunking.core import (
    Action,
    ActionCodec,
    GameOver,
    GameRecord,
    GameSpec,
    GameState,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    OptionSpec,
    Rng,
    RulesError,
    StaleAction,
    UnknownGame,
    available_games,
    make,
    private,
    public,
    replay,
    replay_states,
)
from sunking.core.events import EventChain, chain_from, events_for

# --- Rng ------------------------------------------------------------------------------

# SplitMix64's first outputs; seed 0 matches the reference implementation's 0xE220A8397B1DCDAF.
PINNED = {
    0: [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC,
        0x1B39896A51A8749B,
    ],
    42: [
        0xBDD732262FEB6E95, 0x28EFE333B266F103, 0x47526757130F9F52, 0x581CE1FF0E4AE394,
        0x09BC585A244823F2,
    ],
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_rng_first_outputs_are_pinned(seed: int) -> None:
    rng = Rng(seed)
    assert [rng.next64() for _ in range(5)] == PINNED[seed]


def test_rng_derived_draws_are_pinned() -> None:
    rng = Rng(42)
    assert [rng.below(100) for _ in range(10)] == [74, 15, 27, 34, 3, 86, 21, 80, 33, 61]
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]


def test_rng_seed_is_taken_modulo_2_64() -> None:
    assert Rng(-1).state == (1 << 64) - 1
    assert Rng(1 << 64).next64() == Rng(0).next64()


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 1000, (1 << 64) + 3])
def test_rng_below_stays_in_range(n: int) -> None:
    rng = Rng(n)
    draws = [rng.below(n) for _ in range(2000)]
    assert all(0 <= d < n for d in draws)
    if n == 1:
        assert set(draws) == {0}


@pytest.mark.parametrize("n", [0, -1])
def test_rng_below_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError, match="positive bound"):
        Rng(0).below(n)


def test_rng_below_is_roughly_uniform() -> None:
    rng = Rng(2024)
    draws = 60_000
    counts = Counter(rng.below(6) for _ in range(draws))
    assert sorted(counts) == list(range(6))
    expected = draws / 6
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(6))
    assert chi2 < 20.5  # the 99.9 % quantile of chi-square with 5 degrees of freedom
    assert all(abs(counts[k] - expected) < 0.05 * expected for k in range(6))


def test_rng_random_is_a_unit_float() -> None:
    rng = Rng(3)
    values = [rng.random() for _ in range(5000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_rng_shuffle_is_a_deterministic_permutation() -> None:
    base = list(range(52))
    first, second, other = base[:], base[:], base[:]
    Rng(11).shuffle(first)
    Rng(11).shuffle(second)
    Rng(12).shuffle(other)
    assert sorted(first) == base
    assert first == second
    assert first != base
    assert other != first


def test_rng_shuffle_reaches_every_order_of_three() -> None:
    rng = Rng(5)
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        orders[tuple(items)] += 1
    assert len(orders) == 6
    assert all(800 < count < 1200 for count in orders.values())


def test_rng_choice_copy_and_fork() -> None:
    rng = Rng(9)
    assert rng.choice("abc") in "abc"
    copy = rng.copy()
    assert [copy.next64() for _ in range(3)] == [rng.next64() for _ in range(3)]
    fork = rng.fork()
    assert fork.state != rng.state
    assert fork.next64() != rng.next64()
    assert "hidden" in repr(rng)


# --- errors ---------------------------------------------------------------------------


def louis14_game_over() -> GameState:
    state = make("louis14").new_game(2, 3)
    rng = Rng(3)
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply_unchecked(legal[rng.below(len(legal))])
    return state


def test_illegal_action_is_reported_with_action_and_version() -> None:
    game = make("louis14")
    state = game.new_game(2, 0)
    bribe = game.parse_action({"type": "bribe"})
    assert bribe not in state.legal_actions()
    with pytest.raises(IllegalAction) as caught:
        state.apply(bribe)
    error = caught.value
    assert error.code == "action/illegal"
    assert error.action == bribe
    assert error.version == 0
    assert repr(bribe) in str(error)
    assert "version=0" in str(error)


def test_action_from_the_wrong_seat_is_not_your_turn() -> None:
    state = make("louis14").new_game(3, 0)
    action = state.legal_actions()[0]
    assert state.to_move == 0
    with pytest.raises(NotYourTurn) as caught:
        state.apply(action, seat=1)
    assert caught.value.code == "action/not-your-turn"
    assert "seat 1" in str(caught.value)
    assert repr(action) in str(caught.value)
    assert "version=0" in str(caught.value)
    assert state.apply(action, seat=0).version == 1


def test_action_from_an_old_version_is_stale() -> None:
    state = make("louis14").new_game(2, 0)
    first = state.apply(state.legal_actions()[0])
    action = first.legal_actions()[0]
    with pytest.raises(StaleAction) as caught:
        first.apply(action, version=0)
    assert caught.value.code == "action/stale"
    assert "version 0" in str(caught.value)
    assert "version=1" in str(caught.value)
    assert repr(action) in str(caught.value)
    assert first.apply(action, version=1).version == 2


def test_action_after_the_end_is_game_over() -> None:
    final = louis14_game_over()
    action = make("louis14").parse_action({"type": "pass"})
    with pytest.raises(GameOver) as caught:
        final.apply(action)
    assert caught.value.code == "game/over"
    assert f"version={final.version}" in str(caught.value)
    assert repr(action) in str(caught.value)


def test_result_before_the_end_raises() -> None:
    with pytest.raises(IllegalAction):
        make("louis14").new_game(2, 0).result()
    result = louis14_game_over().result()
    assert len(result.scores) == 2
    assert result.winners


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (RulesError, "rules/error"),
        (InvalidAction, "action/invalid"),
        (IllegalAction, "action/illegal"),
        (NotYourTurn, "action/not-your-turn"),
        (GameOver, "game/over"),
        (StaleAction, "action/stale"),
        (UnknownGame, "game/unknown"),
        (InvalidOptions, "game/invalid-options"),
        (InvalidState, "state/invalid"),
    ],
)
def test_every_error_has_a_wire_code(error: type[RulesError], code: str) -> None:
    assert error.code == code
    assert issubclass(error, ValueError)
    assert str(error("bad", action="a", version=4)) == "bad; action='a'; version=4"
    assert str(error("bad")) == "bad"


# --- actions --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    type = "move"
    tile: int
    cards: tuple[int, ...]
    source: str
    boost: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Stop(Action):
    type = "stop"


CODEC = ActionCodec([Move, Stop])


def test_codec_round_trips_actions() -> None:
    for action in (Move(3, (1, 2), "general"), Move(12, (), "personal", True), Stop()):
        wire = action.to_json()
        assert wire["type"] == action.type
        assert CODEC.parse(wire) == action
        assert CODEC.parse(json.loads(json.dumps(wire))) == action
        assert CODEC.parse(json.dumps(wire)) == action
        assert CODEC.parse(str(action)) == action
    assert Move(3, (1, 2), "general").to_json() == {
        "type": "move", "tile": 3, "cards": [1, 2], "source": "general", "boost": False,
    }
    assert CODEC.types == ("move", "stop")


def test_codec_fills_in_defaults() -> None:
    assert CODEC.parse({"type": "move", "tile": 1, "cards": [], "source": "x"}) == Move(
        1, (), "x"
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([{"type": "stop"}], "must be a JSON object"),
        (5, "must be a JSON object"),
        (None, "must be a JSON object"),
        ('"stop"', "must be a JSON object"),
        ("{not json", "not valid JSON"),
        ({"type": "jump"}, "unknown action type 'jump'"),
        ({"tile": 1}, "unknown action type None"),
        ({"type": 3}, "unknown action type 3"),
        ({"type": "move", "cards": [], "source": "x"}, "tile"),
        ({"type": "move", "tile": "x", "cards": [], "source": "x"}, "tile"),
        ({"type": "move", "tile": 1, "cards": [], "source": "x", "extra": 1}, "extra"),
        ({"type": "stop", "extra": 1}, "extra"),
        ({"type": "move", "tile": True, "cards": [], "source": "x"}, "tile"),
        ({"type": "move", "tile": "3", "cards": [], "source": "x"}, "tile"),
        ({"type": "move", "tile": 1.5, "cards": [], "source": "x"}, "tile"),
        ({"type": "move", "tile": 1, "cards": ["1"], "source": "x"}, "cards"),
        ({"type": "move", "tile": 1, "cards": 1, "source": "x"}, "cards"),
        ({"type": "move", "tile": 1, "cards": [], "source": 7}, "source"),
        ({"type": "move", "tile": 1, "cards": [], "source": "x", "boost": 1}, "boost"),
        ({"type": "move", "tile": 1, "cards": [], "source": "x", "boost": "true"}, "boost"),
        ({"type": "stop", "x": {1, 2}}, "not JSON data"),
    ],
)
def test_codec_rejects_malformed_actions(data: object, problem: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        CODEC.parse(data)
    assert caught.value.code == "action/invalid"
    assert problem in str(caught.value)


def test_codec_rejects_two_classes_with_one_tag() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class OtherStop(Action):
        type = "stop"

    with pytest.raises(ValueError, match="'stop'"):
        ActionCodec([Stop, OtherStop])


def test_louis14_parses_its_actions_strictly() -> None:
    game = make("louis14")
    state = game.new_game(4, 8)
    for action in state.legal_actions():
        assert game.parse_action(json.loads(json.dumps(action.to_json()))) == action
    with pytest.raises(InvalidAction):
        game.parse_action({"type": "place", "card": "1", "stones": [[1, 1]]})
    with pytest.raises(InvalidAction):
        game.parse_action({"type": "place", "card": 1, "stones": [[1, 1]], "colour": 2})


# --- events ---------------------------------------------------------------------------


def test_event_chain_hides_private_events_and_round_trips() -> None:
    first: EventChain = (None, 1, (public({"a": 1}), private(0, {"card": 5})))
    chain: EventChain = (first, 2, (private(1, {"card": 7}),))
    assert events_for(chain, None) == [{"a": 1, "version": 1}]
    assert events_for(chain, 0) == [
        {"a": 1, "version": 1}, {"card": 5, "version": 1, "private_to": 0},
    ]
    everything = events_for(chain, None, everything=True)
    assert len(everything) == 3
    assert chain_from(everything) == chain
    assert chain_from([]) is None


def test_event_tail_since_a_version_is_the_end_of_the_whole_log() -> None:
    setup: EventChain = (None, 0, (public({"setup": 1}),))
    first: EventChain = (setup, 1, (public({"a": 1}), private(0, {"card": 5})))
    second: EventChain = (first, 2, (private(1, {"card": 7}),))
    chain: EventChain = (second, 4, (public({"b": 2}), private(0, {"card": 9})))
    for seat in (None, 0, 1):
        whole = events_for(chain, seat)
        for since in range(-1, 6):
            assert events_for(chain, seat, since=since) == [
                e for e in whole if e["version"] > since
            ]
        assert events_for(chain, seat, since=None) == whole
        assert whole[0] == {"setup": 1, "version": 0}
    assert events_for(chain, 1, since=1) == [
        {"card": 7, "version": 2, "private_to": 1}, {"b": 2, "version": 4},
    ]


# --- registry and setup ---------------------------------------------------------------


def test_registry_lists_and_makes_games() -> None:
    assert "louis14" in available_games()
    assert list(available_games()) == sorted(available_games())
    game = make("louis14")
    assert make("louis14") is game
    assert game.spec.id == "louis14"
    assert repr(game) == "<Game louis14>"


def test_make_unknown_game_raises() -> None:
    with pytest.raises(UnknownGame) as caught:
        make("no-such-game")
    assert caught.value.code == "game/unknown"
    assert "no-such-game" in str(caught.value)
    assert "louis14" in str(caught.value)


@pytest.mark.parametrize("players", [1, 5, 0, -2])
def test_louis14_rejects_player_counts(players: int) -> None:
    game = make("louis14")
    with pytest.raises(InvalidOptions, match=f"not {players}") as caught:
        game.new_game(players, 0)
    assert caught.value.code == "game/invalid-options"
    with pytest.raises(InvalidOptions):
        game.spec.check_setup(players, {})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_louis14_accepts_player_counts(players: int) -> None:
    state = make("louis14").new_game(players, 0)
    assert state.num_players == players
    assert state.version == 0
    assert make("louis14").spec.check_setup(players, {}) == {}


def test_louis14_rejects_unknown_options_and_odd_counts() -> None:
    game = make("louis14")
    with pytest.raises(InvalidOptions, match="no option colour"):
        game.new_game(3, 0, colour="blue")
    with pytest.raises(InvalidOptions, match="integer"):
        game.spec.check_setup(True, {})


def test_check_setup_fills_defaults_and_checks_choices() -> None:
    spec = GameSpec(
        id="spec-test", name="Spec test", designer="tests", year=2026, min_players=2,
        max_players=3, imperfect_information=False, chance=False, max_actions=10,
        options=(OptionSpec("variant", "basic", ("basic", "expert"), "which rules"),),
    )
    assert spec.check_setup(2, {}) == {"variant": "basic"}
    assert spec.check_setup(3, {"variant": "expert"}) == {"variant": "expert"}
    with pytest.raises(InvalidOptions, match="variant='wild'"):
        spec.check_setup(2, {"variant": "wild"})
    with pytest.raises(InvalidOptions, match="no option speed"):
        spec.check_setup(2, {"speed": 1})


# --- states, records and replay -------------------------------------------------------


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    state = make("louis14").new_game(3, 1)
    before = state.snapshot()
    before_json = json.dumps(state.to_json())
    action = state.legal_actions()[-1]
    after = state.apply(action)
    assert after is not state
    assert state.snapshot() == before
    assert json.dumps(state.to_json()) == before_json
    assert state.version == 0
    assert state.history == ()
    assert after.version == 1
    assert after.history == (action,)
    assert after.snapshot() != before
    unchecked = state.apply_unchecked(action)
    assert unchecked == after
    assert state.snapshot() == before


def play(players: int, seed: int, choices: list[int]) -> GameState:
    """Play louis14 picking ``choices[i] % len(legal)`` at step ``i``."""
    state = make("louis14").new_game(players, seed)
    for choice in choices:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[choice % len(legal)])
    return state


def test_game_record_round_trips_and_replays() -> None:
    states = [make("louis14").new_game(4, 21)]
    rng = Rng(21)
    for _ in range(60):
        legal = states[-1].legal_actions()
        states.append(states[-1].apply(legal[rng.below(len(legal))]))
    final = states[-1]
    record = GameRecord.of(final)
    assert record.game == "louis14"
    assert record.num_players == 4
    assert record.seed == 21
    assert len(record.actions) == 60
    back = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert back == record
    assert replay(back) == final
    assert replay(back, upto=25).snapshot() == states[25].snapshot()
    assert [s.snapshot() for s in replay_states(back)] == [s.snapshot() for s in states]


def test_game_record_from_bad_json_raises() -> None:
    record = GameRecord.of(play(2, 0, [0, 1, 2])).to_json()
    with pytest.raises(InvalidState):
        GameRecord.from_json({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(UnknownGame):
        GameRecord.from_json({**record, "game": "no-such-game"})
    with pytest.raises(InvalidAction):
        GameRecord.from_json({**record, "actions": [{"type": "jump"}]})


def test_replay_of_an_illegal_record_raises() -> None:
    game = make("louis14")
    record = GameRecord("louis14", 2, 0, {}, (game.parse_action({"type": "bribe"}),))
    with pytest.raises(IllegalAction):
        replay(record)


def test_state_from_json_rejects_other_data() -> None:
    game = make("louis14")
    data: dict[str, Any] = game.new_game(2, 0).to_json()
    with pytest.raises(InvalidState):
        game.state_from_json({**data, "game": "other"})
    with pytest.raises(InvalidState):
        game.state_from_json({k: v for k, v in data.items() if k != "state"})


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=-(2**63), max_value=2**64),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), max_size=250),
)
def test_state_json_and_replay_are_exact(players: int, seed: int, choices: list[int]) -> None:
    game = make("louis14")
    state = play(players, seed, choices)
    data = json.loads(json.dumps(state.to_json()))
    back = game.state_from_json(data)
    assert back == state
    assert back.to_json() == state.to_json()
    assert back.snapshot() == state.snapshot()
    assert back.legal_actions() == state.legal_actions()
    replayed = replay(GameRecord.of(state))
    assert replayed.snapshot() == state.snapshot()
    assert replayed == state
