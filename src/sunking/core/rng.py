"""A small seeded pseudo-random generator whose whole state is one integer.

The generator is SplitMix64: fast in pure Python, fully determined by its seed, and trivially
serialized (the state is a single 64-bit integer), so it can live inside a game state and be
stored with it. Games never call the standard library's ``random``.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """SplitMix64 generator. ``Rng(seed)`` for any integer seed; copy with :meth:`copy`."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        # next64, inlined: bots and playouts draw here at every step
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        n = len(items)
        if n <= 0:
            raise ValueError("Rng.choice needs a non-empty sequence")
        # next64, inlined (as in below)
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[((z ^ (z >> 31)) * n) >> 64]

    def shuffle(self, items: MutableSequence[T], last: int | None = None) -> None:
        """Shuffle a list in place (Fisher–Yates), drawing as :meth:`next64` does.

        With ``last``, only the last ``last`` positions are drawn: they then hold a uniform
        sample without replacement, and the rest of the list is left in some order.
        """
        # The generator is inlined: search shuffles hidden cards on every iteration.
        z0 = self.state
        stop = 0 if last is None else max(0, len(items) - 1 - last)
        for i in range(len(items) - 1, stop, -1):
            z0 = z = (z0 + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one's next output."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """Return a generator in the same state."""
        return Rng(self.state)

    def __repr__(self) -> str:
        return "Rng(<hidden>)"
