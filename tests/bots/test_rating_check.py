"""The rating check (``benchmarks/rating_check.py``) on a small population: played through the
server's rating code, the ratings recover the true order and predict better than a coin; the
Elo beside them is BGA's; the ladder's matches are rated in order."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import rating_check


def test_a_small_population_is_ranked_and_predicted_better_than_chance() -> None:
    checked = rating_check.simulate("vive_le_roi", [3, 4, 5, 6], 60, seed=5,
                                    checkpoints=(4, 12), window=2)
    early, late = checked.spearman["openskill"][4], checked.spearman["openskill"][12]
    assert late > 0.7 and late > early - 0.05
    assert checked.spearman["elo"][12] > 0.6
    for system in ("openskill", "elo", "truth"):
        tally = checked.tallies[system][12]
        assert len(tally.pairs) > 100 and tally.brier < 0.25
    assert checked.tallies["truth"][12].brier <= checked.tallies["openskill"][12].brier + 0.02


def test_elo_follows_bga_k() -> None:
    assert [rating_check.elo_k(g) for g in (0, 9, 10, 19, 20, 200)] == [60, 60, 40, 40, 20, 20]
    assert rating_check.elo_rate([1500, 1500], [0, 0], [1, 2]) == [1530, 1470]
    # Three players: the winner beats two, each duel worth K / 2.
    assert rating_check.elo_rate([1500] * 3, [25] * 3, [1, 2, 2]) == [1510, 1495, 1495]


def test_tables_fit_the_game_and_orders_are_permutations() -> None:
    import random
    rng = random.Random(1)
    tables = rating_check.tables_of(list(range(31)), [3, 4, 5, 6], rng)
    assert all(3 <= len(t) <= 6 for t in tables)
    assert sorted(p for t in tables for p in t) == list(range(31))
    assert sorted(rating_check.plackett_luce_order([0.0, 1.0, -1.0, 2.0], rng)) == [1, 2, 3, 4]
    assert rating_check.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0


def test_the_ladder_is_rated_in_order(tmp_path: Path) -> None:
    matches = [{"index": i, "bots": ["strong", "weak", "middle"], "scores": [30, 10, 20],
                "winners": [0]} for i in range(12)]
    path = tmp_path / "g_ladder.json"
    path.write_text(json.dumps({"matches": matches}))
    order = rating_check.rate_ladder(path)
    assert [bot for bot, _rating, _elo in order] == ["strong", "middle", "weak"]
    assert order[0][1].games == 12 and order[0][2] > 1500 > order[2][2]
