"""Rendering for the ``sunking`` command: the event log in words and the games table.

The log's words are each game's own (its presentation and catalogs, see
:mod:`sunking.presentation`), in the language asked for; the result tables are shared
with the terminal client (:mod:`sunking.tables`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..core import GameSpec
from ..presentation import describe_events


def event_log(
    game_id: str, events: Sequence[Mapping[str, Any]], lang: str, names: Sequence[str],
) -> Table:
    """The log as a two-column grid: the state version each event led to, and its words.

    Consecutive events of one version told alike (five cards dealt to one seat, say) are
    shown once, with a count.
    """
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="dim", no_wrap=True)
    grid.add_column()
    lines: list[list[Any]] = []  # [version, text, repeats]
    for entry in describe_events(game_id, events, lang, names):
        version, text = entry["n"], entry["text"]
        if lines and lines[-1][0] == version and lines[-1][1] == text:
            lines[-1][2] += 1
        else:
            lines.append([version, text, 1])
    for version, text, repeats in lines:
        shown = f"{text} (×{repeats})" if repeats > 1 else text
        grid.add_row(str(version), Text(shown))
    return grid


def games_table(specs: Iterable[GameSpec]) -> Table:
    """The registered games, one row each."""
    table = Table(title="Games", box=box.SIMPLE_HEAD)
    for column in ("id", "name", "designer", "year", "players"):
        table.add_column(column, justify="right" if column == "year" else "left")
    for spec in specs:
        players = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players}–{spec.max_players}"
        )
        year = "—" if spec.year is None else str(spec.year)
        table.add_row(spec.id, spec.name, spec.designer, year, players)
    return table
