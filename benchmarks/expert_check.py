"""The tournaments that measure ``ismcts:expert`` (docs/bots.md, "The expert"), in parts.

Three kinds, each 4 players, seed 1 (so match *i* has the seed and seating it has in the
other tournaments of seed 1, such as ``<game>_hard_vs_heuristic.json``), Versailles 1682 at
50,000 livres:

- ``vs_hard``: ``ismcts:expert`` in one seat against three ``ismcts:hard`` (1,000 games);
- ``ablation``: ``ismcts:hard:<N>`` — hard given expert's mean time per decision in
  ``vs_hard``: its 1,000 iterations scaled by the expert's mean time over hard's, both read
  from the merged ``vs_hard``, so the budget is the same however busy the machine is and the
  games can be played again — against three ``ismcts:hard`` (500 games): the gain of the
  model, not of the time;
- ``vs_heuristic``: ``ismcts:expert`` against three ``heuristic`` (1,000 games), beside
  ``<game>_hard_vs_heuristic.json``.

``--part A:B`` plays matches A to B-1 of the schedule at the lowest CPU priority and writes
``results/<game>_<name>.part-A-B.json`` — only the matches no part holds yet, and with
``--step N`` in parts of at most N matches, each written when played, so that the same
command, stopped and given again, carries on where it stopped (``parts.py``); ``--merge``
joins the parts into ``results/<game>_<name>.json`` with the command that played them, the
SHA-256 of the expert's weights and its search settings (every part must have been played
with the same model and settings); ``--report`` prints each merged result: the first seat's
win rate with its 95% interval, every bot's mean time per decision and the hours the bots
thought (wall clock).
``--timing N`` times hard and expert on the same N decisions (what expert's iterations are
chosen by before a tournament measures them).

    .venv/bin/python benchmarks/expert_check.py --game louis14 --kind vs_hard \\
        --part 0:1000 --step 25 --jobs 2
    .venv/bin/python benchmarks/expert_check.py --game louis14 --kind vs_hard --merge --report
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import parts
from parts import expert_played, load_parts, part_path, played, read_part, wanted_part

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


def bots_of(game: str, kind: str, results: Path = RESULTS,
            levels: Mapping[str, str] | None = None) -> list[str]:
    """The bots of a tournament, the first seat's first; ``levels`` names other specs for
    ``expert``, ``hard``, ``heuristic`` and ``timed`` (the level the ablation gives the
    expert's time; a test's smaller searches)."""
    named = {"expert": "ismcts:expert", "hard": "ismcts:hard", "heuristic": "heuristic",
             "timed": "ismcts:hard", **(levels or {})}
    if kind == "vs_hard":
        return [named["expert"], *[named["hard"]] * 3]
    if kind == "vs_heuristic":
        return [named["expert"], *[named["heuristic"]] * 3]
    done = played(results, name_of(game, kind))
    if done:  # the budget its first part was given, whatever was merged since
        bots: list[str] = read_part(part_path(results, name_of(game, kind), done[0]))["bots"]
        return bots
    merged = results / f"{name_of(game, 'vs_hard')}.json"
    if not merged.exists():
        raise SystemExit(f"the ablation needs expert's time: merge {merged.name} first")
    data = json.loads(merged.read_text())
    if data["games"] < data["scheduled"]:
        raise SystemExit(f"the ablation gives hard the expert's time over all the games of "
                         f"{merged.name}: {data['games']:,} of its {data['scheduled']:,} are "
                         "merged; play and merge the rest first")
    times = decision_times(data)
    return [f"{named['timed']}:{ablation_iterations(named['hard'], times, data['bots'])}",
            *[named["hard"]] * 3]


def ablation_iterations(hard: str, times: Mapping[str, float], bots: Sequence[str]) -> int:
    """Hard's iterations scaled by the expert's mean time per decision over hard's, both
    measured in the same ``vs_hard`` games (``bots``: the expert first): hard's search given
    the expert's time, as a budget that does not depend on how busy the machine is."""
    from sunking.bots import make_bot

    budget = getattr(make_bot(hard), "budget", None)
    if budget is None:
        raise SystemExit(f"the ablation scales hard's iterations: {hard} has none")
    return max(1, round(int(budget) * times[bots[0]] / times[hard]))


