"""Determinization for search: a state a seat cannot tell from the real one.

A seat does not see the other hands (but the cards shown or given to it, or taken openly),
the Talon's order or the random generator; :func:`determinizer` deals exactly these again
from the cards the seat has not seen, and keeps only the facts about hands and the promises
the seat itself knows of.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.rng import Rng
from .state import TALON, V1682State

S = TypeVar("S", bound=V1682State)

TALON_DEPTH = 24
"""How many cards from the top of the Talon a determinization deals at random; a search
never draws deeper, and shuffling the whole pool would cost a third of an iteration."""


def determinizer(s: S, seat: int) -> Callable[[Rng], S]:
    """``determinizer(s, seat)(rng)``: a state ``seat`` cannot tell from ``s``, the other
    hands (but the cards ``seat`` knows in them) and the top of the Talon dealt again from the
    cards ``seat`` has not seen, with a new generator; the seat's information set is worked
    out once, for search that samples it many times.

    The pool of unseen cards is sorted, so the states dealt depend only on what the seat
    knows, not on where the hidden cards really are.
    """
    n = s.num_players
    bit = 1 << seat
    fixed: set[int] = set()
    for holder, card, mask in s.known:
        if mask & bit and holder != seat:
            fixed.add(card)
    # What others know of hands the seat cannot see is itself hidden: forget it.
    known = tuple(f for f in s.known if f[2] & bit or f[0] == seat)
    # Only the two seats of a promise heard it.
    promises = tuple(f for f in s.promises if seat in (f[0], f[1]))
    where = s.where
    counts: dict[int, int] = {}
    pool: list[int] = []
    for c, z in enumerate(where):
        if z < n and z != seat and c not in fixed:
            counts[z] = counts.get(z, 0) + 1
            pool.append(c)
        elif z == TALON:
            pool.append(c)
    pool.sort()
    talon_size = len(s.talon)
    holders = sorted(counts)
    dealt = sum(counts.values())
    drawn = min(len(pool), dealt + TALON_DEPTH)

    def deal(rng: Rng) -> S:
        d = s._copy()
        d.quiet = True
        d.rng = rng.fork()
        d.known = known
        d.promises = promises
        cards = pool[:]
        # Only the hidden hands and the top of the Talon are drawn at random (the end of
        # the list); deeper Talon cards stay in the pool's sorted order.
        rng.shuffle(cards, drawn)
        w = d.where
        i = len(cards)
        for p in holders:
            for _ in range(counts[p]):
                i -= 1
                w[cards[i]] = p
        talon = cards[:i]
        for c in talon:
            w[c] = TALON
        assert len(talon) == talon_size
        d.talon = talon
        d._legal = None
        return d

    return deal

