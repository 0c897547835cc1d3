"""Determinization: a state a seat cannot tell from the real one, for search. The cards it
has not seen (the other hands and the stock) are dealt again, none to a seat that has shown it
lacks that suit, and the copy gets a fresh generator."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sunking.core.rng import Rng

from .data import suit
from .state import OhHellState

S = TypeVar("S", bound=OhHellState)

STOCK = -1
"""The holder standing for the stock, which may hold any card."""


def _holders(card: int, room: dict[int, int], voids: dict[int, int]) -> list[int]:
    """The holders with room left that may hold ``card``."""
    bit = 1 << suit(card)
    return [p for p, left in room.items() if left and (p == STOCK or not voids[p] & bit)]


def deal_unseen(pool: list[int], sizes: dict[int, int], voids: dict[int, int],
                rng: Rng) -> dict[int, list[int]]:
    """``pool`` dealt to the holders of ``sizes`` (seats, and :data:`STOCK`), each as many
    cards as its size and no seat a card of a suit in its ``voids``: a search over the cards,
    the most constrained first, each given to a holder drawn at random among those with room
    (backtracking on a dead end; the real deal is one answer, so there always is one)."""
    cards = pool[:]
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(_holders(c, sizes, voids)))
    room = dict(sizes)
    given: list[int] = []
    choices: list[list[int]] = []
    i = 0
    while i < len(cards):
        if len(choices) == i:
            options = _holders(cards[i], room, voids)
            rng.shuffle(options)
            choices.append(options)
        if not choices[i]:  # a dead end: take back the card before and try another holder
            choices.pop()
            i -= 1
            room[given.pop()] += 1
            continue
        holder = choices[i].pop()
        room[holder] -= 1
        given.append(holder)
        i += 1
    dealt: dict[int, list[int]] = {p: [] for p in sizes}
    for card, holder in zip(cards, given, strict=True):
        dealt[holder].append(card)
    return dealt


def determinizer(s: S, seat: int) -> Callable[[Rng], S]:
    """Deal again, for ``seat``, every card it cannot see. The pool is sorted first, so the
    states dealt depend only on what ``seat`` knows."""
    others = [p for p in range(s.num_players) if p != seat]
    pool = sorted([c for p in others for c in s.hands[p]] + s.stock)
    sizes = {p: len(s.hands[p]) for p in others}
    sizes[STOCK] = len(s.stock)
    voids = {p: s.voids[p] for p in others}

    def deal(rng: Rng) -> S:
        d = s._copy()
        d.quiet = True
        d.rng = rng.fork()
        dealt = deal_unseen(pool, sizes, voids, rng)
        for p in others:
            d.hands[p] = sorted(dealt[p])
        d.stock = sorted(dealt[STOCK])
        d._legal = None
        return d

    return deal
