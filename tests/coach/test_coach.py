"""The coach: classes and separation on constructed estimates, the decisions a review looks at
(never table talk nor a forced move), its numbering, and hints' and reviews' JSON."""

from __future__ import annotations

import pytest

from sunking.cli import play_random
from sunking.coach.estimate import Estimate, classify, estimate, separated, t95
from sunking.coach.hints import hint_moves
from sunking.coach.review import (
    ReviewBudget,
    curve,
    decisions,
    inconclusive,
    replay_step,
    review_decision,
)
from sunking.core.record import GameRecord
from sunking.core.registry import make
from sunking.core.rng import Rng
from sunking.games.versailles1682.actions import Address

GAMES = ("louis14", "vive_le_roi", "versailles1682")
SMALL = ReviewBudget(iterations=40, searches=2, more=2, max_searches=4)


def est(key: str, chance: float, half: float) -> Estimate:
    return Estimate(key, chance, chance - half, chance + half, 4, 400)


def test_a_class_needs_both_the_drop_and_separated_intervals() -> None:
    best = est('"a"', 0.60, 0.02)
    assert classify(best, best) == "best"
    assert classify(best, est('"b"', 0.45, 0.02)) == "inaccuracy"
    assert classify(best, est('"b"', 0.39, 0.02)) == "mistake"
    assert classify(best, est('"b"', 0.30, 0.02)) == "blunder"
    # The same drop of a blunder, but the intervals overlap: about as good.
    assert classify(est('"a"', 0.60, 0.20), est('"b"', 0.30, 0.20)) == "about_equal"
    # Separated, but smaller than the smallest threshold.
    assert classify(best, est('"b"', 0.55, 0.01)) == "about_equal"
    assert separated(best, est('"b"', 0.55, 0.01))
    assert not separated(est('"b"', 0.55, 0.01), best)


def test_an_interval_is_the_t_interval_of_the_searches_estimates() -> None:
    e = estimate('"a"', [0.4, 0.5, 0.6, 0.5], 10)
    assert e.chance == pytest.approx(0.5)
    assert e.high - e.chance == pytest.approx(t95(3) * 0.08164966 / 2, rel=1e-5)
    assert estimate('"a"', [0.4], 1).low == 0.0 and estimate('"a"', [0.4], 1).high == 1.0
    assert estimate('"a"', [0.1, 0.9], 2).low == 0.0  # clipped to [0, 1]


def test_more_search_goes_where_the_class_is_unsettled() -> None:
    best = est('"a"', 0.60, 0.02)
    assert not inconclusive(best, best)
    assert inconclusive(est('"a"', 0.60, 0.10), est('"b"', 0.45, 0.10))  # near, overlapping
    assert not inconclusive(est('"a"', 0.60, 0.10), est('"b"', 0.58, 0.10))  # no real drop
    assert inconclusive(best, est('"b"', 0.41, 0.02))  # separated, 0.19 by a threshold
    assert not inconclusive(best, est('"b"', 0.45, 0.02))  # 0.15: far from 0.10 and 0.20


def test_a_review_step_is_the_replays() -> None:
    assert replay_step(0) == 1 and replay_step(235) == 236
    with pytest.raises(ValueError):
        replay_step(-1)


def _with_address(seed: int) -> tuple[GameRecord, int]:
    """A Versailles 1682 record with one address said in it, and that action's index."""
    game = make("versailles1682")
    state = game.new_game(4, seed)
    rng = Rng(seed)
    actions = []
    while state.to_move is not None:
        for speaker in range(4):
            for target in range(4):
                for title in ("Monsieur", "Madame", "Monseigneur", "Sire", "Herr Peter"):
                    said = Address(speaker, target, title)
                    aside = state.aside(said)
                    if speaker != target and aside is not None and aside[2] == "":
                        state = state.apply(said, seat=speaker)
                        actions.append(said)
                        rest = GameRecord(game.spec.id, 4, seed, {}, tuple(actions),
                                          game.spec.rules_version)
                        return rest, len(actions) - 1
        action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
    raise AssertionError("no address could be said in the whole game")


def test_table_talk_is_never_a_decision() -> None:
    record, said = _with_address(3)
    reviewed = {d.index for d in decisions(record)}
    assert said not in reviewed


@pytest.mark.parametrize("game_id", GAMES)
def test_forced_moves_are_never_decisions(game_id: str) -> None:
    record = GameRecord.of(play_random(game_id, 4, 7, quiet=True))
    reviewed = {d.index: d for d in decisions(record)}
    game = make(game_id)
    state = game.new_game(4, 7)
    forced = 0
    for index, action in enumerate(record.actions):
        choices = len(state.legal_actions())
        forced += choices == 1
        assert (index in reviewed) == (choices > 1)
        if index in reviewed:
            assert reviewed[index].version == state.version
            assert reviewed[index].step == index + 1
        state = state.apply(action)
    assert reviewed and forced < len(record.actions)
    only = decisions(record, {1})
    assert only and all(d.seat == 1 for d in only)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_verdict_and_a_hint_speak_the_contract(game_id: str) -> None:
    record = GameRecord.of(play_random(game_id, 3, 11, quiet=True))
    first = decisions(record, {0})[0]
    verdict = review_decision(game_id, first.state, 11, first.action, SMALL)
    assert verdict["chosen"] == first.action
    assert verdict["class"] in ("best", "about_equal", "inaccuracy", "mistake", "blunder")
    for which in ("chosen", "best"):
        assert 0 <= verdict[f"{which}_low"] <= verdict[f"{which}_chance"] \
            <= verdict[f"{which}_high"] <= 1
    assert verdict["drop"] >= 0 and 2 <= verdict["searches"] <= 4
    assert verdict == review_decision(game_id, first.state, 11, first.action, SMALL)
    points = curve([(first, verdict)])
    assert points == [{"step": first.step, "version": first.version,
                       "win_chance": verdict["chosen_chance"]}]
    hint = hint_moves(game_id, first.state, 11, seconds=0.2)
    assert 1 <= len(hint["moves"]) <= 3
    chances = [m["win_chance"] for m in hint["moves"]]
    assert chances[0] is not None
    assert isinstance(hint["separated"], bool)


def test_a_forced_or_illegal_move_is_refused() -> None:
    record = GameRecord.of(play_random("louis14", 3, 1, quiet=True))
    first = decisions(record, {0})[0]
    with pytest.raises(ValueError):
        review_decision("louis14", first.state, 1, {"type": "nonsense"}, SMALL)
    game = make("louis14")
    state = game.new_game(3, 1)
    while len(state.legal_actions()) > 1:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="forced move"):
        review_decision("louis14", state.to_json(), 1, state.legal_actions()[0].to_json(),
                        SMALL)
