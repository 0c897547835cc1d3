"""The presentation contract: what a person sees of any game, in words, in their language.

Each game declares, in one module of its own package, a :class:`Presentation`: its component
catalogue (every card, tile and token with a stable key, its kind and the facts printed on it),
a text key for every action type, decision kind and event type, its phase names, and how to
read its view into a *described board*. The texts live in the game's own Babel catalogs
(``games/<id>/locale/<lang>/LC_MESSAGES/<id>.po``) under keys namespaced by the game id, beside
the common catalog of :mod:`sunking.i18n`.

:func:`describe` is the one call every client makes. It is a pure function of what a seat
receives anyway (its view, its legal actions and the log as it may see them, the seat names),
so calling it can never reveal anything::

    board = describe("vive_le_roi", view, legal, seat=0, lang="nl", names=["Ana", "Bruno", …])

The described board is plain JSON data, every text already in ``lang`` and every placeholder
resolved to a component or player name (see ``docs/presentation.md`` for its fields).
"""

from __future__ import annotations

import dataclasses
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel.numbers import format_decimal

from .. import i18n
from .actions import JsonValue
from .registry import make

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


@dataclasses.dataclass(frozen=True, slots=True)
class Fact:
    """One fact printed on a component: a label key and a value.

    ``value`` is shown as it is (a number, say) unless ``translate`` is set, in which case it
    is itself a text key.
    """

    label: str
    value: str | int
    translate: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Component:
    """One card, tile, office or token of a game.

    ``key`` is stable (``vive_le_roi.card.17``) and is also the text key of its name; ``kind``
    is the text key of its kind (``vive_le_roi.kind.noble``).
    """

    key: str
    kind: str
    facts: tuple[Fact, ...] = ()


class Texts:
    """The texts of one game in one language, with player names: what a game's reader uses.

    ``t(key, **values)`` looks ``key`` up in the game's catalog, then in the common one
    (English where ``lang`` lacks it) and fills in the placeholders.
    """

    def __init__(self, presentation: Presentation, lang: str, names: Sequence[str]) -> None:
        self.presentation = presentation
        self.lang = lang
        self.names = tuple(names)
        self._own = presentation.messages(lang)
        self._own_en = presentation.messages(i18n.DEFAULT_LANGUAGE)
        self._common = i18n.common(lang)
        self._common_en = i18n.common(i18n.DEFAULT_LANGUAGE)

    def has(self, key: str) -> bool:
        """Whether ``key`` has a text (in ``lang`` or in English)."""
        return any(key in m for m in (self._own, self._own_en, self._common, self._common_en))

    def __call__(self, key: str, **values: object) -> str:
        text = (
            self._own.get(key) or self._common.get(key) or self._own_en.get(key)
            or self._common_en.get(key) or key
        )
        return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)

    def player(self, seat: int | None) -> str:
        """The name of ``seat`` (a numbered stand-in where no name was given)."""
        if seat is None or seat < 0:
            return ""
        if seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self("presentation.seat", n=seat + 1)

    def component(self, key: str, *extra: Fact) -> dict[str, JsonValue]:
        """A component described: its key, name, kind and facts in words (``extra`` facts,
        such as what it lies on, after its printed ones)."""
        comp = self.presentation.components[key]
        return {
            "key": key,
            "name": self(key),
            "kind": self(comp.kind),
            "facts": [self.fact(f) for f in (*comp.facts, *extra)],
        }

    def fact(self, fact: Fact) -> dict[str, JsonValue]:
        """A fact in words: ``{"label": …, "value": …}``."""
        value = self(str(fact.value)) if fact.translate else number(self, fact.value)
        return {"label": self(fact.label), "value": value}

    def listing(self, items: Iterable[str]) -> str:
        """Words joined into one list (``A, B and C``) in ``lang``."""
        words = [w for w in items if w]
        if not words:
            return self("presentation.nothing")
        if len(words) == 1:
            return words[0]
        return self("presentation.list", items=", ".join(words[:-1]), last=words[-1])


