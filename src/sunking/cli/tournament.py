"""``sunking tournament``: bots against bots, seats rotated, in parallel, with statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..bots.arena import MatchResult
from ..bots.tournament import Runner, TournamentResult, merge_parts, run_tournament
from ..core import RulesError, make
from .options import GameArg, OptionsArg, PlotOption, parse_options


def games_of(count: int) -> str:
    """``1 game``, ``2 games``: a tournament's size in its table's and plot's titles."""
    return f"{count:,} game" if count == 1 else f"{count:,} games"


def results_table(result: TournamentResult) -> Table:
    table = Table(title=f"{result.game}, {result.players} players, "
                        f"{games_of(len(result.matches))}, seed {result.seed}")
    for column in ("bot", "games", "wins", "mean score", "win rate", "95% CI", "rating"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for e in result.entries:
        table.add_row(
            e.label, str(e.games), f"{e.wins:g}", f"{e.mean_score:.1f}",
            f"{e.win_rate:.1%}", f"{e.ci_low:.1%}–{e.ci_high:.1%}",
            f"{e.rating_mu:.1f} ± {e.rating_sigma:.1f}",
        )
    return table


def _runner(backend: str, address: str | None, jobs: int) -> Runner | None:
    """The runner of ``--backend`` (None: the process backend); exits with a clear message
    for an unknown backend, or Ray asked for but not installed."""
    err = Console(stderr=True)
    if backend == "process":
        if address is not None:
            err.print(Text("Error: --address needs --backend ray", style="bold red"))
            raise typer.Exit(code=2)
        return None
    if backend != "ray":
        err.print(Text(f"Error: unknown backend {backend!r}: use process or ray",
                       style="bold red"))
        raise typer.Exit(code=2)
    try:
        from ..envs.ray_backend import ray_runner
    except ImportError:
        err.print(Text("Error: --backend ray needs Ray: pip install 'sunking[rl]'",
                       style="bold red"))
        raise typer.Exit(code=2) from None
    return ray_runner(address, jobs)


BotsOption = Annotated[
    str,
    typer.Option("--bots", "-b", metavar="SPECS",
                 help="Comma-separated bots, one per seat: random, heuristic, "
                      "ismcts[:easy|medium|hard|expert|N|Ns] (N iterations, Ns seconds per "
                      "decision)."),
]
PlayersOption = Annotated[
    int | None,
    typer.Option("--players", "-p", metavar="N",
                 help="Number of players (default: one per bot). Fewer than the bots makes "
                      "them a pool rated together, a ladder: each match seats one group "
                      "of N, every group and seating in turn.",
                 show_default=False),
]
GamesOption = Annotated[int, typer.Option("--games", "-n", min=1, help="Matches to play.")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Parallel processes.")]
SeedOption = Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole tournament.")]
JsonOption = Annotated[
    Path | None,
    typer.Option("--json", metavar="PATH", help="Write the statistics and every match here."),
]
BackendOption = Annotated[
    str,
    typer.Option("--backend", metavar="NAME",
                 help="Where matches run: process (this machine's processes) or ray "
                      "(Ray tasks; needs the rl extra)."),
]
AddressOption = Annotated[
    str | None,
    typer.Option("--address", metavar="ADDR",
                 help="With --backend ray: the Ray cluster to join (auto, or "
                      "ray://HOST:10001); default a local Ray with --jobs CPUs."),
]
PartOption = Annotated[
    str | None,
    typer.Option("--part", metavar="A:B",
                 help="Play only matches A to B-1 of the schedule of --games (a long "
                      "tournament in parts; `sunking merge-tournaments` joins them)."),
]


def tournament_command(
    game: GameArg,
    bots: BotsOption,
    players: PlayersOption = None,
    games: GamesOption = 100,
    jobs: JobsOption = 1,
    seed: SeedOption = 0,
    json_path: JsonOption = None,
    plot_path: PlotOption = None,
    option: OptionsArg = None,
    backend: BackendOption = "process",
    address: AddressOption = None,
    part: PartOption = None,
) -> None:
    """Play bots against each other and rate them.

    Match *i* seats the bots rotated by *i* places, so each bot plays each seat equally
    often. Prints per bot: games, wins (a shared win counts 1/k), mean score, win rate with
    its 95% Wilson interval, and an OpenSkill (Plackett–Luce) rating. The same seed gives the
    same tournament whatever the number of jobs and the backend.
    """
    runner = _runner(backend, address, jobs)
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    count = len(specs) if players is None else players
    err = Console(stderr=True)
    if count > len(specs):
        err.print(Text(f"Error: {count} players need at least {count} bots, got {len(specs)}",
                       style="bold red"))
        raise typer.Exit(code=2)
    try:
        options = parse_options(make(game).spec, option)
    except RulesError as error:
        err.print(Text(f"Error: {error}", style="bold red"))
        raise typer.Exit(code=2) from None
    matches = _part(part, games, err)
    with _progress(err) as progress:
        task = progress.add_task(f"{game}: {', '.join(specs)}",
                                 total=games if matches is None else len(matches))

        def advance(_: MatchResult) -> None:
            progress.advance(task)

        try:
            result = run_tournament(game, specs, games, seed, jobs, options,
                                    on_result=advance, runner=runner, part=matches,
                                    players=count)
        except (RulesError, ValueError) as error:
            progress.stop()
            err.print(Text(f"Error: {error}", style="bold red"))
            raise typer.Exit(code=2) from None
    _report(result, json_path, plot_path)


def _progress(err: Console) -> Progress:
    """The progress bar of the matches played, on standard error, gone once done."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    return Progress(*columns, console=err, transient=True)


def _part(raw: str | None, games: int, err: Console) -> range | None:
    """The matches of ``--part A:B``; exits with a clear message when it is malformed."""
    if raw is None:
        return None
    start, sep, stop = raw.partition(":")
    try:
        if not sep:
            raise ValueError
        matches = range(int(start), int(stop))
    except ValueError:
        err.print(Text(f"Error: --part must be A:B (matches A to B-1), not {raw!r}",
                       style="bold red"))
        raise typer.Exit(code=2) from None
    return matches


def merge_command(
    parts: Annotated[list[Path], typer.Argument(help="The --json files of the parts.",
                                                metavar="PART.json")],
    json_path: Annotated[
        Path | None,
        typer.Option("--json", metavar="PATH", help="Write the whole tournament here."),
    ] = None,
    plot_path: PlotOption = None,
) -> None:
    """Join the parts of a tournament played with --part into one, its statistics worked
    out over every match. Parts of the same seed played with a larger --games extend it."""
    err = Console(stderr=True, soft_wrap=True)  # a path is never cut in two
    try:
        result = merge_parts([json.loads(p.read_text(encoding="utf-8")) for p in parts])
    except (OSError, ValueError, KeyError, TypeError) as error:
        err.print(Text(f"Error: {error}", style="bold red"))
        raise typer.Exit(code=2) from None
    _report(result, json_path, plot_path)


def _report(result: TournamentResult, json_path: Path | None, plot_path: Path | None) -> None:
    """Print the table; write the JSON and the plot where asked."""
    games, count, game = len(result.matches), result.players, result.game
    Console().print(results_table(result))
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
    if plot_path is not None:
        from ..bots.plot import plot_ratings

        plot_ratings(list(result.entries), plot_path,
                     f"{make(game).spec.name}, {count} players, {games_of(games)}",
                     result.judged_apart())
