"""Rich tables both terminal front ends draw (``sunking`` and its terminal client): the
result of a game and the game's own account of its scoring, from JSON data alone.

A scoring account is a game's ``Result.details``: per-player rows (``players``), per-part row
sets (the deals of a longer game) and notes. These tables show the rows as the game gives
them, transposed so that they stay narrow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table

from .core import Result


def plain(value: Any) -> str:
    """A JSON value as short readable text: lists comma-separated, dicts as ``k=v``."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={plain(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        if not value:
            return "—"
        return ", ".join(
            f"({plain(v)})" if isinstance(v, list | tuple) else plain(v) for v in value
        )
    return str(value)


def result_table(result: Result) -> Table:
    """Scores, tie-break values and winners, one row per seat."""
    table = Table(title="Result", box=box.SIMPLE_HEAD)
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("tie-break", justify="right")
    table.add_column("winner", justify="center")
    for seat, score in enumerate(result.scores):
        tiebreak = result.tiebreak[seat] if seat < len(result.tiebreak) else None
        won = seat in result.winners
        table.add_row(
            f"seat {seat}",
            str(score),
            plain(tiebreak),
            "★" if won else "",
            style="bold" if won else None,
        )
    return table


def flatten(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested dicts as one level, their keys joined with dots."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(flatten(value, name + "."))
        else:
            out[name] = value
    return out


def _cell(value: Any) -> str:
    """A table cell: lists of numbers space-separated, to keep the columns narrow."""
    if (
        isinstance(value, list | tuple)
        and value
        and all(isinstance(v, int | float | str) for v in value)
    ):
        return " ".join(str(v) for v in value)
    return plain(value)


def _label(key: str) -> str:
    return key.replace("_", " ").replace(".", " › ")


def details_table(players: Sequence[Mapping[str, Any]], title: str = "Scoring") -> Table:
    """The per-player rows of a scoring table, transposed: one row per field, one column per
    player, so that it stays narrow whatever the number of fields."""
    rows = [flatten(row) for row in players]
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("", no_wrap=True)
    for index, row in enumerate(rows):
        seat = row.get("seat", index)
        table.add_column(f"seat {seat}", justify="right")
    keys: list[str] = []
    for row in rows:
        keys.extend(k for k in row if k != "seat" and k not in keys)
    for key in keys:
        table.add_row(
            _label(key),
            *(_cell(row[key]) if key in row else "" for row in rows),
            style="bold" if key == "score" else None,
        )
    return table


def _is_row_sets(value: Any) -> bool:
    """A list of per-player row lists (say, the scoring of each deal of a longer game)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(rows, list) and rows and all(isinstance(r, Mapping) for r in rows)
            for rows in value
        )
    )


def details_sections(details: Mapping[str, Any]) -> list[Table]:
    """Entries of a scoring table that hold one per-player table per part of the game (the
    deals of Vive le Roi's points-limit variant), one table each: ``deal 1``, ``deal 2``…"""
    return [
        details_table(rows, title=f"{_label(key).removesuffix('s')} {number}")
        for key, value in details.items()
        if key != "players" and _is_row_sets(value)
        for number, rows in enumerate(value, start=1)
    ]


def details_notes(details: Mapping[str, Any]) -> list[str]:
    """The other entries of a scoring table (``tiebreak_rule: ...``), as ``label: value``.

    Entries that repeat the result (scores, winners, tie-break values) and those shown as
    tables by :func:`details_sections` are left out.
    """
    skip = {"players", "scores", "winners", "tiebreak"}
    return [
        f"{_label(k)}: {plain(v)}"
        for k, v in details.items()
        if k not in skip and not _is_row_sets(v)
    ]
