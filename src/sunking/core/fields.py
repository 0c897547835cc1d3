"""Declared state fields: a game lists its fields once, the core copies them and writes and
reads their JSON.

A game's state is flat data (integers, lists of integers, small tuples), so that copying it
on every ``apply`` is cheap. Each field says how it is copied and how it goes to JSON and
back; from that one declaration the core builds the state's copy (as straight-line code, as
:mod:`dataclasses` builds ``__init__``), its ``_state_json`` and its ``from_json``. The order
of the declaration is the order of the keys in the JSON.

``shared=True`` marks a field that changes only a few times a game: states share it and the
rules replace it, never change it in place (copy on write).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import JsonValue
from .rng import Rng


class Field:
    """One field of a state: its name, how it is copied, and its JSON form."""

    __slots__ = ("name", "shared")

    copy_expr = "{v}"
    """Python expression copying the field, ``{v}`` standing for its current value."""

    def __init__(self, name: str, *, shared: bool = False) -> None:
        self.name = name
        self.shared = shared

    def copy_source(self) -> str:
        """The expression copying ``self.<name>`` in the generated copy."""
        return ("{v}" if self.shared else self.copy_expr).format(v=f"self.{self.name}")

    def to_json(self, value: Any) -> JsonValue:
        """The field's value as JSON."""
        return value

    def from_json(self, raw: Any) -> Any:
        """The field's value from its JSON form; raises ``TypeError``/``ValueError`` (or
        ``KeyError``) on malformed data."""
        return raw

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}{', shared=True' if self.shared else ''})"


class Value(Field):
    """A plain scalar (integer, string, boolean), or JSON data replaced whole, never changed
    in place (a final scoring table)."""

    __slots__ = ()


class Ints(Field):
    """A list of integers (a pile, a count per seat)."""

    __slots__ = ()
    copy_expr = "{v}[:]"

    def to_json(self, value: Any) -> JsonValue:
        return list(value)

    def from_json(self, raw: Any) -> Any:
        return [int(x) for x in raw]


class Rows(Field):
    """A list of lists of integers (a hand per seat, a pile per deck)."""

    __slots__ = ()
    copy_expr = "[row[:] for row in {v}]"

    def to_json(self, value: Any) -> JsonValue:
        return [list(row) for row in value]

    def from_json(self, raw: Any) -> Any:
        return [[int(x) for x in row] for row in raw]


class Tuples(Field):
    """A list of tuples (the agenda, sorted cards per seat); the tuples themselves are never
    changed, so a copy of the list is a copy of the field."""

    __slots__ = ()
    copy_expr = "{v}[:]"

    def to_json(self, value: Any) -> JsonValue:
        return [list(item) for item in value]

    def from_json(self, raw: Any) -> Any:
        return [tuple(item) for item in raw]


class Facts(Field):
    """A tuple of tuples of integers, replaced whole (facts some seats know about hands)."""

    __slots__ = ()

    def to_json(self, value: Any) -> JsonValue:
        return [list(item) for item in value]

    def from_json(self, raw: Any) -> Any:
        return tuple(tuple(int(x) for x in item) for item in raw)


class Strings(Field):
    """A list of short strings (a gender per seat)."""

    __slots__ = ()
    copy_expr = "{v}[:]"

    def to_json(self, value: Any) -> JsonValue:
        return list(value)

    def from_json(self, raw: Any) -> Any:
        out = list(raw)
        if not all(isinstance(x, str) for x in out):
            raise TypeError(f"{self.name}: not a list of strings")
        return out


class Records(Field):
    """A tuple of small JSON objects, replaced whole, never changed in place (entries of a
    register)."""

    __slots__ = ()

    def to_json(self, value: Any) -> JsonValue:
        return [dict(item) for item in value]

    def from_json(self, raw: Any) -> Any:
        if not all(isinstance(item, dict) for item in raw):
            raise TypeError(f"{self.name}: not a list of objects")
        return tuple(dict(item) for item in raw)


class Decision(Field):
    """The pending decision: a tuple ``(kind, seat, *context)`` or None."""

    __slots__ = ()

    def to_json(self, value: Any) -> JsonValue:
        return None if value is None else list(value)

    def from_json(self, raw: Any) -> Any:
        return None if raw is None else tuple(raw)


class Random(Field):
    """The state's seeded generator: its JSON is the generator's one integer."""

    __slots__ = ()
    copy_expr = "{v}.copy()"

    def to_json(self, value: Any) -> JsonValue:
        return value.state

    def from_json(self, raw: Any) -> Any:
        return Rng(int(raw))


BASE_SLOTS = ("num_players", "seed", "options", "version", "quiet", "_history", "_events")
"""The bookkeeping every state has (see :class:`~sunking.core.game.GameState`)."""


def make_copier(fields: Sequence[Field], reset: Sequence[str] = ()) -> Callable[[Any], Any]:
    """A function copying a state: the bookkeeping, every field as it declares, and each
    name of ``reset`` (caches) set to None."""
    lines = ["def _copy(self):", "    cls = type(self)", "    new = cls.__new__(cls)"]
    lines += [f"    new.{name} = self.{name}" for name in BASE_SLOTS]
    lines += [f"    new.{f.name} = {f.copy_source()}" for f in fields]
    lines += [f"    new.{name} = None" for name in reset]
    lines.append("    return new")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # the source is built from declared names only
    copier: Callable[[Any], Any] = namespace["_copy"]
    return copier


def fields_json(state: object, fields: Sequence[Field]) -> dict[str, JsonValue]:
    """Every declared field of ``state`` as JSON, in declaration order."""
    return {f.name: f.to_json(getattr(state, f.name)) for f in fields}


def load_fields(state: object, fields: Sequence[Field], data: Any) -> None:
    """Set every declared field of ``state`` from ``data`` (a ``_state_json`` mapping);
    raises ``KeyError``/``TypeError``/``ValueError`` on malformed data."""
    for f in fields:
        setattr(state, f.name, f.from_json(data[f.name]))
