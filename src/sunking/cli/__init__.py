"""The ``sunking`` command: list the games, simulate seeded games, and run bot tournaments.

The command only talks to games through the game-agnostic core (:func:`sunking.make`,
:class:`~sunking.core.GameSpec`, :class:`~sunking.core.GameState`); the event log is told in
each game's own words (:mod:`sunking.presentation`), in the language of ``--lang``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from .. import __version__, available_games, make
from ..core import GameRecord, GameState, Rng, RulesError
from ..i18n import DEFAULT_LANGUAGE, translate
from ..presentation import describe_result, game_title
from ..tables import final_tables
from .admin import app as admin_app
from .backup import backup_command, restore_command
from .options import (
    GameArg,
    LanguageOption,
    OptionsArg,
    check_language,
    describe_options,
    fail,
    parse_options,
)
from .play import play_command
from .render import event_log, games_table
from .review import review_command
from .serve import serve_command
from .tournament import merge_command, tournament_command

POLICY_SALT = 0x5EED_B07_CAFE
"""XORed into the game seed to seed the random bots, so that their choices do not replay the
game's own random draws (a game seeds its generator with the seed itself)."""

app = typer.Typer(
    name="sunking",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


class PlayoutTooLong(RuntimeError):
    """A game did not end within its spec's ``max_actions``: a bug in its rules engine."""


def policy_rng(seed: int) -> Rng:
    """The generator the random bots of a game seeded with ``seed`` draw their moves from."""
    return Rng(seed ^ POLICY_SALT)


def play_random(
    game: str, players: int, seed: int, *, quiet: bool = False,
    options: Mapping[str, Any] | None = None,
) -> GameState:
    """Play a whole game of ``game`` (with its ``options``) in which every seat picks
    uniformly among its legal actions, drawing from :func:`policy_rng` (``seed``); return the
    final state.

    The same arguments always give the same game. ``quiet`` sets ``state.quiet``, so that
    no events are recorded (faster; the game itself is the same).

    Raises:
        RulesError: the game is unknown (``UnknownGame``) or the player count or an option
            is out of range (``InvalidOptions``).
        PlayoutTooLong: the game did not end within ``spec.max_actions`` actions.
    """
    rules = make(game)
    state = rules.new_game(players, seed, **dict(options or {}))
    state.quiet = quiet
    rng = policy_rng(seed)
    for _ in range(rules.spec.max_actions):
        if state.is_terminal:
            return state
        state.play(rng.choice(state.legal_actions()))  # the new game is ours: play in place
    if state.is_terminal:
        return state
    raise PlayoutTooLong(
        f"{game} with {players} players, seed {seed}: no end after {rules.spec.max_actions} actions"
    )


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"sunking {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Show the version and exit.",
        ),
    ] = False,
) -> None:
    """Play the court-intrigue board games of Louis XIV's France.

    List the games with `sunking games`; watch random bots play one, reproducibly
    from a seed, with `sunking simulate louis14 --players 4 --seed 7`; pit bots against
    each other with `sunking tournament louis14 --bots ismcts:hard,heuristic,random,random`;
    play in the terminal with `sunking play louis14 --seats me,ismcts:medium,heuristic,random`.
    """


@app.command("games")
def games_command() -> None:
    """List the registered games: id, name, designer, year and player count.

    The id is what `sunking simulate` takes. Below the table, each game's options
    (`--option KEY=VALUE`) with their default, choices and meaning.
    """
    specs = [make(game_id).spec for game_id in available_games()]
    console = Console()
    console.print(games_table(specs))
    for spec in specs:
        if spec.options:
            console.print(Text(f"{spec.id} options:", style="bold"))
            for line in describe_options(spec).splitlines():
                console.print(Text(f"  {line}"))


PlayersOption = Annotated[
    int | None,
    typer.Option("--players", "-p", metavar="N",
                 help="Number of players (default: the most the game allows).",
                 show_default=False),
]
SeedOption = Annotated[
    int,
    typer.Option("--seed", "-s", metavar="S",
                 help="Seed of the game and of the bots: the same seed gives the same game."),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="Leave out the event log; show only the result."),
]
RecordOption = Annotated[
    bool,
    typer.Option("--json", help="Print the game record (game, rules version, players, seed, "
                                "options, actions) and the result as one JSON object instead of "
                                "the log and tables."),
]


@app.command("simulate")
def simulate_command(
    game: GameArg,
    players: PlayersOption = None,
    seed: SeedOption = 0,
    quiet: QuietOption = False,
    as_json: RecordOption = False,
    option: OptionsArg = None,
    lang: LanguageOption = DEFAULT_LANGUAGE,
) -> None:
    """Simulate a game between bots that pick uniformly random legal moves.

    Prints the public event log (what a spectator sees) in the language of `--lang`, one
    line per event, each prefixed with the number of actions played so far, then the result
    and the game's scoring table. The players are named Player 1, Player 2 ….
    A seed replays the same game exactly. Exits with code 2 for an unknown game or a player
    count the game does not allow, an option it does not have, or a language it does not
    speak.
    """
    check_language(lang)
    try:
        spec = make(game).spec
        count = spec.max_players if players is None else players
        options = parse_options(spec, option)
        state = play_random(game, count, seed, quiet=quiet or as_json, options=options)
    except RulesError as error:
        raise fail(str(error)) from None
    if as_json:
        payload = {"record": GameRecord.of(state).to_json(), "result": state.result().to_json()}
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    _print_game(state, seed, quiet, lang)


def _print_game(state: GameState, seed: int, quiet: bool, lang: str) -> None:
    """The title, the public event log (unless ``quiet``), the number of actions, and the
    result's tables, in ``lang``; each seat named as the language names it."""
    game_id = state.game.spec.id
    count = state.num_players
    console = Console()
    console.print(Text(translate(lang, "cli.simulate.title", game=game_title(game_id, lang),
                                 n=count, seed=seed), style="bold"))
    names = [""] * count  # each seat is then named as the language names it
    if not quiet:
        console.print(event_log(game_id, state.events(None), lang, names))
    console.print(Text(translate(lang, "cli.game_over", n=state.version)))
    result = state.result()
    console.print(final_tables(describe_result(game_id, result.details, lang, names), lang))


app.command("tournament")(tournament_command)
app.command("merge-tournaments")(merge_command)
app.command("play")(play_command)
app.command("review")(review_command)
app.command("serve")(serve_command)
app.command("backup")(backup_command)
app.command("restore")(restore_command)
app.add_typer(admin_app)


