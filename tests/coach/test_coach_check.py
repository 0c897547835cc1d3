"""The coach's check (``benchmarks/coach_check.py``) at a small size: what a review flags in
random players' games mostly survives a search ten times deeper, and random players are
flagged more often than heuristic ones; a rerun on its cache searches nothing again."""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import coach_check


class Idle(concurrent.futures.Executor):
    """A pool that must not be given any work."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"{fn.__name__} was computed again, not read from the cache")


def test_flags_hold_under_a_deeper_search(tmp_path: Path) -> None:
    args = argparse.Namespace(players=["random", "heuristic"], games=1, per_game=10,
                              precision=4, recall=2, deep=10, seed=3, iterations=60,
                              hints=0, cache=tmp_path, strong_flags=1,
                              recall_drops=1)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        got = coach_check.check_game("louis14", args, pool)
    flagged_random, reviewed_random = got["rates"]["random"]
    flagged_heuristic, reviewed_heuristic = got["rates"]["heuristic"]
    assert reviewed_random == reviewed_heuristic == 10
    assert flagged_random > flagged_heuristic
    held, checked = got["precision"]
    assert checked > 0 and held / checked >= 0.6
    # A heuristic game's other decisions were reviewed until one was flagged (or none left).
    assert got["from_strong"] >= 1 or got["extra"] > 0
    # Random players' other decisions were searched deep until a real drop was found, or
    # all of them were (the sample's 2 may hold some of them).
    assert got["recall"][1] >= 1 or got["recall_sample"] >= reviewed_random
    # Every piece of work was kept as it finished: the same run again reads it all back.
    assert coach_check.check_game("louis14", args, Idle()) == got
