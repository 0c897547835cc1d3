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

Known = dict[tuple[int, int], list[int]]
"""The hand cards a seat knows, by (kind of card, holder)."""
UnseenInfluence = tuple[list[int], dict[int, list[int]], dict[int, int], list[int]]
"""The influence cards a seat has not seen (sorted), the cards it knows in each other hand,
how many each other hand holds besides, and the slots of the pile it does not know."""
UnseenIntrigue = tuple[list[int], dict[int, int], dict[int, int], list[int]]
"""The same for intrigue cards, the known ones as a mask over tiles."""
UnseenMissions = tuple[list[list[int]], list[dict[int, int]], list[list[int]], dict[int, list[int]]]
"""Per mission deck, the cards a seat has not seen, how many of them each other hand holds and
the deck's unknown slots; and the mission cards it knows in each other hand."""
UnseenBlazons = tuple[list[int], dict[int, int], int]
"""The blazon kinds a seat has not seen, how many blazons each other seat holds, and all
of them."""


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
    others = [p for p in range(s.num_players) if p != seat]
    bit = 1 << seat
    known = _known_cards(s, bit)
    # What others know of hands the seat cannot see is itself hidden: forget it.
    known_hands = tuple(f for f in s.known_hands if f[3] & bit or f[1] == seat)
    influence = _unseen_influence(s, others, known, bit)
    intrigue = _unseen_intrigue(s, others, known, bit)
    missions = _unseen_missions(s, others, known, bit)
    blazons = _unseen_blazons(s, others)
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
        _deal_influence(d, rng, others, influence)
        _deal_intrigue(d, rng, others, intrigue)
        _deal_missions(d, rng, others, missions)
        _deal_blazons(d, rng, others, blazons)
        pool = _dealt(money, rng)
        d.money_deck = pool[:money_left]
        d.money_removed = sorted(pool[money_left:])
        d._legal = None
        return d

    return deal


def _known_cards(s: Louis14State, bit: int) -> Known:
    """The hand cards the seat of ``bit`` knows, by (kind of card, holder)."""
    known: Known = {}
    for kind, holder, card, mask in s.known_hands:
        if mask & bit:
            known.setdefault((kind, holder), []).append(card)
    return known


def _unknown(pile: list[int], known: list[int], bit: int) -> tuple[list[int], list[int]]:
    """The slots of ``pile`` whose card the seat of ``bit`` does not know (``known``: the
    mask of the seats that know each card), and those cards."""
    slots = [i for i, mask in enumerate(known) if not mask & bit]
    return slots, [pile[i] for i in slots]


def _unseen_influence(s: Louis14State, others: list[int], known: Known,
                      bit: int) -> UnseenInfluence:
    """Influence cards: the other hands and the unknown cards of the pile."""
    pool: list[int] = []
    kept: dict[int, list[int]] = {}
    drawn: dict[int, int] = {}
    for p in others:
        base = p * FACES
        free = s.hand[base:base + FACES]
        known_faces = known.get((0, p), [])
        for face in known_faces:
            free[face] -= 1
        pool += [f for f in range(FACES) for _ in range(free[f])]
        kept[p] = known_faces
        drawn[p] = s.hand_size(p) - len(known_faces)
    slots, unknown = _unknown(s.deck, s.deck_known, bit)
    pool += unknown
    pool.sort()
    return pool, kept, drawn, slots


def _unseen_intrigue(s: Louis14State, others: list[int], known: Known,
                     bit: int) -> UnseenIntrigue:
    """Intrigue cards: the other hands and the unknown part of the pile."""
    pool = [
        t for p in others for t in range(1, 13)
        if s.intrigue[p] >> t & 1 and t not in known.get((1, p), [])
    ]
    kept = {p: 0 for p in others}
    for p in others:
        for t in known.get((1, p), []):
            kept[p] |= 1 << t
    drawn = {p: bin(s.intrigue[p]).count("1") - len(known.get((1, p), [])) for p in others}
    slots, unknown = _unknown(s.intrigue_deck, s.intrigue_known, bit)
    pool += unknown
    pool.sort()
    return pool, kept, drawn, slots