def part_of(game: str, kind: str, part: range, jobs: int, bots: list[str]) -> dict[str, Any]:
    """Matches ``part`` of a tournament's schedule played: the part's JSON."""
    result = run_tournament(game, bots, KINDS[kind][1], SEED, jobs, OPTIONS.get(game, {}),
                            part=part).to_json()
    return {**result, **expert_played(game, PLAYERS)}


def play_missing(game: str, kind: str, wanted: range, step: int | None, jobs: int,
                 results: Path = RESULTS, levels: Mapping[str, str] | None = None
                 ) -> list[Path]:
    """Play the matches of ``wanted`` no part holds yet, in parts of at most ``step``, each
    written when played; refused if the parts already there are of another tournament."""
    bots = bots_of(game, kind, results, levels)
    expected = {"seed": SEED, "bots": bots, "scheduled": KINDS[kind][1],
                "options": dict(OPTIONS.get(game, {})), **expert_played(game, PLAYERS)}
    try:
        return parts.play_missing(results, name_of(game, kind), wanted, step,
                                  lambda part: part_of(game, kind, part, jobs, bots), expected)
    except ValueError as error:
        raise SystemExit(str(error)) from None


def merge(game: str, kind: str, results: Path = RESULTS) -> Path:
    """Join a tournament's parts, with the command that played them."""
    stem = name_of(game, kind)
    try:
        parts = load_parts(results, stem)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    merged = merge_parts(parts).to_json()
    merged["model"], merged["search"] = parts[0].get("model"), parts[0].get("search")
    script = ["benchmarks/expert_check.py", "--game", game, "--kind", kind]
    merged["command"] = (f"for each part A:B: {shlex.join([*script, '--part', 'A:B'])}; "
                         f"then {shlex.join([*script, '--merge'])}")
    path = results / f"{stem}.json"
    path.write_text(json.dumps(merged, indent=1) + "\n")
    return path


def thought_hours(data: Mapping[str, Any]) -> float:
    """The hours every seat of a tournament thought, on the wall clock (so at least its
    CPU-hours)."""
    return sum(sum(m["think_seconds"]) for m in data["matches"]) / 3600


def report(game: str, kind: str, results: Path = RESULTS) -> str:
    """One line on a merged tournament: the first seat's win rate, times, hours of thought."""
    merged = results / f"{name_of(game, kind)}.json"
    if not merged.is_file():
        raise SystemExit(f"{merged.name} is not there yet: play its parts (--part A:B), "
                         "then --merge")
    data = json.loads(merged.read_text())
    first = data["entries"][0]
    times = decision_times(data)
    cpu = thought_hours(data)
    per = ", ".join(f"{bot} {t * 1000:.1f} ms" for bot, t in sorted(times.items()))
    return (f"{game} {kind}: {first['label']} won {first['win_rate']:.1%} "
            f"({first['ci_low']:.1%}–{first['ci_high']:.1%}) of {data['games']} games; "
            f"mean time per decision: {per}; the bots thought {cpu:.2f} hours (wall clock)")


@dataclass(frozen=True)
class Timing:
    """One bot's decisions in :func:`timing`: CPU seconds, mean and longest, and how many
    searches its time cap stopped before their iterations were done."""

    mean: float
    longest: float
    stopped: int


