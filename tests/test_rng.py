"""The generator against the textbook SplitMix64, whichever way it runs: compiled (draws in
native 64-bit integers) or from source (Python's integers)."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sunking.core.rng import Rng

MASK = (1 << 64) - 1


def textbook(seed: int) -> Iterator[int]:
    """SplitMix64's outputs from ``seed`` (Steele, Lea & Flood, 2014)."""
    state = seed & MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


SEEDS = st.one_of(st.integers(-(2**70), 2**70), st.sampled_from([0, 2**63, 2**64 - 1, -1]))


@given(SEEDS, st.lists(st.integers(1, 2**40), min_size=1, max_size=40))
def test_draws_below_a_bound_are_the_textbooks(seed: int, bounds: list[int]) -> None:
    rng, outputs = Rng(seed), textbook(seed)
    for n in bounds:  # bounds past 2**31 take the other way of drawing
        assert rng.below(n) == (next(outputs) * n) >> 64
    assert rng.next64() == next(outputs)
    assert rng.state == Rng(rng.state).state


@given(SEEDS, st.lists(st.integers(), min_size=1, max_size=60), st.none() | st.integers(0, 70))
def test_a_shuffle_is_the_textbooks_fisher_yates(seed: int, items: list[int],
                                                 last: int | None) -> None:
    expected, outputs = list(items), textbook(seed)
    stop = 0 if last is None else max(0, len(items) - 1 - last)
    for i in range(len(items) - 1, stop, -1):
        j = (next(outputs) * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    rng = Rng(seed)
    rng.shuffle(items, last)
    assert items == expected
    assert rng.next64() == next(outputs)  # the generator moved on exactly as far


@given(SEEDS)
def test_choice_random_fork_and_copy_follow_the_same_outputs(seed: int) -> None:
    rng, outputs = Rng(seed), textbook(seed)
    items = "abcdefghij"
    assert rng.choice(items) == items[(next(outputs) * 10) >> 64]
    assert rng.random() == (next(outputs) >> 11) * (1.0 / (1 << 53))
    twin = rng.copy()
    forked = rng.fork()
    first = next(outputs)
    assert forked.next64() == next(textbook(first))
    assert twin.next64() == first
    assert pickle.loads(pickle.dumps(rng)).next64() == rng.next64()


def test_a_shuffle_of_another_sequence_draws_alike() -> None:
    listed, other = list(range(30)), bytearray(range(30))
    Rng(9).shuffle(listed)
    Rng(9).shuffle(other)
    assert list(other) == listed


def test_bad_bounds_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).below(0)
    with pytest.raises(ValueError, match="non-empty"):
        Rng(1).choice([])
