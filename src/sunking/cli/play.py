"""``sunking play``: play a game in the terminal against bots, or with friends (hot-seat)."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ..core import InvalidOptions, RulesError, make
from ..i18n import DEFAULT_LANGUAGE, translate
from ..presentation import describe_result, game_title
from ..tables import final_tables
from ..tui.seats import SEATS_HELP, SeatsError, parse_seats
from ..tui.session import Session
from .options import GameArg, LanguageOption, OptionsArg, check_language, fail, parse_options


def fresh_seed() -> int:
    """A seed for a game nobody asked to replay (from the operating system)."""
    return int.from_bytes(os.urandom(4), "big")


SeatsOption = Annotated[
    str, typer.Option("--seats", metavar="SPEC,...", help=SEATS_HELP, show_default=False),
]
SeedOption = Annotated[
    int | None,
    typer.Option("--seed", "-s", metavar="S",
                 help="Seed of the game and of the bots (default: a fresh one, shown in "
                      "the status line); the same seed and moves replay the same game.",
                 show_default=False),
]
AutoPassOption = Annotated[
    bool,
    typer.Option("--auto-pass/--no-auto-pass",
                 help="When your only choice is to pass, pass for you after a moment."),
]


def play_command(
    game: GameArg,
    seats: SeatsOption,
    seed: SeedOption = None,
    option: OptionsArg = None,
    lang: LanguageOption = DEFAULT_LANGUAGE,
    auto_pass: AutoPassOption = True,
) -> None:
    """Play a game in the terminal: you against bots, or several people at one terminal.

    One entry per seat, in seat order; the number of entries is the number of players.
    Examples:

    * `sunking play louis14 --seats me,ismcts:medium,heuristic,random` — you in seat 0
      against three bots;

    * `sunking play louis14 --seats human:Alice,human:Bruno,heuristic` — hot-seat: Alice and
      Bruno share the terminal; a hand-over screen hides each one's cards from the other.

    Choose moves from the menus or type them (F1 in the game shows the notation). At the
    end the final scores are printed. Exits with code 2 for an unknown game, a seats entry
    that cannot be read or a number of seats the game does not allow.
    """
    check_language(lang)
    session = _seated(game, seats, seed, option, lang)
    from ..tui.app import PlayApp

    PlayApp(session, lang=lang, auto_pass=auto_pass).run()
    _print_outcome(session, lang)


def _seated(game: str, seats: str, seed: int | None, option: list[str] | None,
            lang: str) -> Session:
    """The session of ``game`` with the seats of ``--seats``; ends the command (code 2)
    when the seats cannot be read, an option is wrong or the game refuses the seats."""
    try:
        seat_specs = parse_seats(seats, lang)
    except SeatsError as error:
        raise fail(str(error)) from None
    try:
        options = parse_options(make(game).spec, option)
    except RulesError as error:
        raise fail(str(error)) from None
    try:
        return Session(game, seat_specs, fresh_seed() if seed is None else seed, options)
    except InvalidOptions as error:
        raise fail(f"{error} (--seats gives {len(seat_specs)} seats)") from None
    except RulesError as error:
        raise fail(str(error)) from None


def _print_outcome(session: Session, lang: str) -> None:
    """The final scores of a finished game, or how to find an unfinished one again."""
    console = Console()
    result = session.result()
    if result is None:
        console.print(Text(translate(lang, "cli.unfinished", n=session.version,
                                     seed=session.seed)))
        return
    console.print(Text(translate(lang, "cli.play.over", game=game_title(session.game_id, lang),
                                 seed=session.seed, n=session.version)))
    mine = [seat for seat, spec in enumerate(session.seats) if spec.you]
    final = describe_result(session.game_id, result["details"], lang, session.names,
                            mine[0] if len(mine) == 1 else None)
    console.print(final_tables(final, lang))
