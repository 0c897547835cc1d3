"""Regenerate the golden playthrough files in tests/golden/ (or check them with --check).

Each file is one seeded random game recorded by :func:`sunking.testing.golden.playthrough`:
``tests/golden/{game}_{n}p_seed{s}.jsonl``. Run ``make golden`` after an intended change of
the rules, views or log, and review the diff of the files before committing them.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from sunking import available_games, make
from sunking.testing.golden import diff_playthrough, playthrough, read_jsonl, to_lines

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"

NAME = re.compile(r"(?P<game>[a-z0-9_]+)_(?P<n>[0-9]+)p_seed(?P<seed>[0-9]+)\.jsonl")
"""A golden file's name: ``{game}_{n}p_seed{s}.jsonl``."""


def golden_name(game: str, num_players: int, seed: int) -> str:
    return f"{game}_{num_players}p_seed{seed}.jsonl"


def cases(directory: Path = GOLDEN_DIR) -> list[tuple[str, int, int]]:
    """(game, players, seed) of every golden file: seed 1 of every registered game at every
    player count it allows, and every other file already in ``directory`` (a second seed);
    the policy seed equals the game seed."""
    found = {(g, n, 1) for g in available_games()
             for n in range(make(g).spec.min_players, make(g).spec.max_players + 1)}
    for path in directory.glob("*.jsonl"):
        match = NAME.fullmatch(path.name)
        if match is not None:
            found.add((match["game"], int(match["n"]), int(match["seed"])))
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true",
        help="write nothing; exit 1 and print the first difference if any file is out of date",
    )
    parser.add_argument(
        "--dir", type=Path, default=GOLDEN_DIR, help=f"golden directory (default {GOLDEN_DIR})"
    )
    args = parser.parse_args(argv)
    directory: Path = args.dir
    stale = 0
    every = cases(directory)
    for game, num_players, seed in every:
        path = directory / golden_name(game, num_players, seed)
        lines = to_lines(playthrough(game, num_players, seed, seed))
        if args.check:
            if not path.exists():
                print(f"{path}: missing")
                stale += 1
                continue
            diff = diff_playthrough(read_jsonl(path), lines)
            if diff is not None:
                print(f"{path}: differs\n{diff}")
                stale += 1
            continue
        directory.mkdir(parents=True, exist_ok=True)
        text = "".join(line + "\n" for line in lines)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({len(lines)} records)")
        else:
            print(f"unchanged {path}")
    if args.check:
        if stale:
            print(f"{stale} golden file(s) out of date: run `make golden` to regenerate")
            return 1
        print(f"all {len(every)} golden files up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
