"""Actions: frozen, hashable values with a stable JSON form, and a typed parser for them.

A game declares its actions as frozen dataclasses deriving from :class:`Action`, each with a
unique ``type`` tag. :meth:`Action.to_json` gives the wire form (``{"type": ..., field: ...}``,
tuples as lists); :class:`ActionCodec` turns such JSON back into actions and raises
:class:`~sunking.core.errors.InvalidAction` for anything malformed. Parsing uses pydantic in
strict JSON mode, so ``"1"`` is not an integer and unknown fields are rejected.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeAlias, TypeVar

import pydantic

from .errors import InvalidAction

JsonValue: TypeAlias = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a class-level ``type``."""

    type: ClassVar[str] = "action"
    __pydantic_config__: ClassVar[pydantic.ConfigDict] = pydantic.ConfigDict(
        strict=True, extra="forbid"
    )

    def to_json(self) -> dict[str, JsonValue]:
        """Return the stable JSON form of this action."""
        out: dict[str, JsonValue] = {"type": self.type}
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        for name in names:
            out[name] = _plain(getattr(self, name))
        return out

    def __str__(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}
"""The field names of each action class, in order (``dataclasses.fields`` is slow)."""


def _plain(value: object) -> JsonValue:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


A = TypeVar("A", bound=Action)


class Interned(dict[Any, A]):
    """The one shared instance of each distinct action of one class (actions are immutable),
    made on first use: legal-action lists look their actions up instead of building them
    again (a lookup costs a fraction of a dataclass's construction).

    The key is the action's field, for a class of one field, else the tuple of its fields:
    ``PLAY[card]``, ``CHALLENGE[noble, target]``.
    """

    def __init__(self, cls: type[A]) -> None:
        super().__init__()
        self.make: Callable[..., A] = cls
        self.single = len(dataclasses.fields(cls)) == 1

    def __missing__(self, key: Any) -> A:
        action = self[key] = self.make(key) if self.single else self.make(*key)
        return action


class ActionCodec:
    """Parses the JSON form of one game's actions back into action values."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._classes: dict[str, type[Action]] = {}
        self._adapters: dict[str, pydantic.TypeAdapter[Any]] = {}
        for cls in classes:
            if cls.type in self._classes:
                raise ValueError(f"two action classes share the type tag {cls.type!r}")
            self._classes[cls.type] = cls
            self._adapters[cls.type] = pydantic.TypeAdapter(cls)

    @property
    def types(self) -> tuple[str, ...]:
        """The action type tags this codec knows."""
        return tuple(self._classes)

    def parse(self, data: object) -> Action:
        """Return the action that ``data`` (a dict, or a JSON string of one) describes.

        Raises:
            InvalidAction: ``data`` is not an object, has an unknown or missing ``type``, or a
                field is missing, unknown or of the wrong type.
        """
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise InvalidAction(f"action is not valid JSON: {exc}") from None
        if not isinstance(data, Mapping):
            raise InvalidAction(f"action must be a JSON object, got {type(data).__name__}")
        tag = data.get("type")
        if not isinstance(tag, str) or tag not in self._classes:
            known = ", ".join(sorted(self._classes))
            raise InvalidAction(f"unknown action type {tag!r} (known: {known})")
        fields = {k: v for k, v in data.items() if k != "type"}
        try:
            text = json.dumps(fields)
        except (TypeError, ValueError) as exc:
            raise InvalidAction(f"action {tag!r} is not JSON data: {exc}") from None
        try:
            action = self._adapters[tag].validate_json(text)
        except pydantic.ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or '(action)'}: {err['msg']}"
                for err in exc.errors()
            )
            raise InvalidAction(f"malformed {tag!r} action: {problems}") from None
        assert isinstance(action, Action)
        return action
