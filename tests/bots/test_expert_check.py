"""The expert's tournaments (``benchmarks/expert_check.py``), small: parts played, merged,
the ablation given the expert's time, and the tables written."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from sunking.bots import LEVELS
from sunking.envs.learned import shipped_model

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import expert_check
from parts import expert_played

SMALL = {"expert": "ismcts:expert:12", "hard": "ismcts:hard:12", "heuristic": "heuristic"}


def test_a_tournament_in_parts_then_its_ablation(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(expert_check.KINDS, "vs_hard", ("expert_vs_hard", 3))
    with pytest.raises(SystemExit, match=r"no part of louis14_expert_vs_hard in .*play some"):
        expert_check.merge("louis14", "vs_hard", tmp_path)
    with pytest.raises(SystemExit, match=r"louis14_expert_vs_hard\.json is not there yet"):
        expert_check.report("louis14", "vs_hard", tmp_path)
    for part in (range(0, 1), range(1, 2)):
        expert_check.play_missing("louis14", "vs_hard", part, None, 1, tmp_path, SMALL)
    merged = json.loads(expert_check.merge("louis14", "vs_hard", tmp_path).read_text())
    assert merged["games"] == 2 and merged["scheduled"] == 3
    assert merged["bots"] == ["ismcts:expert:12", *["ismcts:hard:12"] * 3]
    assert "expert_check.py --game louis14 --kind vs_hard --part A:B" in merged["command"]
    assert merged["model"] == expert_played("louis14")["model"] and len(merged["model"]) == 64
    line = expert_check.report("louis14", "vs_hard", tmp_path)
    assert line.startswith("louis14 vs_hard: ismcts:expert:12 won") and "2 games" in line

    # The ablation's budget is the expert's time over the whole tournament, then kept.
    with pytest.raises(SystemExit, match="2 of its 3 are merged; play and merge the rest"):
        expert_check.bots_of("louis14", "ablation", tmp_path, SMALL)
    expert_check.play_missing("louis14", "vs_hard", range(0, 3), 1, 1, tmp_path, SMALL)
    merged_path = expert_check.merge("louis14", "vs_hard", tmp_path)
    merged = json.loads(merged_path.read_text())
    times = expert_check.decision_times(merged)
    assert set(times) == {"ismcts:expert:12", "ismcts:hard:12"} and min(times.values()) > 0
    ablation = expert_check.bots_of("louis14", "ablation", tmp_path, SMALL)
    scaled = round(12 * times["ismcts:expert:12"] / times["ismcts:hard:12"])
    assert ablation == [f"ismcts:hard:{max(1, scaled)}", *["ismcts:hard:12"] * 3]
    expert_check.play_missing("louis14", "ablation", range(0, 1), None, 1, tmp_path, SMALL)
    for match in merged["matches"]:  # the expert thought five times longer: merged again
        match["think_seconds"][match["seating"].index(0)] *= 5
    merged_path.write_text(json.dumps(merged))
    assert expert_check.bots_of("louis14", "ablation", tmp_path, SMALL) == ablation
    ablated = json.loads(expert_check.merge("louis14", "ablation", tmp_path).read_text())
    assert ablated["bots"] == ablation and ablated["games"] == 1

    assert merged["search"] == expert_played("louis14")["search"] and merged["search"]
    other = tmp_path / "louis14_expert_vs_hard.part-1-2.json"
    played = json.loads(other.read_text())
    for changed in ({"model": "another"}, {"search": {**played["search"], "exploration": 0.1}}):
        other.write_text(json.dumps({**played, **changed}))
        with pytest.raises(SystemExit, match="different models or search settings"):
            expert_check.merge("louis14", "vs_hard", tmp_path)

    doc = tmp_path / "bots.md"
    doc.write_text("<!-- expert-models:begin -->\n<!-- expert-models:end -->\n"
                   "<!-- expert-strength:begin -->\nold\n<!-- expert-strength:end -->\n")
    expert_check.write_doc(doc, tmp_path)
    text = doc.read_text()
    assert "| Louis XIV | `vs_hard` | 3 of 3 |" in text
    assert "| Louis XIV | `vs_heuristic` | not played yet |" in text
    model = shipped_model("louis14", 4)
    assert model is not None and "old" not in text
    assert f"| Louis XIV | {model.meta['games']:,} ({model.meta['positions']:,}) |" in text


def test_the_same_games_are_compared_or_none() -> None:
    hard = {"matches": [{"index": i, "seed": 10 + i, "seating": [0, 1, 2, 3],
                         "winners": [0] if i % 2 else [1, 2]} for i in range(4)]}
    expert = {i: {"seed": 10 + i, "seating": [0, 1, 2, 3]} for i in (1, 2, 3)}
    assert expert_check.first_seat_share(hard, expert) == (pytest.approx(2 / 3), 3)
    expert[2] = {"seed": 99, "seating": [0, 1, 2, 3]}
    with pytest.raises(SystemExit, match="match 2 is not the same game"):
        expert_check.first_seat_share(hard, expert)


@pytest.mark.parametrize(("argv", "error"), [
    (["--kind", "vs_hard", "--part", "990:1010"], "goes past its end"),
    (["--kind", "ablation", "--part", "0:501"], "ablation is 500 matches"),
    (["--kind", "vs_hard", "--step", "5"], "give the part too"),
    (["--kind", "vs_hard", "--part", "0:10", "--step", "0"], "at least 1, not 0"),
    (["--kind", "vs_hard", "--part", "10:0"], "not '10:0'"),
])
def test_a_part_outside_the_tournament_is_refused(argv: list[str], error: str) -> None:
    with pytest.raises(SystemExit, match=error):
        expert_check.main(["--game", "louis14", *argv])


def test_the_timing_compares_hard_and_expert_on_the_same_decisions(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    expert_check.main(["--game", "louis14", "--timing", "2"])
    out = capsys.readouterr().out
    assert out.startswith("CPU time a decision over 2 decisions of louis14: ismcts:hard ")
    assert out.count("stopped by the time cap") == 2
    times = expert_check.timing("versailles1682", 3, seed=3)
    assert set(times) == {"ismcts:hard", "ismcts:expert"}
    assert all(0 < t.mean <= t.longest for t in times.values())
    # A cap too short for any search to finish: every one of hard's is counted as stopped.
    monkeypatch.setitem(LEVELS, "hard", dataclasses.replace(LEVELS["hard"], seconds=1e-6))
    times = expert_check.timing("versailles1682", 3, seed=3)
    assert times["ismcts:hard"].stopped == 3
