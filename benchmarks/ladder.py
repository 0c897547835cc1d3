"""The bots' ladder: every level of every game rated together, written where people read it.

For each game, a pool of bots (``random``, ``heuristic``, ``ismcts:easy``, ``ismcts:medium``,
``ismcts:hard``, ``ismcts:expert``) plays one tournament at 4 players in which each match seats
a group of four of them, every group and seating in turn (``sunking tournament --players 4``
with six bots),
and OpenSkill rates them together. The script writes:

- ``benchmarks/results/<game>_ladder.json``: the tournament (the usual fields: game,
  players, games, bots, options, entries, and every match);
- ``docs/img/<game>_ladder.png``: rating against ISMCTS iterations, the budget-less bots as
  reference lines;
- the table in ``docs/bots.md`` between the ``ladder`` markers: one row per bot and game.

A long ladder runs in parts on any number of machines: ``--part A:B`` plays the matches A to
B-1 of the schedule that no part holds yet and writes ``<game>_ladder.part-A-B.json`` beside
the results (with ``--step N``, in parts of at most N matches, each written when played: the
same command, stopped and given again, carries on; ``parts.py``); ``--merge`` joins every
part of a game into its ladder JSON (``sunking merge-tournaments``), and ``--from-json``
rewrites the table and the plots from the ladder JSONs without playing.

    .venv/bin/python benchmarks/ladder.py [--game louis14] [--games 1000] [--jobs 2]
    .venv/bin/python benchmarks/ladder.py --game louis14 --part 0:1000 --step 25 --jobs 2
    .venv/bin/python benchmarks/ladder.py --merge --from-json
"""

from __future__ import annotations

import argparse
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import parts
from parts import expert_played, load_parts, played, wanted_part

import sunking
from sunking.bots.plot import plot_ratings
from sunking.bots.stats import EntryStats
from sunking.bots.tournament import TournamentResult, merge_parts, run_tournament

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
IMAGES = ROOT / "docs" / "img"
DOC = ROOT / "docs" / "bots.md"
POOL = ("random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert")
PLAYERS = 4
BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"


def ladder_path(game: str, results: Path = RESULTS) -> Path:
    return results / f"{game}_ladder.json"


def stem(game: str) -> str:
    return f"{game}_ladder"


def play(game: str, games: int, seed: int, jobs: int, part: range | None = None,
         pool: Sequence[str] = POOL, players: int = PLAYERS) -> TournamentResult:
    """The ladder tournament of ``game`` (or the part ``part`` of its schedule)."""
    return run_tournament(game, list(pool), games, seed, jobs, part=part, players=players)


def merge(game: str, results: Path = RESULTS) -> TournamentResult:
    """Every part of ``game``'s ladder joined into one tournament.

    Raises:
        ValueError: there is no part, or the parts are not of one tournament (or were
            played with different experts).
    """
    return merge_parts(load_parts(results, stem(game)))


def merged_ladder(game: str, results: Path = RESULTS) -> dict[str, Any]:
    """``game``'s ladder JSON from its parts, with the expert they were played with.

    Raises:
        ValueError: as :func:`merge`, or a match of the schedule is not played yet (a ladder
            in the making does not replace a whole one).
    """
    parts = load_parts(results, stem(game))
    result = merge_parts(parts)
    if len(result.matches) < result.scheduled:
        raise ValueError(
            f"{game}: {len(result.matches):,} of the ladder's {result.scheduled:,} matches are "
            f"played; play the rest first (--game {game} --games {result.scheduled} --part "
            f"0:{result.scheduled} --step 25), {ladder_path(game, results).name} is left as it "
            "was")
    return {**result.to_json(), "model": parts[0].get("model"), "search": parts[0].get("search")}


def play_missing(game: str, games: int, seed: int, jobs: int, wanted: range,
                 step: int | None, results: Path = RESULTS,
                 pool: Sequence[str] = POOL) -> list[Path]:
    """Play the matches of ``wanted`` no part of ``game``'s ladder holds yet, in parts of at
    most ``step`` matches, each written when played, with the expert they were played with."""
    expert = expert_played(game, PLAYERS)
    expected = {"seed": seed, "bots": list(pool), "scheduled": games, "options": {}, **expert}
    return parts.play_missing(
        results, stem(game), wanted, step,
        lambda part: {**play(game, games, seed, jobs, part, pool).to_json(), **expert},
        expected)


