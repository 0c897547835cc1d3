"""Long tournaments in parts that carry on where they stopped (``expert_check.py``,
``ladder.py``).

A part of tournament ``<stem>`` is the file ``<stem>.part-A-B.json``: matches A to B-1 of its
schedule. Asked for matches A to B-1, a script plays only the matches no part holds yet, in
parts of at most ``step`` matches, each written (whole, or not at all) as soon as it is played:
stopped at any moment, the same command later loses at most the part it was playing, and never
plays a match twice (which would keep the parts from merging). Each part records the expert
it was played with (the SHA-256 of its model's weights and its search settings), and parts of
different experts are not merged.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

PART = re.compile(r"\.part-(\d+)-(\d+)\.json$")


def part_path(results: Path, stem: str, part: range) -> Path:
    return results / f"{stem}.part-{part.start}-{part.stop}.json"


def played(results: Path, stem: str) -> list[range]:
    """The matches of every part of ``stem`` written in ``results``, in order."""
    ranges = []
    for path in results.glob(f"{stem}.part-*.json"):
        found = PART.search(path.name)
        if found and path.name == f"{stem}{found.group(0)}":
            ranges.append(range(int(found.group(1)), int(found.group(2))))
    return sorted(ranges, key=lambda r: (r.start, r.stop))


def to_play(done: Iterable[range], wanted: range, step: int | None = None) -> list[range]:
    """The parts that play the matches of ``wanted`` not in ``done``, each of at most ``step``
    matches (any number if ``step`` is None).

    >>> to_play([range(0, 25), range(50, 60)], range(0, 100), 20)
    [range(25, 45), range(45, 50), range(60, 80), range(80, 100)]
    """
    if step is not None and step < 1:
        raise ValueError(f"a part needs at least one match, not {step}")
    taken = {i for r in done for i in r}
    parts: list[range] = []
    start = None
    for i in [*wanted, wanted.stop]:
        missing = i in wanted and i not in taken
        if missing and start is None:
            start = i
        if start is not None and (not missing or (step is not None and i - start == step)):
            parts.append(range(start, i))
            start = i if missing else None
    return parts


def parse_part(text: str) -> range:
    """``A:B`` as matches A to B-1.

    Raises:
        ValueError: not two whole numbers with A < B.
    """
    start, colon, stop = text.partition(":")
    if not (colon and start.isdigit() and stop.isdigit() and int(start) < int(stop)):
        raise ValueError(f"a part is A:B, the first match and one past the last, "
                         f"A < B, not {text!r}")
    return range(int(start), int(stop))


def wanted_part(part: str | None, step: int | None, length: int, name: str,
                hint: str) -> range | None:
    """The matches a command's ``--part A:B --step N`` asks for in ``name``'s schedule of
    ``length`` (``hint``: where that length comes from; None: no part asked).

    Raises:
        ValueError: a step without a part, a malformed part, one past the schedule's end, or
            a step below 1 (the message names it).
    """
    if part is None:
        if step is not None:
            raise ValueError("--step divides a --part A:B: give the part too")
        return None
    wanted = parse_part(part)
    if wanted.stop > length:
        raise ValueError(f"{name} is {length:,} matches ({hint}): {part} goes past its end")
    if step is not None and step < 1:
        raise ValueError(f"--step is a number of matches, at least 1, not {step}")
    return wanted


def expert_played(game: str, players: int = 4) -> dict[str, Any]:
    """What a part records of the expert it was played with: the SHA-256 of the weights of
    the model ``game`` ships for ``players`` and its search settings (both None: no model)."""
    from sunking.envs.learned import shipped_model

    model = shipped_model(game, players)
    if model is None:
        return {"model": None, "search": None}
    return {"model": str(model.meta.get("weights_sha256")),
            "search": dict(model.meta.get("search", {}))}


def read_part(path: Path) -> dict[str, Any]:
    """One part's JSON.

    Raises:
        ValueError: the file is not a part's JSON (the message names it).
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path} is not a part's JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("matches"), list):
        raise ValueError(f"{path} is not a part's JSON: it has no matches")
    return data


def load_parts(results: Path, stem: str) -> list[dict[str, Any]]:
    """Every part of ``stem``, in order.

    Raises:
        ValueError: there is none, one is not a part's JSON, or they were played with
            different experts.
    """
    paths = [part_path(results, stem, r) for r in played(results, stem)]
    if not paths:
        raise ValueError(f"no part of {stem} in {results}: play some first (--part A:B)")
    parts = [read_part(p) for p in paths]
    experts = {(p.get("model"), json.dumps(p.get("search"), sort_keys=True)) for p in parts}
    if len(experts) != 1:
        raise ValueError(f"the parts of {stem} were played with different models or search "
                         f"settings: {sorted(experts, key=str)}")
    return parts


def check_parts(results: Path, stem: str, expected: Mapping[str, Any]) -> None:
    """Refuse to play on where the parts already written are of another tournament: each
    key of ``expected`` (its seed, bots, schedule's length, expert) as the parts have it.

    Raises:
        ValueError: a part has another value for one of them (the message names both).
    """
    for r in played(results, stem):
        data = read_part(part_path(results, stem, r))
        for key, value in expected.items():
            if data.get(key) != value:
                raise ValueError(f"{part_path(results, stem, r).name} was played with {key} "
                                 f"{data.get(key)!r}, this run has {value!r}: not one "
                                 "tournament (move the parts away, or play as they were)")


def write_part(path: Path, data: Mapping[str, Any]) -> None:
    """Write a part whole or not at all (a stopped run leaves no half-written part)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as out:
            out.write(json.dumps(data, indent=1) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def play_missing(results: Path, stem: str, wanted: range, step: int | None,
                 play: Callable[[range], Mapping[str, Any]],
                 expected: Mapping[str, Any]) -> list[Path]:
    """Play (``play``: a part's JSON) and write the matches of ``wanted`` that no part of
    ``stem`` holds yet, in parts of at most ``step``; the parts written. What is left is
    worked out again before each part (another run may have written some meanwhile).

    Raises:
        ValueError: the parts already there are of another tournament than ``expected``
            says (:func:`check_parts`), checked before anything is played.
    """
    check_parts(results, stem, expected)
    paths = []
    while missing := to_play(played(results, stem), wanted, step):
        paths.append(part_path(results, stem, missing[0]))
        write_part(paths[-1], play(missing[0]))
        print(f"{stem}: matches {missing[0].start}–{missing[0].stop - 1} -> {paths[-1]}",
              flush=True)
    if not paths:
        print(f"{stem}: every match of {wanted.start}:{wanted.stop} is in a part already")
    return paths