def timing(game: str, positions: int, seed: int = 7) -> dict[str, Timing]:
    """``ismcts:hard``'s and ``ismcts:expert``'s CPU time per decision over the same
    ``positions`` decisions of heuristic games (the whole game's span, forced moves left out),
    the two searched one after the other on each: what the expert's iterations are chosen by
    before a tournament measures them, and whether their 1 s cap ever cuts a search short
    (a tournament's match is then a function of the machine's speed, not of its seed
    alone)."""
    from sunking.bots import LEVELS, IsmctsBot, Observation, make_bot
    from sunking.core import Rng, make

    search = expert_played(game, PLAYERS)["search"] or {}
    planned = {"ismcts:hard": LEVELS["hard"].iterations or 0,
               "ismcts:expert": int(search.get("iterations") or LEVELS["expert"].iterations
                                    or 0)}
    bots = {spec: make_bot(spec, cpu_clock=True) for spec in planned}
    heuristic = make_bot("heuristic")
    spent: dict[str, list[float]] = {spec: [] for spec in bots}
    stopped = dict.fromkeys(bots, 0)
    rng = Rng(seed)
    while len(spent["ismcts:hard"]) < positions:
        state = make(game).new_game(PLAYERS, rng.next64() >> 1, **OPTIONS.get(game, {}))
        state.quiet = True
        while (seat := state.to_move) is not None and len(spent["ismcts:hard"]) < positions:
            observation = Observation(state, seat)
            if len(observation.legal_actions) > 1 and rng.below(8) == 0:
                for spec, bot in bots.items():
                    started = time.process_time()
                    bot.act(observation, Rng(len(spent[spec]) + 1))
                    spent[spec].append(time.process_time() - started)
                    assert isinstance(bot, IsmctsBot) and bot.last is not None
                    stopped[spec] += bot.last.iterations < planned[spec]
            state = state.apply_unchecked(heuristic.act(observation, rng))
    return {spec: Timing(sum(times) / positions, max(times), stopped[spec])
            for spec, times in spent.items()}


DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"
GAMES = ("louis14", "vive_le_roi", "versailles1682")


