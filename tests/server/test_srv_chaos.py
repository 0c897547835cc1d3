"""The chaos runs in small: ``sunking serve`` killed with SIGKILL at random moments under load
loses no acknowledged move, and every match resumes (``benchmarks/chaos_kill.py``); SQLite
locked for seconds, PostgreSQL restarted under two servers, and one of two servers killed,
each twice under a bot-heavy load: every match moves again after each fault, no acknowledged
move is lost, none freezes, and every server's views catch up (``benchmarks/chaos_faults.py``
runs the long versions and times them)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from srv_support import postgres_url

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from chaos_faults import chaos as faults
from chaos_kill import chaos


def test_srv_sigkill_under_load_loses_no_acknowledged_move(tmp_path: Path) -> None:
    report = chaos(kills=2, matches=3, drivers=3, seed=4, data_dir=tmp_path)
    assert report.kills == 2
    assert report.acked > 0, "the load played moves between the kills"
    assert report.lost == []
    assert report.stuck == []


@pytest.mark.parametrize("kind", ["lock", "pg-restart", "kill"])
def test_srv_matches_move_again_after_each_fault(kind: str) -> None:
    if kind != "lock":
        postgres_url()  # PostgreSQL's binaries are there (the run starts a cluster of its own)
    report = faults(kind, 2, matches=4, people=1, threads=1, bot_workers=0, bot_delay=0.1,
                    seed=3, lock_seconds=(2.0, 3.0), quiet=(0.5, 1.0), say=lambda _: None)
    assert len(report.faults) == 2
    assert all(f.recovered is not None and f.matches > 0 for f in report.faults), report.faults
    assert report.acked > 0, "people moved during the run"
    assert report.moves > 0
    assert report.lost == []
    assert report.frozen == []
    assert report.stale == []
