"""Determinization: a state a seat cannot tell from the real one, every card it has not
seen resampled (within the rules a face-down card must follow) with a fresh generator, for
search."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.rng import Rng
from .data import EVENT, IS_NUMBER, KIND
from .state import (
    LOC_DECK,
    LOC_HAND,
    LOC_HIDDEN,
    RULE_ANY,
    RULE_NON_EVENT,
    RULE_NUMBER,
    ViveLeRoiState,
)

S = TypeVar("S", bound=ViveLeRoiState)

_DEMAND = {RULE_NUMBER: 0, RULE_NON_EVENT: 1, RULE_ANY: 2}


def _fits(card: int, rule: int) -> bool:
    if rule == RULE_NUMBER:
        return IS_NUMBER[card]
    if rule == RULE_NON_EVENT:
        return KIND[card] != EVENT
    return True


def determinizer(s: S, seat: int) -> Callable[[Rng], S]:
    """Deal again, for ``seat``, every card it cannot see: the other hands (but the cards it
    knows there), the other face-down cards (each of the kind its rule allows) and the draw
    pile. The pool of unseen cards is sorted first, so the states dealt depend only on what
    ``seat`` knows."""
    n = s.num_players
    bit = 1 << seat
    others = [p for p in range(n) if p != seat]
    kept: dict[int, list[int]] = {p: [] for p in others}
    for holder, card, mask in s.known:
        if mask & bit and holder != seat:
            kept[holder].append(card)
    known = tuple(k for k in s.known if k[2] & bit or k[0] == seat)
    pool: list[int] = []
    drawn: dict[int, int] = {}
    for p in others:
        free = [c for c in s.hands[p] if c not in kept[p]]
        pool += free
        drawn[p] = len(free)
    slots = [p for p in others if s.hidden[p] >= 0 and not s.hidden_known[p] & bit]
    pool += [s.hidden[p] for p in slots]
    # The most demanding face-down cards are dealt first (a number card before any card).
    slots.sort(key=lambda p: (_DEMAND[s.hidden_rule[p]], p))
    pool += s.deck
    pool.sort()
    deck_size = len(s.deck)

    def deal(rng: Rng) -> S:
        d = s._copy()
        d.quiet = True
        d.rng = rng.fork()
        d.known = known
        cards = pool[:]
        rng.shuffle(cards)
        loc = d.loc
        for p in slots:
            rule = d.hidden_rule[p]
            i = len(cards) - 1
            while not _fits(cards[i], rule):
                i -= 1
            card = cards.pop(i)
            d.hidden[p] = card
            loc[card] = LOC_HIDDEN + p
        for p in others:
            hand = sorted(kept[p] + [cards.pop() for _ in range(drawn[p])])
            d.hands[p] = hand
            for c in hand:
                loc[c] = LOC_HAND + p
        assert len(cards) == deck_size
        d.deck = cards
        for c in cards:
            loc[c] = LOC_DECK
        d._legal = None
        return d

    return deal
