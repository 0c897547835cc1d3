"""The parts every game's reader builds its described board from: action entries, player
rows, zones, scoring and final tables, the log, placeholders filled in words.

They take the :class:`~.contract.Texts` of one language and return plain JSON data, so that
the three games' boards (and any new one) have the same shapes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..core.actions import JsonValue
from .contract import Texts, number


def action_entry(index: int, group: str, text: str) -> dict[str, JsonValue]:
    """One legal action in words: its index into the legal actions, its group, its text."""
    return {"index": index, "group": group, "text": text}


def player_row(
    t: Texts, seat: int, you: int | None, to_move: int | None,
    facts: Sequence[tuple[str, object]], score: object = None,
) -> dict[str, JsonValue]:
    """One row of the players table; ``facts`` are (label key, value) pairs."""
    return {
        "seat": seat,
        "name": t.player(seat),
        "you": seat == you,
        "to_move": seat == to_move,
        "facts": [{"label": t(label), "value": str(value)} for label, value in facts],
        "score": None if score is None else str(score),
    }


def zone(
    t: Texts, title: str, cards: Iterable[str], owner: int | None = None,
    facts: Sequence[tuple[str, object]] = (),
) -> dict[str, JsonValue]:
    """A public zone: its title (already in words), owner seat and cards by component key."""
    return {
        "title": title,
        "owner": owner,
        "cards": [t.component(k) for k in cards],
        "facts": [{"label": t(label), "value": str(value)} for label, value in facts],
    }


@dataclasses.dataclass(frozen=True, slots=True)
class ScoringLine:
    """One line of a scoring table: its label (in words) and how a player's row of the game's
    scoring account reads into the cell (a number, a list of numbers or words).
    ``total`` marks the line that gives the points."""

    label: str
    read: Callable[[Mapping[str, Any]], object]
    total: bool = False


def scoring_table(
    t: Texts, title: str, rows: Sequence[Mapping[str, Any]], lines: Sequence[ScoringLine],
) -> dict[str, JsonValue]:
    """A scoring table in words: one column per player (``rows`` are the game's per-player
    rows, each with its ``seat``), one labelled line per :class:`ScoringLine`."""
    return {
        "title": title,
        "columns": [t.player(int(r.get("seat", i))) for i, r in enumerate(rows)],
        "lines": [
            {"label": line.label, "total": line.total,
             "values": [_cell(t, line.read(r)) for r in rows]}
            for line in lines
        ],
    }


def _cell(t: Texts, value: object) -> str:
    return value if isinstance(value, str) else number(t, value)


def final_table(
    t: Texts, scores: Sequence[int], winners: Sequence[int], text: str,
    scoring: Sequence[dict[str, JsonValue]] = (), notes: Sequence[str] = (),
) -> dict[str, JsonValue]:
    """The final table: a sentence saying who won, one row per seat by rank, and the game's
    scoring tables (:func:`scoring_table`) and notes in words."""
    order = sorted(range(len(scores)), key=lambda p: (p not in winners, -scores[p], p))
    rows: list[JsonValue] = []
    for place, p in enumerate(order):
        rank = place + 1
        if place and scores[p] == scores[order[place - 1]] and (p in winners) == (
            order[place - 1] in winners
        ):
            rank = int(rows[-1]["rank"])
        rows.append({"seat": p, "name": t.player(p), "score": number(t, scores[p]),
                     "rank": rank, "winner": p in winners})
    return {"text": text, "rows": rows, "scoring": list(scoring), "notes": list(notes)}


def log_entries(
    t: Texts, events: Sequence[Mapping[str, Any]], word: Any, limit: int = 200,
) -> list[dict[str, JsonValue]]:
    """The last ``limit`` events in words: ``word(event)`` gives the text or None to skip;
    the core's own events (an undo) are worded here, the same in every game."""
    out: list[dict[str, JsonValue]] = []
    for event in events[-limit:]:
        text = core_event_text(t, event) or word(event)
        if text:
            out.append({"n": int(event.get("version", 0)), "text": text})
    return out


