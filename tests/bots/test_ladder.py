"""The ladder: a pool of bots rated together, its schedule, and what it writes."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from sunking.bots.plot import plot_ratings
from sunking.bots.tournament import merge_parts, run_tournament, schedule

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import ladder


def test_a_pool_plays_every_group_and_every_seat_equally() -> None:
    plan = schedule(5, 40, seed=3, players=4)
    assert all(len(p.seating) == 4 and len(set(p.seating)) == 4 for p in plan)
    # 5 groups of 4, each with its 4 rotations: every 20 matches the pool is balanced.
    seats = Counter((entry, seat) for p in plan for seat, entry in enumerate(p.seating))
    assert set(seats.values()) == {8}  # 40 matches: each entry twice per group it is in
    pairs = Counter(frozenset((a, b)) for p in plan for a in p.seating for b in p.seating
                    if a < b)
    assert set(pairs.values()) == {24}  # every two entries meet in 3 groups of 5, x4, x2
    assert plan == schedule(5, 40, seed=3, players=4)


def test_a_full_table_keeps_its_rotation() -> None:
    assert schedule(4, 8, seed=1, players=4) == schedule(4, 8, seed=1)


def test_more_players_than_bots_is_refused() -> None:
    with pytest.raises(ValueError, match="3 players need at least 3 bots"):
        run_tournament("louis14", ["random", "random"], 2, seed=0, players=3)


def test_the_ladder_is_written_to_its_json_table_and_plot(tmp_path: Path) -> None:
    pool = ("random", "random", "heuristic")
    result = ladder.play("louis14", 6, 5, 1, pool=pool, players=2)
    assert result.players == 2 and len(result.matches) == 6
    assert sum(e.games for e in result.entries) == 12
    data = result.to_json()
    assert {"game", "players", "games", "bots", "options", "entries"} <= set(data)
    # Parts merge into the whole, as for any tournament.
    parts = [ladder.play("louis14", 6, 5, 1, part=range(a, b), pool=pool, players=2)
             for a, b in ((0, 4), (4, 6))]
    merged = merge_parts([p.to_json() for p in parts])
    assert [m.scores for _, m in merged.matches] == [m.scores for _, m in result.matches]
    assert [s for s, _ in merged.matches] == [s for s, _ in result.matches]
    assert merged.entries == result.entries

    doc = tmp_path / "bots.md"
    doc.write_text(f"# Bots\n\n{ladder.BEGIN}\nold\n{ladder.END}\n\nafter\n", encoding="utf-8")
    ladder.write_doc({"louis14": data}, doc)
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text and text.endswith("after\n")
    rows = [line for line in text.splitlines() if line.startswith("| Louis XIV |")]
    assert len(rows) == 3 and "`heuristic`" in text and "2 players, 3 bots" in text
    plot = ladder.write_plot(merge_parts([json.loads(json.dumps(data))]), tmp_path)
    assert plot.stat().st_size > 1000
    entries = [dataclasses.replace(result.entries[0], label=spec, spec=spec, budget=budget)
               for spec, budget in (("ismcts:hard", 1000), ("ismcts:expert", 700))]
    both = [*entries, dataclasses.replace(entries[0], label="random", spec="random",
                                          budget=None)]
    legend = plot_ratings(both, tmp_path / "searched.png", "a search and its expert",
                          {"ismcts:expert"})
    assert sorted(legend) == ["ismcts", "ismcts:expert (learned judge)", "random"]
    assert (tmp_path / "searched.png").stat().st_size > 1000
    assert sorted(plot_ratings(both, tmp_path / "joined.png", "one search")) == ["ismcts",
                                                                                "random"]


def test_a_doc_without_markers_is_refused(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no <!-- ladder:begin -->"):
        ladder.write_doc({}, doc)
