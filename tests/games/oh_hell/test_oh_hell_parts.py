"""Oh Hell, installed from outside the package (``tests/external/oh_hell``) and registered only
through the entry point of its distribution, is a game like the others: it follows the
skeleton, passes the conformance harness at every player count, speaks through its
presentation, gets its own evaluator for the bots and the generic terminal renderer, and is
simply not offered to learning agents (it has no adapter). Its perft counts are read by
``tests/games/test_perft.py``; the browser and the terminal play it in ``tests/e2e`` and
``tests/tui``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sunking import presentation
from sunking.bots import make_bot
from sunking.bots.arena import play_match
from sunking.bots.evaluator import DefaultEvaluator, evaluator
from sunking.core import UnknownGame, available_games, make, registry
from sunking.presentation import describe
from sunking.testing import check_game
from sunking.testing.golden import diff_playthrough, playthrough, read_jsonl, to_lines
from sunking.testing.presentation import board_problems, catalog_problems
from sunking.tui.render import GENERIC, renderer_for
from support.skeleton import game_dir, skeleton_problems

GAME = "oh_hell"


def test_it_is_registered_by_its_entry_point_alone(oh_hell: list[str]) -> None:
    assert GAME in available_games()
    assert GAME not in registry._PATHS, "not registered from code"
    assert registry.package(GAME) == "oh_hell"
    assert make(GAME).spec.name == "Oh Hell"
    assert str(game_dir(GAME)).startswith(oh_hell[1])


def test_it_follows_the_skeleton(oh_hell: list[str]) -> None:
    assert skeleton_problems(GAME) == []


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_it_passes_the_conformance_harness(oh_hell: list[str], num_players: int) -> None:
    report = check_game(GAME, num_players, 150, seed=0)
    assert report.playouts == 150 and report.replays == 150
    assert report.max_length == make(GAME).spec.max_actions // 4 * num_players
    assert 0 < report.resampled <= report.determinizations
    assert report.rollouts == report.states_sampled


def test_its_texts_are_complete_in_the_languages_it_speaks(oh_hell: list[str]) -> None:
    p = presentation.of(GAME)
    assert p.languages == ("en",)
    assert catalog_problems(GAME) == []
    flow = make(GAME).flow  # type: ignore[attr-defined]
    assert (p.decision_kinds, p.phases) == (flow.decision_kinds, flow.phases)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_its_boards_are_in_words(oh_hell: list[str], num_players: int) -> None:
    assert board_problems(GAME, num_players, range(3)) == []


def test_in_a_language_it_lacks_its_texts_are_english_and_the_interface_s_not(
    oh_hell: list[str],
) -> None:
    state = make(GAME).new_game(3, 0)
    seat = state.to_move
    legal = [a.to_json() for a in state.legal_actions()]
    board = describe(GAME, state.view(seat), legal, seat, "nl", ["Ana", "Bruno", "Claire"])
    assert board["title"] == "Oh Hell"
    assert board["actions"][1]["text"] == "Bid one trick"
    english = describe(GAME, state.view(seat), legal, seat, "en", ["Ana", "Bruno", "Claire"])
    dealer = [f for row in board["players"] for f in row["facts"] if f["label"] == "Dealer"]
    assert dealer and dealer[0]["value"] == "ja"  # a word of the common catalog, in Dutch
    assert english["actions"] == board["actions"]


def test_the_bots_and_the_terminal_find_its_parts(oh_hell: list[str]) -> None:
    own = evaluator(GAME)
    assert not isinstance(own, DefaultEvaluator)
    assert type(own).__module__ == "oh_hell.heuristic"
    assert renderer_for(GAME) is GENERIC
    result = play_match(make(GAME), [make_bot("heuristic"), make_bot("random"),
                                     make_bot("ismcts:easy")], seed=3)
    assert len(result.scores) == 3


def test_learning_agents_are_not_offered_a_game_without_an_adapter(oh_hell: list[str]) -> None:
    from sunking.envs.gymnasium import env_ids
    from sunking.envs.table import adapted_games, adapter

    assert GAME in available_games() and GAME not in adapted_games()
    assert GAME not in env_ids().values()
    with pytest.raises(UnknownGame, match="has no adapter for learning agents"):
        adapter(GAME)


def test_its_golden_playthrough_replays(oh_hell: list[str]) -> None:
    """Its golden playthrough (``sunking.testing.golden``, as ``make golden`` writes one for
    each game of the package into ``tests/golden``) lies beside its tests."""
    path = Path(__file__).with_name("oh_hell_3p_seed1.jsonl")
    expected = read_jsonl(path)
    assert diff_playthrough(expected, to_lines(playthrough(GAME, 3, 1, 1))) is None
