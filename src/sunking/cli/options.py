"""Game options on the command line: ``--option KEY=VALUE``, repeatable; and what the
commands share besides: the game argument, the language and plot options, the completion of
a game id, the language check and the error that ends a command.

Every command that starts games (``simulate``, ``tournament``, ``play``) takes them. A value
is matched against the option's choices by its printed form, so ``points_limit=250`` gives
the integer 250 and ``target=50000`` the integer 50000; ``sunking games`` lists each game's
options, their choices and defaults.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..core import GameSpec, available_games
from ..core.errors import InvalidOptions
from ..core.game import describe_choices
from ..i18n import LANGUAGES

OptionsArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option (repeatable), e.g. `-o points_limit=250`; `sunking games` "
        "lists each game's options and their choices.",
        show_default=False,
    ),
]
"""The ``--option`` parameter, shared by every command that starts games."""


def complete_game(incomplete: str) -> list[str]:
    """The game ids that complete ``incomplete`` (for shell completion)."""
    return [g for g in available_games() if g.startswith(incomplete)]


GameArg = Annotated[
    str,
    typer.Argument(help="The id of the game, as listed by `sunking games`.", metavar="GAME",
                   autocompletion=complete_game, show_default=False),
]
"""The game a command plays (``simulate``, ``play``, ``tournament``)."""

LanguageOption = Annotated[
    str,
    typer.Option("--lang", "-l", metavar="LANG",
                 help=f"Language of the game's words: {', '.join(LANGUAGES)}."),
]
"""The language a command speaks the game's words in (``simulate``, ``play``)."""

PlotOption = Annotated[
    Path | None,
    typer.Option("--plot", metavar="PATH", help="Write a PNG of rating against budget."),
]
"""Where a tournament's plot goes (``tournament``, ``merge-tournaments``)."""

DataDirOption = Annotated[
    Path | None,
    typer.Option("--data-dir", metavar="DIR",
                 help="Where the SQLite database lives (default: $SUNKING_DATA_DIR, else "
                      "~/.local/share/sunking). Ignored when SUNKING_DATABASE_URL is set.",
                 show_default=False),
]
"""The server's data directory (``serve``, ``backup``, ``restore``)."""


def parse_options(spec: GameSpec, items: Iterable[str] | None) -> dict[str, Any]:
    """The options ``KEY=VALUE`` as the game takes them in ``new_game``.

    Raises:
        InvalidOptions: an item is not ``KEY=VALUE``, names no option of the game, gives an
            option twice, or gives a value that is not one of the option's choices (the
            message names the item and lists what is allowed).
    """
    known = {option.name: option for option in spec.options}
    chosen: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise InvalidOptions(f"option {item!r} is not KEY=VALUE")
        option = known.get(key)
        if option is None:
            allowed = ", ".join(sorted(known)) or "none"
            raise InvalidOptions(f"{spec.id} has no option {key!r} (its options: {allowed})")
        if key in chosen:
            raise InvalidOptions(f"option {key!r} is given twice")
        matches = [choice for choice in option.choices if str(choice) == value]
        if not matches:
            choices = describe_choices(option.choices)
            raise InvalidOptions(f"{spec.id}: option {key}={value!r} is not one of {choices}")
        chosen[key] = matches[0]
    return chosen


def describe_options(spec: GameSpec) -> str:
    """One line per option: ``key=default (choices: …) — description``; empty if none."""
    return "\n".join(
        f"{option.name}={option.default} (choices: "
        f"{describe_choices(option.choices)}) — {option.description}"
        for option in spec.options
    )


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the command's error; the exit (code 2) to raise."""
    Console(stderr=True).print(Text(f"Error: {message}", style="bold red"))
    return typer.Exit(code=2)


def check_language(lang: str) -> None:
    """Ends the command (code 2) when ``lang`` is not one of the languages spoken."""
    if lang not in LANGUAGES:
        raise fail(f"no language {lang!r}; the languages are {', '.join(LANGUAGES)}")
