"""The core's agenda runner and declared state fields (sunking.core.agenda, .fields)."""

from __future__ import annotations

import json

import pytest

from sunking.core.agenda import (
    AGENDA_FIELDS,
    AgendaState,
    Flow,
    decision_json,
    own_slots,
    tables,
)
from sunking.core.errors import IllegalAction, InvalidState, NotYourTurn
from sunking.core.fields import (
    Decision,
    Facts,
    Ints,
    Random,
    Records,
    Rows,
    Strings,
    Tuples,
    Value,
)
from sunking.core.game import Game
from sunking.core.rng import Rng
from sunking.games.louis14 import GAME as LOUIS14
from sunking.games.louis14.state import Louis14State
from sunking.games.versailles1682 import GAME as VERSAILLES
from sunking.games.versailles1682.actions import Address, Fine
from sunking.games.vive_le_roi import GAME as VIVE_LE_ROI


@pytest.mark.parametrize(
    ("field", "value", "wire"),
    [
        (Value("v"), "supply", "supply"),
        (Ints("v"), [3, 1, 2], [3, 1, 2]),
        (Rows("v"), [[1, 2], []], [[1, 2], []]),
        (Tuples("v"), [("round",), ("turn", 2)], [["round"], ["turn", 2]]),
        (Facts("v"), ((0, 1, 5, 4),), [[0, 1, 5, 4]]),
        (Strings("v"), ["m", "f"], ["m", "f"]),
        (Records("v"), ({"id": 0, "fined": False},), [{"id": 0, "fined": False}]),
        (Decision("v"), ("turn", 1, 7), ["turn", 1, 7]),
        (Decision("v"), None, None),
    ],
)
def test_a_field_goes_to_json_and_back(field: object, value: object, wire: object) -> None:
    assert isinstance(field, Value | Ints | Rows | Tuples | Facts | Strings | Records | Decision)
    assert field.to_json(value) == wire
    assert field.from_json(json.loads(json.dumps(wire))) == value


def test_the_generator_field_keeps_the_whole_generator() -> None:
    rng = Rng(5)
    rng.next64()
    back = Random("rng").from_json(json.loads(json.dumps(Random("rng").to_json(rng))))
    assert back.next64() == rng.next64()


def test_malformed_field_data_is_refused() -> None:
    with pytest.raises(ValueError):
        Ints("v").from_json(["x"])
    with pytest.raises(TypeError):
        Rows("v").from_json([3])
    with pytest.raises(TypeError, match="not a list of strings"):
        Strings("v").from_json(["m", 1])
    with pytest.raises(TypeError, match="not a list of objects"):
        Records("v").from_json([[["id", 0]]])


def test_a_copy_shares_only_the_fields_declared_shared() -> None:
    state = LOUIS14.new_game(3, 4)
    copy = state._copy()
    assert copy.board == state.board and copy.board is not state.board
    assert copy.hand is not state.hand and copy.rng is not state.rng
    assert copy.money_deck is state.money_deck  # shared=True: replaced, never changed
    assert copy.mission_decks is state.mission_decks
    assert copy.to_json() == state.to_json()


def test_own_slots_leave_out_the_agenda_fields() -> None:
    assert own_slots((Value("round"), *AGENDA_FIELDS)) == ("round",)
    # Each is an attribute of the class: a slot's descriptor, or a native class's (compiled,
    # whose fields mypyc lays out itself).
    assert set(own_slots(Louis14State.FIELDS)) <= set(vars(Louis14State))


def test_tables_refuse_a_name_declared_twice() -> None:
    assert tables({"a": 1}, {"b": 2}) == {"a": 1, "b": 2}
    with pytest.raises(ValueError, match="'a' is declared twice"):
        tables({"a": 1}, {"a": 2})


