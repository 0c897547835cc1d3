"""The chaos run in small: ``sunking serve`` killed with SIGKILL at random moments under load
loses no acknowledged move, and every match resumes (``benchmarks/chaos_kill.py`` runs the
long version)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from chaos_kill import chaos


def test_srv_sigkill_under_load_loses_no_acknowledged_move(tmp_path: Path) -> None:
    report = chaos(kills=2, matches=3, drivers=3, seed=4, data_dir=tmp_path)
    assert report.kills == 2
    assert report.acked > 0, "the load played moves between the kills"
    assert report.lost == []
    assert report.stuck == []