def table(ladders: Mapping[str, Mapping[str, Any]]) -> str:
    """The Markdown table of every game's ladder (``TournamentResult.to_json`` data), best
    rated first within a game."""
    lines = [
        "| game | bot | games | win rate (95% CI) | rating mu ± sigma | mu − 3 sigma |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for game, data in ladders.items():
        name = sunking.make(game).spec.name
        entries = sorted(data["entries"], key=lambda e: -float(e["rating_mu"]))
        for e in entries:
            mu, sigma = float(e["rating_mu"]), float(e["rating_sigma"])
            lines.append(
                f"| {name} | `{e['label']}` | {int(e['games']):,} | "
                f"{float(e['win_rate']):.1%} ({float(e['ci_low']):.1%}–{float(e['ci_high']):.1%})"
                f" | {mu:.1f} ± {sigma:.1f} | {mu - 3 * sigma:.1f} |"
            )
    return "\n".join(lines)


def write_doc(ladders: Mapping[str, Mapping[str, Any]], doc: Path = DOC) -> None:
    """Put the table between the ladder markers of ``doc``, with each game's size."""
    text = doc.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise ValueError(f"{doc} has no {BEGIN} … {END} section")
    sizes = ", ".join(
        f"{sunking.make(g).spec.name} {int(d['games']):,} games (seed {d['seed']})"
        for g, d in ladders.items()
    )
    players = {int(d["players"]) for d in ladders.values()}
    bots = {len(d["bots"]) for d in ladders.values()}
    body = (f"{BEGIN}\n{'/'.join(map(str, sorted(players)))} players, "
            f"{'/'.join(map(str, sorted(bots)))} bots rated together: {sizes}. Written by "
            f"`make ladder` (`benchmarks/ladder.py`).\n\n{table(ladders)}\n{END}")
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    doc.write_text(pattern.sub(lambda _: body, text, count=1), encoding="utf-8")


def write_plot(result: TournamentResult, images: Path = IMAGES) -> Path:
    images.mkdir(parents=True, exist_ok=True)
    path = images / f"{result.game}_ladder.png"
    entries: list[EntryStats] = list(result.entries)
    plot_ratings(entries, path, f"{sunking.make(result.game).spec.name}: the ladder, "
                                f"{result.players} players, {len(result.matches):,} games",
                 result.judged_apart())
    return path


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", nargs="+", default=None, metavar="ID",
                        help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=1000, help="matches per game (1000)")
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes (1)")
    parser.add_argument("--seed", type=int, default=1, help="the tournament seed (1)")
    parser.add_argument("--part", metavar="A:B",
                        help="play matches A to B-1 only, those no part holds yet")
    parser.add_argument("--step", type=int, metavar="N",
                        help="with --part: in parts of at most N matches, each written when "
                             "played")
    parser.add_argument("--merge", action="store_true",
                        help="join each game's parts into its ladder JSON")
    parser.add_argument("--from-json", action="store_true",
                        help="do not play: write the table and plots from the ladder JSONs")
    parser.add_argument("--nice", type=int, default=19,
                        help="play at this much lower a priority (19, the lowest: other work, "
                             "a test run say, goes first)")
    args = parser.parse_args(argv)
    games = args.game or sunking.available_games()
    unknown = sorted(set(games) - set(sunking.available_games()))
    if unknown:
        parser.error(f"no game {', '.join(unknown)}: the games are "
                     f"{', '.join(sunking.available_games())}")
    try:
        wanted = wanted_part(args.part, args.step, args.games, "the ladder", "--games")
    except ValueError as error:
        parser.error(str(error))
    if args.nice and (args.part or not (args.merge or args.from_json)):
        os.nice(args.nice)  # the match processes it spawns inherit it
    RESULTS.mkdir(parents=True, exist_ok=True)
    if wanted is not None:
        for game in games:
            try:
                play_missing(game, args.games, args.seed, args.jobs, wanted, args.step, RESULTS)
            except ValueError as error:
                parser.error(str(error))
        return
    written: dict[str, dict[str, Any]] = {}
    for game in games:  # every game checked before any ladder JSON is written
        if args.merge and not played(RESULTS, stem(game)) and ladder_path(game, RESULTS).exists():
            print(f"{game}: no part to merge, {ladder_path(game, RESULTS).name} stays")
        elif args.merge:
            try:
                written[game] = merged_ladder(game, RESULTS)
            except ValueError as error:
                parser.error(str(error))
        elif not args.from_json:
            written[game] = {**play(game, args.games, args.seed, args.jobs).to_json(),
                             **expert_played(game, PLAYERS)}
        elif not ladder_path(game, RESULTS).is_file():
            parser.error(f"{ladder_path(game, RESULTS)} is not there: play or merge {game}'s "
                         "ladder first")
    for game, data in written.items():
        ladder_path(game, RESULTS).write_text(json.dumps(data, indent=1) + "\n",
                                              encoding="utf-8")
    ladders = {}
    for game in sunking.available_games():  # the table holds every ladder there is
        if not ladder_path(game, RESULTS).is_file():
            continue
        data = json.loads(ladder_path(game, RESULTS).read_text(encoding="utf-8"))
        ladders[game] = data
        if game in games:
            merged = merge_parts([data])  # the entries, as the tournament's own statistics
            print(f"{game}: {len(merged.matches)} games -> {write_plot(merged, IMAGES)}")
    write_doc(ladders, DOC)
    print(f"the table -> {DOC}")


if __name__ == "__main__":
    main()
