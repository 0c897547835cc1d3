"""``sunking review`` on small simulated records of every game: its JSON, its words, its
curve, and its refusals (another rules version, no seat, a replay without actions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from sunking.cli import app, play_random
from sunking.coach.words import read_record
from sunking.core import GameRecord, InvalidState

ENV = {"COLUMNS": "120", "NO_COLOR": "1"}
FAST = ("--iterations", "30")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def _record(tmp_path: Path, game: str, players: int, seed: int) -> tuple[Path, GameRecord]:
    state = play_random(game, players, seed, quiet=True)
    record = GameRecord.of(state)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps({"record": record.to_json(), "result": {}}))
    return path, record


@pytest.mark.parametrize("game", ["louis14", "vive_le_roi", "versailles1682"])
def test_the_json_review_lists_flagged_decisions_and_the_curve(tmp_path: Path,
                                                               game: str) -> None:
    path, record = _record(tmp_path, game, 3, 2)
    result = run("review", str(path), "--seat", "1", "--json", *FAST)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["game"] == game and out["reviewed"] == len(out["curve"]) > 0
    steps = [p["step"] for p in out["curve"]]
    assert steps == sorted(steps) and all(1 <= s <= len(record.actions) for s in steps)
    for line in out["flagged"]:
        assert line["class"] in ("inaccuracy", "mistake", "blunder") and line["separated"]
        assert line["step"] == line["index"] + 1 and line["seat"] == 1
        assert record.actions[line["index"]].to_json() == line["chosen"]
        assert line["best_low"] > line["chosen_high"]
        assert line["chosen_text"] and line["best_text"] and "{" not in line["best_text"]
    # Random players give away win chance often enough that something is flagged.
    assert out["flagged"] or game == "versailles1682"


def test_the_printed_review_speaks_the_language_and_draws_the_curve(tmp_path: Path) -> None:
    path, _ = _record(tmp_path, "louis14", 3, 4)
    png = tmp_path / "curve.png"
    result = run("review", str(path), "--seat", "0", "--lang", "fr", "--png", str(png), *FAST)
    assert result.exit_code == 0, result.output
    assert "Louis XIV : analyse de" in result.stdout and "décision" in result.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_another_rules_version_and_a_missing_seat_are_refused(tmp_path: Path) -> None:
    path, record = _record(tmp_path, "vive_le_roi", 3, 1)
    bare = record.to_json()
    bare["rules_version"] = 999
    other = tmp_path / "other.json"
    other.write_text(json.dumps(bare))
    result = run("review", str(other), "--seat", "0", *FAST)
    assert result.exit_code == 2 and "999" in result.output
    assert run("review", str(path), *FAST).exit_code == 2
    assert "no seat 5" in run("review", str(path), "--seat", "5", *FAST).output


def test_a_finished_replay_download_is_a_record() -> None:
    record = GameRecord.of(play_random("louis14", 3, 6, quiet=True))
    replay = {"game": "louis14", "players": 3, "rules_version": record.rules_version,
              "seed": record.seed, "options": {}, "frames": [],
              "actions": [a.to_json() for a in record.actions]}
    assert read_record(replay) == record
    with pytest.raises(InvalidState, match="finished match"):
        read_record({**replay, "seed": None, "actions": None})
