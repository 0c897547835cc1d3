"""Every game's described board is in words at every decision, in every language."""

from __future__ import annotations

import pytest

from sunking import available_games, make
from sunking.presentation import describe
from sunking.testing.presentation import board_problems, text_problems


def _cases() -> list[tuple[str, int]]:
    cases = []
    for game in available_games():
        spec = make(game).spec
        cases += sorted({(game, spec.min_players), (game, 4), (game, spec.max_players)})
    return cases


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_a_random_game_is_told_in_words(game_id: str, players: int) -> None:
    assert board_problems(game_id, players, seeds=range(2), every=3) == []


@pytest.mark.parametrize("game_id", available_games())
def test_a_spectator_sees_no_hand_and_no_choices(game_id: str) -> None:
    state = make(game_id).new_game(4, 0)
    legal = [a.to_json() for a in state.legal_actions()]
    board = describe(game_id, state.view(None), legal, None, "de", ["A", "B", "C", "D"],
                     state.events(None))
    assert board["hand"] == [] and board["actions"] == [] and board["prompt"] is None
    assert board["waiting_for"] in ("A", "B", "C", "D")
    assert text_problems(board) == []


@pytest.mark.parametrize("game_id", available_games())
def test_the_seat_to_move_gets_a_prompt_and_every_action(game_id: str) -> None:
    state = make(game_id).new_game(4, 1)
    seat = state.to_move
    legal = [a.to_json() for a in state.legal_actions()]
    board = describe(game_id, state.view(seat), legal, seat, "nl", ["A", "B", "C", "D"])
    assert board["prompt"] and board["waiting_for"] is None
    assert [a["index"] for a in board["actions"]] == list(range(len(legal)))
    assert all(a["group"] and a["text"] for a in board["actions"])
    players = board["players"]
    assert [p["you"] for p in players] == [p["seat"] == seat for p in players]


def test_the_raw_check_catches_what_it_is_for() -> None:
    board = {"hand": [{"key": "g.card.1", "name": "g.card.1"}],
             "log": [{"n": 1, "text": "play card=3"}, {"n": 2, "text": "{player} wins"},
                     {"n": 3, "text": 'a {"type": "pass"}'},
                     {"n": 4, "text": "vive_le_roi.event.play"}]}
    problems = text_problems(board)
    assert len(problems) == 6


def test_an_unknown_language_is_refused() -> None:
    state = make("vive_le_roi").new_game(3, 0)
    with pytest.raises(KeyError):
        describe("vive_le_roi", state.view(0), [], 0, "xx", ["A", "B", "C"])


def test_a_forced_pass_is_flagged() -> None:
    state = make("vive_le_roi").new_game(4, 3)
    from sunking.core.rng import Rng

    rng = Rng(3)
    seen = False
    while not state.is_terminal and not seen:
        legal = [a.to_json() for a in state.legal_actions()]
        seat = state.to_move
        board = describe("vive_le_roi", state.view(seat), legal, seat, "en", list("ABCD"))
        assert board["forced_pass"] == (legal == [{"type": "pass"}])
        seen = board["forced_pass"]
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
    assert seen
