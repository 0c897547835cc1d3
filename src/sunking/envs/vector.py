"""Flat numeric observations with a named layout.

A game's encoder writes one seat's view into a :class:`Vector` segment by segment — a
number, a one-hot choice, a count per id — and every segment keeps its name, offset and
size, so the layout of each game is documented by the encoder itself
(:meth:`Vector.layout`) and the same encoder always produces the same size.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]
_ONE_BY_ONE = 12
"""Up to this many ids are counted one by one; more at once by numpy (``bincount``)."""


class Vector:
    """A float32 observation written in named segments."""

    __slots__ = ("_chunks", "_names", "_size")

    def __init__(self) -> None:
        self._chunks: list[FloatArray] = []
        self._names: list[tuple[str, int, int]] = []
        self._size = 0

    def _segment(self, name: str, values: FloatArray) -> None:
        names = self._names
        if names and names[-1][0] == name:  # the same segment written in several rows
            names[-1] = (name, names[-1][1], names[-1][2] + values.size)
        else:
            names.append((name, self._size, values.size))
        self._chunks.append(values)
        self._size += values.size

    def number(self, name: str, value: float, scale: float = 1.0) -> None:
        """One number divided by ``scale`` (so typical values lie within a few units)."""
        self._segment(name, np.array([value / scale], dtype=np.float32))

    def flag(self, name: str, value: bool) -> None:
        """1 or 0."""
        self._segment(name, np.array([1.0 if value else 0.0], dtype=np.float32))

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """``size`` slots, 1 at ``index`` (all 0 for None)."""
        out = np.zeros(size, dtype=np.float32)
        if index is not None:
            out[index] = 1.0
        self._segment(name, out)

    def category(self, name: str, value: object, names: Sequence[object]) -> None:
        """One-hot over ``names`` and a last slot for any other value (None included)."""
        self.one_hot(name, names.index(value) if value in names else len(names),
                     len(names) + 1)

    def counts(self, name: str, ids: Iterable[int], size: int) -> None:
        """``size`` slots, each the number of times its id occurs in ``ids``."""
        found = np.fromiter(ids, dtype=np.int64)
        out = np.bincount(found, minlength=size).astype(np.float32)
        if out.size != size:
            raise ValueError(f"{name}: an id is outside 0..{size - 1}")
        self._segment(name, out)

    def numbers(self, name: str, values: Iterable[float], scale: float = 1.0) -> None:
        """Several numbers, each divided by ``scale`` (in double precision, as
        :meth:`number`)."""
        self._segment(name, np.array([v / scale for v in values], dtype=np.float32))

    def block(self, name: str, values: npt.NDArray[Any]) -> None:
        """A whole array (flattened in row order)."""
        self._segment(name, values.astype(np.float32).ravel())

    def array(self) -> FloatArray:
        return np.concatenate(self._chunks) if self._chunks else np.zeros(0, np.float32)

    def layout(self) -> list[tuple[str, int, int]]:
        """(segment name, offset, size) in order."""
        return list(self._names)

    def __len__(self) -> int:
        return self._size


class FastVector(Vector):
    """The same segments written straight into one float32 array of a known size (the
    game's layout, :func:`.table.layout`), without naming them, or into part of an array
    given as ``out`` (:mod:`.incremental`), zero where nothing was written yet. It remembers
    what it last wrote at each place: a segment written again with the same values is left
    as it is, and one written with other values replaces the old ones (a one-hot clears its
    former slot, counts their former segment), so a part rewritten after a move costs only
    the segments the move changed. A test compares it with :class:`Vector` at every step of
    random games.

    Raises (:meth:`array`):
        ValueError: the segments written do not fill the array exactly.
    """

    __slots__ = ("_memo", "_out")

    def __init__(self, size: int, out: FloatArray | None = None) -> None:
        super().__init__()
        self._out: FloatArray = np.zeros(size, dtype=np.float32) if out is None else out
        self._memo: dict[int, object] = {}
        """What was last written at each place a segment starts."""

    def seek(self, at: int) -> None:
        """Write the next segment from ``at`` on."""
        self._size = at

    def position(self) -> int:
        """Where the next segment would be written."""
        return self._size

    def _same(self, value: object) -> bool:
        """Whether the segment at the current place was last written with ``value`` (and
        remember ``value`` for it)."""
        memo, at = self._memo, self._size
        if at in memo and memo[at] == value:
            return True
        memo[at] = value
        return False

    def number(self, name: str, value: float, scale: float = 1.0) -> None:
        found = value / scale
        if not self._same(found):
            self._out[self._size] = found
        self._size += 1

    def flag(self, name: str, value: bool) -> None:
        found = 1.0 if value else 0.0
        if not self._same(found):
            self._out[self._size] = found
        self._size += 1

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        if index is not None and not 0 <= index < size:
            raise IndexError(f"{name}: {index} is outside 0..{size - 1}")
        at, memo = self._size, self._memo
        if at not in memo or memo[at] != index:
            former = memo.get(at)
            if isinstance(former, int):
                self._out[at + former] = 0.0
            if index is not None:
                self._out[at + index] = 1.0
            memo[at] = index
        self._size += size

    def counts(self, name: str, ids: Iterable[int], size: int) -> None:
        found = ids if isinstance(ids, tuple | frozenset) else tuple(ids)
        if self._same(found):
            self._size += size
            return
        at, out = self._size, self._out
        if len(found) > _ONE_BY_ONE:
            try:
                counted = np.bincount(np.fromiter(found, np.intp, len(found)), minlength=size)
            except ValueError:  # a negative id
                counted = np.zeros(0, dtype=np.intp)
            if counted.size != size:
                del self._memo[at]
                raise ValueError(f"{name}: an id is outside 0..{size - 1}")
            out[at:at + size] = counted
        else:
            if found and (min(found) < 0 or max(found) >= size):
                del self._memo[at]
                raise ValueError(f"{name}: an id is outside 0..{size - 1}")
            out[at:at + size] = 0.0
            for i in found:  # adding counts repeated ids
                out[at + i] += 1.0
        self._size += size

    def numbers(self, name: str, values: Iterable[float], scale: float = 1.0) -> None:
        found = tuple(values)
        if not self._same((found, scale)):
            at = self._size
            self._out[at:at + len(found)] = [v / scale for v in found] if scale != 1.0 \
                else found
        self._size += len(found)

    def block(self, name: str, values: npt.NDArray[Any]) -> None:
        at = self._size
        self._out[at:at + values.size] = values.ravel()
        self._memo.pop(at, None)
        self._size += values.size

    def array(self) -> FloatArray:
        if self._size != self._out.size:
            raise ValueError(f"the segments fill {self._size} of {self._out.size} floats")
        return self._out

    def layout(self) -> list[tuple[str, int, int]]:
        raise TypeError("a FastVector keeps no names: see Vector.layout")
