"""Golden playthroughs of Vive le Roi: each checked-in seeded game must replay the same.

A failure means the rules, the legal actions, a view or the log changed; if intended, run
``make golden`` and review the diff of tests/golden/ before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sunking.testing.golden import diff_playthrough, playthrough, read_jsonl, to_lines

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
CASES = [(n, 1) for n in (3, 4, 5, 6)]


@pytest.mark.parametrize(("players", "seed"), CASES, ids=[f"{n}p-seed{s}" for n, s in CASES])
def test_vive_le_roi_golden_playthrough(players: int, seed: int) -> None:
    path = GOLDEN_DIR / f"vive_le_roi_{players}p_seed{seed}.jsonl"
    expected = read_jsonl(path)
    diff = diff_playthrough(expected, to_lines(playthrough("vive_le_roi", players, seed, seed)))
    assert diff is None, f"{path.name} no longer matches (run `make golden`):\n{diff}"