def models_table() -> str:
    """Each game's shipped model: its data, size, held-out log loss and search settings."""
    from sunking.bots import LEVELS
    from sunking.core import make
    from sunking.envs.learned import shipped_model

    lines = ["| game | self-play games (positions) | data CPU-hours | hidden units | "
             "model size | held-out log loss: uniform / game's own (calibrated) / model / "
             "played | "
             "search |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for game in GAMES:
        model = shipped_model(game, PLAYERS)
        if model is None:
            continue
        meta = model.meta
        loss = meta["log_loss"]
        search = meta["search"]
        mix = float(search["mix"])
        played = loss["model"] if mix == 1.0 else loss.get(f"mix {mix}", loss["model"])
        size = sum(w.nbytes + b.nbytes for w, b in model.layers) / 1e3
        own = loss["game's own"]
        calibrated = loss.get("game's own, calibrated")
        fair = "not measured" if calibrated is None else f"{calibrated:.3f}"
        explore = float(search.get("exploration", LEVELS["expert"].exploration))
        lines.append(
            f"| {make(game).spec.name} | {meta['games']:,} ({meta['positions']:,}) | "
            f"{meta['data_cpu_hours']:.2f} | {meta['hidden']} | {size:.0f} kB | "
            f"{loss['uniform']:.3f} / {own:.3f} ({fair}) / {loss['model']:.3f} / "
            f"{played:.3f} (mix {mix:g}) | {search['iterations']:,} iterations, horizon "
            f"{search['horizon']}, exploration {explore:g} |")
    return "\n".join(lines)


HARD_VS_HEURISTIC = {
    "louis14": "louis14_hard_vs_heuristic.json",
    "vive_le_roi": "vive_le_roi_hard_vs_heuristic_v3.json",
    "versailles1682": "versailles1682_hard_fitted_vs_heuristic_target50000.json",
}
"""``ismcts:hard`` against three heuristics, seed 1, under the rules the expert plays (Vive le
Roi's version 3): the games the expert's ``vs_heuristic`` tournament plays again (the same
seeds and seatings)."""


def first_seat_share(data: Mapping[str, Any], games: Mapping[int, Any]) -> tuple[float, int]:
    """The first entry's share of the wins over the matches of ``games`` (index to the
    match's JSON, for its seed and seating).

    Raises:
        SystemExit: a match of that index was not the same game (another seed or seating).
    """
    wins, count = 0.0, 0
    for number, match in enumerate(data["matches"]):
        index = int(match.get("index", number))
        if index in games:
            other = games[index]
            if (match["seed"], match["seating"]) != (other["seed"], other["seating"]):
                raise SystemExit(f"match {index} is not the same game in both tournaments "
                                 f"(seed {match['seed']}, seating {match['seating']} against "
                                 f"{other['seed']}, {other['seating']})")
            seat = match["seating"].index(0)
            wins += 1 / len(match["winners"]) if seat in match["winners"] else 0.0
            count += 1
    return (wins / count if count else 0.0), count


def strength_table(results: Path = RESULTS) -> str:
    """Every merged tournament of the expert: win rate, interval, times, hours of thought
    (on the wall clock, so at least the CPU-hours)."""
    from sunking.core import make

    lines = ["| game | tournament | games | first seat's win rate (95% CI) | "
             "mean time per decision | hours of thought |",
             "| --- | --- | ---: | ---: | --- | ---: |"]
    for game in GAMES:
        for kind in KINDS:
            path = results / f"{name_of(game, kind)}.json"
            if not path.exists():
                lines.append(f"| {make(game).spec.name} | `{kind}` | not played yet | | | |")
                continue
            data = json.loads(path.read_text())
            first = data["entries"][0]
            times = ", ".join(f"`{bot}` {t * 1000:.1f} ms"
                              for bot, t in sorted(decision_times(data).items()))
            cpu = thought_hours(data)
            beside = ""
            hard = results / HARD_VS_HEURISTIC[game]
            if kind == "vs_heuristic" and hard.exists():
                share, games = first_seat_share(json.loads(hard.read_text()),
                                                {int(m["index"]): m for m in data["matches"]})
                beside = f"; `ismcts:hard` on the same {games:,} games: {share:.1%}"
            lines.append(
                f"| {make(game).spec.name} | `{kind}` | {data['games']:,} of "
                f"{data['scheduled']:,} | {first['win_rate']:.1%} ({first['ci_low']:.1%}–"
                f"{first['ci_high']:.1%}){beside} | {times} | {cpu:.2f} |")
    return "\n".join(lines)


def write_doc(doc: Path = DOC, results: Path = RESULTS) -> None:
    """The two tables of docs/bots.md's "The expert", between their markers."""
    text = doc.read_text(encoding="utf-8")
    tables = (("expert-models", models_table()), ("expert-strength", strength_table(results)))
    for name, body in tables:
        begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
        start, stop = text.find(begin), text.find(end, text.find(begin))
        if start < 0 or stop < 0:
            raise SystemExit(f"{doc} has no {begin} … {end} for the table to go between")
        text = f"{text[:start]}{begin}\n{body}\n{text[stop:]}"
    doc.write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--kind", choices=sorted(KINDS))
    parser.add_argument("--part", metavar="A:B",
                        help="play matches A to B-1, those no part holds yet")
    parser.add_argument("--step", type=int, metavar="N",
                        help="in parts of at most N matches, each written when played")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--merge", action="store_true")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--write-doc", action="store_true",
                        help="write the models' and tournaments' tables into docs/bots.md")
    parser.add_argument("--timing", type=int, metavar="N",
                        help="time hard and expert on N decisions of heuristic games")
    args = parser.parse_args(argv)
    if args.write_doc:
        write_doc()
        return
    if args.game is None:
        sys.exit("give --game (or --write-doc)")
    if args.timing:
        times = timing(args.game, args.timing)
        print(f"CPU time a decision over {args.timing} decisions of {args.game}: " +
              "; ".join(f"{spec} {t.mean * 1000:.1f} ms (longest {t.longest * 1000:.0f} ms, "
                        f"{t.stopped} stopped by the time cap)" for spec, t in times.items()))
        return
    if args.kind is None:
        sys.exit("give --kind (or --timing)")
    try:
        wanted = wanted_part(args.part, args.step, KINDS[args.kind][1], args.kind,
                             f"0 to {KINDS[args.kind][1] - 1}")
    except ValueError as error:
        sys.exit(str(error))
    if wanted is not None:
        os.nice(19)
        play_missing(args.game, args.kind, wanted, args.step, args.jobs)
    if args.merge:
        print(f"merged into {merge(args.game, args.kind)}")
    if args.report:
        print(report(args.game, args.kind))
    if not (args.part or args.merge or args.report):
        sys.exit("nothing to do: give --part, --merge or --report")


if __name__ == "__main__":
    main()
