"""The tournaments that measure ``ismcts:expert`` (docs/bots.md, "The expert"), in parts.

Three kinds, each 4 players, seed 1 (so match *i* has the seed and seating it has in the
other tournaments of seed 1, such as ``<game>_hard_vs_heuristic.json``), Versailles 1682 at
50,000 livres:

- ``vs_hard``: ``ismcts:expert`` in one seat against three ``ismcts:hard`` (1,000 games);
- ``ablation``: ``ismcts:hard:<T>s`` — hard given expert's mean time per decision ``T`` in
  ``vs_hard`` (read from its merged result), its iterations unbounded — against three
  ``ismcts:hard`` (500 games): the gain of the model, not of the time;
- ``vs_heuristic``: ``ismcts:expert`` against three ``heuristic`` (1,000 games), beside
  ``<game>_hard_vs_heuristic.json``.

``--part A:B`` plays matches A to B-1 of the schedule at the lowest CPU priority and writes
``results/<game>_<name>.part-A-B.json``; ``--merge`` joins the parts into
``results/<game>_<name>.json`` with the command that played them; ``--report`` prints each
merged result: the first seat's win rate with its 95% interval, every bot's mean time per
decision and the CPU-hours the bots thought.

    nice -n 19 .venv/bin/python benchmarks/expert_check.py --game louis14 --kind vs_hard \\
        --part 0:100 --jobs 2
    .venv/bin/python benchmarks/expert_check.py --game louis14 --kind vs_hard --merge --report
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sunking.bots.tournament import merge_parts, run_tournament

RESULTS = Path(__file__).resolve().parent / "results"
SEED = 1
PLAYERS = 4
KINDS = {
    "vs_hard": ("expert_vs_hard", 1000),
    "ablation": ("hard_at_expert_time_vs_hard", 500),
    "vs_heuristic": ("expert_vs_heuristic", 1000),
}
OPTIONS: Mapping[str, Mapping[str, Any]] = {"versailles1682": {"target": 50000}}


def name_of(game: str, kind: str) -> str:
    return f"{game}_{KINDS[kind][0]}"


def decision_times(data: Mapping[str, Any]) -> dict[str, float]:
    """Each bot spec's mean seconds per decision over a tournament's matches."""
    seconds: dict[str, float] = {}
    decisions: dict[str, int] = {}
    for match in data["matches"]:
        for bot, spent, asked in zip(match["bots"], match["think_seconds"],
                                     match["decisions"], strict=True):
            seconds[bot] = seconds.get(bot, 0.0) + float(spent)
            decisions[bot] = decisions.get(bot, 0) + int(asked)
    return {bot: seconds[bot] / decisions[bot] for bot in seconds if decisions[bot]}


def bots_of(game: str, kind: str) -> list[str]:
    if kind == "vs_hard":
        return ["ismcts:expert", *["ismcts:hard"] * 3]
    if kind == "vs_heuristic":
        return ["ismcts:expert", *["heuristic"] * 3]
    merged = RESULTS / f"{name_of(game, 'vs_hard')}.json"
    if not merged.exists():
        raise SystemExit(f"the ablation needs expert's time: merge {merged.name} first")
    seconds = decision_times(json.loads(merged.read_text()))["ismcts:expert"]
    return [f"ismcts:hard:{seconds:.4f}s", *["ismcts:hard"] * 3]


def report(game: str, kind: str) -> str:
    data = json.loads((RESULTS / f"{name_of(game, kind)}.json").read_text())
    first = data["entries"][0]
    times = decision_times(data)
    cpu = sum(sum(m["think_seconds"]) for m in data["matches"]) / 3600
    per = ", ".join(f"{bot} {t * 1000:.1f} ms" for bot, t in sorted(times.items()))
    return (f"{game} {kind}: {first['label']} won {first['win_rate']:.1%} "
            f"({first['ci_low']:.1%}–{first['ci_high']:.1%}) of {data['games']} games; "
            f"mean time per decision: {per}; the bots thought {cpu:.2f} CPU-hours")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--kind", choices=sorted(KINDS), required=True)
    parser.add_argument("--part", metavar="A:B")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--merge", action="store_true")
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args(argv)
    games = KINDS[args.kind][1]
    stem = name_of(args.game, args.kind)
    if args.part:
        os.nice(19)
        start, _, stop = args.part.partition(":")
        result = run_tournament(args.game, bots_of(args.game, args.kind), games, SEED,
                                args.jobs, OPTIONS.get(args.game, {}),
                                part=range(int(start), int(stop)))
        path = RESULTS / f"{stem}.part-{start}-{stop}.json"
        path.write_text(json.dumps(result.to_json(), indent=1) + "\n")
        print(f"wrote {path}")
    if args.merge:
        parts = sorted(RESULTS.glob(f"{stem}.part-*.json"))
        merged = merge_parts([json.loads(p.read_text()) for p in parts]).to_json()
        script = ["benchmarks/expert_check.py", "--game", args.game, "--kind", args.kind]
        merged["command"] = (f"for each part A:B: {shlex.join([*script, '--part', 'A:B'])}; "
                             f"then {shlex.join([*script, '--merge'])}")
        (RESULTS / f"{stem}.json").write_text(json.dumps(merged, indent=1) + "\n")
        print(f"merged {len(parts)} parts into {stem}.json")
    if args.report:
        print(report(args.game, args.kind))
    if not (args.part or args.merge or args.report):
        sys.exit("nothing to do: give --part, --merge or --report")


if __name__ == "__main__":
    main()
