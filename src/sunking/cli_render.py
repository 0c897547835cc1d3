"""Rendering for the ``sunking`` command: event log lines, the games table, the result tables.

Everything here is game-agnostic code driven by data. A game's events get nicer wording from
:data:`EVENT_MESSAGES` (per game id, per event type) and :data:`VALUE_NAMES`; any event without
a message, or whose message no longer fits its fields, falls back to ``type key=value ...``.

A message is a :meth:`str.format` template over the event's fields. Besides the usual format
specs it understands these, applied to a field as ``{field:spec}``:

* ``seats``: a seat or list of seats, as ``seat 1``, ``seats 1 and 3`` or ``nobody``;
* ``tile_counts``: a list of ``[tile, count]`` pairs, as ``2 stones on tile 4, 1 stone on 9``;
* ``n singular|plural``: a count with its noun, as ``1 stone`` or ``2 stones``.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from .core import GameSpec, Result

EVENT_MESSAGES: dict[str, dict[str, str]] = {
    "louis14": {
        "setup": "{players} players; stones in the general supply by seat: {general_supply}",
        "round": "── round {round} ── start player: {start_player:seats}",
        "money_card": "money card: {amount} louis d'or on tile {tile}",
        "neutral": "neutral stones go on tiles {tiles}",
        "neutral_joker": "a joker is revealed for the neutral stones",
        "influence_drawn": "{seat:seats} draws an influence card ({why})",
        "intrigue_drawn": "{seat:seats} draws an intrigue card ({why})",
        "place": "{seat:seats} plays influence card {card} and places {stones:tile_counts}",
        "retrieve": "{seat:seats} plays influence card {card} and takes back "
        "{stones:n stone|stones} from the general supply",
        "pay_to_pass": "{seat:seats} pays 2 louis d'or to pass",
        "swap_influence": "{seat:seats} discards influence card {card} unplayed",
        "last_card": "{seat:seats} puts their last influence card face down",
        "reshuffle": "the influence cards are reshuffled",
        "mission_stone": "{seat:seats} puts a stone on tile {tile} from the {source} supply "
        "(mission {mission})",
        "evaluate": "tile {tile} [{condition}] is evaluated: stones by colour {stones}; "
        "first {firsts:seats}; rewarded {receivers:seats}; may bribe {bribers:seats}",
        "flip": "tile {tile} turns to its {side} side",
        "intrigue": "{seat:seats} plays the intrigue card of tile {tile}: "
        "{stones:n stone|stones} from the {source} supply",
        "win_tie": "{seat:seats} wins the tie on tile {tile}",
        "bribe": "{seat:seats} pays {louis} louis d'or to bribe tile {tile}",
        "louis": "{seat:seats} receives {louis} louis d'or",
        "chip": "{seat:seats} gets a {chip} chip ({why})",
        "blazon": "{seat:seats} gets a blazon ({why})",
        "conde_stone": "{seat:seats} puts a stone on tile {tile} from the {source} supply "
        "(le Grand Condé)",
        "maintenon": "{seat:seats} puts {stones:n stone|stones} on tile 5 (Maintenon) and "
        "takes back {stones_back:n stone|stones}",
        "lay_mission": "{seat:seats} fulfils mission {mission} with {chips} chips",
        "draw_mission": "{seat:seats} draws a mission card from the {deck} deck",
        "convert_chip": "{seat:seats} pays 2 louis d'or to turn a {chip} chip into a crown",
        "keep_chip": "{seat:seats} keeps a {chip} chip and trades in {given_up}",
        "swap_missions": "{seat:seats} puts mission cards back under the {decks} decks",
        "income": "{seat:seats} takes {louis} louis d'or and {stones:n stone|stones}",
        "stones_back": "{seat:seats} takes back {stones:n stone|stones} (mission {mission})",
        "game_end": "game over: scores {scores}; winner: {winners:seats}",
    },
}
"""Wording of each game's events, by game id and event type."""

_LOUIS14_CHIPS = {"S": "sceptre", "L": "letter", "R": "ring", "H": "helmet", "C": "crown"}

VALUE_NAMES: dict[str, dict[str, dict[Any, str]]] = {
    "louis14": {
        "card": {0: "joker"},
        "side": {0: "front", 1: "back"},
        "chip": _LOUIS14_CHIPS,
        "chips": _LOUIS14_CHIPS,
        "given_up": _LOUIS14_CHIPS,
    },
}
"""Names for coded field values in each game's events, by game id, field and value."""

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
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "seats":
            return _seats(value)
        if format_spec == "tile_counts":
            return _tile_counts(value)
        if format_spec.startswith("n "):
            return _count(value, format_spec[2:])
        if not format_spec:
            return plain(value)
        return str(super().format_field(value, format_spec))


_FORMATTER = _MessageFormatter()


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
    template = EVENT_MESSAGES.get(game_id, {}).get(str(event.get("type")))
    if template is None:
        return generic_message(event)
    names = VALUE_NAMES.get(game_id, {})
    fields = {
        key: _named(value, names[key]) if key in names else value for key, value in event.items()
    }
    try:
        return _FORMATTER.format(template, **fields)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return generic_message(event)  # the event no longer matches its message


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
        table.add_row(spec.id, spec.name, spec.designer, str(spec.year), players)
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


def details_table(players: Sequence[Mapping[str, Any]]) -> Table:
    """The per-player rows of a scoring table, transposed: one row per field, one column per
    player, so that it stays narrow whatever the number of fields."""
    rows = [flatten(row) for row in players]
    table = Table(title="Scoring", box=box.SIMPLE_HEAD)
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


def details_notes(details: Mapping[str, Any]) -> list[str]:
    """The other entries of a scoring table (``tiebreak_rule: ...``), as ``label: value``.

    Entries that repeat the result (scores, winners, tie-break values) are left out.
    """
    skip = {"players", "scores", "winners", "tiebreak"}
    return [f"{_label(k)}: {plain(v)}" for k, v in details.items() if k not in skip]
