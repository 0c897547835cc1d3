"""Placement of influence stones: every stone distribution a card allows, precomputed.

A person card puts up to 3 stones on its tile and may carry the rest along diagonal jumps,
leaving at least one of this turn's stones on every tile it leaves, never branching. A joker
puts 1 stone anywhere and optionally 1 more on the same or a neighbouring tile. The dark-blue
mission "one influence card = 4 stones" starts anywhere and follows the path rule with up to 4.
A placement is identified by the stones per tile it produces; it is legal when some path
produces it. Tables are built once at import.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Fase 2: Beïnvloeding" (PLAATSEN,
TERUGHALEN); rulings §6.1.
"""

from __future__ import annotations

from collections.abc import Iterator

from .actions import PlaceStones
from .data import JOKER, NEIGHBOURS

Distribution = tuple[tuple[int, int], ...]

PERSON_STONES = 3
JOKER_STONES = 2
BOOST_STONES = 4


def _paths(start: int, length: int) -> Iterator[tuple[int, ...]]:
    """Simple paths of ``length`` tiles from ``start`` along diagonal neighbours."""
    if length == 1:
        yield (start,)
        return
    for path in _paths(start, length - 1):
        for nxt in NEIGHBOURS[path[-1]]:
            if nxt not in path:
                yield (*path, nxt)


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Ways to write ``total`` as ``parts`` positive integers, in order."""
    if parts == 1:
        yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def path_distributions(start: int, cap: int) -> frozenset[Distribution]:
    """Every distribution of 1..cap stones along a simple path from ``start``."""
    out: set[Distribution] = set()
    for stones in range(1, cap + 1):
        for length in range(1, stones + 1):
            for path in _paths(start, length):
                for counts in _compositions(stones, length):
                    out.add(tuple(sorted(zip(path, counts, strict=True))))
    return frozenset(out)


def joker_distributions(cap: int) -> frozenset[Distribution]:
    """1 stone on any tile, then optionally 1 more on the same or a neighbouring tile."""
    out: set[Distribution] = set()
    for tile in NEIGHBOURS:
        out.add(((tile, 1),))
        if cap >= 2:
            out.add(((tile, 2),))
            for other in NEIGHBOURS[tile]:
                out.add(tuple(sorted(((tile, 1), (other, 1)))))
    return frozenset(out)


def _build() -> dict[tuple[int, int, bool], tuple[PlaceStones, ...]]:
    table: dict[tuple[int, int, bool], tuple[PlaceStones, ...]] = {}
    boosted: dict[int, list[Distribution]] = {}
    for cap in range(1, BOOST_STONES + 1):
        union: set[Distribution] = set()
        for tile in NEIGHBOURS:
            union |= path_distributions(tile, cap)
        boosted[cap] = sorted(union)
    for card in range(0, 13):
        for cap in range(1, BOOST_STONES + 1):
            if card == JOKER:
                dists = sorted(joker_distributions(min(cap, JOKER_STONES)))
            else:
                dists = sorted(path_distributions(card, min(cap, PERSON_STONES)))
            table[(card, cap, False)] = tuple(PlaceStones(card, d) for d in dists)
            table[(card, cap, True)] = tuple(PlaceStones(card, d, True) for d in boosted[cap])
    return table


_TABLE = _build()


def placements(card: int, personal: int, boost: bool) -> tuple[PlaceStones, ...]:
    """The placement actions for ``card`` with ``personal`` stones in the personal supply."""
    if personal <= 0:
        return ()
    return _TABLE[(card, min(personal, BOOST_STONES), boost)]
