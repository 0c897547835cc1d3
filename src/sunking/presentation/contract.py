"""The presentation contract: what a game declares to be shown to people, and its texts.

Each game declares, in the ``presentation`` module of its own package, a
:class:`Presentation`: its component catalogue (every card, tile and token with a stable key,
its kind and the facts printed on it), a text key for every action type, decision kind and
event type, its phase names, and how to read its view into a *described board*. The texts
live in the game's own Babel catalogs (``games/<id>/locale/<lang>/LC_MESSAGES/<id>.po``)
under keys namespaced by the game id, beside the common catalog of :mod:`sunking.i18n`;
:class:`Texts` looks them up for one language and one table of player names.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel.numbers import format_decimal

from .. import i18n
from ..core.actions import JsonValue
from ..core.registry import make
from ..i18n import elision


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
    (English where ``lang`` lacks it) and fills in the placeholders; a message that takes a
    count takes the form for the count among ``values`` (:class:`sunking.i18n.Plural`).

    ``you`` is the seat spoken to in the second person: the viewer when he plays under no
    name of his own. A text about that seat takes its ``<key>.you`` variant (:meth:`personal`:
    "You draw", "Je trekt", "Du ziehst"); None speaks of every seat by its name.
    """

    def __init__(
        self, presentation: Presentation, lang: str, names: Sequence[str],
        you: int | None = None,
    ) -> None:
        self.presentation = presentation
        self.lang = lang
        self.names = tuple(names)
        self.you = you
        self._own = presentation.messages(lang)
        self._own_en = presentation.messages(i18n.DEFAULT_LANGUAGE)
        self._common = i18n.common(lang)
        self._common_en = i18n.common(i18n.DEFAULT_LANGUAGE)
        self._plurals = (
            presentation.plurals(lang), i18n.plurals(lang),
            presentation.plurals(i18n.DEFAULT_LANGUAGE), i18n.plurals(i18n.DEFAULT_LANGUAGE),
        )

    def has(self, key: str) -> bool:
        """Whether ``key`` has a text (in ``lang`` or in English)."""
        return any(key in m for m in (self._own, self._own_en, self._common, self._common_en))

    def __call__(self, key: str, **values: object) -> str:
        sources = (self._own, self._common, self._own_en, self._common_en)
        for texts, plurals in zip(sources, self._plurals, strict=True):
            plural = plurals.get(key)
            if plural is not None:
                return elision.finish(self.lang, plural.text(values))
            if texts.get(key):
                return elision.finish(self.lang, i18n.fill(texts[key], values))
        return i18n.fill(key, values)

    def personal(self, key: str, seat: object) -> str:
        """``key``'s second-person variant ``<key>.you`` when ``seat`` is the seat spoken to
        (:attr:`you`) and the variant has a text, else ``key``."""
        if self.you is not None and seat == self.you and self.has(f"{key}.you"):
            return f"{key}.you"
        return key

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

    def seats(self, seats: Iterable[int]) -> str:
        """The names of ``seats`` joined (:meth:`listing`) as the subject of a sentence: the
        seat spoken to (:attr:`you`) first, as ``presentation.you_listed`` ("You, Ana and
        Bo"), so that the sentence's verb agrees with it (:meth:`seats_key`)."""
        listed = list(seats)
        if self.you is None or self.you not in listed:
            return self.listing(self.player(s) for s in listed)
        others = (self.player(s) for s in listed if s != self.you)
        return self.listing([self("presentation.you_listed"), *others])

    def seats_key(self, key: str, seats: Iterable[int]) -> str:
        """The variant of ``key``, a sentence whose subject is ``seats`` (:meth:`seats`),
        whose verb agrees with them in person and number: ``<key>.you`` when they are the
        seat spoken to alone ("You win"), ``<key>.many`` when several ("Ana and Bo win"),
        ``<key>.you.many`` when several with the seat spoken to ("You and Bo win"), each
        where the catalogs have it; else ``key`` (one seat, "Ana wins")."""
        listed = list(seats)
        mine = self.you is not None and self.you in listed
        said = key + (".you" if mine else "") + (".many" if len(listed) > 1 else "")
        return said if self.has(said) else key


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
    languages: tuple[str, ...] = i18n.LANGUAGES
    """The languages the game's catalogs speak, English first: every supported language
    unless the game says fewer (a game in the making, say English only). A person playing in
    another language reads the game's own texts in English, the interface's in his
    language (:class:`Texts` falls back); the games of this package speak all five."""
    event_subjects: Mapping[str, str] = {}
    """Of the event types whose texts are about one seat, the field naming that seat (event
    type → field): when it is the seat spoken to, the text's ``.you`` variant is said
    (:meth:`subject_key`). Every text of such a type that names the seat has that variant in
    every language (a test reads the catalogs)."""
    event_objects: Mapping[str, str] = {}
    """Of the event types whose texts also name another seat (the one acted on, given to,
    spoken to), the field naming that seat (event type → field): when it is the seat spoken
    to, the text's ``.to_you`` variant is said ("Bruno gives a card to you"), and when it is
    also the subject, its ``.you.to_you`` variant where the game has one (:meth:`subject_key`).
    Every text of such a type that names that seat has its ``.to_you`` variant in every
    language (a test reads the catalogs)."""
    event_groups: Mapping[str, str] = {}
    """Of the event types whose texts are about several seats at once (who won), the field
    listing them (event type → field): their text's verb agrees with them in person and
    number (:meth:`Texts.seats_key`), and the field is said by :meth:`Texts.seats`."""
    settings: tuple[str, ...] = ()
    """The names of the game's options (:class:`~sunking.core.game.OptionSpec`) a person
    chooses when he creates a match, in the order the lobby shows them; every other option is
    an engine bound left at its default. Each has its words in the game's catalog:
    ``<id>.option.<name>`` (the control's label), ``<id>.option.<name>.<value>`` for a choice
    of its own words, else ``<id>.option.<name>.value`` with ``{value}`` (a test reads the
    catalogs)."""
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

    def plurals(self, lang: str) -> Mapping[str, i18n.Plural]:
        """The game's own messages that take a count, in ``lang`` (``{key: Plural}``)."""
        return i18n.catalog_plurals(self.locale, self.game_id, lang)

    def subject_key(self, t: Texts, key: str, event: Mapping[str, Any]) -> str:
        """The text key of ``event`` to say: ``key``; its ``.you`` variant when the event's
        subject (:attr:`event_subjects`) is the seat ``t`` speaks to; its ``.to_you`` variant
        when the seat it names besides (:attr:`event_objects`) is; ``.you.to_you`` when both
        are and the game has that text."""
        kind = str(event.get("type"))
        group = self.event_groups.get(kind)
        if group is not None:
            return t.seats_key(key, event.get(group) or ())
        field = self.event_subjects.get(kind)
        spoken = t.personal(key, event.get(field)) if field else key
        other = self.event_objects.get(kind)
        if other is None or t.you is None or event.get(other) != t.you:
            return spoken
        return f"{spoken}.to_you" if t.has(f"{spoken}.to_you") else spoken

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


def number(t: Texts, value: object) -> str:
    """A number (or a list of them, or a yes/no) in words of ``t.lang``."""
    if isinstance(value, bool):
        return t("presentation.yes") if value else t("presentation.no")
    if isinstance(value, int):
        return format_decimal(value, locale=t.lang)
    if isinstance(value, list):
        return t.listing(number(t, v) for v in value)
    return str(value)