class Presentation(ABC):
    """How a game shows itself to people. A game's package holds one, its catalogs beside it.

    A game's instance is made with its id, its package (whose ``locale`` folder holds its
    catalogs), :attr:`components`, :attr:`decision_kinds`, :attr:`event_types` and
    :attr:`phases`; its subclass implements :meth:`board` and :meth:`event_text`. The action
    types are those of the game's codec. Texts are found by convention:
    ``<id>.action.<type>``, ``<id>.decision.<kind>``, ``<id>.event.<type>``,
    ``<id>.phase.<phase>``, a component's name under its key and its kind under
    :attr:`Component.kind`.
    """

    game_id: str
    locale: Traversable
    components: Mapping[str, Component]
    decision_kinds: tuple[str, ...]
    event_types: tuple[str, ...]
    phases: tuple[str, ...]
    recent_versions = 0
    """How many of the newest versions' events the board reads besides its log: a client
    that words the log itself, as the server does, passes :meth:`board_events` of those
    to :func:`describe` (0: none)."""

    def board_events(
        self, events: Sequence[Mapping[str, Any]],
    ) -> Sequence[Mapping[str, Any]]:
        """Of the recent ``events``, those the board reads besides its log."""
        return events

    def __init__(
        self, game_id: str, package: str, components: Mapping[str, Component],
        decision_kinds: tuple[str, ...], event_types: tuple[str, ...],
        phases: tuple[str, ...],
    ) -> None:
        """``package`` is the game's package: its catalogs are in its ``locale`` folder."""
        self.game_id = game_id
        self.locale = resources.files(package).joinpath("locale")
        self.components = components
        self.decision_kinds = decision_kinds
        self.event_types = event_types
        self.phases = phases

    def messages(self, lang: str) -> Mapping[str, str]:
        """The game's own catalog in ``lang`` (``{key: text}``)."""
        return i18n.catalog_messages(self.locale, self.game_id, lang)

    @property
    def action_types(self) -> tuple[str, ...]:
        """Every action type of the game (from its codec)."""
        return make(self.game_id).codec.types

    def required_keys(self) -> dict[str, str]:
        """Every key the game must have a text for, with what it names (for the catalog
        tests)."""
        g = self.game_id
        keys = {c.key: "component" for c in self.components.values()}
        keys.update({c.kind: "kind" for c in self.components.values()})
        keys.update({f.label: "fact" for c in self.components.values() for f in c.facts})
        keys.update({f"{g}.action.{a}": "action type" for a in self.action_types})
        keys.update({f"{g}.decision.{d}": "decision kind" for d in self.decision_kinds})
        keys.update({f"{g}.event.{e}": "event type" for e in self.event_types})
        keys.update({f"{g}.phase.{p}": "phase" for p in self.phases})
        keys[f"{g}.title"] = "title"
        return keys

    @abstractmethod
    def event_text(
        self, event: Mapping[str, Any], t: Texts, view: Mapping[str, Any],
    ) -> str | None:
        """One event of the log in words (None: nothing to tell people). ``view`` is the
        view the log goes with (at least its ``num_players``)."""

    @abstractmethod
    def board(
        self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], seat: int | None,
        t: Texts, events: Sequence[Mapping[str, Any]],
    ) -> dict[str, JsonValue]:
        """The described board of ``view`` for ``seat`` (see :func:`describe`)."""

    @abstractmethod
    def result(self, final: Mapping[str, Any], t: Texts) -> dict[str, JsonValue]:
        """The final table of a finished game (see :func:`final_table`) from the game's final
        scoring account (``Result.details``: the view's ``result``), with its scoring in words."""


def presentation(game_id: str) -> Presentation:
    """The presentation of the registered game ``game_id``.

    Raises:
        UnknownGame: no game has that id.
    """
    return make(game_id).presentation()


def _texts(game_id: str, lang: str, names: Sequence[str]) -> tuple[Presentation, Texts]:
    p = presentation(game_id)
    if lang not in i18n.LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; supported: {', '.join(i18n.LANGUAGES)}")
    return p, Texts(p, lang, names)


