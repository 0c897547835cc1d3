"""Golden playthroughs: replaying each checked-in seeded game must give the same records.

A failure means the rules, the legal actions, a view or the log changed. If the change is
intended, run ``make golden`` and review the diff of tests/golden/ before committing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sunking import available_games, make
from sunking.testing.golden import (
    FORMAT,
    diff_playthrough,
    playthrough,
    read_jsonl,
    to_lines,
)

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN_DIR.glob("*.jsonl"))
NAME = re.compile(r"(?P<game>[a-z0-9_]+)_(?P<n>[0-9]+)p_seed(?P<seed>[0-9]+)\.jsonl")


def _regenerate(lines: list[str]) -> list[str]:
    header = json.loads(lines[0])
    assert header["kind"] == "header" and header["format"] == FORMAT, header
    records = playthrough(
        header["game"], header["num_players"], header["seed"], header["policy_seed"]
    )
    return to_lines(records)


def test_every_golden_file_is_present() -> None:
    """Seed 1 of every registered game at every player count it allows; every file a game
    registered and a count it allows."""
    names = {p.name for p in FILES}
    for game in available_games():
        spec = make(game).spec
        for n in range(spec.min_players, spec.max_players + 1):
            assert f"{game}_{n}p_seed1.jsonl" in names, f"{game}: no golden file for {n} players"
    for name in sorted(names):
        match = NAME.fullmatch(name)
        assert match is not None, f"{name} is not named {{game}}_{{n}}p_seed{{s}}.jsonl"
        assert match["game"] in available_games(), f"{name}: no game {match['game']!r}"
        spec = make(match["game"]).spec
        assert spec.min_players <= int(match["n"]) <= spec.max_players, name


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough(path: Path) -> None:
    expected = read_jsonl(path)
    diff = diff_playthrough(expected, _regenerate(expected))
    if diff is not None:
        pytest.fail(
            f"{path.name} no longer matches (run `make golden` if the change is intended):\n"
            f"{diff}",
            pytrace=False,
        )


def test_playthrough_shape() -> None:
    records = playthrough("louis14", 2, 1, 1)
    header, steps, final = records[0], records[1:-1], records[-1]
    assert header["kind"] == "header" and header["game"] == "louis14"
    assert final["kind"] == "final" and "log" in final and "result" in final
    assert [r["step"] for r in steps] == list(range(len(steps)))
    assert all(r["version"] == r["step"] for r in steps)
    for r in steps:
        assert set(r["views_sha256"]) == {"0", "1", "spectator"}
        assert r["legal_count"] >= 1
        assert ("spectator_view" in r) == (r["step"] % 25 == 0)
        if "spectator_view" in r:
            assert "log" not in r["spectator_view"]
    assert final["steps"] == len(steps)


def test_playthrough_is_deterministic_and_policy_seed_matters() -> None:
    assert playthrough("louis14", 2, 1, 7) == playthrough("louis14", 2, 1, 7)
    assert to_lines(playthrough("louis14", 2, 1, 7)) != to_lines(playthrough("louis14", 2, 1, 8))


@pytest.fixture(scope="module")
def golden_lines() -> list[str]:
    return read_jsonl(GOLDEN_DIR / "louis14_2p_seed1.jsonl")


def test_diff_of_identical_files_is_none(golden_lines: list[str]) -> None:
    assert diff_playthrough(golden_lines, list(golden_lines)) is None


def test_diff_detects_a_changed_action(golden_lines: list[str]) -> None:
    mutated = list(golden_lines)
    record = json.loads(mutated[6])
    assert record["kind"] == "step" and record["step"] == 5
    original = record["action"]
    record["action"] = {"type": "pass"}
    mutated[6] = json.dumps(record)
    diff = diff_playthrough(golden_lines, mutated)
    assert diff is not None
    assert diff.startswith("step 5 (line 7, version 5): field action")
    assert json.dumps(original, sort_keys=True, separators=(",", ":"))[:50] in diff
    assert '{"type":"pass"}' in diff


def test_diff_detects_a_changed_view_digest(golden_lines: list[str]) -> None:
    mutated = list(golden_lines)
    record = json.loads(mutated[20])
    record["views_sha256"]["spectator"] = "0" * 64
    mutated[20] = json.dumps(record)
    diff = diff_playthrough(golden_lines, mutated)
    assert diff is not None
    assert "step 19" in diff and "views_sha256.spectator" in diff and "0" * 64 in diff


def test_diff_detects_a_nested_view_change(golden_lines: list[str]) -> None:
    mutated = list(golden_lines)
    record = json.loads(mutated[1])
    record["spectator_view"]["players"][1]["money"] += 1
    mutated[1] = json.dumps(record)
    diff = diff_playthrough(golden_lines, mutated)
    assert diff is not None
    assert "step 0" in diff and "spectator_view.players[1].money" in diff


def test_diff_detects_a_changed_result_and_length(golden_lines: list[str]) -> None:
    mutated = list(golden_lines)
    final = json.loads(mutated[-1])
    final["result"]["scores"][0] += 1
    mutated[-1] = json.dumps(final)
    diff = diff_playthrough(golden_lines, mutated)
    assert diff is not None and "final record" in diff and "result.scores[0]" in diff

    diff = diff_playthrough(golden_lines, golden_lines[:-1])
    assert diff is not None and "length" in diff
    diff = diff_playthrough(golden_lines[:-1], golden_lines)
    assert diff is not None and "length" in diff


def test_diff_ignores_formatting(golden_lines: list[str]) -> None:
    reformatted = [json.dumps(json.loads(line), indent=None) for line in golden_lines]
    assert diff_playthrough(golden_lines, reformatted) is None
