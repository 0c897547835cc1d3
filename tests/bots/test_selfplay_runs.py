"""Self-play runs (``benchmarks/selfplay_data.py``) that carry on without mixing: the parts
left to play, the run's record, and data read only where every game is there once."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import selfplay_data

SAMPLE = Path(__file__).resolve().parent / "data" / "expert_sample" / "louis14-4p-seed1"


def args(out: Path, **given: object) -> argparse.Namespace:
    defaults = {"game": "louis14", "players": 4, "games": 10, "seed": 1, "bots": "",
                "positions": 16, "part_size": 4, "jobs": 1, "nice": 0, "options": "{}",
                "out": out}
    return argparse.Namespace(**{**defaults, **given})


def test_a_run_plays_the_games_no_part_holds_whatever_the_part_size(tmp_path: Path) -> None:
    jobs = selfplay_data.jobs_of(args(tmp_path))
    assert [(j.start, j.stop) for j in jobs] == [(0, 4), (4, 8), (8, 10)]
    folder = tmp_path / "louis14-4p-seed1"
    assert json.loads((folder / "run.json").read_text()) == {
        "bots": ["heuristic"] * 4, "positions": 16}
    for name in ("part-0-4.npz", "part-4-8.npz"):
        (folder / name).write_bytes(b"")
    again = selfplay_data.jobs_of(args(tmp_path, games=20, part_size=5))
    assert [(j.start, j.stop, j.total) for j in again] == [(8, 13, 20), (13, 18, 20),
                                                           (18, 20, 20)]


@pytest.mark.parametrize("other", [{"positions": 8}, {"bots": "random,random,random,random"}])
def test_a_run_of_other_bots_or_positions_is_refused(tmp_path: Path,
                                                     other: dict[str, object]) -> None:
    selfplay_data.jobs_of(args(tmp_path))
    with pytest.raises(SystemExit, match=r"holds a run of .* not "):
        selfplay_data.jobs_of(args(tmp_path, **other))


def test_parts_without_a_record_are_not_guessed_at(tmp_path: Path) -> None:
    folder = tmp_path / "louis14-4p-seed1"
    folder.mkdir()
    (folder / "part-0-4.npz").write_bytes(b"")
    with pytest.raises(SystemExit, match=r"has parts but no run\.json"):
        selfplay_data.jobs_of(args(tmp_path))


@pytest.mark.parametrize(("names", "due"), [
    (["part-0-4.npz", "part-0-8.npz"], "part-0-8.npz where games from 4"),
    (["part-0-4.npz", "part-5-8.npz"], "part-5-8.npz where games from 4"),
    (["part-2-4.npz"], "part-2-4.npz where games from 0"),
])
def test_data_is_read_only_where_every_game_is_there_once(tmp_path: Path, names: list[str],
                                                          due: str) -> None:
    for name in names:
        (tmp_path / name).write_bytes(b"")
    with pytest.raises(SystemExit, match=re.escape(due)):
        selfplay_data.load(tmp_path)


def test_the_committed_sample_reads_whole() -> None:
    data = selfplay_data.load(SAMPLE)
    assert len(data["y"]) == len(data["x"]) > 0


@pytest.mark.parametrize(("argv", "error"), [
    (["--game", "chess"], "no game chess"),
    (["--game", "louis14", "--bots", "heuristic,random"], "2 for 4 players"),
    (["--game", "louis14", "--bots", "heuristic,nobody,random,random"], "--bots: "),
    (["--game", "louis14", "--part-size", "0"], "--part-size is at least 1, not 0"),
    (["--game", "louis14", "--options", "{target"], "--options is a JSON object"),
    (["--game", "louis14", "--options", "[1]"], "--options is a JSON object, not"),
    (["--game", "louis14", "--players", "7"], "cannot be played with 7 players"),
])
def test_a_run_that_cannot_be_played_is_refused_before_anything_is_written(
        tmp_path: Path, argv: list[str], error: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        selfplay_data.main([*argv, "--out", str(tmp_path)])
    assert error in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_first_games_of_a_run_played_on_give_the_same_data(tmp_path: Path) -> None:
    run = tmp_path / SAMPLE.name
    shutil.copytree(SAMPLE, run)
    whole = selfplay_data.load(run)
    games = int(whole["game"].max()) + 1
    (run / f"part-{games}-{games + 20}.npz").write_bytes(b"played on since")
    again = selfplay_data.load(run, games=[games])
    assert all(np.array_equal(whole[k], again[k]) for k in ("x", "own", "y", "game"))
    with pytest.raises(SystemExit, match=f"where its first {games - 1} were asked for"):
        selfplay_data.load(run, games=[games - 1])
    with pytest.raises(SystemExit, match="one for each of the 1 runs, not 2"):
        selfplay_data.load(run, games=[games, games])
