"""``sunking review``: the coach's review of a game record, in words, with its curve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress
from rich.text import Text

from ..coach.review import REVIEW_ITERATIONS, ReviewBudget, Verdict, curve, review_record
from ..coach.words import plot_curve, read_record, worded
from ..core import GameRecord, RulesError
from ..i18n import DEFAULT_LANGUAGE, translate
from ..presentation import game_title
from .options import LanguageOption, check_language, fail

RecordArg = Annotated[Path, typer.Argument(
    metavar="RECORD.json", help="A game record: `sunking simulate --json`'s output, a bare "
    "record, or a finished match's replay download.")]
SeatOption = Annotated[int | None, typer.Option(
    "--seat", metavar="N", help="The seat (0-based) whose decisions are reviewed.")]
AllSeatsOption = Annotated[bool, typer.Option(
    "--all-seats", help="Review every seat's decisions.")]
JsonOption = Annotated[bool, typer.Option(
    "--json", help="Print one JSON object: the flagged decisions and the curve.")]
PngOption = Annotated[Path | None, typer.Option(
    "--png", metavar="PATH", help="Write the win-chance curve as a PNG.")]
WorkersOption = Annotated[int, typer.Option(
    "--workers", "-j", min=1, max=16, help="Processes that search decisions side by side.")]
IterationsOption = Annotated[int, typer.Option(
    "--iterations", min=10, max=100_000,
    help="ISMCTS iterations of each of a decision's independent searches.")]
FLAGGED = ("inaccuracy", "mistake", "blunder")


def review_command(
    record_path: RecordArg,
    seat: SeatOption = None,
    all_seats: AllSeatsOption = False,
    lang: LanguageOption = DEFAULT_LANGUAGE,
    as_json: JsonOption = False,
    png: PngOption = None,
    workers: WorkersOption = 1,
    iterations: IterationsOption = REVIEW_ITERATIONS,
) -> None:
    """Review a game's decisions: each move is classed by the win chance it gave away
    (inaccuracy 0.10, mistake 0.20, blunder 0.30), only where independent searches tell the
    moves apart. Prints each flagged decision with its replay step and both moves in the
    game's words, and what the better move changes. Exits with code 2 for an unreadable
    record, another version of the rules, or a seat the game does not have.
    """
    check_language(lang)
    record = _load(record_path)
    if all_seats == (seat is not None):
        raise fail("name one seat with --seat N, or review them all with --all-seats")
    if seat is not None and not 0 <= seat < record.num_players:
        raise fail(f"no seat {seat}: this game has seats 0 to {record.num_players - 1}")
    seats = None if all_seats else {seat} if seat is not None else None
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=as_json) as bar:
        task = bar.add_task(translate(lang, "cli.review.progress"), total=None)
        reviewed = review_record(record, seats, ReviewBudget(iterations=iterations), workers,
                                 lambda done, total: bar.update(task, completed=done,
                                                                total=total))
    names = [""] * record.num_players
    flagged = [(d, v) for d, v in reviewed if v["class"] in FLAGGED]
    lines = [{"version": d.version, "step": d.step, "seat": d.seat, "index": d.index, **v,
              **worded(record, d, v, lang, names)} for d, v in flagged]
    curves = {s: curve([(d, v) for d, v in reviewed if d.seat == s])
              for s in sorted({d.seat for d, _ in reviewed})}
    if png is not None:
        _plot(record, curves, png, lang)
    if as_json:
        typer.echo(json.dumps({"game": record.game, "rules_version": record.rules_version,
                               "reviewed": len(reviewed), "flagged": lines,
                               "curve": curves if all_seats else curves.get(seat or 0, [])},
                              indent=2, ensure_ascii=False))
        return
    _print(record, reviewed, lines, lang)


def _load(path: Path) -> GameRecord:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise fail(f"cannot read {path}: {err}") from None
    try:
        return read_record(data)
    except RulesError as err:
        raise fail(str(err)) from None


def _plot(record: GameRecord, curves: dict[int, list[dict[str, Any]]], png: Path,
          lang: str) -> None:
    lines = {f"#{seat + 1}": curves[seat] for seat in sorted(curves)}
    plot_curve(lines, png, game_title(record.game, lang),
               (translate(lang, "cli.review.axis_step"),
                translate(lang, "cli.review.axis_chance")))


def _print(record: GameRecord, reviewed: list[Verdict], lines: list[dict[str, Any]],
           lang: str) -> None:
    console = Console()
    console.print(Text(translate(lang, "cli.review.title", game=game_title(record.game, lang),
                                 n=len(reviewed)), style="bold"))
    total = len(record.actions)
    for line in lines:
        console.print(Text(translate(
            lang, "cli.review.line", step=line["step"], total=total,
            version=line["version"], seat=line["seat"] + 1,
            kind=translate(lang, f"cli.review.{line['class']}"),
            chosen=line["chosen_text"], p_chosen=_pct(line, "chosen"),
            best=line["best_text"], p_best=_pct(line, "best")),
            style="bold" if line["class"] == "blunder" else ""))
        for change in line["changes"]:
            console.print(Text(f"    · {change}"))
    console.print(Text(translate(lang, "cli.review.summary", n=len(lines),
                                 total=len(reviewed))))


def _pct(line: dict[str, Any], which: str) -> str:
    def p(x: float) -> str:
        return f"{round(100 * x)}"
    return (f"{p(line[f'{which}_chance'])}% "
            f"[{p(line[f'{which}_low'])}–{p(line[f'{which}_high'])}]")
