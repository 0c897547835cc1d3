"""Named weight sets of a game's evaluation (``heuristic:<name>``) and the tuning script that
chooses Louis XIV's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sunking.bots import HeuristicBot, make_bot
from sunking.bots.arena import bot_rng, play_match
from sunking.bots.evaluator import evaluator
from sunking.bots.protocol import Observation
from sunking.core.registry import make
from sunking.games.louis14.heuristic import ORIGINAL, TUNED, WEIGHT_SETS, evaluate
from sunking.games.louis14.state import Louis14State

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import tune_louis14


def _midgame() -> Louis14State:
    """A 4-player game 60 actions in, played by heuristic bots."""
    state = make("louis14").new_game(4, 11)
    bot = HeuristicBot()
    rngs = [bot_rng(11, p) for p in range(4)]
    while state.version < 60 and (seat := state.to_move) is not None:
        state = state.apply(bot.act(Observation(state, seat), rngs[seat]))
    assert isinstance(state, Louis14State)
    return state


def test_a_heuristic_bot_names_its_weight_set() -> None:
    bot = make_bot("heuristic:original")
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic:original"
    assert make_bot("heuristic").name == "heuristic"
    result = play_match(make("louis14"), [bot, make_bot("heuristic"), bot, make_bot("random")],
                        seed=5)
    assert result.bots == ("heuristic:original", "heuristic", "heuristic:original", "random")


def test_the_game_judges_by_the_weight_set_named() -> None:
    state = _midgame()
    judge = evaluator("louis14")
    original = judge.with_weights("original")
    assert original.evaluate(state) == evaluate(state, ORIGINAL)
    assert judge.evaluate(state) == evaluate(state, TUNED)
    assert next(iter(WEIGHT_SETS.values())) is TUNED  # the first set is the default


def test_an_unknown_weight_set_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"no weight set named 'sharp'; there are original, tuned"):
        evaluator("louis14").with_weights("sharp")
    with pytest.raises(ValueError, match=r"vive_le_roi's evaluation has no weight set named 'x'"):
        evaluator("vive_le_roi").with_weights("x")
    # A name no game has is refused at once; one another game has, at the first decision.
    with pytest.raises(ValueError, match=r"unknown bot 'heuristic:sharp'.*original, tuned"):
        make_bot("heuristic:sharp")
    with pytest.raises(ValueError, match="vive_le_roi's evaluation has no weight set named"):
        play_match(make("vive_le_roi"), [make_bot("heuristic:original")] * 4, seed=1)
    assert evaluator("louis14").weight_sets == ("tuned", "original")
    assert evaluator("vive_le_roi").weight_sets == ()


def test_the_beaten_share_counts_ties_half() -> None:
    assert tune_louis14.beaten_share((30, 20, 20, 10), (0,), 0) == 1.0
    assert tune_louis14.beaten_share((30, 20, 20, 10), (0,), 1) == pytest.approx(0.5)
    assert tune_louis14.beaten_share((30, 30, 20, 10), (0, 1), 1) == pytest.approx(5 / 6)
    # Equal scores, the tie-break decides the winner: the winner is ahead.
    assert tune_louis14.beaten_share((30, 30, 20, 10), (1,), 1) == 1.0


def test_tuning_writes_its_trials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "tuning.json"
    monkeypatch.setattr(sys, "argv", ["tune_louis14.py", "--trials", "2", "--games", "4",
                                      "--json", str(out)])
    tune_louis14.main()
    data = json.loads(out.read_text())
    assert data["game"] == "louis14" and data["games_per_trial"] == 4
    assert len(data["trials"]) == 2
    # The first trial is the original weights themselves.
    assert data["trials"][0]["params"]["sharpness"] == 1.0
    assert all(0.0 <= t["value"] <= 1.0 for t in data["trials"])
    assert set(data["best"]["weights"]) >= {"louis", "sharpness", "near_mission"}
    assert tune_louis14.seeds(6, 1) == tune_louis14.seeds(6, 1)
    assert [seat for _, seat in tune_louis14.seeds(8, 1)] == [0, 1, 2, 3] * 2
