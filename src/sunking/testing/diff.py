"""Where two JSON values first differ: for the messages of the conformance harness and of the
golden playthroughs."""

from __future__ import annotations

from typing import Any

Difference = tuple[str, Any, Any]
"""The path of the first place two values differ (``"players[2].score"``), and both values
there (``"<missing>"`` for a key one of them lacks)."""


def first_difference(expected: Any, actual: Any, path: str = "", *,
                     key_order: bool = False) -> Difference | None:
    """The first place ``actual`` differs from ``expected`` (None: they are the same data).

    Values of different types differ (``1`` is not ``True``, a tuple is a list). With
    ``key_order``, two objects with the same keys in another order differ too.
    """
    if isinstance(expected, dict) and isinstance(actual, dict):
        if key_order and set(expected) == set(actual) and list(expected) != list(actual):
            where = f"{path} (order of keys)" if path else "(order of keys)"
            return where, list(expected), list(actual)
        keys = list(expected) + [k for k in actual if k not in expected] if key_order \
            else sorted(set(expected) | set(actual), key=str)
        for key in keys:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                return where, expected[key], "<missing>"
            if key not in expected:
                return where, "<missing>", actual[key]
            found = first_difference(expected[key], actual[key], where, key_order=key_order)
            if found is not None:
                return found
        return None
    sequences = (list, tuple)
    if isinstance(expected, sequences) and isinstance(actual, sequences):
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(e, a, f"{path}[{i}]", key_order=key_order)
            if found is not None:
                return found
        if len(expected) != len(actual):
            return f"{path} (length)", len(expected), len(actual)
        return None
    if type(expected) is not type(actual) or expected != actual:
        return path or "(value)", expected, actual
    return None
