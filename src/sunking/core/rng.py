"""A small seeded pseudo-random generator whose whole state is one integer.

The generator is SplitMix64: fast, fully determined by its seed, and trivially serialized (the
state is a single 64-bit integer), so it can live inside a game state and be stored with it.
Games never call the standard library's ``random``.

The module is compiled with the engine (``sunking.core.COMPILED``). Compiled, it draws in
native 64-bit integers (``i64``): their products wrap around as SplitMix64's do, because
CPython builds its extensions with ``-fwrapv``; a value's bits are the same whether read as
signed or unsigned, and a logical shift right is an arithmetic one masked. From source (or
where the engine is not compiled) it draws in Python's integers, masked to 64 bits. Both give
the same numbers; the tests check them against the textbook algorithm.
"""

from __future__ import annotations

import types
from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from .native import mypyc_attr

try:
    from mypy_extensions import i64
except ImportError:  # an installed engine without mypy: the names only annotate
    i64 = int  # type: ignore[misc]

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

# The same constants as the signed 64-bit integers of the same bits, for the native draws.
_GAMMA_BITS: Final[i64] = _GAMMA - (1 << 64)
_MIX1_BITS: Final[i64] = _MIX1 - (1 << 64)
_MIX2_BITS: Final[i64] = _MIX2 - (1 << 64)
_LOW32: Final[i64] = (1 << 32) - 1
_LOW33: Final[i64] = (1 << 33) - 1
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW53: Final[i64] = (1 << 53) - 1
_NATIVE_BOUND: Final = 1 << 31
"""A draw below ``n`` is made natively while ``n`` is below this: its two 32-bit halves' products
with ``n`` then fit in 63 bits."""

T = TypeVar("T")


def _compiled() -> bool:
    """Whether this module runs compiled: mypyc's functions are built-in ones."""
    return not isinstance(_compiled, types.FunctionType)


NATIVE: Final = _compiled()
"""Whether draws are made in native 64-bit integers (the module is compiled)."""


def _signed(value: int) -> int:
    """The signed 64-bit integer with the bits of ``value`` modulo 2**64."""
    value &= _MASK
    return value - ((value >> 63) << 64)


@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """SplitMix64 generator. ``Rng(seed)`` for any integer seed; copy with :meth:`copy`."""

    __slots__ = ("_bits",)

    def __init__(self, seed: int = 0) -> None:
        self._bits: i64 = _signed(seed)

    @property
    def state(self) -> int:
        """The whole state, an integer in ``range(2**64)`` (``Rng(rng.state)`` continues it)."""
        return int(self._bits) & _MASK

    def _draw(self) -> i64:
        """The next output's bits, drawn natively (compiled only: from source the products
        would not wrap)."""
        s: i64 = self._bits + _GAMMA_BITS
        self._bits = s
        return _mix(s)

    def _next(self) -> int:
        """The next 64-bit output, drawn in Python's integers."""
        s = (int(self._bits) + _GAMMA) & _MASK
        self._bits = _signed(s)
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def next64(self) -> int:
        """Return the next 64-bit output."""
        if NATIVE:
            return int(self._draw()) & _MASK
        return self._next()

    def below(self, n: int) -> int:
        """Return an integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        if NATIVE and n < _NATIVE_BOUND:
            return int(_scaled(self._draw(), n))
        return (self._next() * n) >> 64

    def random(self) -> float:
        """Return a float in [0, 1)."""
        if NATIVE:
            return float((self._draw() >> 11) & _LOW53) * (1.0 / (1 << 53))
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        n = len(items)
        if n <= 0:
            raise ValueError("Rng.choice needs a non-empty sequence")
        if NATIVE and n < _NATIVE_BOUND:
            return items[int(_scaled(self._draw(), n))]
        return items[(self._next() * n) >> 64]

    def shuffle(self, items: MutableSequence[T], last: int | None = None) -> None:
        """Shuffle a list in place (Fisher–Yates), drawing as :meth:`next64` does.

        With ``last``, only the last ``last`` positions are drawn: they then hold a uniform
        sample without replacement, and the rest of the list is left in some order.
        """
        stop = 0 if last is None else max(0, len(items) - 1 - last)
        if NATIVE and isinstance(items, list) and len(items) < _NATIVE_BOUND:
            _shuffle_list(self, items, stop)
            return
        for i in range(len(items) - 1, stop, -1):
            j = (self._next() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one's next output."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """Return a generator in the same state."""
        twin = Rng()
        twin._bits = self._bits
        return twin

    def __repr__(self) -> str:
        return "Rng(<hidden>)"


def _mix(s: i64) -> i64:
    """SplitMix64's output for the state ``s``, in native 64-bit integers (compiled only)."""
    z: i64 = (s ^ ((s >> 30) & _LOW34)) * _MIX1_BITS
    z = (z ^ ((z >> 27) & _LOW37)) * _MIX2_BITS
    return z ^ ((z >> 31) & _LOW33)


def _scaled(z: i64, n: i64) -> i64:
    """``(u * n) >> 64`` for the output ``u`` whose bits are ``z`` and ``0 < n < 2**31``,
    from ``u``'s two 32-bit halves (no product leaves 63 bits)."""
    return (((z >> 32) & _LOW32) * n + (((z & _LOW32) * n) >> 32)) >> 32


def _shuffle_list(rng: Rng, items: list[Any], stop: int) -> None:
    """:meth:`Rng.shuffle` of a list, drawn natively (compiled only)."""
    s: i64 = rng._bits
    i: i64 = len(items) - 1
    while i > stop:
        s += _GAMMA_BITS
        j = _scaled(_mix(s), i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    rng._bits = s