def _unseen_missions(s: Louis14State, others: list[int], known: Known,
                     bit: int) -> UnseenMissions:
    """Mission cards, deck by deck (the backs show which deck a hand card is from)."""
    pools: list[list[int]] = []
    drawn_per_deck: list[dict[int, int]] = []
    slots_per_deck: list[list[int]] = []
    for k in range(3):
        drawn = {}
        pool = []
        for p in others:
            unseen = [
                m for m in s.missions[p]
                if MISSIONS[m].deck == k and m not in known.get((2, p), [])
            ]
            drawn[p] = len(unseen)
            pool += unseen
        slots, unknown = _unknown(s.mission_decks[k], s.mission_known[k], bit)
        pool += unknown
        pool.sort()
        pools.append(pool)
        drawn_per_deck.append(drawn)
        slots_per_deck.append(slots)
    kept = {p: [m for m in s.missions[p] if m in known.get((2, p), [])] for p in others}
    return pools, drawn_per_deck, slots_per_deck, kept


def _unseen_blazons(s: Louis14State, others: list[int]) -> UnseenBlazons:
    """Blazon kinds of the others, drawn again from what the seat has not seen."""
    pool = [k for k in range(BLAZON_KINDS) for _ in range(s.blazon_pool[k])]
    drawn = {}
    for p in others:
        base = p * BLAZON_SLOTS
        pool += [k for k in range(BLAZON_KINDS) for _ in range(s.blazons[base + k])]
        drawn[p] = sum(s.blazons[base:base + BLAZON_KINDS])
    pool.sort()
    return pool, drawn, sum(drawn.values())


def _deal_influence(d: Louis14State, rng: Rng, others: list[int],
                    unseen: UnseenInfluence) -> None:
    """Deal the unseen influence cards to the other hands, the rest to the pile's slots."""
    cards, kept, drawn, slots = unseen
    pool = _dealt(cards, rng)
    hand = d.hand
    for p in others:
        base = p * FACES
        hand[base:base + FACES] = [0] * FACES
        for face in kept[p]:
            hand[base + face] += 1
        for _ in range(drawn[p]):
            hand[base + pool.pop()] += 1
    for i in slots:
        d.deck[i] = pool.pop()


def _deal_intrigue(d: Louis14State, rng: Rng, others: list[int],
                   unseen: UnseenIntrigue) -> None:
    """Deal the unseen intrigue cards to the other hands, the rest to the pile's slots."""
    cards, kept, drawn, slots = unseen
    pool = _dealt(cards, rng)
    for p in others:
        mask = kept[p]
        for _ in range(drawn[p]):
            mask |= 1 << pool.pop()
        d.intrigue[p] = mask
    for i in slots:
        d.intrigue_deck[i] = pool.pop()


def _deal_missions(d: Louis14State, rng: Rng, others: list[int],
                   unseen: UnseenMissions) -> None:
    """Deal each deck's unseen mission cards to the other hands, the rest to its slots."""
    pools, drawn, slots, kept = unseen
    hands = {p: list(kept[p]) for p in others}
    for k in range(3):
        pool = _dealt(pools[k], rng)
        for p in others:
            hands[p] += [pool.pop() for _ in range(drawn[k][p])]
        for i in slots[k]:
            d.mission_decks[k][i] = pool.pop()
    for p in others:
        d.missions[p] = tuple(sorted(hands[p]))


def _deal_blazons(d: Louis14State, rng: Rng, others: list[int],
                  unseen: UnseenBlazons) -> None:
    """Draw the other seats' blazon kinds again; what is left goes back to the pool."""
    kinds, drawn, total = unseen
    pool = _dealt(kinds, rng, total)
    for p in others:
        base = p * BLAZON_SLOTS
        d.blazons[base:base + BLAZON_KINDS] = [0] * BLAZON_KINDS
        for _ in range(drawn[p]):
            d.blazons[base + pool.pop()] += 1
    d.blazon_pool = [0] * BLAZON_KINDS
    for k in pool:
        d.blazon_pool[k] += 1