def core_event_text(t: Texts, event: Mapping[str, Any]) -> str | None:
    """An event of the core in words (None for a game's own event): a seat took back a move
    (:mod:`sunking.core.undo`)."""
    if event.get("type") != "taken_back":
        return None
    seat = event.get("seat")
    return t(t.personal("undo.taken_back", seat),
             player=t.player(seat if isinstance(seat, int) else None))


FieldKinds = Mapping[str, str]
"""How a game reads the fields of its actions and events: field name to ``"seat"``,
``"seats"``, ``"card"``, ``"cards"``, ``"number"``, ``"text"`` (a name shown as it is),
``"per_seat"`` (a list with one number per seat), ``"seat_cards"`` (a list of
``[seat, card, value]``) or ``"word"`` (a value that is itself a text key suffix, looked up
as ``<game>.word.<value>``)."""


def fill(
    t: Texts, payload: Mapping[str, Any], kinds: FieldKinds, card_key: Any,
) -> dict[str, str]:
    """The placeholder values of an action or event: every field in words.

    ``card_key(n)`` gives the component key of the game's card ``n`` (None for none).
    Fields the game does not list are left out, so no raw value reaches a text.
    """
    g = t.presentation.game_id
    group = t.presentation.event_groups.get(str(payload.get("type")))
    out: dict[str, str] = {}
    for name, value in payload.items():
        kind = kinds.get(name)
        if kind is None or value is None:
            continue
        if kind == "seat" and isinstance(value, int):
            out[name] = t.player(value)
        elif kind == "seats" and isinstance(value, list):
            out[name] = t.seats(value) if name == group else t.listing(map(t.player, value))
        elif kind == "card" and isinstance(value, int):
            key = card_key(value)
            out[name] = t(key) if key else t("presentation.nothing")
        elif kind == "cards" and isinstance(value, list):
            out[name] = t.listing(t(card_key(v)) for v in value if card_key(v))
        elif kind == "cards" and isinstance(value, int):
            key = card_key(value)
            out[name] = t(key) if key else t("presentation.nothing")
        elif kind == "word":
            out[name] = t(f"{g}.word.{value}")
        elif kind == "number":
            out[name] = number(t, value)
        elif kind == "text":
            out[name] = str(value)
        elif kind == "per_seat" and isinstance(value, list):
            out[name] = ", ".join(
                f"{t.player(seat)}: {number(t, v)}" for seat, v in enumerate(value)
            )
        elif kind == "seat_cards" and isinstance(value, list):
            out[name] = t.listing(
                f"{t.player(seat)}: {t(card_key(card)) if card_key(card) else ''}"
                + (f" ({number(t, more[0])})" if more else "")
                for seat, card, *more in value
            )
    return out


def variant(t: Texts, key: str, *suffixes: object) -> str:
    """The most specific text key of ``key.<suffix>…`` that has a text, else ``key``."""
    for n in range(len(suffixes), 0, -1):
        candidate = ".".join([key, *(str(s).replace(" ", "_") for s in suffixes[:n])])
        if t.has(candidate):
            return candidate
    return key


def decision_fields(
    t: Texts, decision: Mapping[str, Any], seat: int | None,
    legal: Sequence[Mapping[str, Any]], prompt: Callable[[], str],
    action: Callable[[int, Mapping[str, Any]], dict[str, JsonValue]],
) -> dict[str, JsonValue]:
    """The board's fields for a pending ``decision``: for the seat deciding, its ``prompt``
    (``prompt()``), every legal action in words (``action(index, action)``) and whether it is a
    forced pass; for anybody else, whose decision it is."""
    if seat is not None and decision.get("seat") == seat:
        return {"prompt": prompt(), "actions": [action(i, a) for i, a in enumerate(legal)],
                "forced_pass": only_pass(legal)}
    return {"waiting_for": t.player(int(decision["seat"]))}


def only_pass(legal: Sequence[Mapping[str, Any]], pass_type: str = "pass") -> bool:
    """Whether the one legal action is to pass."""
    return len(legal) == 1 and legal[0].get("type") == pass_type
