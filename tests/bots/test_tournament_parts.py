"""Long tournaments in parts that carry on where they stopped (``benchmarks/parts.py``): what
is left to play, and a run stopped and given again playing only that."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import expert_check
import ladder
from parts import (
    expert_played,
    load_parts,
    parse_part,
    part_path,
    played,
    to_play,
    write_part,
)

SMALL = {"expert": "ismcts:expert:4", "hard": "ismcts:hard:4", "heuristic": "heuristic"}


@pytest.mark.parametrize(("done", "wanted", "step", "parts"), [
    ([], range(0, 10), None, [range(0, 10)]),
    ([], range(0, 10), 4, [range(0, 4), range(4, 8), range(8, 10)]),
    ([range(0, 25), range(50, 60)], range(0, 100), 20,
     [range(25, 45), range(45, 50), range(60, 80), range(80, 100)]),
    ([range(0, 25), range(50, 60)], range(0, 100), None, [range(25, 50), range(60, 100)]),
    ([range(0, 25)], range(10, 30), 3, [range(25, 28), range(28, 30)]),
    ([range(0, 5), range(5, 10)], range(0, 10), 2, []),
    ([range(3, 4)], range(0, 5), 1, [range(0, 1), range(1, 2), range(2, 3), range(4, 5)]),
])
def test_what_is_left_to_play(done: list[range], wanted: range, step: int | None,
                              parts: list[range]) -> None:
    assert to_play(done, wanted, step) == parts


def test_a_part_is_two_whole_numbers_in_order() -> None:
    assert parse_part("25:50") == range(25, 50)
    for bad in ("50:25", "5:5", "a:b", "10", "-1:4", "1:2:3"):
        with pytest.raises(ValueError, match=f"not {bad!r}"):
            parse_part(bad)
    with pytest.raises(ValueError, match="at least one match, not 0"):
        to_play([], range(0, 4), 0)


def test_parts_are_found_by_their_names_and_written_whole(tmp_path: Path) -> None:
    for name in ("t.part-10-20.json", "t.part-0-10.json", "t.json", "tt.part-20-30.json",
                 "t.part-x-y.json", ".t.part-20-30.json.77.tmp"):
        (tmp_path / name).write_text("{}")
    assert played(tmp_path, "t") == [range(0, 10), range(10, 20)]
    path = part_path(tmp_path, "t", range(20, 30))
    write_part(path, {"matches": []})
    assert json.loads(path.read_text()) == {"matches": []}
    assert played(tmp_path, "t")[-1] == range(20, 30)
    assert sorted(p.name for p in tmp_path.glob(".*.tmp")) == [".t.part-20-30.json.77.tmp"]


def test_a_stopped_tournament_given_again_plays_only_what_is_missing(tmp_path: Path) -> None:
    expert_check.play_missing("louis14", "vs_heuristic", range(1, 2), None, 1, tmp_path, SMALL)
    written = expert_check.play_missing("louis14", "vs_heuristic", range(0, 4), 2, 1,
                                        tmp_path, SMALL)
    assert [p.name for p in written] == [f"louis14_expert_vs_heuristic.part-{a}-{b}.json"
                                         for a, b in ((0, 1), (2, 4))]
    assert expert_check.play_missing("louis14", "vs_heuristic", range(0, 4), 2, 1,
                                     tmp_path, SMALL) == []
    merged = json.loads(expert_check.merge("louis14", "vs_heuristic", tmp_path).read_text())
    assert [m["index"] for m in merged["matches"]] == [0, 1, 2, 3]


def test_a_ladder_in_parts_carries_on_and_merges_only_whole(tmp_path: Path) -> None:
    pool = ("random", "random", "heuristic", "random", "heuristic")
    first = ladder.play_missing("louis14", 6, 1, 1, range(0, 3), None, tmp_path, pool)
    with pytest.raises(ValueError, match="3 of the ladder's 6 matches are played"):
        ladder.merged_ladder("louis14", tmp_path)
    again = ladder.play_missing("louis14", 6, 1, 1, range(0, 6), 2, tmp_path, pool)
    assert [p.name for p in first + again] == [f"louis14_ladder.part-{a}-{b}.json"
                                               for a, b in ((0, 3), (3, 5), (5, 6))]
    whole = ladder.merged_ladder("louis14", tmp_path)
    assert len(whole["matches"]) == 6 and whole["model"] == expert_played("louis14")["model"]
    assert whole["search"] == expert_played("louis14")["search"] is not None

    other = json.loads(first[0].read_text())
    first[0].write_text(json.dumps({**other, "model": "a retrained model"}))
    with pytest.raises(ValueError, match="different models or search settings"):
        ladder.merge("louis14", tmp_path)


@pytest.mark.parametrize(("argv", "error"), [
    (["--game", "chess"], "no game chess: the games are louis14"),
    (["--game", "louis14", "--part", "0:1001"], "1,000 matches .--games.: 0:1001 goes past"),
    (["--game", "louis14", "--step", "25"], "give the part too"),
    (["--game", "louis14", "--part", "0:10", "--step", "-2"], "at least 1, not -2"),
])
def test_the_ladder_refuses_what_it_cannot_play(argv: list[str], error: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        ladder.main([*argv, "--nice", "0"])
    assert re.search(error, capsys.readouterr().err)


def test_a_ladder_in_the_making_leaves_the_whole_one_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ladder, "RESULTS", tmp_path)
    whole = tmp_path / "louis14_ladder.json"
    whole.write_text("the five-bot ladder")
    ladder.play_missing("louis14", 4, 1, 1, range(0, 1), None, tmp_path,
                        ("random", "random", "random", "heuristic"))
    with pytest.raises(SystemExit):
        ladder.main(["--game", "louis14", "--merge", "--from-json"])
    assert "1 of the ladder's 4 matches" in capsys.readouterr().err
    assert whole.read_text() == "the five-bot ladder"
    with pytest.raises(SystemExit):
        ladder.main(["--game", "vive_le_roi", "--from-json"])
    assert "vive_le_roi_ladder.json is not there" in capsys.readouterr().err


def test_a_run_does_not_play_on_parts_of_another_tournament(tmp_path: Path) -> None:
    pool = ("random", "random", "heuristic", "random", "heuristic")
    ladder.play_missing("louis14", 6, 1, 1, range(0, 2), None, tmp_path, pool)
    for other, named in (({"pool": ("random",) * 5}, "bots"), ({"seed": 2}, "seed"),
                         ({"games": 8}, "scheduled")):
        given = {"game": "louis14", "games": 6, "seed": 1, "jobs": 1, "wanted": range(0, 6),
                 "step": None, "results": tmp_path, "pool": pool, **other}
        with pytest.raises(ValueError, match=f"part-0-2.json was played with {named} "):
            ladder.play_missing(**given)  # type: ignore[arg-type]
    assert played(tmp_path, "louis14_ladder") == [range(0, 2)]


def test_a_part_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    path = part_path(tmp_path, "t", range(0, 4))
    with pytest.raises(TypeError):
        write_part(path, {"matches": [object()]})
    assert not list(tmp_path.iterdir())
    path.write_text("{half a part")
    with pytest.raises(ValueError, match=r"t\.part-0-4\.json is not a part's JSON"):
        load_parts(tmp_path, "t")


def test_a_merge_keeps_the_ladders_it_has_no_parts_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("RESULTS", tmp_path), ("IMAGES", tmp_path),
                        ("DOC", tmp_path / "bots.md")):
        monkeypatch.setattr(ladder, name, value)
    (tmp_path / "bots.md").write_text(f"{ladder.BEGIN}\n{ladder.END}\n")
    pool = ("random", "random", "heuristic", "random", "heuristic")
    kept = ladder.run_tournament("vive_le_roi", list(pool), 3, 1, 1, players=4).to_json()
    (tmp_path / "vive_le_roi_ladder.json").write_text(json.dumps(kept))
    ladder.play_missing("louis14", 4, 1, 1, range(0, 4), None, tmp_path, pool)
    ladder.main(["--game", "louis14", "vive_le_roi", "--merge", "--from-json", "--nice", "0"])
    assert json.loads((tmp_path / "vive_le_roi_ladder.json").read_text()) == kept
    assert len(json.loads((tmp_path / "louis14_ladder.json").read_text())["matches"]) == 4
    ladder.main(["--game", "louis14", "--from-json", "--nice", "0"])
    table = (tmp_path / "bots.md").read_text()
    assert "| Louis XIV |" in table and "| Vive le Roi |" in table
