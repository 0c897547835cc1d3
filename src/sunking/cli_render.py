"""Rendering for the ``sunking`` command: event log lines, the games table, the result tables.

Everything here is game-agnostic code driven by data. A game's events get nicer wording from
:data:`~sunking.cli_wording.EVENT_MESSAGES` (per game id, per event type) and
:data:`~sunking.cli_wording.VALUE_NAMES`; any event without a message, or whose message no
longer fits its fields, falls back to ``type key=value ...``.

A message is a :meth:`str.format` template over the event's fields, or a tuple of such
templates tried in order (the first whose fields the event carries is used: events of one
type that carry different fields). A field named like a table of the game's value names is
named by it. Besides the usual format specs a message understands these, applied to a field
as ``{field:spec}``:

* ``seats``: a seat or list of seats, as ``seat 1``, ``seats 1 and 3`` or ``nobody``;
* ``tile_counts``: a list of ``[tile, count]`` pairs, as ``2 stones on tile 4, 1 stone on 9``;
* ``n singular|plural``: a count with its noun, as ``1 stone`` or ``2 stones``;
* ``name table`` or ``name table|empty``: the value, or each value of a list, named by the
  game's value-name table ``table`` (values it lacks are shown as they are); ``empty`` is
  the text for an empty list;
* ``per_seat`` or ``per_seat spec``: a list with one entry per seat, as
  ``seat 0: 12, seat 1: 9``, each entry formatted with ``spec`` (``per_seat ,`` or
  ``per_seat name card``, say);
* ``seat_cards table``: a list of ``[seat, card, *more]`` entries, as
  ``seat 2: gold 3 = 3``, the card named by the value-name table ``table``.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from .cli_wording import EVENT_MESSAGES, VALUE_NAMES, Template
from .core import GameSpec, Result

_HIDDEN_FIELDS = frozenset({"type", "version"})


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


def _seats(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"seat {value}"
    seats = [str(v) for v in value]
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]}"


def _count(n: Any, nouns: str) -> str:
    singular, _, plural = nouns.partition("|")
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _tile_counts(pairs: Any) -> str:
    parts = [f"{_count(count, 'stone|stones')} on tile {tile}" for tile, count in pairs]
    return ", ".join(parts) or "no stones"


class _MessageFormatter(string.Formatter):
    """The formatter of event messages, with the value-name tables of one game."""

    def __init__(self, names: Mapping[str, Mapping[Any, str]]) -> None:
        super().__init__()
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        """Format one field; raises KeyError for an unknown value-name table."""
        spec, _, rest = format_spec.partition(" ")
        if format_spec == "seats":
            return _seats(value)
        if format_spec == "tile_counts":
            return _tile_counts(value)
        if spec == "n":
            return _count(value, rest)
        if spec == "name":
            table, bar, empty = rest.partition("|")
            if bar and isinstance(value, list | tuple) and not value:
                return empty
            return plain(_named(value, self.names[table]))
        if spec == "per_seat":
            entries = [self.format_field(v, rest) for v in value]
            nested = any(isinstance(v, list | tuple) for v in value)
            return ("; " if nested else ", ").join(
                f"seat {seat}: {text}" for seat, text in enumerate(entries)
            )
        if spec == "seat_cards":
            names = self.names[rest]
            return "; ".join(
                f"{_seats(seat)}: {plain(_named(card, names))}"
                + (f" = {plain(more)}" if more else "")
                for seat, card, *more in value
            ) or "none"
        if not format_spec:
            return plain(value)
        return str(super().format_field(value, format_spec))


def _named(value: Any, names: Mapping[Any, str]) -> Any:
    if isinstance(value, list | tuple):
        return [_named(v, names) for v in value]
    try:
        return names.get(value, value)
    except TypeError:  # unhashable: leave it alone
        return value


def generic_message(event: Mapping[str, Any]) -> str:
    """``type key=value ...`` for any event."""
    fields = " ".join(
        f"{key}={plain(value)}" for key, value in event.items() if key not in _HIDDEN_FIELDS
    )
    return f"{event.get('type', '?')} {fields}".rstrip()


def event_message(game_id: str, event: Mapping[str, Any]) -> str:
    """The wording of one event: the game's message for its type, else the generic form."""
    template: Template | None = EVENT_MESSAGES.get(game_id, {}).get(str(event.get("type")))
    if template is None:
        return generic_message(event)
    names = VALUE_NAMES.get(game_id, {})
    fields = {
        key: _named(value, names[key]) if key in names else value for key, value in event.items()
    }
    formatter = _MessageFormatter(names)
    for choice in (template,) if isinstance(template, str) else template:
        try:
            return formatter.format(choice, **fields)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue  # the event does not carry this message's fields
    return generic_message(event)  # the event no longer matches its messages


def event_log(game_id: str, events: Iterable[Mapping[str, Any]]) -> Table:
    """The log as a two-column grid: the state version each event led to, and its message.

    Consecutive events of one version with the same message (five cards dealt to one seat,
    say) are shown once, with a count.
    """
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="dim", no_wrap=True)
    grid.add_column()
    lines: list[list[Any]] = []  # [version, message, repeats]
    for event in events:
        version = event.get("version")
        message = event_message(game_id, event)
        if lines and lines[-1][0] == version and lines[-1][1] == message:
            lines[-1][2] += 1
        else:
            lines.append([version, message, 1])
    for version, message, repeats in lines:
        text = f"{message} (×{repeats})" if repeats > 1 else message
        grid.add_row("" if version is None else str(version), Text(text))
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
