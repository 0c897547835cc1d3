"""Flat numeric observations with a named layout.

A game's encoder writes one seat's view into a :class:`Vector` segment by segment — a
number, a one-hot choice, a count per id — and every segment keeps its name, offset and
size, so the layout of each game is documented by the encoder itself
(:meth:`Vector.layout`) and the same encoder always produces the same size.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


class Vector:
    """A float32 observation written in named segments."""

    __slots__ = ("_names", "_values")

    def __init__(self) -> None:
        self._values: list[float] = []
        self._names: list[tuple[str, int, int]] = []

    def _segment(self, name: str, values: list[float]) -> None:
        self._names.append((name, len(self._values), len(values)))
        self._values += values

    def number(self, name: str, value: float, scale: float = 1.0) -> None:
        """One number divided by ``scale`` (so typical values lie within a few units)."""
        self._segment(name, [float(value) / scale])

    def flag(self, name: str, value: bool) -> None:
        """1 or 0."""
        self._segment(name, [1.0 if value else 0.0])

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """``size`` slots, 1 at ``index`` (all 0 for None)."""
        out = [0.0] * size
        if index is not None:
            out[index] = 1.0
        self._segment(name, out)

    def category(self, name: str, value: object, names: Sequence[object]) -> None:
        """One-hot over ``names`` and a last slot for any other value (None included)."""
        self.one_hot(name, names.index(value) if value in names else len(names),
                     len(names) + 1)

    def counts(self, name: str, ids: Iterable[int], size: int) -> None:
        """``size`` slots, each the number of times its id occurs in ``ids``."""
        out = [0.0] * size
        for i in ids:
            out[i] += 1.0
        self._segment(name, out)

    def numbers(self, name: str, values: Iterable[float], scale: float = 1.0) -> None:
        """Several numbers, each divided by ``scale``."""
        self._segment(name, [float(v) / scale for v in values])

    def array(self) -> FloatArray:
        return np.asarray(self._values, dtype=np.float32)

    def layout(self) -> list[tuple[str, int, int]]:
        """(segment name, offset, size) in order."""
        return list(self._names)

    def __len__(self) -> int:
        return len(self._values)
