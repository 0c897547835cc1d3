"""Observations kept up to date part by part: the incremental encoder.

A game's plain encoder (``encode`` in its module under ``sunking.envs.games``) writes a
seat's view into a :class:`.vector.Vector` and so declares the layout. Its incremental twin,
the module's ``PARTS``, reads the engine state directly: each :class:`Part` takes a *key*
from the state — every value its segments are written from, nothing more — and writes those
segments from the key alone. A :class:`SeatObservation` keeps one seat's array and the key
each part was last written from; after any move (or any jump to another state, as a search
makes) it rewrites only the parts whose key changed, and of those only the segments whose
values changed (:class:`.vector.FastVector` remembers what it wrote), so an action costs the
few segments it touched; a part laid out in rows of one size (a tile each, a player each)
compares its rows first. The parts are checked against the plain layout when a seat's array
is first built (the same segment names in the same order), and a test compares the two
encoders at every step of random games.

Keys hold the state's own lists, so they rely on what the core promises: a state is never
changed once made (``apply`` returns a new one; only a search's private copy is changed in
place, with ``play``, and such a copy is never observed).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..core.game import GameState
from .vector import FastVector, FloatArray, Vector

KeyOf = Callable[[Any, int], Any]
"""Reads a part's key from an engine state for a seat."""
WriteOf = Callable[[Any, int, int, Vector], None]
"""Writes a part's segments from its values, for a seat and a player count."""
RowsOf = Callable[[Any, int, int], Sequence[Any]]
"""Splits a part's values into its rows, in the order they are laid out for a seat and a
player count."""


def _same(key: Any, state: Any) -> Any:
    return key


@dataclasses.dataclass(frozen=True, slots=True)
class Part:
    """Consecutive segments of a game's layout, written by ``write(values, seat,
    num_players, out)`` from values read either from the seat's view (``of_view(view,
    seat)``, the plain encoder) or from the engine state: ``key(state, seat)`` gathers every
    state value the segments depend on (cheaply: the state's own lists are compared, not
    copied) and ``read(key, state)`` turns it into the values, reading nothing of the state
    the key does not hold. Both ways give equal values (a test checks it at every step of
    random games), so the values hold nothing the seat may not see. A ``public`` part's key
    and values are the same for every seat (only ``write`` turns them to the seat).

    With ``rows``, the values are laid out in rows of one size: ``rows(values, seat,
    num_players)`` gives them in layout order and ``write`` writes one row, so that an update
    rewrites only the rows that changed."""

    of_view: Callable[[Mapping[str, Any], int], Any]
    key: KeyOf
    write: WriteOf
    read: Callable[[Any, Any], Any] = _same
    public: bool = False
    rows: RowsOf | None = None

    def write_all(self, values: Any, seat: int, num_players: int, out: Vector) -> None:
        """Write the whole part from its values (every row of a part in rows)."""
        if self.rows is None:
            self.write(values, seat, num_players, out)
            return
        for row in self.rows(values, seat, num_players):
            self.write(row, seat, num_players, out)


def encode_view(parts: Sequence[Part], view: Mapping[str, Any], seat: int,
                out: Vector) -> None:
    """The plain encoder: every part written from ``seat``'s view."""
    n = int(view["num_players"])
    for part in parts:
        part.write_all(part.of_view(view, seat), seat, n, out)


_UNSET = object()


class Recent:
    """What a function gave for the last few sources, found by identity: a value several
    parts (or several seats, or a search's nearby states) read from the same state lists is
    worked out once. It keeps the sources alive, so an identity is never reused while
    remembered."""

    __slots__ = ("_found", "_make", "_size")

    def __init__(self, make: Callable[..., Any], size: int = 8) -> None:
        self._make = make
        self._size = size
        self._found: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}
        """The sources' identities → the sources (kept alive) and the value, oldest first."""

    def __call__(self, *sources: Any) -> Any:
        ids = tuple(map(id, sources))
        hit = self._found.get(ids)
        if hit is not None:
            return hit[1]
        value = self._make(*sources)
        if len(self._found) >= self._size:
            del self._found[next(iter(self._found))]
        self._found[ids] = (sources, value)
        return value


