"""Rich tables both terminal front ends draw (``sunking`` and its terminal client): the final
table of a finished game, in words.

They draw what :func:`sunking.presentation.describe_result` gives — the ranking, the
game's scoring tables (transposed: one line per part of the scoring, one column per player,
so that they stay narrow) and its notes — every text already in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .i18n import translate

LABEL_WIDTH = 12
"""A scoring line's label keeps at least this width when a narrow terminal makes it wrap."""
NAME_WIDTH = 8
"""A player's column is at least this wide (or as wide as the name), so names stay whole."""


def ranking_table(final: Mapping[str, Any], lang: str) -> Table:
    """The final ranking: one row per player, the winners first and starred."""
    table = Table(title=translate(lang, "tui.final_scores"))
    table.add_column(translate(lang, "generic.rank"), justify="right")
    table.add_column(translate(lang, "generic.player"))
    table.add_column(translate(lang, "generic.score"), justify="right")
    table.add_column(translate(lang, "generic.winner"), justify="center")
    for row in final["rows"]:
        table.add_row(
            str(row["rank"]), str(row["name"]), str(row["score"]), "★" if row["winner"] else "",
            style="bold" if row["winner"] else None,
        )
    return table


def scoring_table(section: Mapping[str, Any]) -> Table:
    """One of the game's scoring tables: a labelled line per part, a column per player."""
    table = Table(title=str(section["title"]), box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("", min_width=LABEL_WIDTH)
    for name in section["columns"]:
        table.add_column(str(name), justify="right", min_width=min(len(str(name)), NAME_WIDTH))
    for line in section["lines"]:
        table.add_row(str(line["label"]), *(str(v) for v in line["values"]),
                      style="bold" if line["total"] else None)
    return table


def scoring(final: Mapping[str, Any]) -> RenderableType:
    """The game's scoring tables and notes."""
    parts: list[RenderableType] = [scoring_table(s) for s in final.get("scoring", ())]
    parts += [Text(str(note)) for note in final.get("notes", ())]
    return Group(*parts)


def final_tables(final: Mapping[str, Any], lang: str) -> RenderableType:
    """The whole final table: who won, the ranking, the scoring tables and the notes."""
    return Group(Text(str(final["text"]), style="bold"), ranking_table(final, lang),
                 scoring(final))
