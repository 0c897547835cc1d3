"""Determinization: a state a seat cannot tell from the real one, its hidden parts
resampled (hands, blazon kinds, unknown pile cards, money cards to come) with a fresh
generator, for search."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.rng import Rng
from .data import BLAZON_KINDS, MISSIONS
from .state import BLAZON_SLOTS, FACES, Louis14State

S = TypeVar("S", bound=Louis14State)


def _dealt(pool: list[int], rng: Rng, last: int | None = None) -> list[int]:
    """A shuffled copy of a sorted pool (``last``: only that many drawn from its end)."""
    out = pool[:]
    rng.shuffle(out, last)
    return out


def determinize(s: S, seat: int, rng: Rng) -> S:
    """A state ``seat`` cannot tell from ``s``: other hands, other blazon kinds, unknown
    deck cards and the money cards still to come are resampled; the generator is new."""
    return determinizer(s, seat)(rng)


def determinizer(s: S, seat: int) -> Callable[[Rng], S]:
    """What :func:`determinize` does, with the seat's information set worked out once.

    Every pool of unseen cards is sorted, so the states dealt depend only on what the seat
    knows, not on where the hidden cards really are.
    """
    n = s.num_players
    others = [p for p in range(n) if p != seat]
    bit = 1 << seat
    fixed: dict[tuple[int, int], list[int]] = {}
    for kind, holder, card, mask in s.known_hands:
        if mask & bit:
            fixed.setdefault((kind, holder), []).append(card)
    # What others know of hands the seat cannot see is itself hidden: forget it.
    known_hands = tuple(f for f in s.known_hands if f[3] & bit or f[1] == seat)

    # Influence cards: other hands and the unknown cards of the pile.
    influence: list[int] = []
    influence_kept: dict[int, list[int]] = {}
    influence_drawn: dict[int, int] = {}
    for p in others:
        base = p * FACES
        free = s.hand[base:base + FACES]
        kept = fixed.get((0, p), [])
        for face in kept:
            free[face] -= 1
        influence += [f for f in range(FACES) for _ in range(free[f])]
        influence_kept[p] = kept
        influence_drawn[p] = s.hand_size(p) - len(kept)
    deck_slots = [i for i, mask in enumerate(s.deck_known) if not mask & bit]
    influence += [s.deck[i] for i in deck_slots]
    influence.sort()

    # Intrigue cards: other hands and the unknown part of the pile.
    intrigue = [
        t for p in others for t in range(1, 13)
        if s.intrigue[p] >> t & 1 and t not in fixed.get((1, p), [])
    ]
    intrigue_kept = {p: 0 for p in others}
    for p in others:
        for t in fixed.get((1, p), []):
            intrigue_kept[p] |= 1 << t
    intrigue_drawn = {
        p: bin(s.intrigue[p]).count("1") - len(fixed.get((1, p), [])) for p in others
    }
    intrigue_slots = [i for i, mask in enumerate(s.intrigue_known) if not mask & bit]
    intrigue += [s.intrigue_deck[i] for i in intrigue_slots]
    intrigue.sort()

    # Mission cards, deck by deck (the backs show which deck a hand card is from).
    missions_kept: dict[int, list[int]] = {}
    missions_drawn: list[dict[int, int]] = []
    missions: list[list[int]] = []
    mission_slots: list[list[int]] = []
    for k in range(3):
        drawn = {}
        pool = []
        for p in others:
            unseen = [
                m for m in s.missions[p]
                if MISSIONS[m].deck == k and m not in fixed.get((2, p), [])
            ]
            drawn[p] = len(unseen)
            pool += unseen
        slots = [i for i, mask in enumerate(s.mission_known[k]) if not mask & bit]
        pool += [s.mission_decks[k][i] for i in slots]
        pool.sort()
        missions.append(pool)
        missions_drawn.append(drawn)
        mission_slots.append(slots)
    for p in others:
        missions_kept[p] = [m for m in s.missions[p] if m in fixed.get((2, p), [])]

    # Blazon kinds of the others, drawn again from what the seat has not seen.
    blazons = [k for k in range(BLAZON_KINDS) for _ in range(s.blazon_pool[k])]
    blazons_drawn = {}
    for p in others:
        base = p * BLAZON_SLOTS
        blazons += [k for k in range(BLAZON_KINDS) for _ in range(s.blazons[base + k])]
        blazons_drawn[p] = sum(s.blazons[base:base + BLAZON_KINDS])
    blazons.sort()
    blazons_total = sum(blazons_drawn.values())

    # Money cards still to come and the four put back unseen.
    money = sorted(s.money_deck + s.money_removed)
    money_left = len(s.money_deck)

    def deal(rng: Rng) -> S:
        d = s._copy()
        d.quiet = True
        # The piles shared copy-on-write are about to be changed in place: copy them first.
        d.intrigue_deck = d.intrigue_deck[:]
        d.mission_decks = [pile[:] for pile in d.mission_decks]
        d.rng = rng.fork()
        d.known_hands = known_hands

        pool = _dealt(influence, rng)
        hand = d.hand
        for p in others:
            base = p * FACES
            hand[base:base + FACES] = [0] * FACES
            for face in influence_kept[p]:
                hand[base + face] += 1
            for _ in range(influence_drawn[p]):
                hand[base + pool.pop()] += 1
        for i in deck_slots:
            d.deck[i] = pool.pop()

        pool = _dealt(intrigue, rng)
        for p in others:
            mask = intrigue_kept[p]
            for _ in range(intrigue_drawn[p]):
                mask |= 1 << pool.pop()
            d.intrigue[p] = mask
        for i in intrigue_slots:
            d.intrigue_deck[i] = pool.pop()

        hands = {p: list(missions_kept[p]) for p in others}
        for k in range(3):
            pool = _dealt(missions[k], rng)
            for p in others:
                hands[p] += [pool.pop() for _ in range(missions_drawn[k][p])]
            for i in mission_slots[k]:
                d.mission_decks[k][i] = pool.pop()
        for p in others:
            d.missions[p] = tuple(sorted(hands[p]))

        pool = _dealt(blazons, rng, blazons_total)
        for p in others:
            base = p * BLAZON_SLOTS
            d.blazons[base:base + BLAZON_KINDS] = [0] * BLAZON_KINDS
            for _ in range(blazons_drawn[p]):
                d.blazons[base + pool.pop()] += 1
        d.blazon_pool = [0] * BLAZON_KINDS
        for k in pool:
            d.blazon_pool[k] += 1

        pool = _dealt(money, rng)
        d.money_deck = pool[:money_left]
        d.money_removed = sorted(pool[money_left:])
        d._legal = None
        return d

    return deal