class SeatObservation:
    """One seat's observation of a game, rewritten part by part as the state changes: the
    one-hot of the seat, whether it is to move, the game's parts, and the ``prefix`` segment
    of ``tokens`` floats, left zero (the caller adds the seat's unfinished choice to a copy).

    Raises (constructor):
        ValueError: the parts do not write the plain encoder's ``layout`` (names and sizes).
    """

    __slots__ = ("_keys", "_plan", "_rows", "_state", "_writer", "array",
                 "num_players", "seat")

    def __init__(self, parts: Sequence[Part], state: GameState, seat: int,
                 layout: Sequence[tuple[str, int, int]]) -> None:
        n = self.num_players = state.num_players
        self.seat = seat
        probe = Vector()  # the parts' segments named, as the plain encoder lays them out
        probe.one_hot("seat", seat, n)
        probe.flag("to_move", False)
        plan: list[tuple[KeyOf, Callable[[Any, Any], Any], WriteOf, RowsOf | None, int,
                         int]] = []
        for part in parts:
            at = len(probe)
            part.write_all(part.read(part.key(state, seat), state), seat, n, probe)
            plan.append((part.key, part.read, part.write, part.rows, at, len(probe)))
        prefix = layout[-1]
        probe.counts(prefix[0], (), prefix[2])
        if probe.layout() != list(layout):
            raise ValueError("the incremental parts do not write the plain layout")
        self._plan = tuple(plan)
        self._rows: list[Sequence[Any] | None] = [None] * len(plan)
        """Each part in rows: the rows its array holds (None: not written yet)."""
        self._keys: list[object] = [_UNSET] * len(plan)
        self._state: GameState | None = None
        self.array: FloatArray = np.zeros(prefix[1] + prefix[2], dtype=np.float32)
        self.array[seat] = 1.0
        self._writer = FastVector(self.array.size, self.array)

    def update(self, state: GameState, values: Sequence[Any] | None = None) -> FloatArray:
        """Bring the array to ``state`` (any state of the game, not only the next one) and
        return it: the caller copies it before it is updated again. ``values``, where the
        caller has already read them at ``state``, are every part's values (in the parts'
        order), so that a changed part is written without reading the state again.

        Raises:
            ValueError: a part wrote more or fewer floats than its segments hold.
        """
        if state is self._state:
            return self.array
        self._state = state
        out, seat, n, keys, writer = self.array, self.seat, self.num_players, self._keys, \
            self._writer
        out[n] = 1.0 if state.to_move == seat else 0.0
        for i, (key_of, read, write, rows_of, at, end) in enumerate(self._plan):
            key = key_of(state, seat)
            if key != keys[i]:
                keys[i] = key
                found = read(key, state) if values is None else values[i]
                if rows_of is not None:
                    self._write_rows(i, rows_of(found, seat, n), write, at, end)
                    continue
                writer.seek(at)
                write(found, seat, n, writer)
                if writer.position() != end:
                    raise ValueError(f"a part wrote {writer.position() - at} floats of "
                                     f"{end - at}")
        return out

    def _write_rows(self, i: int, rows: Sequence[Any], write: WriteOf, at: int,
                    end: int) -> None:
        """Rewrite the rows of part ``i`` (at ``at:end``) that differ from those its array
        holds."""
        held = self._rows[i]
        size = (end - at) // len(rows) if rows else 0
        writer, seat, n = self._writer, self.seat, self.num_players
        for k, row in enumerate(rows):
            if held is not None and row == held[k]:
                continue
            start = at + k * size
            writer.seek(start)
            write(row, seat, n, writer)
            if writer.position() != start + size:
                raise ValueError(f"a row wrote {writer.position() - start} floats of {size}")
        if at + size * len(rows) != end:
            raise ValueError(f"a part's {len(rows)} rows of {size} floats do not fill "
                             f"{end - at}")
        self._rows[i] = rows