def describe(
    game_id: str, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]],
    seat: int | None, lang: str, names: Sequence[str],
    events: Sequence[Mapping[str, Any]] = (),
) -> dict[str, JsonValue]:
    """The described board: everything ``seat`` sees, in words of ``lang``.

    ``view`` and ``legal_actions`` (JSON) are what the seat receives; ``events`` is the log as
    the seat may see it (``state.events(seat)``), oldest first; ``names`` are the players'
    names by seat. ``actions[i]["index"]`` indexes ``legal_actions``.

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    p, t = _texts(game_id, lang, names)
    board = p.board(view, legal_actions, seat, t, events)
    out: dict[str, JsonValue] = {
        "title": t(f"{game_id}.title"),
        "phase": None, "round": None, "prompt": None, "waiting_for": None,
        "players": [], "hand": [], "zones": [], "log": [], "actions": [],
        "forced_pass": False, "result": None,
    }
    out.update(board)
    return out


def describe_events(
    game_id: str, events: Sequence[Mapping[str, Any]], lang: str, names: Sequence[str],
    num_players: int | None = None,
) -> list[dict[str, JsonValue]]:
    """The log alone in words: ``[{"n": version, "text": …}]`` (for a log without a board,
    such as ``sunking simulate``'s).

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    p, t = _texts(game_id, lang, names)
    view = {"num_players": len(names) if num_players is None else num_players}
    return log_entries(t, events, lambda e: p.event_text(e, t, view), limit=len(events))


def describe_result(
    game_id: str, final: Mapping[str, Any], lang: str, names: Sequence[str],
) -> dict[str, JsonValue]:
    """The final table of a finished game in words of ``lang``: who won, one row per seat by
    rank, and the game's scoring (``scoring``: titled tables of labelled lines, one value per
    seat; ``notes``: sentences), from the game's final scoring account (``Result.details``).

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    p, t = _texts(game_id, lang, names)
    return p.result(final, t)


def game_title(game_id: str, lang: str) -> str:
    """The game's name in ``lang`` (``Vive le Roi``, ``Ludvík XIV.``…).

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    return _texts(game_id, lang, ())[1](f"{game_id}.title")


def catalog(game_id: str, lang: str) -> dict[str, str]:
    """The game's own texts in ``lang``, English filling any gap (for clients that word
    things themselves, like a game's dedicated board)."""
    p = presentation(game_id)
    out = dict(p.messages(i18n.DEFAULT_LANGUAGE))
    out.update(p.messages(lang))
    return out


# --- helpers every game's reader uses ------------------------------------------------------


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
    """The last ``limit`` events in words: ``word(event)`` gives the text or None to skip."""
    out: list[dict[str, JsonValue]] = []
    for event in events[-limit:]:
        text = word(event)
        if text:
            out.append({"n": int(event.get("version", 0)), "text": text})
    return out


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
    out: dict[str, str] = {}
    for name, value in payload.items():
        kind = kinds.get(name)
        if kind is None or value is None:
            continue
        if kind == "seat" and isinstance(value, int):
            out[name] = t.player(value)
        elif kind == "seats" and isinstance(value, list):
            out[name] = t.listing(t.player(v) for v in value)
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


def number(t: Texts, value: object) -> str:
    """A number (or a list of them, or a yes/no) in words of ``t.lang``."""
    if isinstance(value, bool):
        return t("presentation.yes") if value else t("presentation.no")
    if isinstance(value, int):
        return format_decimal(value, locale=t.lang)
    if isinstance(value, list):
        return t.listing(number(t, v) for v in value)
    return str(value)


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


__all__ = [
    "Component",
    "Fact",
    "Presentation",
    "ScoringLine",
    "Texts",
    "action_entry",
    "catalog",
    "decision_fields",
    "describe",
    "describe_events",
    "describe_result",
    "fill",
    "final_table",
    "game_title",
    "log_entries",
    "number",
    "only_pass",
    "player_row",
    "presentation",
    "scoring_table",
    "variant",
    "zone",
]
