"""The ten faces of the die an action rolls first, for bots that weigh their moves.

A request, an audience, an intervention with the Queen, a special pension: the outcome of
many actions turns on one d10. :func:`dice_outcomes` applies an action once to see whether
the first draw of the state's generator is a ten-sided die; if it is, it applies the action
again with each face forced on that die (later draws are random as usual) and returns the
ten states, each with weight 1/10. An action that rolls nothing, or first shuffles, gives
its one outcome. The generator is the engine's own seam (``state.rng``): the faces are
forced by a generator that answers the first ``below(10)`` with the face asked for.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 8.2 "Eine Anfrage an den König richten" and
8.4 "Die Audienzen" (the d10 of requests and audiences).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from ...core.actions import Action
from ...core.rng import Rng
from .state import V1682State

T = TypeVar("T")
FACES = 10


class _FirstDie(Rng):
    """A generator that notes its first draw and can force the first d10's face."""

    __slots__ = ("face", "first")

    def __init__(self, seed: int, face: int | None) -> None:
        super().__init__(seed)
        self.face = face
        """The face (0–9 as ``below(10)`` returns) to give the first d10, or None."""
        self.first: int | None = None
        """The bound of the first ``below`` draw; 0 for a shuffle; None before any."""

    def below(self, n: int) -> int:
        roll = super().below(n)
        if self.first is None:
            self.first = n
            if n == FACES and self.face is not None:
                return self.face
        return roll

    def shuffle(self, items: MutableSequence[T], last: int | None = None) -> None:
        if self.first is None:
            self.first = 0
        super().shuffle(items, last)

    def copy(self) -> Rng:
        # The state copies its generator before an action: keep watching the same one.
        return self


def _apply(s: V1682State, action: Action, face: int | None) -> tuple[V1682State, int | None]:
    rng = _FirstDie(s.rng.state, face)
    base = s._copy()
    base.rng = rng
    out = base.apply_unchecked(action)
    out.rng = Rng(rng.state)
    return out, rng.first


def dice_outcomes(s: V1682State, action: Action) -> list[tuple[float, V1682State]]:
    """The states ``action`` leads to, with their chances: ten when its first draw is a
    d10, else one."""
    once, first = _apply(s, action, None)
    if first != FACES:
        return [(1.0, once)]
    return [(1.0 / FACES, _apply(s, action, face)[0]) for face in range(FACES)]