def test_a_flow_finds_decisions_without_handler_or_legal_actions() -> None:
    flow = Flow(tasks={}, handlers={"bid": print}, legal={"pass": lambda s, d: ()})
    assert flow.check() == [
        "decision 'bid' has a handler but no legal actions",
        "decision 'pass' has legal actions but no handler",
    ]
    for game in (LOUIS14, VIVE_LE_ROI, VERSAILLES):
        state = game.new_game(game.spec.min_players, 1)
        assert isinstance(state, AgendaState)
        assert state.rules.flow.check() == []


def test_a_state_class_must_declare_the_agenda_fields() -> None:
    with pytest.raises(TypeError, match="lacks agenda, pending, rng, final"):
        type("Broken", (AgendaState,), {"FIELDS": (Value("round"),), "__slots__": ("round",)})


def test_the_runner_stops_at_the_watch() -> None:
    state = VIVE_LE_ROI.new_game(3, 2, points_limit=0)
    seen: list[int] = []

    def stop_now(s: object, emit: object) -> bool:
        seen.append(1)
        return True

    flow = Flow(tasks={}, handlers={}, legal={}, watch=stop_now)
    copy = state._copy()
    copy.pending = None
    copy.agenda = [("round",)]
    flow.run(copy, None)
    assert seen == [1] and copy.agenda == [("round",)]


@pytest.mark.parametrize("game", [LOUIS14, VIVE_LE_ROI, VERSAILLES], ids=lambda g: g.spec.id)
def test_loading_a_state_refuses_what_is_not_one(game: object) -> None:
    assert isinstance(game, Game)
    data = game.new_game(game.spec.min_players, 3).to_json()
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    with pytest.raises(InvalidState, match=f"not a {game.spec.id} state .game='other'"):
        game.state_from_json({**data, "game": "other"})
    with pytest.raises(InvalidState, match=f"not a {game.spec.id} state: KeyError"):
        game.state_from_json({**data, "state": {}})
    state = dict(data["state"])
    state[{"louis14": "hand", "vive_le_roi": "hands", "versailles1682": "where"}[game.spec.id]] = []
    with pytest.raises(InvalidState, match="do not match"):
        game.state_from_json({**data, "state": state})


def test_an_aside_is_checked_by_the_core_against_its_own_seat_and_conditions() -> None:
    state = VERSAILLES.new_game(3, 1)
    assert isinstance(state, AgendaState) and state.pending is not None
    mover = state.pending[1]
    other = (mover + 1) % 3
    # Nobody has a courtier at court yet: the game's own condition refuses the address.
    assert state.aside(Address(other, mover, "Monsieur")) == (
        other, "its speaker", f"seat {mover} has no courtier at court to address")
    with pytest.raises(NotYourTurn, match=f"only its speaker .seat {other}. may say this"):
        state.apply(Address(other, mover, "Monsieur"), seat=mover)
    with pytest.raises(IllegalAction, match="no courtier at court"):
        state.apply(Address(other, mover, "Monsieur"), seat=other)
    assert state.aside(Fine(0)) == (
        state.steward, "the steward", "there is no fault 0 in the register")
    # An answer to the pending decision is no aside, in this game or any other.
    assert state.aside(state.legal_actions()[0]) is None
    louis = LOUIS14.new_game(2, 1)
    assert louis.aside(louis.legal_actions()[0]) is None


def test_a_decision_names_its_context_in_one_shape_for_every_game() -> None:
    names = {"answer": ("offerer",), "batch": ("fight", "attacker")}
    assert decision_json(("batch", 2, 0, 2), names) == {
        "kind": "batch", "seat": 2, "fight": 0, "attacker": 2}
    # Context the game gives no name stays out of the view (an offer's sum, its favour).
    assert decision_json(("answer", 1, 0, 2000, 3), names) == {
        "kind": "answer", "seat": 1, "offerer": 0}
    assert decision_json(("turn", 0), names) == {"kind": "turn", "seat": 0}
    assert decision_json(None, names) is None
    for game in (LOUIS14, VIVE_LE_ROI, VERSAILLES):
        decision = game.new_game(game.spec.min_players, 2).view(None)["decision"]
        assert isinstance(decision, dict) and "context" not in decision
